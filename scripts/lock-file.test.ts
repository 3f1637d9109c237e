import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tryTakeLockFile } from './lock-file.mjs';

/** The name under which a process claims the right to replace a lock whose holder is gone. */
function claimPathFor(lockPath: string, leftRaw: string): string {
  return `${lockPath}.takeover-${createHash('sha256').update(leftRaw).digest('hex').slice(0, 32)}`;
}

function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid;
}

describe('taking over a lock whose holder is gone', () => {
  let dir: string;
  let lockPath: string;
  const releases: (() => void)[] = [];

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lock-file-'));
    lockPath = join(dir, 'thing.lock');
  });
  afterEach(async () => {
    for (const release of releases.splice(0)) release();
    await rm(dir, { recursive: true, force: true });
  });

  it('succeeds a taker-over that died half-way, and clears both claims', async () => {
    const left = JSON.stringify({ pid: deadPid(), host: hostname(), token: 'left' });
    await writeFile(lockPath, left);
    await writeFile(claimPathFor(lockPath, left), JSON.stringify({ pid: deadPid(), host: hostname() }));
    const attempt = tryTakeLockFile(lockPath, { command: 'this test' });
    expect(attempt.taken).toBe(true);
    if (attempt.taken) releases.push(attempt.release);
    expect(await readdir(dir)).toEqual(['thing.lock']);
    expect(JSON.parse(await readFile(lockPath, 'utf8'))).toMatchObject({ pid: process.pid });
  });

  it('names a taker-over that is alive as the holder, and leaves the lock to it', async () => {
    const left = JSON.stringify({ pid: deadPid(), host: hostname(), token: 'left' });
    await writeFile(lockPath, left);
    const alivePid = process.ppid;
    await writeFile(
      claimPathFor(lockPath, left),
      JSON.stringify({ pid: alivePid, host: hostname(), command: 'the other' }),
    );
    const attempt = tryTakeLockFile(lockPath, { command: 'this test' });
    expect(attempt).toEqual({
      taken: false,
      holder: { pid: alivePid, host: hostname(), command: 'the other' },
    });
    expect(await readFile(lockPath, 'utf8')).toBe(left);
  });

  it.runIf(existsSync('/proc/sys/kernel/random/boot_id'))(
    'takes over a lock written before this host last booted, though another process now has its pid',
    async () => {
      await writeFile(
        lockPath,
        JSON.stringify({ pid: process.ppid, host: hostname(), bootId: 'an-earlier-boot', token: 'left' }),
      );
      const attempt = tryTakeLockFile(lockPath, { command: 'this test' });
      expect(attempt.taken).toBe(true);
      if (attempt.taken) releases.push(attempt.release);
    },
  );
});
