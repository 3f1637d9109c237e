import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../db/schema/index.ts';
import { siteImageUrl } from '../shared/site-image-url.ts';
import { buildTestApp, type TestApp } from './testing/test-app.ts';
import { testDatabaseKind } from './testing/test-database.ts';

/**
 * Every /images/ address in a page's markup (attributes, inline styles, head tags), leaving out the
 * page data Vike writes for the browser in <script> elements: that is data (a post's stored image path),
 * not a reference the browser fetches.
 */
function imageReferences(html: string): string[] {
  const markup = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
  return [...markup.matchAll(/\/images\/[^"'\s,)&<>]+/g)].map(([reference]) => reference);
}

const HASHED = /^\/images\/[\w/-]+\.[0-9a-f]{8}\.(?:webp|jpg|png|svg)$/;

// Pages rendered by the real app (Vite in middleware mode compiles them): one app for the file.
describe(`the site's pictures in rendered pages (${testDatabaseKind})`, () => {
  let t: TestApp;
  let postId: number;

  beforeAll(async () => {
    t = await buildTestApp({ ssr: { mode: 'development' } });
    // A stored post naming a picture by its plain path, as the seeded posts and older posts do.
    const [post] = await t.database.db
      .insert(posts)
      .values({
        type: 'news',
        slug: 'new-heater',
        title: 'A new water heater',
        excerpt: 'Installed today',
        content: '<p>Hot water again.</p>',
        image: '/images/services/water-heater-1.jpg',
        isPublished: true,
        publishedAt: new Date('2026-01-10T12:00:00Z'),
      })
      .returning();
    postId = post!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(['/', '/services', '/about', '/news', '/contact'])(
    'names only content-addressed pictures on %s',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      const references = imageReferences(response.body);
      expect(references.length).toBeGreaterThan(0);
      for (const reference of references) expect(reference, url).toMatch(HASHED);
      expect(response.body).toContain(`<link rel="icon" href="${siteImageUrl('/images/favicon.svg')}"`);
      expect(response.body).toContain(`href="${siteImageUrl('/images/apple-touch-icon.png')}"`);
      expect(response.body).toContain(
        `<meta property="og:image" content="${t.config.publicUrl}${siteImageUrl('/images/plumber_photo.jpg')}">`,
      );
    },
  );

  it("maps a post's stored /images/ path to its content-addressed name, in the card and the article", async () => {
    for (const url of ['/news', `/post/${postId}`, '/']) {
      const html = (await t.app.inject({ url })).body;
      for (const reference of imageReferences(html)) expect(reference, url).toMatch(HASHED);
    }
    const article = (await t.app.inject({ url: `/post/${postId}` })).body;
    expect(article).toContain(`src="${siteImageUrl('/images/services/water-heater-1.jpg')}"`);
    expect(article).toContain(`srcSet="${siteImageUrl('/images/services/water-heater-1.webp')}"`);
  });
});
