import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKind } from '../testing/test-database.ts';

const UNSAFE_HTML = '<p>Hello</p><script>window.__xss=1</script><img src="/uploads/a.jpg" onerror="window.__xss=2"><a href="javascript:alert(1)">x</a>';

describe(`public REST calls of SPEC section 7 (${testDatabaseKind})`, () => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const trpcQuery = (path: string, input?: unknown) => get(`/trpc/${path}${input ? `?input=${encodeURIComponent(JSON.stringify(input))}` : ''}`);

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /api/posts/{id}', () => {
    it('gives sanitized HTML even for a row written around the sanitizer (a seed post, an import), over REST and tRPC alike', async () => {
      // Straight into the table, as db/seed.ts and any import do: createPost's sanitizer never saw it.
      const [row] = await t.database.db
        .insert(posts)
        .values({ type: 'news', slug: 'unsafe-row', title: 'Unsafe row', content: UNSAFE_HTML, isPublished: true, publishedAt: new Date('2026-01-01T00:00:00Z') })
        .returning();

      const rest = await get(`/api/posts/${row!.id}`);
      expect(rest.statusCode).toBe(200);
      const { post } = rest.json();
      expect(post.content).toContain('<p>Hello</p>');
      expect(post.content).toContain('<img src="/uploads/a.jpg" />');
      expect(post.content).not.toMatch(/<script|onerror|javascript:|__xss/i);

      const trpc = await trpcQuery('posts.byId', { id: row!.id });
      expect(trpc.json().result.data.content).toBe(post.content);
    });
  });
});
