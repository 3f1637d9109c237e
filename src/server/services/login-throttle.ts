import type { Database } from '../../../db/client.ts';
import { TooManyRequestsError } from '../errors.ts';
import { countHit, minutesUntil, resetHits } from './rate-limits.ts';

export interface LoginThrottleOptions {
  /** Attempts from one address after which each further failure is answered more slowly. */
  slowAfter: number;
  /** Failed attempts from one address after which sign-in is refused until the window passes. */
  refuseAfter: number;
  windowMs: number;
  /** Added per failure beyond slowAfter, capped at maxDelayMs. */
  delayStepMs: number;
  maxDelayMs: number;
}

export const defaultLoginThrottleOptions: LoginThrottleOptions = {
  slowAfter: 3,
  refuseAfter: 10,
  windowMs: 15 * 60 * 1000,
  delayStepMs: 250,
  maxDelayMs: 2000,
};

/** An attempt counted and allowed: report how it ended. */
export interface LoginAttempt {
  /** The password was right: the address starts afresh. */
  succeeded(): Promise<void>;
  /** The password was wrong: the answer waits a little longer each time past the first few. */
  failed(): Promise<void>;
}

/**
 * Counts sign-in attempts per client address in the rate_limits table, so every instance on the
 * database shares one count. Each attempt is counted before its password is checked: concurrent wrong
 * guesses each take their own number, and those past the limit are refused without a check. A right
 * password clears the count; the window ending clears it too, which never locks the owner out for good.
 */
export class LoginThrottle {
  constructor(
    private readonly options: LoginThrottleOptions = defaultLoginThrottleOptions,
    private readonly sleep: (ms: number) => Promise<void> = (ms) =>
      new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /** Counts an attempt; throws a 429 error when this address has failed too often lately. */
  async attempt(db: Database, address: string, now = new Date()): Promise<LoginAttempt> {
    const key = `login:${address}`;
    const { hits, resetsAt } = await countHit(db, key, this.options.windowMs, now);
    if (hits > this.options.refuseAfter) {
      const minutes = minutesUntil(resetsAt, now);
      throw new TooManyRequestsError(
        `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000)),
      );
    }
    return {
      succeeded: () => resetHits(db, key),
      failed: async () => {
        const excess = hits - this.options.slowAfter;
        if (excess > 0)
          await this.sleep(Math.min(excess * this.options.delayStepMs, this.options.maxDelayMs));
      },
    };
  }
}
