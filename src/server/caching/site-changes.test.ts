import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/client.ts';
import { media, posts, reviews, settings } from '../../../db/schema/index.ts';
import { followSiteChanges } from './site-changes.ts';
import { createTestDatabase, testDatabaseKind } from '../testing/test-database.ts';

describe(`site change notifications (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let stop: () => Promise<void>;
  let changed: string[];
  let resyncs: number;
  beforeEach(async () => {
    handle = await createTestDatabase();
    changed = [];
    resyncs = 0;
    stop = await followSiteChanges(handle, {
      changed: (table) => changed.push(table),
      resync: () => resyncs++,
    });
    await expect.poll(() => resyncs).toBe(1);
  });
  afterEach(async () => {
    await stop();
    await handle.close();
  });

  it('announces posts and settings at commit, once per transaction', async () => {
    await handle.db.transaction(async (tx) => {
      await tx.insert(posts).values({ title: 'a', content: '<p>a</p>', slug: 'a', type: 'news' });
      await tx.insert(posts).values({ title: 'b', content: '<p>b</p>', slug: 'b', type: 'news' });
      // Nothing is announced before the commit: a render now would still read the old rows.
      expect(changed).toEqual([]);
    });
    await expect.poll(() => changed).toEqual(['posts']);
    await handle.db.insert(settings).values({ key: 'companyName', value: 'X' });
    await expect.poll(() => changed).toEqual(['posts', 'settings']);
  });

  it('announces a review only when visitors see it before or after the change', async () => {
    const [held] = await handle.db
      .insert(reviews)
      .values({ name: 'Held', review: 'Held back', isVisible: false })
      .returning();
    await handle.db.update(reviews).set({ review: 'Still held' }).where(eq(reviews.id, held!.id));
    // A visible row written afterwards proves the held writes had their chance to be announced.
    await handle.db.insert(reviews).values({ name: 'Shown', review: 'Great work' });
    await expect.poll(() => changed).toEqual(['reviews']);
    await handle.db.update(reviews).set({ isVisible: true }).where(eq(reviews.id, held!.id));
    await expect.poll(() => changed).toEqual(['reviews', 'reviews']);
  });

  it('announces an upload when its alt text or its copies change, and nothing else done to it', async () => {
    const [upload] = await handle.db
      .insert(media)
      .values({
        filename: 'van.jpg',
        originalName: 'van.jpg',
        mimeType: 'image/jpeg',
        size: 1,
        path: '/uploads/van.jpg',
        url: '/uploads/van.jpg',
        type: 'image',
        variantsPending: true,
      })
      .returning();
    const own = eq(media.id, upload!.id);
    await handle.db.update(media).set({ variantsLeaseUntil: new Date() }).where(own);
    // A setting written afterwards proves the writes above had their chance to be announced.
    await handle.db.insert(settings).values({ key: 'companyName', value: 'X' });
    await expect.poll(() => changed).toEqual(['settings']);
    await handle.db.update(media).set({ alt: 'Blue service van' }).where(own);
    await expect.poll(() => changed).toEqual(['settings', 'media']);
    await handle.db.update(media).set({ variants: [], variantsPending: false }).where(own);
    await expect.poll(() => changed).toEqual(['settings', 'media', 'media']);
    await handle.db.delete(media).where(own);
    // Copies recorded for an upload deleted meanwhile change no row.
    await handle.db.update(media).set({ variants: [] }).where(own);
    await handle.db.insert(settings).values({ key: 'phone', value: '1' });
    await expect.poll(() => changed).toEqual(['settings', 'media', 'media', 'settings']);
  });

  it('a transaction rolled back announces nothing', async () => {
    await handle.db
      .transaction(async (tx) => {
        await tx.insert(posts).values({ title: 'c', content: '<p>c</p>', slug: 'c', type: 'news' });
        tx.rollback();
      })
      .catch(() => {});
    await handle.db.insert(settings).values({ key: 'companyName', value: 'Y' });
    await expect.poll(() => changed).toEqual(['settings']);
  });

  it.runIf(testDatabaseKind === 'postgres')(
    'asks for a resync when the listening connection comes back, and keeps listening',
    async () => {
      await handle.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`,
      );
      await expect.poll(() => resyncs, { timeout: 10_000 }).toBe(2);
      await handle.db.insert(settings).values({ key: 'companyName', value: 'Z' });
      await expect.poll(() => changed).toEqual(['settings']);
    },
  );
});
