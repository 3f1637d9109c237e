// PostgreSQL compiled to WebAssembly, compiled once per process. Plain JavaScript, and kept out of the
// server bundle (package.json "imports", scripts/build.ts), so that `npm start` (scripts/start.mjs) and
// the server it loads share one copy of this module: the start asks for the code before loading the
// server, and V8 compiles it on background threads while the main thread loads the server's modules.
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';

/** @type {Promise<WebAssembly.Module> | undefined} */
let compiled;

/**
 * PGlite's WebAssembly module, compiled on first call.
 * @returns {Promise<WebAssembly.Module>}
 */
export function pgliteCode() {
  // Ten megabytes of code. V8 compiles it twice by default, once quickly (Liftoff) and again optimised
  // (TurboFan) in the background; the second copy cost about 150 MB of memory and two seconds of start
  // on two cores, for queries that take a millisecond either way. Only the quick compile: about 130 MB
  // for the whole embedded database. Set before anything is compiled. Node 24's V8 no longer heeds the
  // flag once it has started (a backup peaked at 750 MB instead of 250), so the commands of package.json
  // pass --liftoff-only on the command line too; this covers a process started without it on Node 20.
  if (!compiled) setFlagsFromString('--liftoff-only');
  // Read at once (a few milliseconds): read asynchronously, its callback would wait until the main
  // thread had loaded the server, and the compile would start only then.
  compiled ??= WebAssembly.compile(
    readFileSync(new URL('pglite.wasm', import.meta.resolve('@electric-sql/pglite'))),
  );
  return compiled;
}

/**
 * The installed PGlite's version: a database folder made by one version is the one it can open.
 * @returns {string}
 */
export function pgliteVersion() {
  const manifest = new URL('../package.json', import.meta.resolve('@electric-sql/pglite'));
  // Read as text: this file is plain JavaScript, where a parsed JSON value is untyped.
  return /"version":\s*"([^"]+)"/.exec(readFileSync(manifest, 'utf8'))?.[1] ?? 'unknown';
}
