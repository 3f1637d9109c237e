import { and, eq, gt, isNull, min } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { posts } from '../../../db/schema/index.ts';
import { nextScheduledChangeAt } from '../services/content/scheduled.ts';

export interface TimerClock {
  now(): Date;
  setTimeout(callback: () => void, delayMs: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemClock: TimerClock = {
  now: () => new Date(),
  setTimeout: (callback, delayMs) => setTimeout(callback, delayMs).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

// A timer far ahead is armed for at most this long and then looks again: a date weeks away would
// overflow setTimeout, and an hour bounds the cost of any change this instance missed.
const LONGEST_WAIT_MS = 60 * 60 * 1000;
// When the database cannot be asked, try again after this long.
const RETRY_AFTER_FAILURE_MS = 30_000;

/**
 * A post published with a date ahead is hidden until that date, and a change scheduled for a live item
 * waits in the database for its time. Rendered pages are cached, so something
 * has to clear them when the date comes: this timer, armed for the earliest such date. It is armed again
 * after it fires and whenever posts change, on this instance or another (the site_changes notification),
 * so each instance shows a scheduled post at its time with nothing else happening.
 */
export class PublishTimer {
  private handle: unknown;
  private armings = 0;
  private stopped = false;
  /** When publishing what was due last failed: the next try waits a while. */
  private failedAt: Date | undefined;

  constructor(
    private readonly db: Database,
    private readonly onDue: () => Promise<void> | void,
    private readonly log: { error(object: unknown, message: string): void },
    private readonly clock: TimerClock = systemClock,
  ) {}

  /** Looks up the next publish date and arms the timer for it; the latest call wins. */
  async rearm(): Promise<void> {
    const arming = ++this.armings;
    let delayMs: number | undefined;
    try {
      const next = await this.nextPublishDate();
      delayMs = next ? Math.min(next.getTime() - this.clock.now().getTime(), LONGEST_WAIT_MS) : undefined;
      if (
        delayMs !== undefined &&
        this.failedAt &&
        this.clock.now().getTime() - this.failedAt.getTime() < RETRY_AFTER_FAILURE_MS
      )
        delayMs = Math.max(delayMs, RETRY_AFTER_FAILURE_MS);
      else this.failedAt = undefined;
    } catch (error) {
      this.log.error({ err: error }, 'could not read the next scheduled post; trying again shortly');
      delayMs = RETRY_AFTER_FAILURE_MS;
    }
    if (this.stopped || arming !== this.armings) return;
    this.clear();
    if (delayMs === undefined) return;
    this.handle = this.clock.setTimeout(
      () => {
        this.handle = undefined;
        void (async () => {
          try {
            await this.onDue();
          } catch (error) {
            // Tried again after a pause, not at once: what is due stays due until it is saved.
            this.log.error({ err: error }, 'publishing what was due failed; trying again shortly');
            this.failedAt = this.clock.now();
          }
          await this.rearm();
        })();
      },
      Math.max(delayMs, 0),
    );
  }

  stop(): void {
    this.stopped = true;
    this.clear();
  }

  /** Whether a timer is armed. */
  get armed(): boolean {
    return this.handle !== undefined;
  }

  private clear(): void {
    if (this.handle !== undefined) this.clock.clearTimeout(this.handle);
    this.handle = undefined;
  }

  // The earliest of a scheduled post's date and a scheduled change's time.
  private async nextPublishDate(): Promise<Date | null> {
    const change = await nextScheduledChangeAt(this.db);
    const [row] = await this.db
      .select({ next: min(posts.publishedAt) })
      .from(posts)
      .where(
        and(eq(posts.isPublished, true), isNull(posts.deletedAt), gt(posts.publishedAt, this.clock.now())),
      );
    const post = row?.next ?? null;
    if (!change || !post) return change ?? post;
    return change < post ? change : post;
  }
}
