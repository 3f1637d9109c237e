import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cachedBody, PageCache, type CachedPage } from './page-cache.ts';

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
