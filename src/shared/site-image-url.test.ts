import { describe, expect, it } from 'vitest';
import { hashModuleSource, hashSiteImages } from '../../scripts/site-image-hashes.ts';
import { imageHashes } from './image-hashes.ts';
import { parseSiteImageName, siteImageUrl } from './site-image-url.ts';

describe('the hashes of the pictures in public/images/', () => {
  it('match the files: run `npm run images:hash` after changing a picture', () => {
    expect(imageHashes).toEqual(hashSiteImages());
  });

  it('are written in the form the generator writes, so a hand edit shows up too', async () => {
    const { readFile } = await import('node:fs/promises');
    const written = await readFile(new URL('./image-hashes.ts', import.meta.url), 'utf8');
    expect(written).toBe(hashModuleSource(hashSiteImages()));
  });
});

describe('siteImageUrl', () => {
  it("names each of the site's pictures by its hash, and the name parses back", () => {
    for (const [path, hash] of Object.entries(imageHashes)) {
      const url = siteImageUrl(`/images/${path}`);
      expect(url).not.toBe(`/images/${path}`);
      expect(url).toContain(`.${hash}.`);
      expect(parseSiteImageName(url.slice('/images/'.length))).toEqual({ path, hash });
    }
    expect(siteImageUrl('/images/services/water-heater-1.jpg')).toMatch(
      /^\/images\/services\/water-heater-1\.[0-9a-f]{8}\.jpg$/,
    );
  });

  it('leaves every other address as it is', () => {
    for (const url of [
      '/uploads/3f2a.jpg',
      'https://example.com/images/hero-800.webp',
      '/images/no-such-picture.jpg',
      '/images/hero-800.webp?v=2',
      '/images/constructor',
      '/images/__proto__',
      '/images/',
      'data:image/png;base64,AAAA',
    ])
      expect(siteImageUrl(url)).toBe(url);
    expect(siteImageUrl(null)).toBeNull();
  });

  it('parses only names with a hash in them', () => {
    expect(parseSiteImageName('hero-800.webp')).toBeNull();
    expect(parseSiteImageName('hero-800.3F9A1C2B.webp')).toBeNull();
    expect(parseSiteImageName('hero-800.3f9a1c2.webp')).toBeNull();
  });
});
