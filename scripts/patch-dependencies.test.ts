import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyMends, mends } from './patch-dependencies.mjs';

const nodeModules = join(import.meta.dirname, '..', 'node_modules');

describe('mends to installed packages', () => {
  const folders: string[] = [];
  afterEach(async () => {
    vi.useRealTimers();
    for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
  });

  it('are all in place after npm install: a package update that changed the text shows here', () => {
    expect(applyMends(nodeModules)).toEqual(
      mends.map((mend) => ({ package: mend.package, outcome: 'already' })),
    );
  });

  it('apply once to the original text, and leave a changed file alone', async () => {
    const copy = await mkdtemp(join(tmpdir(), 'mends-'));
    folders.push(copy);
    for (const mend of mends) {
      const path = join(copy, mend.package, mend.file);
      await cp(join(nodeModules, mend.package, mend.file), path);
      const mended = await readFile(path, 'utf8');
      await writeFile(
        path,
        mended.replace(mend.replacement, () => mend.original),
      );
    }
    expect(applyMends(copy).map((result) => result.outcome)).toEqual(mends.map(() => 'applied'));
    expect(applyMends(copy).map((result) => result.outcome)).toEqual(mends.map(() => 'already'));
    const vike = join(copy, 'vike', 'dist/utils/catchInfiniteLoop.js');
    await writeFile(vike, 'export function catchInfiniteLoop() {}\n');
    expect(applyMends(copy)[0]!.outcome).toBe('changed upstream');
  });

  it("Vike's mended loop catcher still stops the hundredth call of a name within five seconds", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { catchInfiniteLoop } = (await import(
      pathToFileURL(join(nodeModules, 'vike', 'dist/utils/catchInfiniteLoop.js')).href
    )) as { catchInfiniteLoop: (name: string) => void };
    for (let call = 1; call <= 99; call++) catchInfiniteLoop('render()');
    expect(() => catchInfiniteLoop('render()')).toThrow(/called 100 times within 5 seconds/);
    // Five seconds on, the name starts counting afresh, as before the mend.
    vi.setSystemTime(new Date('2026-01-01T00:00:05.001Z'));
    expect(() => catchInfiniteLoop('render()')).not.toThrow();
    warn.mockRestore();
  });

  it("Vike's mended objectAssign makes the same properties as copying every descriptor", async () => {
    const { objectAssign } = (await import(
      pathToFileURL(join(nodeModules, 'vike', 'dist/utils/objectAssign.js')).href
    )) as { objectAssign: (target: object, addendum: object) => void };
    const symbol = Symbol('key');
    const addendum = JSON.parse('{"__proto__": {"polluted": true}, "plain": 1, "replaced": 2}') as object;
    Object.defineProperties(addendum, {
      computed: { get: () => 'computed', enumerable: true, configurable: true },
      hidden: { value: 'hidden', enumerable: false },
      [symbol]: { value: 'symbol', writable: true, enumerable: true, configurable: true },
    });
    const target = () =>
      Object.defineProperty({ kept: 0 }, 'replaced', { get: () => 'old', configurable: true });
    const expected = target();
    Object.defineProperties(expected, Object.getOwnPropertyDescriptors(addendum));
    const mended = target();
    objectAssign(mended, addendum);
    expect(Object.getOwnPropertyDescriptors(mended)).toEqual(Object.getOwnPropertyDescriptors(expected));
    expect(Reflect.ownKeys(mended)).toEqual(Reflect.ownKeys(expected));
    expect(Object.getPrototypeOf(mended)).toBe(Object.prototype);
  });

  it("the mended serializer writes what the serializer's own way writes, and fails alike", async () => {
    const { stringify } = (await import(
      pathToFileURL(join(nodeModules, '@brillout/json-serializer', 'dist/stringify.js')).href
    )) as { stringify: (value: unknown, options?: Record<string, unknown>) => string };
    // A replacer that replaces nothing sends a value the original way, whatever it holds.
    const originalWay = (value: unknown, options: Record<string, unknown> = {}) =>
      stringify(value, { ...options, replacer: () => undefined });
    const values: unknown[] = [
      {
        settings: { companyName: 'Cumming <Plumbing> Pros', rating: 4.5, open: true, fax: null },
        urlParsed: { href: '/news?page=2', search: { page: '2' }, hash: '', origin: null },
        data: { posts: [{ id: 1, title: 'A </script> title', tags: [] }], nested: [[1, [2]], {}] },
      },
      Object.assign(Object.create(null) as object, { plain: 'no prototype' }),
      ['!starts with a bang', 'fine'],
      { missing: undefined, list: [undefined] },
      { when: new Date('2026-11-25T12:00:00Z'), big: 10n, pattern: /a+/g },
      { nan: Number.NaN, infinite: Infinity, below: -Infinity },
      { map: new Map([['a', 1]]), set: new Set([1]), bytes: new Uint8Array([1, 2]) },
      {
        instance: new (class Point {
          x = 1;
        })(),
      },
      Array.from({ length: 100 }).reduce<unknown>((inner) => ({ inner }), 'a hundred levels down'),
      'top-level string',
      42,
      null,
    ];
    for (const value of values)
      for (const options of [
        {},
        { htmlScriptSafe: { escapeScripts: true, escapeURLs: true } },
        { htmlScriptSafe: { escapeScripts: true, escapeURLs: false } },
        { htmlScriptSafe: false, space: 2 },
      ])
        expect(stringify(value, options)).toBe(originalWay(value, options));

    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => stringify(cyclic)).toThrow(TypeError);
    expect(() => stringify({ a: 1, toJSON: () => 'replaced' })).toThrow(/toJSON because it's a function/);
    const withFunction = { render: () => 'page' };
    expect(() => stringify(withFunction, { valueName: 'pageContext' })).toThrow(
      /cannot serialize pageContext\.render because it's a function/,
    );
    const reactElement = { $$typeof: Symbol.for('react.element'), type: 'p', props: {} };
    expect(() => stringify({ element: reactElement }, { forbidReactElements: true })).toThrow(
      /React element/,
    );
  });
});
