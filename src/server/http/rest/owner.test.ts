import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contactSubmissions, reviews } from '../../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { getSettings, saveSettings } from '../../services/settings.ts';
import type { SiteSettings } from '../../../shared/schemas/settings.ts';

const lead = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phone: '470-555-0100',
  service: 'Sewer + Drain Solutions',
  message: 'Basement drain backs up.',
};
const review = { name: 'Ann', secondName: 'Lee', rating: 5, review: 'Great work' };

describe(`owner features over HTTP (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => {
    await t.close();
  });
  const setSettings = async (change: Partial<SiteSettings>) =>
    saveSettings(t.database.db, { ...(await getSettings(t.database.db)), ...change });
  const post = (url: string, payload: object, cookie?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

  describe('leads inbox', () => {
    it('lists leads newest first with status new, filters, searches, changes status and exports CSV; editors may read', async () => {
      await post('/api/contact', lead);
      await post('/api/contact', {
        ...lead,
        firstName: 'Bob',
        email: 'bob@example.com',
        message: 'Water heater',
        service: null,
      });
      const editor = await t.callerAs('editor');
      const cookie = editor.cookie;
      const trpc = editor.query;

      const all = (await trpc('leads.list')).json().result.data;
      expect(all.map((l: { firstName: string; status: string }) => [l.firstName, l.status])).toEqual([
        ['Bob', 'new'],
        ['Ann', 'new'],
      ]);
      expect((await trpc('leads.countNew')).json().result.data).toBe(2);
      expect(
        (await trpc('leads.list', { search: 'basement' }))
          .json()
          .result.data.map((l: { firstName: string }) => l.firstName),
      ).toEqual(['Ann']);
      expect((await trpc('leads.list', { search: '0100' })).json().result.data).toHaveLength(2);

      const annId = all[1].id;
      const changed = await editor.mutate('leads.setStatus', { id: annId, status: 'contacted' });
      expect(changed.statusCode).toBe(200);
      expect(
        (await trpc('leads.list', { status: 'contacted' }))
          .json()
          .result.data.map((l: { id: number }) => l.id),
      ).toEqual([annId]);
      expect((await trpc('leads.countNew')).json().result.data).toBe(1);

      const csv = await t.app.inject({
        method: 'GET',
        url: '/api/admin/leads.csv?status=contacted',
        headers: { cookie },
      });
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toMatch(/attachment; filename="leads-\d{4}-\d\d-\d\d\.csv"/);
      const lines = csv.body.trim().split('\r\n');
      expect(lines[0]).toBe('Received,Status,First name,Last name,Email,Phone,Service,Message');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(
        'contacted,Ann,Lee,ann@example.com,470-555-0100,Sewer + Drain Solutions,Basement drain backs up.',
      );
    });

    it('neutralises spreadsheet formulas in the CSV', async () => {
      await post('/api/contact', { ...lead, message: '=HYPERLINK("http://evil")' });
      const cookie = await t.signInAs('admin');
      const csv = await t.app.inject({ method: 'GET', url: '/api/admin/leads.csv', headers: { cookie } });
      expect(csv.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    });

    it('the inbox needs a session', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/leads.csv' })).statusCode).toBe(401);
      expect((await t.caller().query('leads.list')).statusCode).toBe(401);
    });
  });

  describe('settings that act', () => {
    it('contactFormEnabled off: POST /api/contact is refused with a clear message and nothing is stored', async () => {
      await setSettings({ contactFormEnabled: false });
      const response = await post('/api/contact', lead);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(
        'The contact form is turned off at the moment. Please call us at (470) 555-0142.',
      );
      expect(await t.database.db.select().from(contactSubmissions)).toEqual([]);
      await setSettings({ contactFormEnabled: true });
      expect((await post('/api/contact', lead)).statusCode).toBe(201);
    });

    it('allowComments off: POST /api/reviews is refused and nothing is stored', async () => {
      await setSettings({ allowComments: false });
      const response = await post('/api/reviews', review);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Reviews are closed at the moment. Thank you for thinking of us!');
      expect(await t.database.db.select().from(reviews)).toEqual([]);
    });
  });

  describe('review moderation', () => {
    it('publishes at once by default (as the spec does)', async () => {
      const response = await post('/api/reviews', review);
      expect(response.json()).toMatchObject({ pending: false, message: 'Review submitted successfully' });
      expect((await t.app.inject({ method: 'GET', url: '/api/reviews' })).json().reviews).toHaveLength(1);
    });

    it('holds new reviews for approval when the owner asks, until staff show them; hide and delete work too', async () => {
      await setSettings({ holdReviewsForApproval: true });
      const response = await post('/api/reviews', review);
      expect(response.json()).toMatchObject({
        pending: true,
        message: 'Thank you! Your review will appear after approval.',
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/reviews' })).json().reviews).toEqual([]);

      const editor = await t.callerAs('editor');
      const mutate = editor.mutate;
      const listed = (await editor.query('adminReviews.list')).json().result.data;
      expect(listed).toMatchObject([{ name: 'Ann', isVisible: false }]);
      const id = Number(listed[0].id);

      expect((await mutate('adminReviews.setVisible', { id, isVisible: true })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/reviews' })).json().reviews).toHaveLength(1);
      expect((await mutate('adminReviews.setVisible', { id, isVisible: false })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/reviews' })).json().reviews).toEqual([]);
      expect((await mutate('adminReviews.delete', { id })).statusCode).toBe(200);
      // In the Trash: out of every list, the row kept for a restore.
      expect((await editor.query('adminReviews.list')).json().result.data).toEqual([]);
      expect((await t.database.db.select().from(reviews))[0]!.deletedAt).toBeInstanceOf(Date);
      expect((await mutate('adminReviews.delete', { id })).statusCode).toBe(404);
    });
  });

  describe('spam protection', () => {
    it('keeps a filled honeypot and a form sent faster than a person can type as spam, answering success', async () => {
      const honeypot = await post('/api/contact', { ...lead, website: 'http://spam.example' });
      const tooFast = await post('/api/contact', { ...lead, formFillMs: 300 });
      const bogusReview = await post('/api/reviews', { ...review, website: 'x' });
      expect([honeypot.statusCode, tooFast.statusCode, bogusReview.statusCode]).toEqual([201, 201, 201]);
      expect((await t.database.db.select().from(contactSubmissions)).map((row) => row.isSpam)).toEqual([
        true,
        true,
      ]);
      expect((await t.database.db.select().from(reviews)).map((row) => [row.isSpam, row.isVisible])).toEqual([
        [true, false],
      ]);
    });

    it('keeps what a person sends: empty honeypot, a normal fill time, or a plain API client without the fields', async () => {
      await post('/api/contact', { ...lead, website: '', formFillMs: 20_000 });
      await post('/api/contact', lead);
      await post('/api/reviews', { ...review, website: '', formFillMs: 8_000 });
      expect(await t.database.db.select().from(contactSubmissions)).toHaveLength(2);
      expect(await t.database.db.select().from(reviews)).toHaveLength(1);
    });

    it('a sign-in with the honeypot filled fails like a wrong password', async () => {
      await t.signInAs('admin', 'boss');
      const response = await post('/api/login', {
        username: 'boss',
        password: 'correct horse battery staple',
        website: 'x',
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Invalid username or password');
    });

    it('limits contact messages per address with a clear 429', async () => {
      let last = await post('/api/contact', lead);
      for (let n = 1; n < 21; n++) last = await post('/api/contact', lead);
      expect(last.statusCode).toBe(429);
      expect(last.json()).toMatchObject({
        success: false,
        message: expect.stringMatching(/^Too many requests\. Please try again in \d+ minute/),
      });
    });
  });

  describe('being found', () => {
    it('sitemap lists public routes and published posts with last-modified dates, never drafts', async () => {
      const cookie = await t.signInAs('admin');
      const create = (title: string, isPublished: boolean) =>
        post(
          '/api/admin/posts',
          { type: 'news', post: { title, excerpt: 'e', content: '<p>c</p>', isPublished } },
          cookie,
        );
      const published = (await create('Published one', true)).json().postId;
      const draft = (await create('Draft one', false)).json().postId;
      const future = (
        await post(
          '/api/admin/posts',
          {
            type: 'news',
            post: {
              title: 'Later',
              excerpt: 'e',
              content: 'c',
              isPublished: true,
              publishedAt: '2999-01-01T00:00:00Z',
            },
          },
          cookie,
        )
      ).json().postId;

      const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
      const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(locs).toEqual(
        expect.arrayContaining([
          'http://localhost:3000/',
          'http://localhost:3000/services',
          'http://localhost:3000/contact',
          `http://localhost:3000/post/${published}`,
        ]),
      );
      expect(locs).not.toContain(`http://localhost:3000/post/${draft}`);
      expect(locs).not.toContain(`http://localhost:3000/post/${future}`);
      expect(sitemap.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);

      const rss = await t.app.inject({ method: 'GET', url: '/news/rss.xml' });
      expect(rss.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
      expect(rss.body).toContain('<title>Published one</title>');
      expect(rss.body).not.toContain('Draft one');
      expect(rss.body).not.toContain('<title>Later</title>');
      const advice = await t.app.inject({ method: 'GET', url: '/advice-center/rss.xml' });
      expect(advice.body).not.toContain('Published one');
    });

    it('robots.txt allows the site, keeps crawlers out of /admin and names the sitemap', async () => {
      const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
      expect(robots.body).toContain('Allow: /');
      expect(robots.body).toContain('Disallow: /admin');
      expect(robots.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    });
  });
});
