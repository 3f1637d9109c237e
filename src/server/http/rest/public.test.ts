import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contactSubmissions, posts, reviews } from '../../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { breakTables, testDatabaseKind } from '../../testing/test-database.ts';
import { defaultSettings } from '../../../shared/site-defaults.ts';
import { getSettings, saveSettings } from '../../services/settings.ts';

const validContact = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phone: '470-555-0100',
  service: 'Water Heater Services',
  message: 'My heater leaks.',
};
const UNSAFE_HTML =
  '<p>Hello</p><script>window.__xss=1</script><img src="/uploads/a.jpg" onerror="window.__xss=2"><a href="javascript:alert(1)">x</a>';

describe(`public REST calls (${testDatabaseKind})`, () => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const trpcQuery = (path: string, input?: unknown) => t.caller().query(path, input);

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('drafts and scheduled posts never reach a visitor', () => {
    const titles = { published: 'Visible post', draft: 'Draft post', scheduled: 'Scheduled post' } as const;
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      const past = new Date('2026-01-01T00:00:00Z');
      const future = new Date(Date.now() + 365 * 24 * 3_600_000);
      for (const type of ['news', 'advice'] as const) {
        const rows = await t.database.db
          .insert(posts)
          .values([
            {
              type,
              slug: `${type}-published`,
              title: `${titles.published} (${type})`,
              content: '<p>c</p>',
              isPublished: true,
              publishedAt: past,
            },
            {
              type,
              slug: `${type}-draft`,
              title: `${titles.draft} (${type})`,
              content: '<p>c</p>',
              isPublished: false,
              publishedAt: past,
            },
            // Published, but its date lies ahead: scheduled.
            {
              type,
              slug: `${type}-scheduled`,
              title: `${titles.scheduled} (${type})`,
              content: '<p>c</p>',
              isPublished: true,
              publishedAt: future,
            },
          ])
          .returning();
        for (const row of rows) ids[row.slug] = row.id;
      }
    });

    const listedTitles = (body: {
      newsPosts: Array<{ title: string }>;
      advicePosts: Array<{ title: string }>;
    }) =>
      [...body.newsPosts, ...body.advicePosts]
        .map((post) => post.title)
        .filter((title) => !title.startsWith('Unsafe'));

    it('GET /api/posts and tRPC posts.list list published posts only', async () => {
      const rest = await get('/api/posts');
      expect(rest.json().success).toBe(true);
      expect(listedTitles(rest.json())).toEqual([
        `${titles.published} (news)`,
        `${titles.published} (advice)`,
      ]);
      const trpc = (await trpcQuery('posts.list')).json().result.data;
      expect(listedTitles(trpc)).toEqual([`${titles.published} (news)`, `${titles.published} (advice)`]);
    });

    it.each(['news-draft', 'news-scheduled', 'advice-draft', 'advice-scheduled'])(
      '%s: GET /api/posts/{id} and tRPC posts.byId answer not found',
      async (slug) => {
        const rest = await get(`/api/posts/${ids[slug]}`);
        expect(rest.statusCode).toBe(404);
        expect(rest.json()).toEqual({ success: false, message: 'Post not found' });
        const trpc = await trpcQuery('posts.byId', { id: ids[slug] });
        expect(trpc.statusCode).toBe(404);
        expect(trpc.json().error.data.code).toBe('NOT_FOUND');
        expect(trpc.body).not.toContain(titles.draft);
        expect(trpc.body).not.toContain(titles.scheduled);
      },
    );

    it('a published post is there by id, over REST and tRPC', async () => {
      expect((await get(`/api/posts/${ids['news-published']}`)).json()).toMatchObject({
        success: true,
        post: { title: `${titles.published} (news)` },
      });
      expect((await trpcQuery('posts.byId', { id: ids['advice-published'] })).json().result.data.title).toBe(
        `${titles.published} (advice)`,
      );
    });
  });

  describe('GET /api/reviews', () => {
    it('answers success, the visible reviews newest first (id as text, name, secondName, rating, review, createdAt, the verified badge and the reply) and a message', async () => {
      const [older] = await t.database.db
        .insert(reviews)
        .values({
          name: 'Ann',
          secondName: null,
          rating: 4,
          review: 'Quick and tidy',
          createdAt: new Date('2026-02-01T10:00:00Z'),
        })
        .returning();
      const [newer] = await t.database.db
        .insert(reviews)
        .values({
          name: 'Bo',
          secondName: 'Reyes',
          rating: 5,
          review: 'Fixed our heater',
          createdAt: new Date('2026-02-03T10:00:00Z'),
        })
        .returning();
      await t.database.db
        .insert(reviews)
        .values({ name: 'Hidden', rating: 1, review: 'Held for approval', isVisible: false });

      const response = await get('/api/reviews');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        reviews: [
          {
            id: String(newer!.id),
            name: 'Bo',
            secondName: 'Reyes',
            rating: 5,
            review: 'Fixed our heater',
            createdAt: '2026-02-03T10:00:00.000Z',
            verified: false,
            jobMonth: null,
            town: null,
            reply: null,
            repliedAt: null,
          },
          {
            id: String(older!.id),
            name: 'Ann',
            secondName: null,
            rating: 4,
            review: 'Quick and tidy',
            createdAt: '2026-02-01T10:00:00.000Z',
            verified: false,
            jobMonth: null,
            town: null,
            reply: null,
            repliedAt: null,
          },
        ],
        message: 'Reviews loaded',
      });
    });
  });

  describe('GET /api/posts/{id}', () => {
    it('gives sanitized HTML even for a row written around the sanitizer (a seed post, an import), over REST and tRPC alike', async () => {
      // Straight into the table, as db/seed.ts and any import do: createPost's sanitizer never saw it.
      const [row] = await t.database.db
        .insert(posts)
        .values({
          type: 'news',
          slug: 'unsafe-row',
          title: 'Unsafe row',
          content: UNSAFE_HTML,
          isPublished: true,
          publishedAt: new Date('2026-01-01T00:00:00Z'),
        })
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

  describe('POST /api/contact', () => {
    it("answers a failure on our side with 500 'Failed to send message' and logs it; client errors keep their own message", async () => {
      const logged = vi.spyOn(t.app.log, 'error');
      const restore = await breakTables(t.database.db, ['contact_submissions']);
      try {
        const failed = await t.app.inject({ method: 'POST', url: '/api/contact', payload: validContact });
        expect(failed.statusCode).toBe(500);
        expect(failed.json()).toEqual({ success: false, message: 'Failed to send message' });
        expect(logged).toHaveBeenCalledWith(
          expect.objectContaining({ err: expect.anything() }),
          'request failed',
        );

        const invalid = await t.app.inject({
          method: 'POST',
          url: '/api/contact',
          payload: { ...validContact, firstName: '' },
        });
        expect(invalid.statusCode).toBe(400);
        expect(invalid.json()).toMatchObject({ success: false, message: 'First name is required' });
      } finally {
        await restore();
        logged.mockRestore();
      }

      const sent = await t.app.inject({ method: 'POST', url: '/api/contact', payload: validContact });
      expect(sent.statusCode).toBe(201);
      expect(await t.database.db.select().from(contactSubmissions)).toHaveLength(1);
    });
  });

  describe('GET /api/settings', () => {
    it('answers success and the settings the public pages use', async () => {
      const response = await get('/api/settings');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Object.keys(body)).toEqual(['success', 'settings']);
      expect(body.success).toBe(true);
      const {
        companyName,
        phoneNumber,
        email,
        addressStreet,
        addressCity,
        addressState,
        addressZip,
        businessHours,
        contactFormEnabled,
        allowComments,
        facebook,
      } = defaultSettings;
      expect(body.settings).toMatchObject({
        companyName,
        phoneNumber,
        email,
        // Clients written before the address had parts still read it as one line.
        address: '100 Main Street, Cumming, GA 30040',
        addressStreet,
        addressCity,
        addressState,
        addressZip,
        businessHours,
        contactFormEnabled,
        allowComments,
        facebook,
      });
    });

    it("shows visitors the public settings only: never the owner's adminEmail, which the admin call still gives", async () => {
      await saveSettings(t.database.db, {
        ...(await getSettings(t.database.db)),
        adminEmail: 'owner.private@example.com',
        emailNotifications: false,
      });

      const rest = await get('/api/settings');
      expect(rest.statusCode).toBe(200);
      expect(rest.body).not.toContain('owner.private@example.com');
      expect(rest.json().settings).not.toHaveProperty('adminEmail');
      expect(rest.json().settings).not.toHaveProperty('emailNotifications');
      expect(rest.json().settings).not.toHaveProperty('maintenanceMode');
      const trpc = await trpcQuery('settings.get');
      expect(trpc.body).not.toContain('owner.private@example.com');

      const admin = await t.app.inject({
        method: 'GET',
        url: '/api/admin/settings',
        headers: { cookie: await t.signInAs('admin') },
      });
      expect(admin.json()).toMatchObject({
        success: true,
        settings: { adminEmail: 'owner.private@example.com', emailNotifications: false },
      });
    });

    it('answers a failed read with 500 and success false, an error and a message (the public settings route reads success, settings, error)', async () => {
      const restore = await breakTables(t.database.db, ['settings']);
      // An answer already kept is served while the database fails; this read is the first since a change.
      t.app.pageCache.clear();
      try {
        const failed = await get('/api/settings');
        expect(failed.statusCode).toBe(500);
        expect(failed.json()).toEqual({
          success: false,
          error: 'Failed to load settings',
          message: 'Failed to load settings',
        });
      } finally {
        await restore();
      }
      expect((await get('/api/settings')).json()).toMatchObject({
        success: true,
        settings: { companyName: expect.any(String) },
      });
    });
  });
});
