import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, posts } from '../../../db/schema/index.ts';
import { siteImageUrl } from '../../shared/site-image-url.ts';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKind } from '../testing/test-database.ts';

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
        content: '<p>Hot water again.</p><p><img src="/images/services/water-heater-2.jpg" alt="Heater"></p>',
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

  it('serves every picture the home page names, cached a year, under Vite in development too', async () => {
    const references = new Set(imageReferences((await t.app.inject({ url: '/' })).body));
    for (const url of references) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
  });

  it("maps a post's stored /images/ path to its content-addressed name, in the card, the article and its content", async () => {
    for (const url of ['/news', `/post/${postId}`, '/']) {
      const html = (await t.app.inject({ url })).body;
      for (const reference of imageReferences(html)) expect(reference, url).toMatch(HASHED);
    }
    const article = (await t.app.inject({ url: `/post/${postId}` })).body;
    expect(article).toContain(`src="${siteImageUrl('/images/services/water-heater-1.jpg')}"`);
    expect(article).toContain(`srcSet="${siteImageUrl('/images/services/water-heater-1.webp')}"`);
    expect(article).toContain(`src="${siteImageUrl('/images/services/water-heater-2.jpg')}"`);
  });
});

describe(`uploaded photos in an article's text (${testDatabaseKind})`, () => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
  });

  it('renders each as a <picture> of its copies with its shape, alt text, lazily', async () => {
    t = await buildTestApp({ ssr: { mode: 'development' } });
    await t.database.db.insert(media).values([
      {
        filename: 'f00d.jpg',
        originalName: 'heater.jpg',
        mimeType: 'image/jpeg',
        size: 1000,
        path: 'f00d.jpg',
        url: '/uploads/f00d.jpg',
        type: 'image',
        width: 2000,
        height: 1500,
        alt: 'New tankless heater on the garage wall',
        variants: (['avif', 'webp', 'jpeg'] as const).flatMap((format) =>
          [400, 800].map((width) => ({
            name: `f00d-${width}.${format === 'jpeg' ? 'jpg' : format}`,
            format,
            width,
            height: (width * 3) / 4,
            size: 100,
          })),
        ),
      },
      {
        filename: 'beef.png',
        originalName: 'plan.png',
        mimeType: 'image/png',
        size: 1000,
        path: 'beef.png',
        url: '/uploads/beef.png',
        type: 'image',
        width: 640,
        height: 480,
        variantsPending: true,
      },
    ]);
    const [post] = await t.database.db
      .insert(posts)
      .values({
        type: 'advice',
        slug: 'tankless',
        title: 'Going tankless',
        content:
          '<p>Before and after.</p><p><img src="/uploads/f00d.jpg" alt=""></p><p><img src="/uploads/beef.png" alt="Floor plan"></p>',
        isPublished: true,
        publishedAt: new Date('2026-01-10T12:00:00Z'),
      })
      .returning();
    const html = (await t.app.inject({ url: `/post/${post!.id}` })).body;
    const sizes = 'sizes="(min-width: 800px) 760px, 100vw"';
    expect(html).toContain(
      '<picture>' +
        `<source type="image/avif" srcset="/uploads/f00d-400.avif 400w, /uploads/f00d-800.avif 800w" ${sizes} />` +
        `<source type="image/webp" srcset="/uploads/f00d-400.webp 400w, /uploads/f00d-800.webp 800w" ${sizes} />` +
        `<img src="/uploads/f00d-800.jpg" srcset="/uploads/f00d-400.jpg 400w, /uploads/f00d-800.jpg 800w" ${sizes} ` +
        'width="2000" height="1500" alt="New tankless heater on the garage wall" loading="lazy" decoding="async" />' +
        '</picture>',
    );
    // Copies still to come: the original, with its shape.
    expect(html).toContain(
      '<img src="/uploads/beef.png" width="640" height="480" alt="Floor plan" loading="lazy" decoding="async" />',
    );
  });
});
