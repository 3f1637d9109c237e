import { rm } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contactSubmissions, rateLimits, reviews } from '../../../../db/schema/index.ts';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../testing/test-app.ts';
import { createTestDatabase, testDatabaseKind } from '../../testing/test-database.ts';
import { getSettings, saveSettings } from '../../services/settings.ts';
import { countHit } from '../../services/rate-limits.ts';
import { SPAM_KEPT_MS, sweepExpired } from '../../services/sweep.ts';
import { createUser } from '../../services/users.ts';
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
const json = { 'content-type': 'application/json' };

describe(`limits, spam folder and page cache (${testDatabaseKind})`, () => {
  let t: TestApp;
  let second: TestApp | undefined;
  beforeEach(async () => {
    t = await buildTestApp({ loginThrottle: { delayStepMs: 0 } });
    second = undefined;
  });
  afterEach(async () => {
    // The second app shares the first one's database: close its server only.
    await second?.app.close();
    await t.close();
  });
  const setSettings = async (change: Partial<SiteSettings>) =>
    saveSettings(t.database.db, { ...(await getSettings(t.database.db)), ...change });
  const send = (app: TestApp, url: string, payload: object, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'POST', url, payload, headers: { ...json, ...headers } });

  describe('one limit per action, whichever transport carries it', () => {
    it('contact: 20 per address across /api/contact and /trpc/contact.send, then 429 with Retry-After', async () => {
      for (let n = 0; n < 10; n++) expect((await send(t, '/api/contact', lead)).statusCode).toBe(201);
      for (let n = 0; n < 10; n++) expect((await send(t, '/trpc/contact.send', lead)).statusCode).toBe(200);
      const rest = await send(t, '/api/contact', lead);
      expect(rest.statusCode).toBe(429);
      expect(rest.json()).toMatchObject({
        success: false,
        message: expect.stringMatching(/^Too many requests\. Please try again in 10 minute\(s\)\.$/),
      });
      expect(Number(rest.headers['retry-after'])).toBeGreaterThan(500);
      const trpc = await send(t, '/trpc/contact.send', lead);
      expect(trpc.statusCode).toBe(429);
      expect(trpc.json().error.message).toMatch(/^Too many requests\./);
      expect(Number(trpc.headers['retry-after'])).toBeGreaterThan(500);
      expect(await t.database.db.select().from(contactSubmissions)).toHaveLength(20);
      // Another address has its own count, and reviews their own.
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: lead,
        remoteAddress: '198.51.100.9',
      });
      expect(other.statusCode).toBe(201);
      expect((await send(t, '/api/reviews', review)).statusCode).toBe(201);
    });

    it('reviews: /trpc/reviews.create is refused once /api/reviews has used the limit', async () => {
      for (let n = 0; n < 20; n++) expect((await send(t, '/api/reviews', review)).statusCode).toBe(201);
      expect((await send(t, '/trpc/reviews.create', review)).statusCode).toBe(429);
      expect((await send(t, '/api/reviews', review)).statusCode).toBe(429);
      expect(await t.database.db.select().from(reviews)).toHaveLength(20);
    });

    it('is one count for every instance on the database', async () => {
      second = await buildTestApp({ database: t.database });
      for (let n = 0; n < 20; n++) {
        expect((await send(n % 2 ? second : t, '/api/contact', lead)).statusCode).toBe(201);
      }
      expect((await send(second, '/trpc/contact.send', lead)).statusCode).toBe(429);
      expect((await send(t, '/api/contact', lead)).statusCode).toBe(429);
    });

    it('a window that has ended counts from one again, and the sweep deletes it', async () => {
      // Ahead of the clock, so the sweep the server runs at start has nothing of this test's to delete.
      const start = new Date(Date.now() + 24 * 60 * 60_000);
      expect((await countHit(t.database.db, 'test:a', 60_000, start)).hits).toBe(1);
      expect((await countHit(t.database.db, 'test:a', 60_000, new Date(start.getTime() + 59_000))).hits).toBe(
        2,
      );
      await countHit(t.database.db, 'test:b', 120_000, start);
      const later = new Date(start.getTime() + 60_000);
      expect(await sweepExpired(t.database.db, { fileStore: t.app.fileStore }, later)).toMatchObject({
        rateLimits: 1,
      });
      expect((await t.database.db.select().from(rateLimits)).map((row) => row.key)).toEqual(['test:b']);
      expect(
        (await countHit(t.database.db, 'test:b', 120_000, new Date(start.getTime() + 120_000))).hits,
      ).toBe(1);
    });
  });

  describe('sign-in throttle', () => {
    const login = (app: TestApp, password: string) =>
      send(app, '/api/login', { username: 'owner', password });
    beforeEach(async () => {
      await createUser(t.database.db, {
        username: 'owner',
        email: 'owner@example.com',
        password: TEST_PASSWORD,
        role: 'admin',
      });
    });

    it('counts failures on every instance as one', async () => {
      second = await buildTestApp({ database: t.database, loginThrottle: { delayStepMs: 0 } });
      for (let n = 0; n < 10; n++) {
        expect((await login(n % 2 ? second : t, `wrong ${n}`)).statusCode).toBe(401);
      }
      expect((await login(second, TEST_PASSWORD)).statusCode).toBe(429);
      expect((await login(t, TEST_PASSWORD)).statusCode).toBe(429);
    });

    it('holds under concurrent guesses: each is counted before its password is checked', async () => {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, n) => login(n % 2 ? t : t, `wrong ${n}`)),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    });

    it('a right password clears the count', async () => {
      for (let n = 0; n < 9; n++) expect((await login(t, `wrong ${n}`)).statusCode).toBe(401);
      expect((await login(t, TEST_PASSWORD)).statusCode).toBe(200);
      for (let n = 0; n < 10; n++) expect((await login(t, `wrong ${n}`)).statusCode).toBe(401);
      expect((await login(t, TEST_PASSWORD)).statusCode).toBe(429);
    });
  });

  describe('spam folder', () => {
    it('keeps what the bot checks catch as spam: same success, never public, listed apart, restorable', async () => {
      const honeypot = await send(t, '/api/contact', {
        ...lead,
        firstName: 'Pot',
        website: 'http://x.example',
      });
      const tooFast = await send(t, '/trpc/contact.send', { ...lead, firstName: 'Fast', formFillMs: 300 });
      const person = await send(t, '/api/contact', { ...lead, firstName: 'Person', formFillMs: 9_000 });
      const botReview = await send(t, '/api/reviews', { ...review, name: 'Bot', website: 'x' });
      expect([honeypot.statusCode, tooFast.statusCode, person.statusCode, botReview.statusCode]).toEqual([
        201, 200, 201, 201,
      ]);
      expect(honeypot.json()).toEqual({ success: true, message: 'Message sent successfully' });
      expect(botReview.json()).toMatchObject({
        success: true,
        pending: false,
        message: 'Review submitted successfully',
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/reviews' })).json().reviews).toEqual([]);

      const cookie = await t.signInAs('editor');
      const query = async (path: string, input?: object) =>
        (
          await t.app.inject({
            method: 'GET',
            url: `/trpc/${path}${input ? `?input=${encodeURIComponent(JSON.stringify(input))}` : ''}`,
            headers: { cookie },
          })
        ).json().result.data;
      const names = (rows: { firstName?: string; name?: string }[]) =>
        rows.map((row) => row.firstName ?? row.name);
      expect(names(await query('leads.list'))).toEqual(['Person']);
      expect(names(await query('leads.list', { spam: true }))).toEqual(['Fast', 'Pot']);
      expect(await query('leads.countNew')).toBe(1);
      expect(await query('adminReviews.list')).toEqual([]);
      const [spamReview] = await query('adminReviews.list', { spam: true });
      expect(spamReview).toMatchObject({ name: 'Bot', isSpam: true, isVisible: false });
      const csv = await t.app.inject({ method: 'GET', url: '/api/admin/leads.csv', headers: { cookie } });
      expect(csv.body).not.toContain('Pot');

      const spamLeads = await query('leads.list', { spam: true });
      const restore = (path: string, id: number | string) =>
        send(t, `/trpc/${path}`, { id: Number(id) }, { cookie });
      expect((await restore('leads.notSpam', spamLeads[1].id)).statusCode).toBe(200);
      expect(names(await query('leads.list'))).toEqual(['Person', 'Pot']);
      expect(await query('leads.countNew')).toBe(2);
      expect((await restore('leads.notSpam', spamLeads[1].id)).statusCode).toBe(404);

      expect((await restore('adminReviews.notSpam', spamReview.id)).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/reviews' })).json().reviews).toMatchObject([
        { name: 'Bot' },
      ]);
    });

    it('a restored review waits for approval when the owner holds reviews', async () => {
      await setSettings({ holdReviewsForApproval: true });
      const answer = await send(t, '/api/reviews', { ...review, formFillMs: 100 });
      expect(answer.json()).toMatchObject({ success: true, pending: true });
      const [row] = await t.database.db.select().from(reviews);
      expect(row).toMatchObject({ isSpam: true, isVisible: false });
      const cookie = await t.signInAs('editor');
      expect((await send(t, '/trpc/adminReviews.notSpam', { id: row!.id }, { cookie })).statusCode).toBe(200);
      const [after] = await t.database.db.select().from(reviews).where(eq(reviews.id, row!.id));
      expect(after).toMatchObject({ isSpam: false, isVisible: false });
    });

    it('spam older than 30 days is deleted by the sweep; newer spam and real leads stay', async () => {
      // The sweep runs as if ten days from now, so the rows it should delete are not yet old for the
      // sweep the app itself runs at start, which may come late on a busy machine.
      const now = new Date(Date.now() + 10 * 24 * 60 * 60_000);
      const old = new Date(now.getTime() - SPAM_KEPT_MS - 60_000);
      const recent = new Date(now.getTime() - SPAM_KEPT_MS + 60 * 60_000);
      await t.database.db.insert(contactSubmissions).values([
        { ...lead, firstName: 'OldSpam', isSpam: true, createdAt: old },
        { ...lead, firstName: 'NewSpam', isSpam: true, createdAt: recent },
        { ...lead, firstName: 'OldLead', isSpam: false, createdAt: old },
      ]);
      await t.database.db.insert(reviews).values([
        { ...review, name: 'OldSpam', isSpam: true, isVisible: false, createdAt: old },
        { ...review, name: 'OldReal', createdAt: old },
      ]);
      expect(await sweepExpired(t.database.db, { fileStore: t.app.fileStore }, now)).toMatchObject({
        spamLeads: 1,
        spamReviews: 1,
      });
      expect(
        (await t.database.db.select().from(contactSubmissions)).map((row) => row.firstName).sort(),
      ).toEqual(['NewSpam', 'OldLead']);
      expect((await t.database.db.select().from(reviews)).map((row) => row.name)).toEqual(['OldReal']);
    });

    it('the server sweeps at start', async () => {
      await t.database.db
        .insert(contactSubmissions)
        .values({ ...lead, isSpam: true, createdAt: new Date(Date.now() - SPAM_KEPT_MS - 60_000) });
      second = await buildTestApp({ database: t.database });
      const deadline = Date.now() + 5_000;
      while ((await t.database.db.select().from(contactSubmissions)).length > 0) {
        if (Date.now() > deadline) throw new Error('old spam was not swept at start');
        await new Promise((resolve) => setImmediate(resolve));
      }
    });

    it('a server told to wait before its background work answers first, sweeps after, and never once closed', async () => {
      // A database of its own: the sweep the test app runs at start must not be the one that deletes.
      const database = await createTestDatabase();
      const spamLeft = async () => (await database.db.select().from(contactSubmissions)).length;
      let sweeper: TestApp | undefined;
      try {
        await database.db
          .insert(contactSubmissions)
          .values({ ...lead, isSpam: true, createdAt: new Date(Date.now() - SPAM_KEPT_MS - 60_000) });
        const closedFirst = await buildTestApp({ database, backgroundStartDelayMs: 60_000 });
        expect((await closedFirst.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
        expect(await spamLeft()).toBe(1);
        // Closed before its time came: the sweep never starts, so nothing touches the database after.
        await closedFirst.app.close();
        await rm(closedFirst.config.uploadsDir, { recursive: true, force: true });
        expect(await spamLeft()).toBe(1);

        sweeper = await buildTestApp({ database, backgroundStartDelayMs: 50 });
        const deadline = Date.now() + 5_000;
        while ((await spamLeft()) > 0) {
          if (Date.now() > deadline) throw new Error('old spam was not swept after the delay');
          await new Promise((resolve) => setImmediate(resolve));
        }
      } finally {
        await (sweeper ? sweeper.close() : database.close());
      }
    });
  });

  describe('where alerts go', () => {
    it('tells staff whether alerts can be sent; only an admin sees the address', async () => {
      const recipient = async (cookie: string) =>
        (await t.app.inject({ method: 'GET', url: '/trpc/leads.alertRecipient', headers: { cookie } })).json()
          .result.data;
      const editor = await t.signInAs('editor');
      expect(await recipient(editor)).toEqual({ canSend: false, recipient: null });
      const admin = await t.signInAs('admin', 'boss');
      expect(await recipient(admin)).toEqual({ canSend: true, recipient: 'boss@example.com' });
      expect(await recipient(editor)).toEqual({ canSend: true, recipient: null });
    });
  });

  describe('page cache: only what visitors see clears it', () => {
    // Each with the tables it is read from, as the page's +config.ts declares them.
    const tablesOf: Record<string, string[]> = {
      '/': ['posts', 'reviews', 'media', 'settings'],
      '/testimonials': ['reviews', 'settings'],
      '/testimonials?page=2': ['reviews', 'settings'],
      '/services': ['settings'],
      '/news': ['posts', 'media', 'settings'],
    };
    const pages = Object.keys(tablesOf);
    const fill = () => {
      for (const key of pages)
        t.app.pageCache.set(key, {
          statusCode: 200,
          headers: [],
          body: Buffer.from(key),
          storedAt: Date.now(),
          tables: tablesOf[key],
        });
    };
    const cached = () => pages.filter((key) => t.app.pageCache.get(key));

    it('a lead, a sign-in, a held review and a bot review clear nothing', async () => {
      // A settings change is one visitors see (every instance drops its pages when the database
      // announces it): made, and its announcement heard, before the pages are cached.
      const before = t.app.pageCache.generation;
      await setSettings({ holdReviewsForApproval: true });
      await expect.poll(() => t.app.pageCache.generation).toBeGreaterThan(before);
      fill();
      expect((await send(t, '/api/contact', lead)).statusCode).toBe(201);
      expect((await send(t, '/trpc/contact.send', lead)).statusCode).toBe(200);
      const cookie = await t.signInAs('editor');
      expect((await send(t, '/api/reviews', { ...review, website: 'bot' })).statusCode).toBe(201);
      expect((await send(t, '/api/reviews', review)).statusCode).toBe(201);
      const [first] = await t.database.db.select().from(contactSubmissions);
      expect(
        (await send(t, '/trpc/leads.setStatus', { id: first!.id, status: 'contacted' }, { cookie }))
          .statusCode,
      ).toBe(200);
      expect(cached()).toEqual(pages);
    });

    it('a published review clears the pages read from reviews, and only those', async () => {
      fill();
      expect((await send(t, '/api/reviews', review)).statusCode).toBe(201);
      expect(cached()).toEqual(['/services', '/news']);
    });

    it('a post change clears every page, as before', async () => {
      const cookie = await t.signInAs('admin');
      fill();
      const created = await send(
        t,
        '/api/admin/posts',
        { type: 'news', post: { title: 'New', excerpt: 'e', content: '<p>c</p>', isPublished: true } },
        { cookie },
      );
      expect(created.statusCode).toBe(201);
      expect(cached()).toEqual([]);
    });
  });
});
