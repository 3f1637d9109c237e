// One rule for "is the production bundle current?", shared by `npm start` and the browser tests.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompressAssets } from './precompress-assets.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const stampFile = join(root, 'dist', '.build-hash');
const inputs = ['pages', 'renderer', 'src', 'db', 'public', 'vite.config.ts', 'package-lock.json'];

function* files(path: string): Generator<string> {
  if (!existsSync(path)) return;
  if (statSync(path).isFile()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path).sort()) yield* files(join(path, entry));
}

/** A hash of every file the bundles are built from: names and contents, not timestamps (git resets those). */
export function sourceHash(): string {
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

/** Builds the client and server bundles unless the last build was made from these very sources. */
export function buildIfStale(): void {
  const current = sourceHash();
  const built = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
  if (current === built && existsSync(join(root, 'dist', 'server', 'entry.mjs'))) return;
  console.log('Building the production bundle (sources changed since the last build)...');
  const result = spawnSync(process.execPath, [join(root, 'node_modules', 'vike', 'bin.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`vike build failed with exit code ${result.status}`);
  precompressAssets(join(root, 'dist', 'client'));
  writeFileSync(stampFile, current);
}
