import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const stampModule = new URL('./build-stamp.mjs', import.meta.url).href;

/**
 * A process that does what `npm start` does before starting, once for each round number it reads: build
 * that round once, unless already built, then say `started`.
 */
const starterScript = `
  import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
  import { createInterface } from 'node:readline';
  import { onceAcrossProcesses } from ${JSON.stringify(stampModule)};
  const [work] = process.argv.slice(1);
  console.log('ready');
  for await (const round of createInterface({ input: process.stdin })) {
    onceAcrossProcesses(work + '/.build.lock', () => existsSync(work + '/built-' + round), () => {
      appendFileSync(work + '/builds-' + round, process.pid + '\\n');
      // A build takes a while: long enough for the other starters to find the lock taken.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
      writeFileSync(work + '/built-' + round, '');
    }, (message) => console.log(message));
    console.log('started');
  }`;

interface Starter {
  child: ChildProcessWithoutNullStreams;
  nextLine: () => Promise<string>;
}

/** Starters loaded and waiting, so that each round lets them all go at the same instant. */
async function loadStarters(work: string, count: number): Promise<Starter[]> {
  const starters = Array.from({ length: count }, () => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', starterScript, work]);
    child.stderr.pipe(process.stderr);
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const nextLine = async () => {
      const { value, done } = await lines.next();
      if (done) throw new Error(`starter ${child.pid} exited with ${child.exitCode}`);
      return value;
    };
    return { child, nextLine };
  });
  for (const starter of starters) expect(await starter.nextLine()).toBe('ready');
  return starters;
}

/** Starts every starter on one round at once; what each said, up to its `started`. */
async function startRound(starters: Starter[], round: number): Promise<string[][]> {
  for (const starter of starters) starter.child.stdin.write(`${round}\n`);
  return Promise.all(
    starters.map(async (starter) => {
      const said = [await starter.nextLine()];
      while (said.at(-1) !== 'started') said.push(await starter.nextLine());
      return said;
    }),
  );
}

async function stopStarters(starters: Starter[]): Promise<(number | null)[]> {
  return Promise.all(
    starters.map(async (starter) => {
      starter.child.stdin.end();
      const [code] = (await once(starter.child, 'exit')) as [number | null];
      return code;
    }),
  );
}

/** The lock a starter leaves when it is killed while building: its record, its process gone. */
function deadStartersLock(): string {
  const dead = spawnSync(process.execPath, ['-e', '']);
  return JSON.stringify({ pid: dead.pid, host: hostname(), command: 'a build' });
}

describe('building once for several instances started together', () => {
  let work: string;
  let builds: (round: number) => Promise<number>;
  beforeEach(async () => {
    work = await mkdtemp(join(tmpdir(), 'build-lock-'));
    builds = async (round) =>
      (await readFile(join(work, `builds-${round}`), 'utf8')).trim().split('\n').length;
  });
  afterEach(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('three starters at once: one builds, the others wait for it and start without building', async () => {
    const starters = await loadStarters(work, 3);
    const said = await startRound(starters, 0);
    expect(await builds(0)).toBe(1);
    expect(said.filter((lines) => lines.some((line) => /^Waiting for process \d+ /.test(line)))).toHaveLength(
      2,
    );
    expect(await stopStarters(starters)).toEqual([0, 0, 0]);
  });

  it('takes over the lock of a starter that died while building', async () => {
    await writeFile(join(work, '.build.lock'), deadStartersLock());
    const starters = await loadStarters(work, 1);
    await startRound(starters, 0);
    expect(await builds(0)).toBe(1);
    expect(await stopStarters(starters)).toEqual([0]);
  });

  it('eight starters at once on the lock of a starter that died: one takes it over and builds', async () => {
    // Two waiters that both found the dead starter's lock must not both replace it: round after round.
    const starters = await loadStarters(work, 8);
    for (let round = 0; round < 10; round++) {
      await writeFile(join(work, '.build.lock'), deadStartersLock());
      await startRound(starters, round);
      expect(await builds(round)).toBe(1);
    }
    expect(await stopStarters(starters)).toEqual(starters.map(() => 0));
  });
});
