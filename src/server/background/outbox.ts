// Rows written in a table in the same transaction as what they are about (an outbox), delivered in the
// background by whichever instance runs: each row is claimed with a lease (FOR UPDATE SKIP LOCKED), so
// with several instances exactly one delivers it, a failed try waits in its row for the next, and a row
// claimed by an instance that died is taken over once its lease runs out. What a row is and what
// delivering it means belong to each outbox; claiming a due row and the running are here.
import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';
import { CoalescedRun } from './coalesced-run.ts';

export interface OutboxOptions {
  /** Tries per row before it is recorded as failed. */
  maxAttempts: number;
  /** Wait before the second try; doubled for each further one. */
  firstRetryDelayMs: number;
  /** How often due rows are looked for: retries come due, and rows of an instance that died. */
  pollIntervalMs: number;
  /** How long a claimed row is this instance's; after that another instance may deliver it. */
  leaseMs: number;
}

export const defaultOutboxOptions = {
  maxAttempts: 5,
  firstRetryDelayMs: 2_000,
  leaseMs: 60_000,
} satisfies Partial<OutboxOptions>;

/**
 * Delivers an outbox's due rows one at a time: at start, when woken (after a row is committed) and at
 * every poll; rounds asked for while one runs coalesce into one more. Each outbox says which row it
 * claims (its table and columns, through claimDueRow) and what delivering it means: what it sends.
 */
export abstract class Outbox<Claimed> {
  private readonly draining: CoalescedRun;
  private poll: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly pollIntervalMs: number,
    onError: (error: unknown) => void,
  ) {
    this.draining = new CoalescedRun(() => this.drain(), onError);
  }

  /**
   * Claims the outbox row that came due first (pending, its time come, not leased or its lease run out),
   * taking the lease and counting the attempt in the same statement, and answers the `columns` asked for,
   * or undefined when none is due. SKIP LOCKED passes over a row another instance is claiming, so two
   * never take the same one. `now` is the outbox's clock when it keeps its own (tests move it), else the
   * database's; a table with `updated_at` has it set.
   */
  protected async claimDueRow<Row>(
    db: Pick<Database, 'execute'>,
    table: PgTable,
    options: { leaseMs: number; columns: readonly string[]; now?: Date; hasUpdatedAt?: boolean },
  ): Promise<Row | undefined> {
    const now: SQL = options.now ? sql`${options.now.toISOString()}::timestamptz` : sql`now()`;
    const touched = options.hasUpdatedAt === false ? sql`` : sql`, updated_at = ${now}`;
    const [row] = rowsOf<Row>(
      await db.execute(sql`
        update ${table}
        set lease_until = ${now} + make_interval(secs => ${options.leaseMs / 1000}),
            attempts = attempts + 1${touched}
        where id = (
          select id from ${table}
          where status = 'pending' and next_attempt_at <= ${now}
            and (lease_until is null or lease_until < ${now})
          order by next_attempt_at, id
          limit 1
          for update skip locked
        )
        returning ${sql.join(
          options.columns.map((column) => sql.identifier(column)),
          sql`, `,
        )}`),
    );
    return row;
  }

  /** Takes one due row for this instance (with a lease, one more attempt counted), or none is due. */
  protected abstract claim(): Promise<Claimed | undefined>;

  /** Delivers a claimed row and records the outcome in it; what it throws ends this round. */
  protected abstract deliver(claimed: Claimed): Promise<void>;

  /** Delivers what is due now, and looks again every poll interval. */
  start(): void {
    this.poll = setInterval(() => this.wake(), this.pollIntervalMs).unref();
    this.wake();
  }

  /** Stops looking; a row being delivered is finished first. What is left stays pending for later. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poll);
    await this.draining.settled();
  }

  /** Delivers due rows now rather than at the next poll. */
  wake(): void {
    if (!this.stopped) this.draining.request();
  }

  /** Delivers every row due now, and resolves when that is done. */
  async deliverDue(): Promise<void> {
    this.wake();
    await this.settled();
  }

  /** Resolves once no round is under way or asked for. */
  protected settled(): Promise<void> {
    return this.draining.settled();
  }

  protected get isStopped(): boolean {
    return this.stopped;
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const claimed = await this.claim();
      if (!claimed) return;
      await this.deliver(claimed);
    }
  }
}

/**
 * When a row whose try number `attempts` failed is tried again: the first retry delay, doubled for each
 * further try. Null once its tries are spent: it is to be recorded as failed.
 */
export function nextAttemptAt(
  attempts: number,
  options: Pick<OutboxOptions, 'maxAttempts' | 'firstRetryDelayMs'>,
  now: Date,
): Date | null {
  if (attempts >= options.maxAttempts) return null;
  return new Date(now.getTime() + options.firstRetryDelayMs * 2 ** (attempts - 1));
}
