import { and, eq, gt, min } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { posts } from '../../../db/schema/index.ts';
import { DueTimer, systemTimerClock, type TimerClock } from './due-timer.ts';

export type { TimerClock };

async function nextPublishDate(db: Database, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ next: min(posts.publishedAt) })
    .from(posts)
    .where(and(eq(posts.isPublished, true), gt(posts.publishedAt, now)));
  return row?.next ?? null;
}

/**
 * A post published with a date ahead is hidden until that date. Rendered pages are cached, so something
 * has to clear them when the date comes: this timer, armed for the earliest such date.
 */
export class PublishTimer extends DueTimer {
  constructor(
    db: Database,
    onDue: () => void,
    log: { error(object: unknown, message: string): void },
    clock: TimerClock = systemTimerClock,
  ) {
    super(nextPublishDate, db, onDue, log, clock, 'the next scheduled post');
  }
}
