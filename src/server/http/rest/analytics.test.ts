import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { analyticsEvents, contactSubmissions, rateLimits } from '../../../../db/schema/index.ts';
import { actionLimits } from '../../services/rate-limits.ts';
import { testVisitor } from '../../testing/booking-visitor.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { getSettings, saveSettings } from '../../services/settings.ts';

const CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const browser = { host: 'localhost:3000', 'user-agent': CHROME };

describe(`visit counting over HTTP (${testDatabaseKind})`, () => {
  let t: TestApp;
  // The test app renders no pages: these are answered from the cache, keyed by the whole URL. Signing in
  // empties the cache, as every successful change does.
  const cachePages = () => {
    for (const url of ['/news', '/news?utm_source=Newsletter', '/news?utm_source=facebook'])
      t.app.pageCache.set(url, {
        statusCode: 200,
        headers: [['content-type', 'text/html;charset=utf-8']],
        body: Buffer.from('<!DOCTYPE html><p>News</p>'),
        storedAt: Date.now(),
      });
  };
  beforeEach(async () => {
    t = await buildTestApp();
    cachePages();
  });
  afterEach(async () => {
    await t.close();
  });

  const events = async () => {
    await t.app.analytics.flush();
    return (await t.database.db.select().from(analyticsEvents).orderBy(analyticsEvents.id)).map((row) => [
      row.kind,
      row.path,
      row.source,
    ]);
  };

  it('counts a cached page for a visitor, not for a crawler or a signed-in member of staff', async () => {
    const cookie = await t.signInAs('editor');
    cachePages();
    await t.app.inject({ url: '/news?utm_source=Newsletter', headers: browser });
    await t.app.inject({ url: '/news', headers: { ...browser, 'user-agent': 'Googlebot/2.1' } });
    await t.app.inject({ url: '/news', headers: { host: 'localhost:3000', 'user-agent': 'curl/8.5.0' } });
    await t.app.inject({ url: '/news', headers: { ...browser, cookie } });
    await t.app.inject({ method: 'HEAD', url: '/news', headers: browser });
    expect(await events()).toEqual([['pageview', '/news', 'newsletter']]);
  });

  it('counts a call tap from the beacon, refuses a malformed one, and ignores staff', async () => {
    const beacon = (payload: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/analytics/call',
        payload,
        headers: { ...browser, 'content-type': 'text/plain;charset=UTF-8', ...headers },
      });
    expect((await beacon('/services')).statusCode).toBe(204);
    const bad = await beacon('https://elsewhere.example/');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, message: 'The page path must start with /' });
    const cookie = await t.signInAs('admin');
    expect((await beacon('/about', { cookie })).statusCode).toBe(204);
    expect(await events()).toEqual([['call', '/services', null]]);

    // One address tapping the number over and over is counted up to the limit, then refused.
    for (let tap = 2; tap <= actionLimits.call.max; tap += 1)
      expect((await beacon('/services')).statusCode).toBe(204);
    const refused = await beacon('/services');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await events()).toHaveLength(actionLimits.call.max);
    await t.database.db.delete(rateLimits);

    // The Settings switch off: taps are no longer counted.
    await saveSettings(t.database.db, { ...(await getSettings(t.database.db)), analyticsEnabled: false });
    await t.app.analytics.flush();
    expect((await beacon('/services')).statusCode).toBe(204);
    expect(await events()).toHaveLength(actionLimits.call.max);
  });

  it("files a lead under the source of its sender's first view today, written or still in memory", async () => {
    await t.app.inject({ url: '/news?utm_source=facebook', headers: browser });
    await t.app.analytics.flush();
    await t.app.inject({ url: '/news?utm_source=Newsletter', headers: browser });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: browser,
      payload: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', message: 'Leak' },
    });
    expect(sent.statusCode).toBe(201);
    const [lead] = await t.database.db.select().from(contactSubmissions);
    expect(lead!.source).toBe('facebook');
  });

  it('files a lead under the page it was sent from and the source that brought its sender, in the stats', async () => {
    await t.app.inject({ url: '/news?utm_source=facebook', headers: browser });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { ...browser, referer: 'http://localhost:3000/contact' },
      payload: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', message: 'Leak' },
    });
    expect(sent.statusCode).toBe(201);
    const [lead] = await t.database.db.select().from(contactSubmissions);
    expect([lead!.page, lead!.source]).toEqual(['/contact', 'facebook']);
    // The source was found among the views still in memory: a message does not write them all out.
    expect(await t.database.db.select().from(analyticsEvents)).toEqual([]);

    const cookie = await t.signInAs('editor');
    const response = await t.app.inject({ url: '/api/admin/stats?days=1', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const { stats } = response.json();
    expect(stats.totals).toEqual({ visitors: 1, pageviews: 1, calls: 0, leads: 1, reviews: 0 });
    expect(stats.pages).toEqual([
      { path: '/news', pageviews: 1, visitors: 1, calls: 0, leads: 0 },
      { path: '/contact', pageviews: 0, visitors: 0, calls: 0, leads: 1 },
    ]);
    expect(stats.sources).toEqual([{ source: 'facebook', visitors: 1, leads: 1 }]);
    expect(stats.days).toEqual([{ date: stats.to, visitors: 1, pageviews: 1, calls: 0, leads: 1 }]);
  });

  it('files an online booking under the page it was made on and the source that brought its visitor', async () => {
    await t.app.inject({ url: '/news?utm_source=facebook', headers: browser });
    const availability = await t.app.inject({
      url: '/api/booking/availability?zip=30040&days=14',
      headers: browser,
    });
    const open = availability
      .json<{ windows: { date: string; start: string; available: number }[] }>()
      .windows.find((window) => window.available > 0)!;
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { ...browser, referer: 'http://localhost:3000/book' },
      payload: { ...testVisitor, date: open.date, start: open.start },
    });
    expect(booked.statusCode).toBe(201);

    const cookie = await t.signInAs('editor');
    const response = await t.app.inject({ url: '/api/admin/stats?days=1', headers: { cookie } });
    expect(response.json().bookings).toEqual({
      total: 1,
      pages: [{ page: '/book', bookings: 1 }],
      sources: [{ source: 'facebook', bookings: 1 }],
    });
  });
});
