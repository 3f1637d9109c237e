import { describe, expect, it } from 'vitest';
import { PageCache, withFreshNonce, type CachedPage } from './page-cache.ts';

const page = (body: string, nonce: string | null = 'abc123'): CachedPage => ({
  statusCode: 200,
  headers: [['content-security-policy', `script-src 'self' 'nonce-${nonce}'`]],
  body,
  nonce,
  storedAt: 1_000,
});

describe('PageCache', () => {
  it('serves a page until it is older than the TTL', () => {
    const cache = new PageCache({ maxEntries: 10, ttlMs: 500 });
    cache.set('/', page('<html>'));
    expect(cache.get('/', 1_400)?.body).toBe('<html>');
    expect(cache.get('/', 1_501)).toBeUndefined();
  });

  it('drops the oldest page when full, and everything on clear()', () => {
    const cache = new PageCache({ maxEntries: 2, ttlMs: 60_000 });
    cache.set('/a', page('a'));
    cache.set('/b', page('b'));
    cache.set('/c', page('c'));
    expect([cache.get('/a', 1_000), cache.get('/b', 1_000)?.body, cache.get('/c', 1_000)?.body]).toEqual([undefined, 'b', 'c']);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('gives every response from the cache a nonce of its own, in the header and the script tags alike', () => {
    const stored = page('<script nonce="abc123" src="/a.js"></script>');
    const first = withFreshNonce(stored);
    const second = withFreshNonce(stored);
    const nonceOf = (headers: [string, string][]) => /'nonce-([^']+)'/.exec(headers[0]![1])![1]!;
    expect(nonceOf(first.headers)).not.toBe('abc123');
    expect(nonceOf(first.headers)).not.toBe(nonceOf(second.headers));
    expect(first.body).toBe(`<script nonce="${nonceOf(first.headers)}" src="/a.js"></script>`);
  });
});
