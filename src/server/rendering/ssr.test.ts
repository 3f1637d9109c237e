import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { posts, reviews, seoMetadata } from '../../../db/schema/index.ts';
import { defaultSettings, sampleReviews } from '../../shared/site-defaults.ts';
import { getSettings, saveSettings } from '../services/settings.ts';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';
import { breakTables, testDatabaseKind } from '../testing/test-database.ts';

// Pages rendered by the real app through app.inject. Vite in middleware mode compiles the pages, so no
// production build is needed; starting it takes a few seconds, hence one app for the whole file.
describe(`server-rendered pages (${testDatabaseKind})`, () => {
  let t: TestApp;
  let newsId: number;
  const page = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await buildTestApp({ ssr: { mode: 'development' } });
    const publishedAt = new Date('2026-01-10T12:00:00Z');
    const [news] = await t.database.db
      .insert(posts)
      .values({
        type: 'news',
        slug: 'real-news',
        title: 'Real news from the database',
        content: '<p>Body</p>',
        isPublished: true,
        publishedAt,
      })
      .returning();
    newsId = news!.id;
    await t.database.db.insert(posts).values({
      type: 'advice',
      slug: 'real-advice',
      title: 'Real advice from the database',
      content: '<p>Tip</p>',
      isPublished: true,
      publishedAt,
    });
    await t.database.db
      .insert(reviews)
      .values({ name: 'Dana', secondName: 'Real', rating: 4, review: 'A real review from the database' });
    await t.database.db.insert(seoMetadata).values({ page: '/services', title: 'Owner title for services' });
    await saveSettings(t.database.db, {
      ...(await getSettings(t.database.db)),
      companyName: 'Configured Plumbing Co',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("never puts the owner's adminEmail into a page's HTML, where the browser's copy of the settings travels", async () => {
    await saveSettings(t.database.db, {
      ...(await getSettings(t.database.db)),
      adminEmail: 'owner.private@example.com',
    });
    t.app.pageCache.clear();
    for (const url of ['/', '/contact', '/testimonials']) {
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      // The page context does travel: companyName is in it, adminEmail is not.
      expect(response.body).toContain('"companyName"');
      expect(response.body).not.toContain('owner.private@example.com');
      expect(response.body).not.toContain('adminEmail');
    }
  });

  it('serves a tracking link (fbclid, utm_*) the page already rendered, and keeps the parameters a page reads apart', async () => {
    t.app.pageCache.clear();
    const plain = await page('/');
    expect(plain.headers['x-page-cache']).not.toBe('hit');
    // The render never depends on parameters no page reads: the cached bytes are right for both URLs.
    const tracked = await page(`/?fbclid=IwAR${Date.now()}&utm_source=facebook&utm_medium=social`);
    expect(tracked.headers['x-page-cache']).toBe('hit');
    expect(tracked.body).toBe(plain.body);
    expect(t.app.pageCache.size).toBe(1);

    const listFirst = await page('/news?utm_source=newsletter');
    expect(listFirst.statusCode).toBe(200);
    expect((await page('/news?gclid=abc')).headers['x-page-cache']).toBe('hit');
    // ?page=2 is read by the list, so it is its own entry; with nine cards a page and one post, page 2
    // is the last page's content, never served for /news.
    const second = await page('/news?page=2&utm_campaign=spring');
    expect(second.headers['x-page-cache']).not.toBe('hit');
    expect((await page('/news?fbclid=1&page=2')).headers['x-page-cache']).toBe('hit');
    expect((await page('/news?%70age=2')).headers['x-page-cache']).toBe('hit');
    expect((await page('/news')).body).toBe(listFirst.body);
  });

  it('renders a page once for a burst of visitors arriving before it is cached, and answers all of them', async () => {
    t.app.pageCache.clear();
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, n) => page(n % 2 ? '/services' : '/services?utm_source=ad')),
    );
    expect(burst.map((response) => response.statusCode)).toEqual(Array(12).fill(200));
    // One render; the other eleven were answered with the page it stored.
    expect(burst.filter((response) => response.headers['x-page-cache'] !== 'hit')).toHaveLength(1);
    expect(new Set(burst.map((response) => response.body)).size).toBe(1);
  });

  it('a visitor who waited for a render that was not kept gets a render of their own', async () => {
    t.app.pageCache.clear();
    const burst = await Promise.all(Array.from({ length: 4 }, () => page('/post/999999')));
    expect(burst.map((response) => response.statusCode)).toEqual(Array(4).fill(404));
    expect(burst.filter((response) => response.headers['x-page-cache'] === 'hit')).toHaveLength(0);
  });

  describe('a page showing a fallback because the database failed is not cached', () => {
    const cases = [
      { url: '/news', broken: ['posts'], fallback: 'No News Yet', real: 'Real news from the database' },
      {
        url: '/advice-center',
        broken: ['posts'],
        fallback: 'Expert plumbing advice',
        real: 'Real advice from the database',
      },
      {
        url: '/',
        broken: ['posts'],
        fallback: 'Configured Plumbing Co',
        real: 'Real news from the database',
      },
      {
        url: '/',
        broken: ['reviews'],
        fallback: sampleReviews[0]!.review,
        real: 'A real review from the database',
      },
      {
        url: '/testimonials',
        broken: ['reviews'],
        fallback: sampleReviews[0]!.review,
        real: 'A real review from the database',
      },
      {
        url: '/news-post?id={newsId}',
        broken: ['posts'],
        fallback: 'Post not found',
        real: 'Real news from the database',
      },
      {
        url: '/about',
        broken: ['settings'],
        fallback: `About ${defaultSettings.companyName}`,
        real: 'About Configured Plumbing Co',
      },
      {
        url: '/services',
        broken: ['seo_metadata'],
        fallback: 'Plumbing Services in Cumming, GA |',
        real: 'Owner title for services |',
      },
    ];

    it.each(cases)(
      '$broken failing: $url shows its fallback, uncached, then the real page once the database answers',
      async ({ url: path, broken, fallback, real }) => {
        const url = () => path.replace('{newsId}', String(newsId));
        t.app.pageCache.clear();
        // The page data reports the failed read on the console; expected here.
        const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
        const restore = await breakTables(t.database.db, broken);
        try {
          for (const attempt of [1, 2]) {
            const response = await page(url());
            expect(response.statusCode, `attempt ${attempt}`).toBe(200);
            expect(response.body, `attempt ${attempt}`).toContain(fallback);
            expect(response.body, `attempt ${attempt}`).not.toContain(real);
            expect(response.headers['x-page-cache'], `attempt ${attempt}`).not.toBe('hit');
          }
        } finally {
          await restore();
          quiet.mockRestore();
        }
        const recovered = await page(url());
        expect(recovered.headers['x-page-cache']).not.toBe('hit');
        expect(recovered.body).toContain(real);
        // A healthy page is cached as before.
        expect((await page(url())).headers['x-page-cache']).toBe('hit');
      },
    );
  });

  describe('drafts and scheduled posts never reach a visitor', () => {
    const hidden: Record<string, number> = {};

    beforeAll(async () => {
      const future = new Date(Date.now() + 365 * 24 * 3_600_000);
      for (const type of ['news', 'advice'] as const) {
        const rows = await t.database.db
          .insert(posts)
          .values([
            {
              type,
              slug: `${type}-draft`,
              title: `Hidden draft ${type}`,
              content: '<p>c</p>',
              isPublished: false,
              publishedAt: new Date('2026-01-01T00:00:00Z'),
            },
            // Published, but its date lies ahead: scheduled.
            {
              type,
              slug: `${type}-scheduled`,
              title: `Hidden scheduled ${type}`,
              content: '<p>c</p>',
              isPublished: true,
              publishedAt: future,
            },
          ])
          .returning();
        for (const row of rows) hidden[row.slug] = row.id;
      }
      t.app.pageCache.clear();
    });

    it.each([
      ['/news', 'Real news from the database'],
      ['/advice-center', 'Real advice from the database'],
      ['/', 'Real news from the database'],
    ])('%s lists the published posts only', async (url, published) => {
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(published);
      expect(response.body).not.toContain('Hidden draft');
      expect(response.body).not.toContain('Hidden scheduled');
    });

    it.each(['news-draft', 'news-scheduled', 'advice-draft', 'advice-scheduled'])(
      '%s: /post/{id} is a 404 and /news-post?id= redirects to /news',
      async (slug) => {
        const article = await page(`/post/${hidden[slug]}`);
        expect(article.statusCode).toBe(404);
        expect(article.body).not.toContain('Hidden ');
        const newsPost = await page(`/news-post?id=${hidden[slug]}`);
        expect(newsPost.statusCode).toBe(302);
        expect(newsPost.headers.location).toBe('/news');
        expect(newsPost.body).not.toContain('Hidden ');
      },
    );
  });
});
