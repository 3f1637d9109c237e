import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { acquireSiteLock, lockPathFor, SiteLockedError } from './site-lock.ts';

const siteLockModule = new URL('./site-lock.ts', import.meta.url).href;

/**
 * A process that tries to take the data folder each time it reads `take`, reports `taken` or
 * `refused`, and on `release` gives it back (if it had it) and reports `released`.
 */
const racerScript = `
  import { createInterface } from 'node:readline';
  import { acquireSiteLock, SiteLockedError } from ${JSON.stringify(siteLockModule)};
  const [dataDir] = process.argv.slice(1);
  let release;
  console.log('ready');
  for await (const line of createInterface({ input: process.stdin })) {
    if (line === 'take') {
      try {
        release = acquireSiteLock(dataDir, 'racer ' + process.pid);
        console.log('taken');
      } catch (error) {
        if (!(error instanceof SiteLockedError)) throw error;
        console.log('refused');
      }
    } else if (line === 'release') {
      release?.();
      release = undefined;
      console.log('released');
    }
  }`;

interface Racer {
  child: ChildProcessWithoutNullStreams;
  nextLine: () => Promise<string>;
}

function startRacer(dataDir: string): Racer {
  const child = spawn(process.execPath, [
    '--import',
    'tsx',
    '--input-type=module',
    '-e',
    racerScript,
    dataDir,
  ]);
  child.stderr.pipe(process.stderr);
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    child,
    nextLine: async () => {
      const { value, done } = await lines.next();
      if (done) throw new Error(`racer ${child.pid} exited with ${child.exitCode}`);
      return value;
    },
  };
}

/** Asks every racer at once: each reads `take` from its own pipe, all written in one go. */
async function race(racers: Racer[]): Promise<{ winner: Racer; results: string[] }> {
  for (const racer of racers) racer.child.stdin.write('take\n');
  const results = await Promise.all(racers.map((racer) => racer.nextLine()));
  expect(results.filter((result) => result === 'taken')).toHaveLength(1);
  expect(results.filter((result) => result === 'refused')).toHaveLength(racers.length - 1);
  return { winner: racers[results.indexOf('taken')]!, results };
}

