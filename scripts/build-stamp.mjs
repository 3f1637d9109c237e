// One rule for "is the production build current?", shared by `npm run build`, `npm start` and the
// browser tests. Plain JavaScript: `npm start` reads it before anything is compiled.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tryTakeLockFile } from './lock-file.mjs';

export const root = fileURLToPath(new URL('..', import.meta.url));
/** @param {string} dir */
const stampFileIn = (dir) => join(dir, 'dist', '.build-hash');
/** @param {string} dir */
const serverBundleIn = (dir) => join(dir, 'dist', 'node', 'server.cjs');
/** The compiled server; the client and page bundles sit beside it under dist/. */
export const serverBundle = serverBundleIn(root);
const inputs = [
  'server.ts',
  'pages',
  'renderer',
  'src',
  'db',
  'public',
  'vite.config.ts',
  'package-lock.json',
  'scripts/build.ts',
  'scripts/precompress-assets.ts',
];

/** @param {string} path @returns {Generator<string>} */
function* files(path) {
  if (!existsSync(path)) return;
  if (statSync(path).isFile()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path).sort()) yield* files(join(path, entry));
}

/** Every file the bundles are built from, in a fixed order. @param {string} dir @returns {Generator<string>} */
function* sourceFiles(dir) {
  for (const input of inputs) {
    for (const file of files(join(dir, input))) {
      if (!file.endsWith('.test.ts') && !file.endsWith('.test.tsx')) yield file;
    }
  }
}

/**
 * A hash of every file the bundles are built from: names and contents, not timestamps (git resets those).
 * @param {string} dir
 * @returns {string}
 */
function sourceHash(dir) {
  const hash = createHash('sha256');
  for (const file of sourceFiles(dir)) {
    hash.update(relative(dir, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

/**
 * A hash of every source file's name, size and times, read without opening any: it changes whenever a
 * file is written, touched, added or removed. Reading and hashing the contents took a fifth of a second
 * of every `npm start`; this is what a start compares first.
 * @param {string} dir
 * @returns {string}
 */
function sourceStatsHash(dir) {
  const hash = createHash('sha256');
  for (const file of sourceFiles(dir)) {
    const stats = statSync(file);
    hash.update(`${relative(dir, file)}\0${stats.size}\0${stats.mtimeMs}\0${stats.ctimeMs}\n`);
  }
  return hash.digest('hex');
}

/**
 * The sources as they are now, to stamp the build with: taken before a build starts, so that an edit
 * made while it runs leaves the stamp stale and the next start builds again.
 * @param {string} [dir] the checkout, this one unless a test says otherwise
 * @returns {{ sources: string, stats: string }}
 */
export function sourceSnapshot(dir = root) {
  return { stats: sourceStatsHash(dir), sources: sourceHash(dir) };
}

/**
 * True when dist/ was built from these very sources: the files untouched since the build, or else their
 * contents the same (a fresh checkout of the same commit).
 * @param {string} [dir] the checkout, this one unless a test says otherwise
 * @returns {boolean}
 */
export function isBuildCurrent(dir = root) {
  if (!existsSync(stampFileIn(dir)) || !existsSync(serverBundleIn(dir))) return false;
  // Two lines: the stats hash, then the contents hash.
  const [stats, sources] = readFileSync(stampFileIn(dir), 'utf8').split('\n');
  return stats === sourceStatsHash(dir) || (sources !== undefined && sources === sourceHash(dir));
}

/**
 * Records that dist/ now matches the sources; written last by the build, after every output.
 * @param {{ sources: string, stats: string }} snapshot the sourceSnapshot() taken before the build started
 * @param {string} [dir] the checkout, this one unless a test says otherwise
 */
export function writeBuildStamp(snapshot, dir = root) {
  writeFileSync(stampFileIn(dir), `${snapshot.stats}\n${snapshot.sources}`);
}

/** @param {number} ms */
function pause(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Runs `work` unless `isDone()`, in one process at a time across the machine: several instances started
 * together on one checkout build it once, the others wait for that build and then use it. The lock is
 * the one that guards the embedded database (lock-file.mjs): one left by a process that died on this
 * host is taken over, by one waiter only.
 * @param {string} lockPath
 * @param {() => boolean} isDone
 * @param {() => void} work
 * @param {(message: string) => void} [say]
 */
export function onceAcrossProcesses(lockPath, isDone, work, say = () => {}) {
  let waiting = false;
  while (!isDone()) {
    let attempt = tryTakeLockFile(lockPath, { command: 'a build' });
    // Until the holder gives the lock back or dies; then this process asks again, holding it, whether
    // the work is done.
    while (!attempt.taken) {
      if (!waiting) say(`Waiting for ${describeHolder(attempt.holder)} to finish building...`);
      waiting = true;
      pause(200);
      attempt = tryTakeLockFile(lockPath, { command: 'a build' });
    }
    try {
      if (!isDone()) work();
    } finally {
      attempt.release();
    }
  }
}

/** @param {import('./lock-file.mjs').LockRecord | undefined} holder */
function describeHolder(holder) {
  if (!holder) return 'a process starting now';
  return holder.host === hostname()
    ? `process ${holder.pid}`
    : `process ${holder.pid} on host ${holder.host}`;
}

/**
 * Builds unless dist/ was built from these sources, once however many processes ask at the same time.
 * @returns {void}
 */
export function buildIfStale() {
  onceAcrossProcesses(
    join(root, '.build.lock'),
    isBuildCurrent,
    () => {
      console.log('Building the production bundle (sources changed since the last build)...');
      const result = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'build.ts')], {
        cwd: root,
        stdio: 'inherit',
      });
      if (result.status !== 0) throw new Error(`the build failed with exit code ${result.status}`);
    },
    (message) => console.log(message),
  );
}
