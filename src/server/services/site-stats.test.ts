import type { IncomingMessage } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/client.ts';
import {
  analyticsDaily,
  analyticsEvents,
  analyticsSalts,
  contactSubmissions,
  reviews,
  type NewAnalyticsEvent,
} from '../../../db/schema/index.ts';
import { addDays, companyDay } from '../../shared/company-time.ts';
import { createTestDatabase, testDatabaseKind } from '../testing/test-database.ts';
import { AnalyticsRecorder, isBot, sourceOf, visitorHash } from './analytics.ts';
import { getSettings, saveSettings, seedDefaultSettings } from './settings.ts';
import { getSiteStats, rollUpEventsBefore } from './site-stats.ts';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

function fakeRequest(
  url: string,
  headers: Record<string, string> = {},
  address = '203.0.113.7',
): IncomingMessage {
  return {
    method: 'GET',
    url,
    headers: { host: 'plumber.example', 'user-agent': CHROME, ...headers },
    socket: { remoteAddress: address },
  } as unknown as IncomingMessage;
}

/** The recorder's log: a warning (a failed flush) fails the test that caused it. */
const failOnWarning = {
  warn: (...args: unknown[]) => expect.fail(`the recorder warned: ${JSON.stringify(args)}`),
};

describe(`site statistics (${testDatabaseKind})`, () => {
  let database: DatabaseHandle;
  beforeEach(async () => {
    database = await createTestDatabase();
    await seedDefaultSettings(database.db);
  });
  afterEach(async () => {
    await database.close();
  });

  const event = (
    at: string,
    kind: 'pageview' | 'call',
    path: string,
    visitor: string,
    source: string | null,
  ) =>
    ({
      at: new Date(at),
      day: companyDay(new Date(at)),
      kind,
      path,
      visitor,
      source,
    }) satisfies NewAnalyticsEvent;

  it('files events, leads and reviews under the New York day they happened on, across midnight and DST', async () => {
    // 04:30 UTC is 23:30 the evening before in New York (EST, UTC-5); 05:30 UTC is already the next day.
    expect(companyDay(new Date('2026-11-24T04:30:00Z'))).toBe('2026-11-23');
    expect(companyDay(new Date('2026-11-24T05:30:00Z'))).toBe('2026-11-24');
    // In summer New York is UTC-4.
    expect(companyDay(new Date('2026-07-01T03:59:00Z'))).toBe('2026-06-30');
    expect(companyDay(new Date('2026-07-01T04:01:00Z'))).toBe('2026-07-01');
    // The day clocks go forward has 23 hours; calendar arithmetic still steps one day.
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-03-09', -2)).toBe('2026-03-07');

    await database.db
      .insert(analyticsEvents)
      .values([
        event('2026-11-24T04:30:00Z', 'pageview', '/', 'a', 'direct'),
        event('2026-11-24T05:30:00Z', 'pageview', '/', 'b', 'direct'),
      ]);
    const lead = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', message: 'Leak' };
    await database.db.insert(contactSubmissions).values([
      { ...lead, createdAt: new Date('2026-11-24T04:59:00Z'), page: '/contact', source: 'direct' },
      { ...lead, createdAt: new Date('2026-11-24T05:01:00Z'), page: '/contact', source: 'direct' },
    ]);
    await database.db.insert(reviews).values([
      { name: 'Ann', review: 'Great', createdAt: new Date('2026-11-24T04:59:00Z') },
      { name: 'Bob', review: 'Great', createdAt: new Date('2026-11-24T05:01:00Z') },
    ]);

    const { stats } = await getSiteStats(database.db, 2, new Date('2026-11-24T15:00:00Z'));
    expect(stats.from).toBe('2026-11-23');
    expect(stats.to).toBe('2026-11-24');
    expect(stats.days).toEqual([
      { date: '2026-11-23', visitors: 1, pageviews: 1, calls: 0, leads: 1 },
      { date: '2026-11-24', visitors: 1, pageviews: 1, calls: 0, leads: 1 },
    ]);
    expect(stats.totals.reviews).toBe(2);
    // One day only, the one after midnight: a single lead, review and view.
    const today = (await getSiteStats(database.db, 1, new Date('2026-11-24T15:00:00Z'))).stats;
    expect(today.totals).toEqual({ visitors: 1, pageviews: 1, calls: 0, leads: 1, reviews: 1 });
  });

  it('lists every day of the period, empty ones as zeros, and compares with the period before', async () => {
    const now = new Date('2026-11-24T15:00:00Z');
    await database.db
      .insert(analyticsEvents)
      .values([
        event('2026-11-20T15:00:00Z', 'pageview', '/', 'a', 'direct'),
        event('2026-11-14T15:00:00Z', 'pageview', '/', 'b', 'direct'),
        event('2026-11-14T15:01:00Z', 'pageview', '/about', 'b', null),
      ]);
    const { stats, previousTotals } = await getSiteStats(database.db, 7, now);
    expect(stats.days.map((day) => day.date)).toEqual([
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
    ]);
    expect(stats.days.filter((day) => day.pageviews > 0).map((day) => day.date)).toEqual(['2026-11-20']);
    expect(stats.days[0]).toEqual({ date: '2026-11-18', visitors: 0, pageviews: 0, calls: 0, leads: 0 });
    expect(stats.totals).toEqual({ visitors: 1, pageviews: 1, calls: 0, leads: 0, reviews: 0 });
    expect(previousTotals).toEqual({ visitors: 1, pageviews: 2, calls: 0, leads: 0, reviews: 0 });
  });

  it('credits pages with their views, calls and leads and sources with the visitors they brought', async () => {
    await database.db.insert(analyticsEvents).values([
      // Visitor a arrives from Facebook, reads the services page and taps the phone number there.
      event('2026-11-24T14:00:00Z', 'pageview', '/', 'a', 'facebook'),
      event('2026-11-24T14:01:00Z', 'pageview', '/services', 'a', null),
      event('2026-11-24T14:02:00Z', 'call', '/services', 'a', null),
      // Visitor b types the address; visitor c comes from Google, twice.
      event('2026-11-24T14:03:00Z', 'pageview', '/', 'b', 'direct'),
      event('2026-11-24T14:04:00Z', 'pageview', '/services', 'c', 'google.com'),
      event('2026-11-24T14:05:00Z', 'pageview', '/services', 'c', 'google.com'),
    ]);
    await database.db.insert(contactSubmissions).values({
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      message: 'Leak',
      createdAt: new Date('2026-11-24T14:10:00Z'),
      page: '/contact',
      source: 'facebook',
    });
    const { stats } = await getSiteStats(database.db, 1, new Date('2026-11-24T20:00:00Z'));
    expect(stats.totals).toEqual({ visitors: 3, pageviews: 5, calls: 1, leads: 1, reviews: 0 });
    expect(stats.pages).toEqual([
      { path: '/services', pageviews: 3, visitors: 2, calls: 1, leads: 0 },
      { path: '/', pageviews: 2, visitors: 2, calls: 0, leads: 0 },
      { path: '/contact', pageviews: 0, visitors: 0, calls: 0, leads: 1 },
    ]);
    expect(stats.sources).toEqual([
      { source: 'facebook', visitors: 1, leads: 1 },
      { source: 'direct', visitors: 1, leads: 0 },
      { source: 'google.com', visitors: 1, leads: 0 },
    ]);
  });

  it('folds raw events older than the window into daily totals that give the same figures', async () => {
    await database.db
      .insert(analyticsEvents)
      .values([
        event('2026-01-10T14:00:00Z', 'pageview', '/', 'a', 'facebook'),
        event('2026-01-10T14:01:00Z', 'pageview', '/services', 'a', null),
        event('2026-01-10T14:02:00Z', 'call', '/services', 'a', null),
        event('2026-01-10T15:00:00Z', 'pageview', '/services', 'b', 'direct'),
        event('2026-01-11T15:00:00Z', 'pageview', '/', 'c', 'direct'),
      ]);
    const now = new Date('2026-01-12T15:00:00Z');
    const before = await getSiteStats(database.db, 5, now);
    await rollUpEventsBefore(database.db, '2026-01-11');
    const remaining = await database.db.select().from(analyticsEvents);
    expect(remaining.map((row) => row.day)).toEqual(['2026-01-11']);
    expect(await database.db.select().from(analyticsDaily)).toHaveLength(1 + 2 + 2);
    expect(await getSiteStats(database.db, 5, now)).toEqual(before);
  });

  it('records views in batches, hashing visitors without keeping addresses, and skips bots and prefetches', async () => {
    const recorder = new AnalyticsRecorder(database.db, false, { flushIntervalMs: 60_000 }, failOnWarning);
    recorder.notePageView(fakeRequest('/?utm_source=Facebook&utm_medium=cpc'));
    recorder.notePageView(fakeRequest('/services', { referer: 'http://plumber.example/' }));
    recorder.notePageView(
      fakeRequest('/about', { referer: 'https://www.google.com/search?q=x' }, '198.51.100.4'),
    );
    recorder.noteCall(fakeRequest('/anything'), '/services');
    recorder.notePageView(
      fakeRequest('/', { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }),
    );
    recorder.notePageView(fakeRequest('/', { 'user-agent': '' }));
    recorder.notePageView(fakeRequest('/', { 'sec-purpose': 'prefetch' }));
    expect(await database.db.select().from(analyticsEvents)).toEqual([]);
    await recorder.flush();

    const rows = await database.db.select().from(analyticsEvents).orderBy(analyticsEvents.id);
    expect(rows.map((row) => [row.kind, row.path, row.source])).toEqual([
      ['pageview', '/', 'facebook'],
      ['pageview', '/services', null],
      ['pageview', '/about', 'google.com'],
      ['call', '/services', null],
    ]);
    const [salt] = await database.db.select().from(analyticsSalts);
    expect(rows[0]!.visitor).toBe(visitorHash(salt!.salt, '203.0.113.7', CHROME));
    expect(rows[1]!.visitor).toBe(rows[0]!.visitor);
    expect(rows[2]!.visitor).not.toBe(rows[0]!.visitor);
    expect(JSON.stringify(rows)).not.toContain('203.0.113');
    expect(JSON.stringify(rows)).not.toContain('Chrome');

    // The Settings switch off: nothing more is written.
    await saveSettings(database.db, { ...(await getSettings(database.db)), analyticsEnabled: false });
    await recorder.flush();
    recorder.notePageView(fakeRequest('/'));
    await recorder.flush();
    expect(await database.db.select().from(analyticsEvents)).toHaveLength(4);
    await recorder.stop();
  });

  it('deletes the salts of past days', async () => {
    await database.db.insert(analyticsSalts).values({ day: '2020-01-01', salt: 'old' });
    const recorder = new AnalyticsRecorder(database.db, false, { flushIntervalMs: 60_000 }, failOnWarning);
    recorder.notePageView(fakeRequest('/'));
    await recorder.stop();
    const salts = await database.db.select().from(analyticsSalts);
    expect(salts.map((row) => row.day)).toEqual([companyDay(new Date())]);
  });

  it('names sources and bots', () => {
    expect(sourceOf('/?utm_source=newsletter', 'https://www.google.com/', 'site.test')).toBe('newsletter');
    expect(sourceOf('/', 'https://www.google.com/', 'site.test')).toBe('google.com');
    expect(sourceOf('/', 'https://site.test/about', 'site.test:443')).toBeNull();
    expect(sourceOf('/', undefined, 'site.test')).toBe('direct');
    expect(isBot(CHROME)).toBe(false);
    expect(isBot('Mozilla/5.0 (compatible; bingbot/2.0)')).toBe(true);
    expect(isBot('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/126.0')).toBe(true);
    expect(isBot(undefined)).toBe(true);
  });
});
