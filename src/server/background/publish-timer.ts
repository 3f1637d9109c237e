import { and, eq, gt, isNull, min } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { posts } from '../../../db/schema/index.ts';
import { nextScheduledChangeAt } from '../services/content/scheduled.ts';
import { DueTimer, systemTimerClock, type TimerClock } from './due-timer.ts';

export type { TimerClock };

/** The earliest of a scheduled post's date and a scheduled change's time. */
async function nextPublishDate(db: Database, now: Date): Promise<Date | null> {
  const change = await nextScheduledChangeAt(db);
  const [row] = await db
    .select({ next: min(posts.publishedAt) })
    .from(posts)
    .where(and(eq(posts.isPublished, true), isNull(posts.deletedAt), gt(posts.publishedAt, now)));
  const post = row?.next ?? null;
  if (!change || !post) return change ?? post;
  return change < post ? change : post;
}

/**
 * A post published with a date ahead is hidden until that date, and a change scheduled for a live item
 * waits in the database for its time. Rendered pages are cached, so something has to clear them when
 * the date comes: this timer, armed for the earliest such date.
 */
export class PublishTimer extends DueTimer {
  constructor(
    db: Database,
    onDue: () => Promise<void> | void,
    log: { error(object: unknown, message: string): void },
    clock: TimerClock = systemTimerClock,
  ) {
    super(nextPublishDate, db, onDue, log, clock, 'the next scheduled post or change');
  }
}
