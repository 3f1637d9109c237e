import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/client.ts';
import { posts } from '../../../db/schema/index.ts';
import { PublishTimer } from './publish-timer.ts';
import { manualClock } from '../testing/manual-clock.ts';
import { createTestDatabase, testDatabaseKind } from '../testing/test-database.ts';

const start = new Date('2026-11-23T12:00:00Z');
const quietLog = { error: () => {} };

describe(`scheduled publishing timer (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = await createTestDatabase();
  });
  afterEach(async () => {
    await handle.close();
  });

  async function addPost(slug: string, publishedAt: Date | null, isPublished = true) {
    await handle.db
      .insert(posts)
      .values({ title: slug, content: '<p>x</p>', slug, type: 'news', isPublished, publishedAt });
  }

  it('fires exactly at the earliest future publish date, then arms for the next one', async () => {
    const time = manualClock(start);
    let due = 0;
    const timer = new PublishTimer(handle.db, () => void due++, quietLog, time.clock);
    await addPost('past', new Date(start.getTime() - 60_000));
    await addPost('draft-soon', new Date(start.getTime() + 1_000), false);
    await addPost('in-five-seconds', new Date(start.getTime() + 5_000));
    await addPost('in-a-minute', new Date(start.getTime() + 60_000));

    await timer.rearm();
    expect(time.pending()).toEqual([5_000]);
    time.advance(4_999);
    expect(due).toBe(0);
    time.advance(1);
    expect(due).toBe(1);
    // Firing looks up the next date.
    await expect.poll(() => time.pending()).toEqual([55_000]);
    timer.stop();
    expect(time.pending()).toEqual([]);
  });

  it('arms nothing without a scheduled post, and waits at most an hour for one far ahead', async () => {
    const time = manualClock(start);
    const timer = new PublishTimer(handle.db, () => {}, quietLog, time.clock);
    await timer.rearm();
    expect(timer.armed).toBe(false);
    await addPost('next-month', new Date(start.getTime() + 30 * 24 * 3600_000));
    await timer.rearm();
    expect(time.pending()).toEqual([3600_000]);
    timer.stop();
  });

  it('a post scheduled sooner than the armed one re-arms for the sooner date', async () => {
    const time = manualClock(start);
    const timer = new PublishTimer(handle.db, () => {}, quietLog, time.clock);
    await addPost('later', new Date(start.getTime() + 60_000));
    await timer.rearm();
    await addPost('sooner', new Date(start.getTime() + 2_000));
    await timer.rearm();
    expect(time.pending()).toEqual([2_000]);
    timer.stop();
  });
});
