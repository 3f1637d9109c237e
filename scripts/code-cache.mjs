// Runs a CommonJS file with V8's code cache: the compiled code of the functions a start ran, saved by
// one start and read by the next, which then neither parses nor compiles them again. Node 20 keeps no
// such cache of its own (Node 22's module.enableCompileCache does this). Plain JavaScript: `npm start`
// reads it before anything is compiled.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import vm from 'node:vm';

const SUFFIX = '.code-cache';

/**
 * Where the cache of `file` as it is now lives. V8 checks a cache against the length of the source,
 * not its contents, so the name holds a hash of the contents, and of the Node version and flags the
 * code was compiled under: a cache is only ever offered to the source it was made from.
 * @param {string} file
 * @param {string} source
 * @returns {string}
 */
function cacheFileFor(file, source) {
  const key = createHash('sha256')
    .update(source)
    .update(`\0${process.version}\0${process.arch}\0${process.execArgv.join(' ')}`)
    .digest('hex')
    .slice(0, 32);
  return `${file}.${key}${SUFFIX}`;
}

/**
 * Deletes every code cache in `dir`: the build calls it when it writes new files there.
 * @param {string} dir
 */
export function removeCodeCaches(dir) {
  let names = [];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (name.endsWith(SUFFIX)) unlinkSync(join(dir, name));
  }
}

/**
 * @param {string} path
 * @returns {Buffer | undefined}
 */
function readIfThere(path) {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Runs the CommonJS file `file` as Node's own loader would (the same wrapper, `require` from its own
 * folder), compiled with its code cache when there is one that fits. V8 refuses import() in code
 * compiled from a cache, so the file is also given `importFromOutside(specifier)`, an import() of
 * this module's: a bare specifier resolves from the same node_modules, this file being in the same
 * project as `file`.
 *
 * The cache is written once the file's `module.exports.ready` promise settles (the server exports one
 * that settles when it is listening), so it holds what the whole start compiled. Writing it is skipped
 * when a fitting cache was used, and is best effort: a folder that cannot be written to costs the next
 * start its compile, nothing else.
 * @param {string} file
 * @returns {{ exports: unknown; usedCache: boolean; written: Promise<boolean> }}
 */
export function runWithCodeCache(file) {
  const source = readFileSync(file, 'utf8');
  const cacheFile = cacheFileFor(file, source);
  const cachedData = readIfThere(cacheFile);
  const script = new vm.Script(
    `(function (exports, require, module, __filename, __dirname, importFromOutside) {${source}\n})`,
    { filename: file, ...(cachedData ? { cachedData } : {}) },
  );
  const usedCache = cachedData !== undefined && !script.cachedDataRejected;
  const module = { exports: /** @type {{ ready?: Promise<unknown> }} */ ({}) };
  /** @param {string} specifier */
  const importFromOutside = (specifier) => import(specifier);
  /** @type {unknown} */
  const compiled = script.runInThisContext();
  const wrapper = /** @type {(...args: unknown[]) => void} */ (compiled);
  wrapper(module.exports, createRequire(file), module, file, dirname(file), importFromOutside);
  const written =
    usedCache || !(module.exports.ready instanceof Promise)
      ? Promise.resolve(false)
      : module.exports.ready.then(
          () => writeCache(script, file, cacheFile),
          () => false,
        );
  return { exports: module.exports, usedCache, written };
}

/**
 * @param {vm.Script} script
 * @param {string} file
 * @param {string} cacheFile
 * @returns {boolean}
 */
function writeCache(script, file, cacheFile) {
  // Written whole under another name, then renamed: a start never reads half a cache, whichever of
  // several instances starting together writes last.
  const partial = join(dirname(file), `.${basename(cacheFile)}.${process.pid}`);
  try {
    writeFileSync(partial, script.createCachedData());
    renameSync(partial, cacheFile);
    return true;
  } catch {
    try {
      unlinkSync(partial);
    } catch {
      // never written
    }
    return false;
  }
}
