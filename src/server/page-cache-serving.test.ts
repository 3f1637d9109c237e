import { brotliDecompressSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './testing/test-app.ts';
import { testDatabaseKind } from './testing/test-database.ts';

// The app here has no page route, so whatever is not answered from the cache is a 404 from the pipeline.
describe(`cached pages served ahead of the request pipeline (${testDatabaseKind})`, () => {
  let t: TestApp;
  const html = `<!DOCTYPE html><html lang="en"><body>${'<p>Drain cleaning in Cumming, GA</p>'.repeat(60)}</body></html>`;
  beforeEach(async () => {
    t = await buildTestApp();
    t.app.pageCache.set('/news', {
      statusCode: 200,
      headers: [
        ['content-type', 'text/html;charset=utf-8'],
        ['cache-control', 'no-store, max-age=0'],
      ],
      body: Buffer.from(html),
      storedAt: Date.now(),
    });
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers a visitor without a session from the cache, compressed, with every security header', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/news',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'x-page-cache': 'hit',
      'content-encoding': 'br',
      vary: 'accept-encoding',
      'content-type': 'text/html;charset=utf-8',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(html);
  });

  it('leaves a request with a session cookie, or one that is not a GET, to the pipeline', async () => {
    const withSession = await t.app.inject({
      method: 'GET',
      url: '/news',
      headers: { cookie: 'theme=dark; session=abc' },
    });
    expect(withSession.headers['x-page-cache']).toBeUndefined();
    expect(withSession.statusCode).toBe(404);
    const post = await t.app.inject({ method: 'POST', url: '/news', payload: {} });
    expect(post.headers['x-page-cache']).toBeUndefined();
    // A cookie that only ends in "session" is not the session cookie.
    const otherCookie = await t.app.inject({
      method: 'GET',
      url: '/news',
      headers: { cookie: 'mysession=1' },
    });
    expect(otherCookie.headers['x-page-cache']).toBe('hit');
  });
});
