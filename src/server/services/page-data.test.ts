import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../../../db/client.ts';
import { defaultSettings, sampleReviews } from '../../shared/site-defaults.ts';
import { ReadCache } from '../caching/read-cache.ts';
import { createTestDatabase, testDatabaseKind } from '../testing/test-database.ts';
import { isDegraded, postsForPage, reviewsForPage, serviceAreasForPage } from './page-data.ts';
import { getSettingsOrDefaults } from './settings.ts';

// What a public page shows when its read fails. A closed database fails every query.
describe(`page data fallbacks (${testDatabaseKind})`, () => {
  let healthy: DatabaseHandle;
  let failing: DatabaseHandle;
  const logged: unknown[] = [];
  const log = { error: (...args: unknown[]) => void logged.push(args) };
  const readerOf = (db: Database) => ({
    db,
    log,
    readCache: new ReadCache({ generation: () => 0, ttlMs: 60_000, maxEntries: 10 }),
  });

  beforeAll(async () => {
    healthy = await createTestDatabase();
    // On PostgreSQL both handles reach the same schema; only the closed one fails.
    failing = await createTestDatabase();
    await failing.close();
  });
  afterAll(async () => {
    await healthy?.close();
  });

  it('posts: empty news and advice lists, marked degraded and logged', async () => {
    logged.length = 0;
    await expect(postsForPage(readerOf(failing.db))).resolves.toEqual({
      newsPosts: [],
      advicePosts: [],
      degraded: true,
    });
    expect(logged).toHaveLength(1);
  });

  it('reviews: the nine sample reviews, all rated 5, marked degraded and logged', async () => {
    logged.length = 0;
    const { reviews, degraded } = await reviewsForPage(readerOf(failing.db));
    expect(degraded).toBe(true);
    expect(reviews).toEqual(sampleReviews);
    expect(reviews).toHaveLength(9);
    expect(reviews.every((review) => review.rating === 5)).toBe(true);
    expect(logged).toHaveLength(1);
  });

  it('towns: an empty list, marked degraded and logged', async () => {
    logged.length = 0;
    await expect(serviceAreasForPage(readerOf(failing.db))).resolves.toEqual({
      serviceAreas: [],
      degraded: true,
    });
    expect(logged).toHaveLength(1);
  });

  it('settings: the built-in defaults, marked degraded and logged', async () => {
    logged.length = 0;
    await expect(getSettingsOrDefaults(failing.db, log)).resolves.toEqual({
      settings: defaultSettings,
      degraded: true,
    });
    expect(logged).toHaveLength(1);
  });

  it('a database that answers gives its own rows, not degraded', async () => {
    logged.length = 0;
    await expect(postsForPage(readerOf(healthy.db))).resolves.toEqual({
      newsPosts: [],
      advicePosts: [],
      degraded: false,
    });
    await expect(reviewsForPage(readerOf(healthy.db))).resolves.toEqual({ reviews: [], degraded: false });
    expect((await getSettingsOrDefaults(healthy.db, log)).degraded).toBe(false);
    const { serviceAreas, degraded } = await serviceAreasForPage(readerOf(healthy.db));
    expect([serviceAreas.length, degraded]).toEqual([10, false]);
    expect(logged).toEqual([]);
  });

  it('isDegraded reads the flag of any page data; data without it is not degraded', () => {
    expect(isDegraded({ degraded: true, reviews: [] })).toBe(true);
    expect(isDegraded({ degraded: false })).toBe(false);
    expect(isDegraded({ post: {} })).toBe(false);
    expect(isDegraded(undefined)).toBe(false);
    expect(isDegraded(null)).toBe(false);
  });
});
