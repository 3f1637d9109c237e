// `npm run build`: the client and page bundles (Vike), their compressed twins, and the server compiled
// to JavaScript (one file, and one for the process photos are worked in), so that `npm start` runs no
// TypeScript compiler and builds nothing again.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { precompressAssets } from './precompress-assets.ts';
import { root, serverBundle, sourceSnapshot, writeBuildStamp } from './build-stamp.mjs';

export async function build(): Promise<void> {
  // Taken first: an edit made while the build runs leaves the stamp stale, and the next start rebuilds.
  const snapshot = sourceSnapshot();
  const vike = spawnSync(process.execPath, [join(root, 'node_modules', 'vike', 'bin.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (vike.status !== 0) throw new Error(`vike build failed with exit code ${vike.status}`);
  const count = precompressAssets(join(root, 'dist', 'client'));
  console.log(`Precompressed ${count} assets in dist/client (.br and .gz).`);
  // Our own code in one file; the packages stay in node_modules, loaded as they are (Vike finds its
  // built pages, PGlite its WebAssembly, sharp its native library there).
  const compiled = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Shared with scripts/start.mjs, which starts compiling the embedded database before the bundle loads.
    external: ['#pglite-code'] as string[],
    sourcemap: true,
    logLevel: 'warning',
  } as const;
  await esbuild({ ...compiled, entryPoints: [join(root, 'server.ts')], outfile: serverBundle });
  // The process photos are worked in, started by the server beside its own file (image-worker.ts).
  await esbuild({
    ...compiled,
    entryPoints: [join(root, 'src', 'server', 'image-process.ts')],
    outfile: join(dirname(serverBundle), 'image-process.mjs'),
  });
  console.log(`Compiled the server to ${serverBundle}.`);
  writeBuildStamp(snapshot);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await build();