/** The id of a process that has exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid;
}

describe('two or more processes starting on one data folder', () => {
  let dir: string;
  let dataDir: string;
  let racers: Racer[];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'site-lock-race-'));
    dataDir = join(dir, 'data');
    racers = Array.from({ length: 8 }, () => startRacer(dataDir));
    // Loaded and listening, so that the first round starts them together too.
    expect(await Promise.all(racers.map((racer) => racer.nextLine()))).toEqual(racers.map(() => 'ready'));
  });
  afterAll(async () => {
    for (const racer of racers) racer.child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it('eight asking at the same instant on a free folder: exactly one takes it, round after round', async () => {
    for (let round = 0; round < 10; round++) {
      await race(racers);
      for (const racer of racers) racer.child.stdin.write('release\n');
      expect(await Promise.all(racers.map((racer) => racer.nextLine()))).toEqual(
        racers.map(() => 'released'),
      );
      expect(await readdir(dir)).toEqual([]);
    }
  });

  it('all asking at the same instant on the lock of a holder that was killed: exactly one takes it over', async () => {
    // Each round's holder is killed holding the lock, so the next round races to take over its lock.
    for (let round = 0; round < 4; round++) {
      const { winner } = await race(racers);
      winner.child.kill('SIGKILL');
      await once(winner.child, 'exit');
      racers = racers.filter((racer) => racer !== winner);
      expect(JSON.parse(await readFile(lockPathFor(dataDir), 'utf8'))).toMatchObject({
        pid: winner.child.pid,
      });
    }
    await race(racers);
    // Only the lock itself is left beside the folder: no draft, no claim.
    expect(await readdir(dir)).toEqual(['data.lock']);
  });
});

describe('the data folder lock', () => {
  let dir: string;
  let dataDir: string;
  let lockPath: string;
  const releases: (() => void)[] = [];

  function acquire(): () => void {
    const release = acquireSiteLock(dataDir, 'this test', 3000);
    releases.push(release);
    return release;
  }

  /** What acquire() threw. */
  function refusal(): SiteLockedError {
    try {
      acquire();
    } catch (error) {
      if (error instanceof SiteLockedError) return error;
      throw error;
    }
    throw new Error('the lock was taken');
  }

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'site-lock-'));
    dataDir = join(dir, 'data');
    lockPath = lockPathFor(dataDir);
  });
  afterEach(async () => {
    for (const release of releases.splice(0)) release();
    await rm(dir, { recursive: true, force: true });
  });

  it('leaves alone an empty lock, as one being created by a process starting now looks', async () => {
    await writeFile(lockPath, '');
    const error = refusal();
    expect(error.holder).toBeUndefined();
    expect(error.message).toContain('starting right now');
    expect(await readFile(lockPath, 'utf8')).toBe('');
  });

  it('takes over an unreadable lock once it is too old to be one being written', async () => {
    await writeFile(lockPath, '');
    const longAgo = new Date(Date.now() - 60_000);
    await utimes(lockPath, longAgo, longAgo);
    acquire();
    expect(JSON.parse(await readFile(lockPath, 'utf8'))).toMatchObject({
      pid: process.pid,
      command: 'this test',
    });
  });

  it('takes over the lock of a process on this host that was killed holding it', async () => {
    const holder = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { acquireSiteLock } from ${JSON.stringify(siteLockModule)};
         acquireSiteLock(process.argv[1], 'the killed one');
         process.kill(process.pid, 'SIGKILL');`,
        dataDir,
      ],
      { encoding: 'utf8' },
    );
    expect(holder.signal).toBe('SIGKILL');
    expect(JSON.parse(await readFile(lockPath, 'utf8'))).toMatchObject({ command: 'the killed one' });
    acquire();
    expect(JSON.parse(await readFile(lockPath, 'utf8'))).toMatchObject({
      pid: process.pid,
      host: hostname(),
    });
  });

  it('takes over a lock written by an earlier process that had this same pid', async () => {
    // As in a restarted container, whose first process has the same pid each time.
    await writeFile(
      lockPath,
      JSON.stringify({
        pid: process.pid,
        host: hostname(),
        token: 'earlier',
        command: 'npm start',
        since: 'then',
      }),
    );
    acquire();
    expect(JSON.parse(await readFile(lockPath, 'utf8'))).toMatchObject({ command: 'this test' });
  });

  it('refuses while a process on this host holds it, naming the process, its host and port', async () => {
    const alivePid = process.ppid;
    await writeFile(
      lockPath,
      JSON.stringify({ pid: alivePid, host: hostname(), command: '`npm start`', port: 3000, since: 'noon' }),
    );
    const error = refusal();
    expect(error.message).toBe(
      `The data folder ${dataDir} is in use by \`npm start\` (pid ${alivePid} on host ${hostname()}, ` +
        `port 3000, since noon). Stop it first (Ctrl+C in its terminal, or kill ${alivePid}), then run this again.`,
    );
  });

  it('refuses a second take in the same process: one process opening the folder twice corrupts it too', () => {
    acquire();
    expect(refusal().holder).toMatchObject({ pid: process.pid, command: 'this test', port: 3000 });
  });

  it('never takes over a lock held from another host, though its pid is not running here', async () => {
    const record = JSON.stringify({
      pid: deadPid(),
      host: 'web-1',
      command: '`npm start`',
      port: 3000,
      since: 'noon',
    });
    await writeFile(lockPath, record);
    const error = refusal();
    expect(error.holder).toMatchObject({ host: 'web-1' });
    expect(error.message).toContain('in use by `npm start` (pid ');
    expect(error.message).toContain(' on host web-1, port 3000, since noon). Stop it on web-1 first');
    expect(error.message).toContain(`delete ${lockPath}`);
    expect(await readFile(lockPath, 'utf8')).toBe(record);
  });

  it('gives the folder back when released, and only its own lock', async () => {
    const release = acquire();
    release();
    expect(await readdir(dir)).toEqual([]);
    acquire();
    // The first holder's release, called again, leaves the second holder's lock alone.
    release();
    expect(JSON.parse(await readFile(lockPath, 'utf8'))).toMatchObject({ pid: process.pid });
  });
});
