// A timer armed for the next moment the database says something visitors see changes by itself (a
// scheduled post's time, an offer's start or end), so that each instance empties its rendered pages at
// that moment with nothing else happening. Looked up again after it fires and whenever the table
// changes, on this instance or another (the site_changes notification).
import type { Database } from '../../../db/client.ts';

export interface TimerClock {
  now(): Date;
  setTimeout(callback: () => void, delayMs: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemTimerClock: TimerClock = {
  now: () => new Date(),
  setTimeout: (callback, delayMs) => setTimeout(callback, delayMs).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

// A timer far ahead is armed for at most this long and then looks again: a date weeks away would
// overflow setTimeout, and an hour bounds the cost of any change this instance missed.
const LONGEST_WAIT_MS = 60 * 60 * 1000;
// When the database cannot be asked, try again after this long.
const RETRY_AFTER_FAILURE_MS = 30_000;

export class DueTimer {
  private handle: unknown;
  private armings = 0;
  private stopped = false;
  /** When the work due last failed: the next try waits a while rather than spinning. */
  private failedAt: Date | undefined;

  constructor(
    private readonly nextDueDate: (db: Database, now: Date) => Promise<Date | null>,
    private readonly db: Database,
    private readonly onDue: () => Promise<void> | void,
    private readonly log: { error(object: unknown, message: string): void },
    private readonly clock: TimerClock = systemTimerClock,
    private readonly what = 'the next scheduled change',
  ) {}

  /** Looks up the next due date and arms the timer for it; the latest call wins. */
  async rearm(): Promise<void> {
    const arming = ++this.armings;
    let delayMs: number | undefined;
    try {
      const next = await this.nextDueDate(this.db, this.clock.now());
      delayMs = next ? Math.min(next.getTime() - this.clock.now().getTime(), LONGEST_WAIT_MS) : undefined;
      if (
        delayMs !== undefined &&
        this.failedAt &&
        this.clock.now().getTime() - this.failedAt.getTime() < RETRY_AFTER_FAILURE_MS
      )
        delayMs = Math.max(delayMs, RETRY_AFTER_FAILURE_MS);
      else this.failedAt = undefined;
    } catch (error) {
      this.log.error({ err: error }, `could not read ${this.what}; trying again shortly`);
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
            // Tried again after a pause, not at once: what is due stays due until it is done.
            this.log.error({ err: error }, `${this.what} failed; trying again shortly`);
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
}
