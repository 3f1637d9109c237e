import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageHashes } from '../../shared/image-hashes.ts';
import { siteImageUrl } from '../../shared/site-image-url.ts';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKind } from '../testing/test-database.ts';

const YEAR = 'public, max-age=31536000, immutable';
const fileBytes = (path: string) => readFileSync(new URL(`../../../public/images/${path}`, import.meta.url));

describe(`the site's own pictures under /images/ (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a content-addressed name with the file, cached a year and immutable', async () => {
    for (const path of [
      'hero-800.webp',
      'services/water-heater-1.jpg',
      'favicon.svg',
      'apple-touch-icon.png',
    ]) {
      const url = siteImageUrl(`/images/${path}`);
      expect(url).toContain(imageHashes[path]);
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control']).toBe(YEAR);
      expect(response.rawPayload.equals(fileBytes(path))).toBe(true);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    const svg = await t.app.inject({ url: siteImageUrl('/images/favicon.svg') });
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    const head = await t.app.inject({ method: 'HEAD', url: siteImageUrl('/images/hero-1600.jpg') });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe(YEAR);
  });

  it('answers a revalidation with 304', async () => {
    const url = siteImageUrl('/images/about-team.webp');
    const first = await t.app.inject({ url });
    const again = await t.app.inject({ url, headers: { 'if-none-match': first.headers.etag! } });
    expect(again.statusCode).toBe(304);
  });

  it('keeps plain names working, with an hour of caching: posts and old links name them', async () => {
    const response = await t.app.inject({ url: '/images/services/water-heater-1.jpg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.rawPayload.equals(fileBytes('services/water-heater-1.jpg'))).toBe(true);
  });

  it("sends a hash that is not the file's current one to the current name, kept by no cache", async () => {
    const response = await t.app.inject({ url: '/images/hero-800.00000000.webp' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(siteImageUrl('/images/hero-800.webp'));
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 for a picture the site does not ship, whatever its name', async () => {
    for (const url of [
      '/images/no-such-picture.jpg',
      '/images/no-such-picture.0123abcd.jpg',
      '/images/../package.json',
      '/images/%2e%2e/package.json',
      '/images/services',
      '/images/.hidden',
      '/images/constructor',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['cache-control']).toBeUndefined();
    }
  });
});
