// One rule for "is the production build current?", shared by `npm run build`, `npm start` and the
// browser tests. Plain JavaScript: `npm start` reads it before anything is compiled.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
const stampFile = join(root, 'dist', '.build-hash');
/** The compiled server; the client and page bundles sit beside it under dist/. */
export const serverBundle = join(root, 'dist', 'node', 'server.mjs');
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

/**
 * A hash of every file the bundles are built from: names and contents, not timestamps (git resets those).
 * @returns {string}
 */
export function sourceHash() {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of files(join(root, input))) {
      if (file.endsWith('.test.ts') || file.endsWith('.test.tsx')) continue;
      hash.update(relative(root, file));
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex');
}

/**
 * True when dist/ was built from these very sources.
 * @returns {boolean}
 */
export function isBuildCurrent() {
  if (!existsSync(stampFile) || !existsSync(serverBundle)) return false;
  return readFileSync(stampFile, 'utf8').trim() === sourceHash();
}

/**
 * Records that dist/ now matches the sources; written last by the build, after every output.
 * @param {string} hash the sourceHash() taken before the build started
 */
export function writeBuildStamp(hash) {
  writeFileSync(stampFile, hash);
}
