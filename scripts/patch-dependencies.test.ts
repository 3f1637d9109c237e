import { execFileSync } from 'node:child_process';
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
    // Each file is copied once: several mends may change the same file.
    for (const file of new Set(mends.map((mend) => join(mend.package, mend.file))))
      await cp(join(nodeModules, file), join(copy, file));
    for (const mend of mends) {
      const path = join(copy, mend.package, mend.file);
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

  it("Vike's mended URL getters read the URL as a fresh parse does, and follow a changed URL", async () => {
    const { getPageContextUrlComputed } = (await import(
      pathToFileURL(join(nodeModules, 'vike', 'dist/shared-server-client/getPageContextUrlComputed.js')).href
    )) as { getPageContextUrlComputed: (pageContext: object) => object };
    const pageContext: Record<string, unknown> = {
      urlOriginal: '/news?page=2&tag=a&tag=b',
      _baseServer: '/',
    };
    Object.defineProperties(
      pageContext,
      Object.getOwnPropertyDescriptors(getPageContextUrlComputed(pageContext)),
    );
    const parsed = () =>
      pageContext.urlParsed as {
        pathname: string;
        search: Record<string, string>;
        searchAll: Record<string, string[]>;
      };
    expect(pageContext.urlPathname).toBe('/news');
    const first = parsed();
    expect(first).toMatchObject({
      pathname: '/news',
      search: { page: '2', tag: 'b' },
      searchAll: { tag: ['a', 'b'] },
    });
    // Each read hands out its own object: a change to one is not seen by the next.
    first.search.page = 'changed';
    first.searchAll.tag!.push('changed');
    first.pathname = '/changed';
    expect(parsed()).toMatchObject({
      pathname: '/news',
      search: { page: '2' },
      searchAll: { tag: ['a', 'b'] },
    });
    expect(parsed()).not.toBe(parsed());
    pageContext.urlLogical = '/news/a-post';
    expect(pageContext.urlPathname).toBe('/news/a-post');
    pageContext.urlLogical = undefined;
    pageContext.urlOriginal = '/about';
    expect(pageContext.urlPathname).toBe('/about');
  });

  it("Vike's mended render context: none in production, where it would hook every promise; kept in development", () => {
    const asyncHook = pathToFileURL(join(nodeModules, 'vike', 'dist/server/runtime/asyncHook.js')).href;
    const storageIn = (nodeEnv: string) =>
      execFileSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const { getAsyncLocalStorage } = await import(${JSON.stringify(asyncHook)});
           const storage = await getAsyncLocalStorage();
           console.log(storage === null ? 'none' : storage.constructor.name);`,
        ],
        { env: { ...process.env, NODE_ENV: nodeEnv }, encoding: 'utf8' },
      ).trim();
    expect(storageIn('production')).toBe('none');
    expect(storageIn('development')).toBe('AsyncLocalStorage');
  });

  it("Vike's mended router matches route strings as before, however often it meets them", async () => {
    const { resolveRouteString } = (await import(
      pathToFileURL(join(nodeModules, 'vike', 'dist/shared-server-client/route/resolveRouteString.js')).href
    )) as { resolveRouteString: (routeString: string, urlPathname: string) => unknown };
    for (let time = 0; time < 2; time++) {
      expect(resolveRouteString('/news/@slug', '/news/a-post')).toEqual({ routeParams: { slug: 'a-post' } });
      expect(resolveRouteString('/news/@slug', '/news/a-post/')).toEqual({ routeParams: { slug: 'a-post' } });
      expect(resolveRouteString('/news/@slug', '/news')).toBeNull();
      expect(resolveRouteString('/', '/')).toEqual({ routeParams: {} });
      expect(resolveRouteString('/a.b', '/axb')).toBeNull();
      expect(resolveRouteString('/*/in/*', '/x/in/y/z')).toEqual({ routeParams: { '*1': 'x', '*2': 'y/z' } });
      expect(resolveRouteString('/files/*', '/files/a/b')).toEqual({ routeParams: { '*': 'a/b' } });
      expect(() => resolveRouteString('news', '/news')).toThrow(/should start with/);
    }
  });

  it("Vike's mended page assets are the manifest's, each render's list its own", async () => {
    const { getPageAssets } = (await import(
      pathToFileURL(join(nodeModules, 'vike', 'dist/server/runtime/renderPageServer/getPageAssets.js')).href
    )) as {
      getPageAssets: (
        pageContext: object,
        clientDependencies: object[],
        clientEntries: string[],
      ) => Promise<{ src: string; assetType: string; isEntry: boolean }[]>;
    };
    const manifest = {
      'pages/index/+Page.tsx': {
        file: 'assets/page.js',
        isEntry: true,
        css: ['assets/page.css'],
        imports: ['_shared.js'],
      },
      'pages/about/+Page.tsx': { file: 'assets/about.js', isEntry: true },
      '_shared.js': { file: 'assets/shared.js' },
    };
    const assetsOf = (page: string, base = '/') =>
      getPageAssets(
        { _globalContext: { _isProduction: true, assetsManifest: manifest, config: {} }, _baseServer: base },
        [{ id: `/pages/${page}/+Page.tsx`, onlyAssets: false, eagerlyImported: false }],
        [`/pages/${page}/+Page.tsx`],
      );
    const first = await assetsOf('index');
    expect(first.map((asset) => asset.src)).toEqual([
      '/assets/page.css',
      '/assets/page.js',
      '/assets/shared.js',
    ]);
    first[0]!.src = '/changed.css';
    first.pop();
    const again = await assetsOf('index');
    expect(again.map((asset) => asset.src)).toEqual([
      '/assets/page.css',
      '/assets/page.js',
      '/assets/shared.js',
    ]);
    expect((await assetsOf('about')).map((asset) => asset.src)).toEqual(['/assets/about.js']);
    expect((await assetsOf('index', '/shop/'))[0]!.src).toBe('/shop/assets/page.css');
  });
});
