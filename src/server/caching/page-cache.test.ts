import { randomBytes } from 'node:crypto';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cachedBody, PageCache, pageCacheKey, RememberedKeys, type CachedPage } from './page-cache.ts';
import { QueryParamsByPath } from './page-reads.ts';

const page = (body: string): Omit<CachedPage, 'encoded'> => ({
  statusCode: 200,
  headers: [['content-type', 'text/html']],
  body: Buffer.from(body),
  storedAt: 1_000,
});

describe('PageCache', () => {
  it('serves a page until it is older than the TTL', () => {
    const cache = new PageCache({ maxEntries: 10, ttlMs: 500 });
    cache.set('/', page('<html>'));
    expect(cache.get('/', 1_400)?.body.toString()).toBe('<html>');
    expect(cache.get('/', 1_501)).toBeUndefined();
  });

  it('drops the oldest page when full, and everything on clear()', () => {
    const cache = new PageCache({ maxEntries: 2, ttlMs: 60_000 });
    cache.set('/a', page('a'));
    cache.set('/b', page('b'));
    cache.set('/c', page('c'));
    expect([
      cache.get('/a', 1_000),
      cache.get('/b', 1_000)?.body.toString(),
      cache.get('/c', 1_000)?.body.toString(),
    ]).toEqual([undefined, 'b', 'c']);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('refuses a page rendered before a clear: its reads may predate the change that cleared', () => {
    const cache = new PageCache();
    const renderStarted = cache.generation;
    cache.clear();
    cache.set('/', page('stale'), renderStarted);
    expect(cache.get('/', 1_000)).toBeUndefined();
    cache.set('/', page('fresh'), cache.generation);
    expect(cache.get('/', 1_000)?.body.toString()).toBe('fresh');
  });

  it('on a change to some tables, drops the entries read from them and those whose reads are unknown', () => {
    const cache = new PageCache({ maxEntries: 10, ttlMs: 60_000 });
    cache.set('/', { ...page('home'), tables: ['posts', 'reviews', 'settings'] });
    cache.set('/news', { ...page('news'), tables: ['posts', 'settings'] });
    cache.set('/services', { ...page('services'), tables: ['settings'] });
    cache.set('/elsewhere', page('built from anything'));
    const generation = cache.generation;
    cache.clear(['reviews']);
    expect(['/', '/news', '/services', '/elsewhere'].filter((key) => cache.get(key, 1_000))).toEqual([
      '/news',
      '/services',
    ]);
    // Renders under way may have read the old rows: they are not stored.
    expect(cache.generation).not.toBe(generation);
    cache.clear(['settings']);
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('compresses a page once per encoding and hands the same bytes to every later request', () => {
    const cache = new PageCache();
    const html = `<html>${'<p>Water heater repair in Cumming, GA</p>'.repeat(100)}</html>`;
    cache.set('/', page(html));
    const stored = cache.get('/', 1_000)!;
    const brotli = cachedBody(stored, 'br');
    expect(brotli.encoding).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(html);
    expect(cachedBody(stored, 'br').body).toBe(brotli.body);
    expect(gunzipSync(cachedBody(stored, 'gzip').body).toString()).toBe(html);
    expect(cachedBody(stored, 'identity').body.toString()).toBe(html);
  });
});

describe('PageCache byte bound', () => {
  it('drops the oldest pages once the bodies pass maxBytes, whatever the entry count', () => {
    const cache = new PageCache({ maxEntries: 100, maxBytes: 2_500, ttlMs: 60_000 });
    cache.set('/a', page('a'.repeat(1_000)));
    cache.set('/b', page('b'.repeat(1_000)));
    expect(cache.bytes).toBe(2_000);
    cache.set('/c', page('c'.repeat(1_000)));
    expect(cache.get('/a', 1_000)).toBeUndefined();
    expect(cache.get('/b', 1_000)?.body.length).toBe(1_000);
    expect(cache.get('/c', 1_000)?.body.length).toBe(1_000);
    expect(cache.bytes).toBe(2_000);
  });

  it('counts compressed copies too, and never keeps a page larger than the bound', () => {
    const cache = new PageCache({ maxEntries: 100, maxBytes: 10_000, ttlMs: 60_000 });
    // Random bytes do not compress, so each copy weighs as much as the body.
    const noise = () => ({ ...page(''), body: randomBytes(4_000) });
    cache.set('/a', noise());
    cache.set('/b', noise());
    const before = cache.bytes;
    expect(before).toBe(8_000);
    const copy = cachedBody(cache.get('/b', 1_000)!, 'gzip');
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    // The page just compressed stays; the older one made room for its copy.
    expect(cache.get('/a', 1_000)).toBeUndefined();
    expect(cache.bytes).toBe(4_000 + copy.body.length);
    cache.set('/huge', page('x'.repeat(10_001)));
    expect(cache.get('/huge', 1_000)).toBeUndefined();
    cache.clear();
    expect(cache.bytes).toBe(0);
  });

  it('counts a replaced page once', () => {
    const cache = new PageCache({ maxEntries: 100, maxBytes: 10_000, ttlMs: 60_000 });
    cache.set('/a', page('a'.repeat(1_000)));
    cache.set('/a', page('a'.repeat(3_000)));
    expect(cache.bytes).toBe(3_000);
    expect(cache.get('/a', 1_000 + 60_001)).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });
});

describe('pageCacheKey', () => {
  // Pages as Vike lists them: static routes, and an article page whose route is a function.
  const queryParams = new QueryParamsByPath([
    { route: '/', config: { queryParams: [] } },
    { route: '/services', config: { queryParams: [] } },
    { route: '/news', config: { queryParams: ['page'] } },
    { route: '/advice-center', config: { queryParams: ['page'] } },
    { route: '/services/@slug', config: { queryParams: [] } },
    { route: () => false, config: { queryParams: ['id'] }, pageId: '/pages/post' },
    { route: () => false, config: { queryParams: [] }, pageId: '/pages/service-areas' },
    { route: () => false, config: { queryParams: ['ref'] } },
    { config: {} },
  ]);

  it.each([
    ['/', '/'],
    ['/?fbclid=IwAR0abc&utm_source=facebook&utm_medium=social', '/'],
    ['/services?gclid=xyz', '/services'],
    ['/news?utm_source=x&page=2', '/news?page=2'],
    ['/news?page=2&utm_source=x', '/news?page=2'],
    ['/news?%70age=3&fbclid=1', '/news?page=3'],
    ['/news/?page=2&fbclid=1', '/news/?page=2'],
    ['/advice-center?page=4&ref=mail', '/advice-center?page=4'],
    ['/post?id=12&utm_campaign=spring', '/post?id=12'],
    ['/post/12?fbclid=abc', '/post/12'],
    // A path no static route names may be the article page: its parameter counts, no other does.
    ['/post/12?id=3&page=2', '/post/12?id=3'],
    // A route function answers under its folder only: the article's id is a stray for a town page.
    ['/service-areas/cumming?id=3&fbclid=1', '/service-areas/cumming'],
    // A route function whose page is not known by id may answer anything: its parameter counts everywhere.
    ['/service-areas/cumming?ref=3', '/service-areas/cumming?ref=3'],
    ['/nowhere?page=2', '/nowhere'],
    // A route with a parameter names its own pages: the article's parameter is a stray there.
    ['/services/gas-line-repair?id=3&fbclid=1', '/services/gas-line-repair'],
    ['/news?page=2&page=3', '/news?page=2&page=3'],
    ['/news?', '/news'],
  ])('%s is cached as %s', (url, key) => {
    expect(pageCacheKey(url, queryParams)).toBe(key);
  });

  it('counts no parameter before the pages are known, when no page can have been cached yet', () => {
    expect(pageCacheKey('/news?page=2&utm_source=x', QueryParamsByPath.none)).toBe('/news');
  });

  it('remembers keys by URL, and works them out again once the pages are known', () => {
    const cache = new PageCache();
    // A request may come before the first render has listed the pages.
    expect(cache.keyFor('/news?page=2&utm_source=x')).toBe('/news');
    cache.knowPages(queryParams);
    expect(cache.keyFor('/news?page=2&utm_source=x')).toBe('/news?page=2');
    expect(cache.keyFor('/news?page=3&utm_source=x')).toBe('/news?page=3');
  });
});

describe('RememberedKeys', () => {
  it('works a key out once per URL, and starts over past its limit', () => {
    const workedOut: string[] = [];
    const keys = new RememberedKeys((url) => {
      workedOut.push(url);
      return url.toUpperCase();
    }, 2);
    expect([keys.of('/a'), keys.of('/a'), keys.of('/b'), keys.of('/a')]).toEqual(['/A', '/A', '/B', '/A']);
    expect(workedOut).toEqual(['/a', '/b']);
    keys.of('/c');
    keys.of('/a');
    expect(workedOut).toEqual(['/a', '/b', '/c', '/a']);
  });
});
