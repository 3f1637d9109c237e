import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeCodeCaches } from './code-cache.mjs';

const codeCacheModule = fileURLToPath(new URL('./code-cache.mjs', import.meta.url));

/** A CommonJS file in the shape of the compiled server: it requires, imports and says when it is ready. */
function serverLike(answer: string, ready = 'Promise.resolve()') {
  return `
    const { sep } = require('node:path');
    exports.answer = ${JSON.stringify(answer)} + sep;
    exports.imported = importFromOutside('node:os').then((os) => typeof os.cpus);
    exports.ready = ${ready};
  `;
}

/** Runs `file` as `npm start` runs the server, in a process of its own, and reports what happened. */
function start(file: string) {
  const script = `
    import { runWithCodeCache } from ${JSON.stringify(codeCacheModule)};
    const run = runWithCodeCache(${JSON.stringify(file)});
    const written = await run.written;
    console.log(JSON.stringify({
      usedCache: run.usedCache,
      written,
      answer: run.exports.answer,
      imported: await run.exports.imported,
    }));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  return JSON.parse(output) as { usedCache: boolean; written: boolean; answer: string; imported: string };
}

describe('the compiled server run with its code cache', () => {
  let dir: string;
  let file: string;
  const caches = async () => (await readdir(dir)).filter((name) => name.endsWith('.code-cache'));
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'code-cache-'));
    file = join(dir, 'server.cjs');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is saved by the first start once ready, and read back by the next, whose import() still works', async () => {
    await writeFile(file, serverLike('pipes'));
    expect(start(file)).toEqual({ usedCache: false, written: true, answer: 'pipes/', imported: 'function' });
    expect(await caches()).toHaveLength(1);
    expect(start(file)).toEqual({ usedCache: true, written: false, answer: 'pipes/', imported: 'function' });
    expect(await caches()).toHaveLength(1);
  });

  it('is never offered to other source of the same length, which runs as written', async () => {
    await writeFile(file, serverLike('pipes'));
    start(file);
    await writeFile(file, serverLike('drain'));
    expect(start(file)).toMatchObject({ usedCache: false, written: true, answer: 'drain/' });
    expect(start(file)).toMatchObject({ usedCache: true, answer: 'drain/' });
  });

  it('is not saved by a start that never became ready', async () => {
    await writeFile(file, serverLike('pipes', 'Promise.reject(new Error("port taken"))'));
    expect(start(file)).toMatchObject({ usedCache: false, written: false });
    expect(await caches()).toEqual([]);
  });

  it('is removed, every one of them, when the build writes new files', async () => {
    await writeFile(file, serverLike('pipes'));
    start(file);
    await writeFile(file, serverLike('drain'));
    start(file);
    expect(await caches()).toHaveLength(2);
    removeCodeCaches(dir);
    expect(await caches()).toEqual([]);
    expect(await readdir(dir)).toEqual(['server.cjs']);
  });
});
