import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const stampModule = new URL('./build-stamp.mjs', import.meta.url).href;

/** A process that does what `npm start` does before starting: build once, unless already built. */
function starter(work: string): Promise<{ code: number | null; output: string }> {
  const script = `
    import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
    import { onceAcrossProcesses } from ${JSON.stringify(stampModule)};
    const [work] = process.argv.slice(1);
    onceAcrossProcesses(work + '/.build.lock', () => existsSync(work + '/built'), () => {
      appendFileSync(work + '/builds', process.pid + '\\n');
      // A build takes a while: long enough for the other starters to find the lock taken.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 400);
      writeFileSync(work + '/built', '');
    }, (message) => console.log(message));
    console.log('started');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script, work], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

describe('building once for several instances started together', () => {
  let work: string;
  beforeEach(async () => {
    work = await mkdtemp(join(tmpdir(), 'build-lock-'));
  });
  afterEach(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('three starters at once: one builds, the others wait for it and start without building', async () => {
    const results = await Promise.all([starter(work), starter(work), starter(work)]);
    expect(results.map((result) => result.code)).toEqual([0, 0, 0]);
    expect((await readFile(join(work, 'builds'), 'utf8')).trim().split('\n')).toHaveLength(1);
    expect(results.every((result) => result.output.includes('started'))).toBe(true);
  });

  it('takes over the lock of a starter that died while building', async () => {
    const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    await writeFile(join(work, '.build.lock'), dead.stdout.trim());
    const result = await starter(work);
    expect(result.code).toBe(0);
    expect((await readFile(join(work, 'builds'), 'utf8')).trim().split('\n')).toHaveLength(1);
  });
});
