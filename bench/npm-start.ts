// The server as `npm start` runs it, timed from spawn to healthy, with its memory as the kernel counts it.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../e2e/support/server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Resident and peak resident memory of a process, in MB, from the kernel's own accounting. */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

/**
 * Watches the processes `pid` starts (the one photos are worked in) and keeps the highest peak memory
 * seen, in MB; such a process ends a while after its work, taking its own accounting with it.
 */
export function watchChildMemory(pid: number): { peakMb(): number; stop(): void } {
  let peakKb = 0;
  const timer = setInterval(() => {
    let children: string[] = [];
    try {
      children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
    } catch {
      return;
    }
    for (const child of children) {
      try {
        const status = readFileSync(`/proc/${child}/status`, 'utf8');
        peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
      } catch {
        // ended between the two reads
      }
    }
  }, 20);
  return { peakMb: () => Math.round(peakKb / 1024), stop: () => clearInterval(timer) };
}

export interface StartedServer {
  url: string;
  pid: number;
  healthyMs: number;
  /** What the start printed, such as whether it built first. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Runs the start command of package.json as one process (no npm in between, so the pid is the
 * server's) and measures from spawn to the first 200 of /api/health.
 */
export async function startAsNpmStartDoes(
  dataDir: string,
  uploadsDir: string,
  env: Record<string, string> = {},
): Promise<StartedServer> {
  const command = (
    JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }
  ).scripts.start;
  const [program, ...args] = command.split(' ');
  if (program !== 'node') throw new Error(`start script is not a node command: ${command}`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      UPLOADS_DIR: uploadsDir,
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become healthy');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    url,
    pid: child.pid!,
    healthyMs: Math.round(performance.now() - started),
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
