import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, posts } from '../../../db/schema/index.ts';
import { SHARED_CACHE_CONTROL } from './page-cache.ts';
import { PUBLIC_READS } from './public-api-cache.ts';
import { tablesReadBy } from '../testing/tables-read.ts';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKind } from '../testing/test-database.ts';

const browser = {
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
};

describe(`public reads kept beside the pages (${testDatabaseKind})`, () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await buildTestApp();
    cookie = await t.signInAs('editor');
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers from memory after the first read, with an ETag a repeat request turns into a 304', async () => {
    t.app.pageCache.clear();
    const first = await t.app.inject({ url: '/api/posts', headers: browser });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-page-cache']).toBeUndefined();
    expect(first.headers['cache-control']).toBe(SHARED_CACHE_CONTROL);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);

    const second = await t.app.inject({ url: '/api/posts?utm_source=ad', headers: browser });
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.json()).toEqual(first.json());
    expect(second.headers.etag).toBe(etag);

    for (const cached of [true, false]) {
      if (!cached) t.app.pageCache.clear();
      const again = await t.app.inject({ url: '/api/posts', headers: { ...browser, 'if-none-match': etag } });
      expect(again.statusCode, cached ? 'from memory' : 'read afresh').toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
    }
    // Reads are not page views.
    await t.app.analytics.flush();
    expect(await t.database.db.select().from(analyticsEvents)).toEqual([]);
  });

  it('forgets the answer when what it shows changes', async () => {
    const before = await t.app.inject({ url: '/api/reviews', headers: browser });
    expect((await t.app.inject({ url: '/api/reviews', headers: browser })).headers['x-page-cache']).toBe(
      'hit',
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: browser,
      payload: { name: 'Cache Tester', rating: 5, review: 'Came the same day.' },
    });
    expect(created.statusCode).toBe(201);
    const { review } = created.json<{ review: { id: string } }>();
    const published = await t.caller(cookie).mutate('adminReviews.setVisible', {
      id: Number(review.id),
      isVisible: true,
    });
    expect(published.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/reviews', headers: browser });
    expect(after.headers['x-page-cache']).toBeUndefined();
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('declares every table each public read is read from, and only those', async () => {
    const [post] = await t.database.db
      .insert(posts)
      .values({
        type: 'news',
        slug: 'n',
        title: 'N',
        content: '<p>n</p>',
        isPublished: true,
        publishedAt: new Date(),
      })
      .returning();
    const urls = [
      '/api/posts',
      `/api/posts/${post!.id}`,
      '/api/reviews',
      '/api/settings',
      '/api/service-areas',
      '/api/services',
      '/api/services/residential-plumbing',
      '/api/offers',
    ];
    for (const read of PUBLIC_READS) {
      const asked = urls.filter((url) => read.path.test(url));
      expect(asked.length, `a URL this test asks for ${read.path}`).toBeGreaterThan(0);
      for (const url of asked) {
        t.app.pageCache.clear();
        const { result, tables } = await tablesReadBy(t.database.db, () =>
          t.app.inject({ url, headers: browser }),
        );
        expect(result.statusCode, url).toBe(200);
        expect([...tables].sort(), url).toEqual([...read.tables].sort());
      }
    }
  });

  it('never keeps or shares what staff read', async () => {
    t.app.pageCache.clear();
    const staff = await t.app.inject({ url: '/api/settings', headers: { ...browser, cookie } });
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['cache-control']).not.toBe(SHARED_CACHE_CONTROL);
    expect(staff.headers.etag).toBeUndefined();
    expect(t.app.pageCache.size).toBe(0);
  });
});
