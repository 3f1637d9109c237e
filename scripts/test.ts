// The tests of `npm test`, as two vitest runs side by side: the server tests (unit and integration, two
// files at a time) and the browser tests (one file at a time, each with its own server and browser).
// In one vitest run the browser files would start only after the last server file: vitest runs the files
// that may not run in parallel as a group of their own, after the others, and a browser file leaves much
// of the machine idle while it waits for pages, so together the two finish minutes earlier. The server
// run yields the processor to the browser run: its two workers keep both cores busy, and a browser test
// waits on its page, its server and its browser in turn, each of them queued behind those workers; the
// server run takes what the browser run leaves idle. Arguments (`npm test -- e2e/home.test.ts`) make it
// one plain vitest run of those.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import type { Readable, Writable } from 'node:stream';
import { createInterface } from 'node:readline';

const withServer = Boolean(process.env.TEST_DATABASE_URL);
const given = process.argv.slice(2);
const runs: Run[] =
  given.length > 0
    ? [{ label: '', projects: given }]
    : [
        {
          label: 'server ',
          yields: true,
          projects: ['--project', 'pglite*', ...(withServer ? ['--project', 'postgres*'] : [])],
        },
        {
          label: 'browser',
          projects: ['--project', 'e2e', ...(withServer ? ['--project', 'instances'] : [])],
        },
      ];

interface Run {
  label: string;
  projects: string[];
  /** Runs at a lower priority, which the processes it starts inherit. */
  yields?: boolean;
}

/** Unix's nice value for a run that yields: it gets what the other run leaves idle. */
const YIELDING_PRIORITY = 10;

function run({ label, projects, yields = false }: Run): Promise<{ label: string; code: number }> {
  const child = spawn('npx', ['vitest', 'run', ...projects], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (yields && child.pid !== undefined) setPriority(child.pid, YIELDING_PRIORITY);
  // Whole lines, each marked with the run it came from, so the two runs' output stays readable.
  const streams: [Readable, Writable][] = [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ];
  for (const [stream, out] of streams) {
    createInterface({ input: stream }).on('line', (line) =>
      out.write(label ? `[${label}] ${line}\n` : `${line}\n`),
    );
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => resolve({ label, code: code ?? (signal ? 1 : 0) }));
  });
}

const results = await Promise.all(runs.map(run));
const failed = results.filter((result) => result.code !== 0);
for (const { label, code } of failed)
  console.error(`${label.trim() || 'vitest'} tests failed (exit ${code})`);
process.exit(failed.length > 0 ? 1 : 0);
