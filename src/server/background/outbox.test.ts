import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextAttemptAt, Outbox } from './outbox.ts';

/** A promise the test resolves when it chooses. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/**
 * An outbox over an in-memory list: claim takes the first due row, deliver records it, or waits at the
 * gate a test set for that row, or throws for a row marked to fail.
 */
class ListOutbox extends Outbox<number> {
  readonly due: number[] = [];
  readonly delivered: number[] = [];
  readonly claimed: number[] = [];
  readonly errors: unknown[] = [];
  readonly gates = new Map<number, Promise<void>>();
  readonly failing = new Set<number>();
  onDeliver: (row: number) => void = () => {};
  private delivering = 0;
  mostDeliveringAtOnce = 0;

  constructor(pollIntervalMs = 1_000) {
    super(pollIntervalMs, (error) => this.errors.push(error));
  }

  /** Resolves once the round under way, if any, is over. */
  roundOver(): Promise<void> {
    return this.settled();
  }

  protected claim(): Promise<number | undefined> {
    const row = this.due.shift();
    if (row !== undefined) this.claimed.push(row);
    return Promise.resolve(row);
  }

  protected async deliver(row: number): Promise<void> {
    this.delivering++;
    this.mostDeliveringAtOnce = Math.max(this.mostDeliveringAtOnce, this.delivering);
    try {
      this.onDeliver(row);
      // A turn of the event loop, so that a second delivery running alongside would be seen.
      await (this.gates.get(row) ?? new Promise((resolve) => setImmediate(resolve)));
      if (this.failing.delete(row)) throw new Error(`row ${row} could not be delivered`);
      this.delivered.push(row);
    } finally {
      this.delivering--;
    }
  }
}

describe('outbox runner', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('delivers every due row, one at a time, and resolves deliverDue when none is left', async () => {
    const outbox = new ListOutbox();
    outbox.due.push(1, 2, 3);

    outbox.wake();
    outbox.wake();
    await outbox.deliverDue();

    expect(outbox.delivered).toEqual([1, 2, 3]);
    expect(outbox.mostDeliveringAtOnce).toBe(1);
  });

  it('on stop finishes the row being delivered, claims no other, and ignores later wakes', async () => {
    const outbox = new ListOutbox();
    const firstRow = gate();
    const deliveryStarted = gate();
    outbox.gates.set(1, firstRow.opened);
    outbox.onDeliver = () => deliveryStarted.open();
    outbox.due.push(1, 2, 3);

    outbox.wake();
    await deliveryStarted.opened;
    let stopped = false;
    const stopping = outbox.stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);

    firstRow.open();
    await stopping;
    expect(outbox.delivered).toEqual([1]);
    expect(outbox.claimed).toEqual([1]);

    await outbox.deliverDue();
    expect(outbox.claimed).toEqual([1]);
    expect(outbox.due).toEqual([2, 3]);
  });

  it('reports a failed round and carries on at the next wake', async () => {
    const outbox = new ListOutbox();
    outbox.failing.add(1);
    outbox.due.push(1, 2);

    await outbox.deliverDue();
    expect(outbox.errors).toEqual([new Error('row 1 could not be delivered')]);
    expect(outbox.delivered).toEqual([]);

    await outbox.deliverDue();
    expect(outbox.delivered).toEqual([2]);
  });

  it('delivers at start, then what comes due at every poll, and stops polling on stop', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const outbox = new ListOutbox(1_000);
    outbox.due.push(1);

    outbox.start();
    await outbox.roundOver();
    expect(outbox.delivered).toEqual([1]);

    outbox.due.push(2);
    await vi.advanceTimersByTimeAsync(999);
    await outbox.roundOver();
    expect(outbox.delivered).toEqual([1]);
    await vi.advanceTimersByTimeAsync(1);
    await outbox.roundOver();
    expect(outbox.delivered).toEqual([1, 2]);

    await outbox.stop();
    outbox.due.push(3);
    await vi.advanceTimersByTimeAsync(5_000);
    await outbox.roundOver();
    expect(outbox.delivered).toEqual([1, 2]);
  });
});

describe('next attempt after a failed try', () => {
  const options = { maxAttempts: 4, firstRetryDelayMs: 2_000 };
  const now = new Date('2026-03-08T10:00:00Z');

  it('waits the first delay after the first try, doubled after each further one', () => {
    expect(nextAttemptAt(1, options, now)).toEqual(new Date('2026-03-08T10:00:02Z'));
    expect(nextAttemptAt(2, options, now)).toEqual(new Date('2026-03-08T10:00:04Z'));
    expect(nextAttemptAt(3, options, now)).toEqual(new Date('2026-03-08T10:00:08Z'));
  });

  it('gives up once the tries are spent', () => {
    expect(nextAttemptAt(4, options, now)).toBeNull();
    expect(nextAttemptAt(5, options, now)).toBeNull();
  });
});
