import type { PageContextServer } from 'vike/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/client.ts';
import { posts } from '../../../db/schema/index.ts';
import { defaultSettings } from '../../shared/site-defaults.ts';
import { siteImageUrl } from '../../shared/site-image-url.ts';
import { articleData, articleSeo, findPublishedPost, postListData, requestedPostId } from './post-pages.ts';
import { ReadCache } from '../caching/read-cache.ts';
import { createTestDatabase } from '../testing/test-database.ts';

const PUBLIC_URL = 'https://plumber.example';

function contextFor(
  database: DatabaseHandle,
  options: {
    search?: Record<string, string>;
    routeParams?: Record<string, string>;
    user?: { username: string; role: 'admin' | 'editor' };
  } = {},
) {
  return {
    db: database.db,
    // A new one per page context: each test reads what it just wrote.
    readCache: new ReadCache({ generation: () => 0, ttlMs: 60_000, maxEntries: 100 }),
    user: options.user ?? null,
    settings: defaultSettings,
    publicUrl: PUBLIC_URL,
    routeParams: options.routeParams ?? {},
    urlParsed: { search: options.search ?? {} },
  } as unknown as PageContextServer;
}

describe('post pages data', () => {
  let database: DatabaseHandle;
  let unsafeId: number;
  let draftId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    const published = new Date('2026-03-01T15:30:00Z');
    // Rows written straight to the table, bypassing createPost's sanitizer, as an import or old row might be.
    const [unsafe] = await database.db
      .insert(posts)
      .values({
        type: 'news',
        slug: 'unsafe',
        title: 'Unsafe row',
        excerpt: 'Written around the service',
        content:
          '<p>Hello</p><script>window.__xss=1</script><img src=x onerror="window.__xss=2"><a href="javascript:alert(1)">x</a>',
        isPublished: true,
        publishedAt: published,
        image: 'data:image/png;base64,AAAA',
      })
      .returning();
    unsafeId = unsafe!.id;
    const [draft] = await database.db
      .insert(posts)
      .values({ type: 'news', slug: 'draft', title: 'Draft', content: '<p>Draft</p>', isPublished: false })
      .returning();
    draftId = draft!.id;
    await database.db.insert(posts).values(
      Array.from({ length: 11 }, (_, index) => ({
        type: 'advice' as const,
        slug: `advice-${index}`,
        title: `Advice ${index}`,
        content: '<p>Tip</p>',
        isPublished: true,
        publishedAt: new Date(Date.UTC(2026, 0, index + 1)),
      })),
    );
  });
  afterAll(async () => {
    await database?.close();
  });

  it('sanitizes the content again when the page reads it', async () => {
    const post = await findPublishedPost(contextFor(database), unsafeId);
    expect(post?.content).toContain('<p>Hello</p>');
    expect(post?.content).not.toMatch(/<script|onerror|javascript:/i);
  });

  it('treats drafts and unknown ids as not found', async () => {
    await expect(findPublishedPost(contextFor(database), draftId)).resolves.toBeNull();
    await expect(findPublishedPost(contextFor(database), 999_999)).resolves.toBeNull();
    await expect(findPublishedPost(contextFor(database), null)).resolves.toBeNull();
  });

  it('shows a draft at its public address to signed-in staff only, marked as a preview and sanitized', async () => {
    const asVisitor = contextFor(database, { routeParams: { id: String(draftId) } });
    await expect(articleData(asVisitor)).rejects.toMatchObject({
      _pageContextAbort: expect.objectContaining({ abortStatusCode: 404 }),
    });
    const asEditor = contextFor(database, {
      routeParams: { id: String(draftId) },
      user: { username: 'ed', role: 'editor' },
    });
    const { post, preview } = await articleData(asEditor);
    expect(preview).toBe(true);
    expect(post.id).toBe(draftId);
    expect(post).not.toHaveProperty('isPublished');
    const published = await articleData(
      contextFor(database, {
        routeParams: { id: String(unsafeId) },
        user: { username: 'ed', role: 'editor' },
      }),
    );
    expect(published.preview).toBe(false);
  });

  it('takes the id from the path first, then from ?id=, and rejects malformed ids', () => {
    expect(requestedPostId(contextFor(database, { routeParams: { id: '12' }, search: { id: '3' } }))).toBe(
      12,
    );
    expect(requestedPostId(contextFor(database, { routeParams: { id: '' }, search: { id: '3' } }))).toBe(3);
    expect(requestedPostId(contextFor(database, { routeParams: { id: 'abc' } }))).toBeNull();
    expect(requestedPostId(contextFor(database, { routeParams: { id: '-4' } }))).toBeNull();
    expect(requestedPostId(contextFor(database))).toBeNull();
  });

  it("serves nine advice cards per page, newest first, with only the card fields and the date written out in Cumming's time zone", async () => {
    const first = await postListData(contextFor(database), 'advicePosts');
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 11, first: 1, last: 9 });
    // Midnight UTC on 11 January is still the evening of the 10th in Georgia.
    expect(first.items[0]).toEqual({
      id: expect.any(Number),
      title: 'Advice 10',
      excerpt: '',
      image: null,
      video: null,
      publishedAt: '2026-01-11T00:00:00.000Z',
      dateLabel: 'January 10, 2026',
      picture: null,
    });
    const second = await postListData(contextFor(database, { search: { page: '2' } }), 'advicePosts');
    expect(second).toMatchObject({ page: 2, first: 10, last: 11 });
    expect(second.items.map((item) => item.title)).toEqual(['Advice 1', 'Advice 0']);
  });

  it('describes an article for search and sharing without a data: image', async () => {
    const post = (await findPublishedPost(contextFor(database), unsafeId))!;
    const seo = articleSeo(contextFor(database), post);
    expect(seo).toMatchObject({
      title: 'Unsafe row',
      path: `/post/${unsafeId}`,
      breadcrumb: 'Unsafe row',
      type: 'article',
      // A post's own image is described by its title for sharing sites and screen readers.
      imageAlt: 'Unsafe row',
    });
    expect(seo.article).toMatchObject({ publishedTime: '2026-03-01T15:30:00.000Z', section: 'News' });
    expect(seo.structuredData?.[0]).toMatchObject({
      '@type': 'Article',
      headline: 'Unsafe row',
      datePublished: '2026-03-01T15:30:00.000Z',
      image: [`${PUBLIC_URL}${siteImageUrl('/images/plumber_photo.jpg')}`],
      author: { '@type': 'Organization', name: defaultSettings.companyName },
      publisher: { '@type': 'Organization', name: defaultSettings.companyName },
      mainEntityOfPage: { '@id': `${PUBLIC_URL}/post/${unsafeId}` },
    });
  });
});
