// `npm run build`: the client and page bundles (Vike), their compressed twins, and the server compiled
// to JavaScript (one file, and one for the process photos are worked in), so that `npm start` runs no
// TypeScript compiler and builds nothing again.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { precompressAssets } from './precompress-assets.ts';
import { root, serverBundle, sourceSnapshot, writeBuildStamp } from './build-stamp.mjs';

/** What the server bundle leaves in node_modules. */
const SERVER_EXTERNAL = [
  // Shared with scripts/start.mjs, which starts compiling the embedded database before the bundle loads.
  '#pglite-code',
  // Find files beside their own: PGlite its WebAssembly and file system, Vike the pages it built (which
  // load React from node_modules, so React stays there too, one copy for both), argon2 its native library.
  '@electric-sql/pglite',
  'vike',
  'react',
  'react-dom',
  '@node-rs/argon2',
  // Its transports run files of its own in worker threads.
  'pino',
].flatMap((name) => [name, `${name}/*`]);

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
  const compiled = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  } as const;
  // The server and the packages it runs on in one file. Loaded from node_modules, Fastify, zod, Drizzle
  // and their dependencies are some 240 files, each resolved, read and compiled on its own by Node's
  // module loader: bundled, a start on an existing database is about 190 ms shorter on this machine.
  // The pages Vike built load zod and Drizzle from node_modules, so a query or schema may meet a copy
  // of those packages other than the one that made it; both packages recognise their own objects across
  // copies (Drizzle by Symbol.for keys, zod's instanceof by the object's traits).
  await esbuild({
    ...compiled,
    entryPoints: [join(root, 'server.ts')],
    outfile: serverBundle,
    external: SERVER_EXTERNAL,
    // The CommonJS packages inside (Fastify's) require what stays outside through this; named apart from
    // the bundle's own imports of createRequire.
    banner: {
      js: "import { createRequire as bannerCreateRequire } from 'node:module'; const require = bannerCreateRequire(import.meta.url);",
    },
  });
  // The process photos are worked in, started by the server beside its own file (image-worker.ts). It
  // starts once in a while, and sharp must stay in node_modules: its packages are left there.
  await esbuild({
    ...compiled,
    entryPoints: [join(root, 'src', 'server', 'image-process.ts')],
    outfile: join(dirname(serverBundle), 'image-process.mjs'),
    packages: 'external',
  });
  console.log(`Compiled the server to ${serverBundle}.`);
  writeBuildStamp(snapshot);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await build();
