// `npm run build`: the client and page bundles (Vike), their compressed twins, and the server compiled
// to JavaScript (one file, and one for the process photos are worked in), so that `npm start` runs no
// TypeScript compiler and builds nothing again.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild, type Metafile } from 'esbuild';
import { precompressAssets } from './precompress-assets.ts';
import { root, serverBundle, sourceSnapshot, writeBuildStamp } from './build-stamp.mjs';
import { removeCodeCaches } from './code-cache.mjs';

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
  // Some 50,000 common passwords, read only when someone sets a password: not worth compiling at start.
  '@zxcvbn-ts/language-common',
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
  //
  // CommonJS, so that `npm start` can compile it with V8's code cache (scripts/code-cache.mjs): Node 20
  // caches no compiled ES module. What stays outside and is imported statically is loaded with
  // require(), which since Node 20.19 loads ES modules too (package.json "engines"). The bundle's
  // import.meta.url is its own file's URL.
  const { metafile } = await esbuild({
    ...compiled,
    format: 'cjs',
    entryPoints: [join(root, 'server.ts')],
    outfile: serverBundle,
    external: SERVER_EXTERNAL,
    metafile: true,
    define: { 'import.meta.url': 'bundleFileUrl' },
    banner: {
      js: [
        "const bundleFileUrl = require('node:url').pathToFileURL(__filename).href;",
        // scripts/code-cache.mjs hands the bundle its import(): V8 refuses import() in code compiled
        // from a cache. Run by Node's own loader instead, the bundle uses its own.
        "const importExternal = typeof importFromOutside === 'function' ? importFromOutside : (specifier) => import(specifier);",
      ].join('\n'),
    },
  });
  routeDynamicImports(serverBundle, metafile);
  removeCodeCaches(dirname(serverBundle));
  // The process photos are worked in, started by the server beside its own file (image-worker.ts). It
  // starts once in a while, and sharp must stay in node_modules: its packages are left there.
  await esbuild({
    ...compiled,
    format: 'esm',
    entryPoints: [join(root, 'src', 'server', 'media', 'image-process.ts')],
    outfile: join(dirname(serverBundle), 'image-process.mjs'),
    packages: 'external',
  });
  console.log(`Compiled the server to ${serverBundle}.`);
  // In a process of its own: the second PostgreSQL PGlite runs initdb in is memory this one would keep.
  const template = spawnSync(
    process.execPath,
    ['--liftoff-only', '--import', 'tsx', join(root, 'db', 'pglite-cluster-cli.ts')],
    { cwd: root, stdio: 'inherit' },
  );
  if (template.status !== 0)
    throw new Error(`making the empty embedded database failed (${template.status})`);
  writeBuildStamp(snapshot);
}

/**
 * Turns each import() of a package left outside the bundle into a call of the bundle's importExternal.
 * Such imports stay dynamic on purpose: Vike's server runtime, loaded once the server listens, is a
 * hundred-odd modules, and import() reads and compiles them in turns between requests, where require()
 * would hold the first requests for the whole of it.
 */
function routeDynamicImports(bundle: string, metafile: Metafile): void {
  const imports = Object.values(metafile.outputs).flatMap((output) => output.imports);
  const specifiers = new Set(
    imports.filter((entry) => entry.kind === 'dynamic-import' && entry.external).map((entry) => entry.path),
  );
  let code = readFileSync(bundle, 'utf8');
  for (const specifier of specifiers) {
    const call = `import(${JSON.stringify(specifier)})`;
    if (!code.includes(call)) throw new Error(`${bundle} has no ${call} to route`);
    code = code.replaceAll(call, `importExternal(${JSON.stringify(specifier)})`);
  }
  writeFileSync(bundle, code);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await build();
