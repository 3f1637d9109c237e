import { brotliDecompressSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKind } from '../testing/test-database.ts';

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

  it("answers with the policy a page was stored with, which allows that page's own stylesheet, also when not modified", async () => {
    const policy = "default-src 'self';style-src 'self' 'sha256-this-page'";
    t.app.pageCache.set('/services', {
      statusCode: 200,
      headers: [
        ['content-type', 'text/html;charset=utf-8'],
        ['content-security-policy', policy],
      ],
      body: Buffer.from(html),
      storedAt: Date.now(),
    });
    const page = await t.app.inject({ method: 'GET', url: '/services' });
    expect(page.headers['x-page-cache']).toBe('hit');
    expect(page.headers['content-security-policy']).toBe(policy);
    const notModified = await t.app.inject({
      method: 'GET',
      url: '/services',
      headers: { 'if-none-match': String(page.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers['content-security-policy']).toBe(policy);
    // Another page keeps the site's policy.
    const news = await t.app.inject({ method: 'GET', url: '/news' });
    expect(news.headers['content-security-policy']).not.toBe(policy);
    expect(news.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('serves staff the public page privately, leaving a reload past the cache and other methods to the pipeline', async () => {
    const withSession = await t.app.inject({
      method: 'GET',
      url: '/news',
      headers: { cookie: 'theme=dark; session=abc' },
    });
    expect(withSession.headers['x-page-cache']).toBe('hit');
    expect(withSession.headers['cache-control']).toBe('no-store');
    expect(withSession.headers.etag).toBeUndefined();
    expect(withSession.body).toBe(html);
    // A hard reload by someone signed in asks for the page as it would be rendered now.
    for (const header of [{ 'cache-control': 'no-cache' }, { pragma: 'no-cache' }]) {
      const reload = await t.app.inject({
        method: 'GET',
        url: '/news',
        headers: { cookie: 'session=abc', ...header },
      });
      expect(reload.headers['x-page-cache']).toBeUndefined();
      expect(reload.statusCode).toBe(404);
    }
    // A visitor's reload is served from the cache: no request from outside forces a render.
    const visitorReload = await t.app.inject({
      method: 'GET',
      url: '/news',
      headers: { 'cache-control': 'no-cache' },
    });
    expect(visitorReload.headers['x-page-cache']).toBe('hit');
    const post = await t.app.inject({ method: 'POST', url: '/news', payload: {} });
    expect(post.headers['x-page-cache']).toBeUndefined();
    // A cookie that only ends in "session" is not the session cookie.
    const otherCookie = await t.app.inject({
      method: 'GET',
      url: '/news',
      headers: { cookie: 'mysession=1' },
    });
    expect(otherCookie.headers['x-page-cache']).toBe('hit');
    expect(otherCookie.headers['cache-control']).toBe('no-store, max-age=0');
  });

  it('leaves public API answers asked for with a session to the pipeline: they may say more to staff', async () => {
    t.app.pageCache.set('/api/posts', {
      statusCode: 200,
      headers: [['content-type', 'application/json; charset=utf-8']],
      body: Buffer.from('{"success":true}'),
      storedAt: Date.now(),
      isApiAnswer: true,
    });
    const visitor = await t.app.inject({ method: 'GET', url: '/api/posts' });
    expect(visitor.headers['x-page-cache']).toBe('hit');
    const staff = await t.app.inject({
      method: 'GET',
      url: '/api/posts',
      headers: { cookie: 'session=abc' },
    });
    expect(staff.headers['x-page-cache']).toBeUndefined();
  });
});
