import { TooManyRequestsError } from '../errors.ts';

export interface LoginThrottleOptions {
  /** Failures from one address after which each further failure is answered more slowly. */
  slowAfter: number;
  /** Failures from one address after which sign-in is refused until the window passes. */
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

interface FailureRecord {
  count: number;
  windowStart: number;
}

/**
 * Counts failed sign-ins per client address, in this process's memory: enough against a script
 * guessing passwords, and it forgets on restart, which never locks the owner out for good.
 * Several instances each keep their own count (documented in README.md).
 */
export class LoginThrottle {
  private readonly failures = new Map<string, FailureRecord>();

  constructor(
    private readonly options: LoginThrottleOptions = defaultLoginThrottleOptions,
    private readonly sleep: (ms: number) => Promise<void> = (ms) =>
      new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /** Throws a 429 error when this address failed too often lately. */
  assertAllowed(address: string, now = Date.now()): void {
    const record = this.current(address, now);
    if (record && record.count >= this.options.refuseAfter) {
      const minutes = Math.ceil((record.windowStart + this.options.windowMs - now) / 60_000);
      throw new TooManyRequestsError(
        `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
  }

  /** Records a failure and waits a little longer each time past the first few. */
  async recordFailure(address: string, now = Date.now()): Promise<void> {
    const record = this.current(address, now) ?? { count: 0, windowStart: now };
    record.count += 1;
    this.failures.set(address, record);
    this.prune(now);
    const excess = record.count - this.options.slowAfter;
    if (excess > 0) await this.sleep(Math.min(excess * this.options.delayStepMs, this.options.maxDelayMs));
  }

  recordSuccess(address: string): void {
    this.failures.delete(address);
  }

  private current(address: string, now: number): FailureRecord | undefined {
    const record = this.failures.get(address);
    if (record && now - record.windowStart >= this.options.windowMs) {
      this.failures.delete(address);
      return undefined;
    }
    return record;
  }

  // Bounds memory when many addresses fail once and never come back.
  private prune(now: number): void {
    if (this.failures.size < 10_000) return;
    for (const [address, record] of this.failures) {
      if (now - record.windowStart >= this.options.windowMs) this.failures.delete(address);
    }
  }
}
