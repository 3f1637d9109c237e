import { eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { rateLimits } from '../../../db/schema/index.ts';
import { TooManyRequestsError } from '../errors.ts';

export interface RateLimit {
  max: number;
  windowMs: number;
}

/**
 * What a visitor may send from one address, whichever way it arrives (a form, the REST path or a tRPC
 * call): enough for a person who mistypes, too few for a script flooding the owner's inbox.
 */
export const actionLimits = {
  contact: { max: 20, windowMs: 10 * 60_000 },
  review: { max: 20, windowMs: 10 * 60_000 },
  // Online bookings, the emergency form and ZIP checks outside the area: a family booking twice and
  // mistyping, not a script filling every window.
  booking: { max: 30, windowMs: 10 * 60_000 },
  // Photos sent with bookings, each counted: re-encoding one costs far more than storing a booking, so
  // five bookings' worth of three photos, not thirty.
  bookingPhoto: { max: 15, windowMs: 10 * 60_000 },
  // Taps on the phone number, reported by the page: more than a person redialling, few enough that a
  // script cannot make the dashboard say the phone rang all day.
  call: { max: 30, windowMs: 10 * 60_000 },
  // Sign-ins with a passkey begun: each keeps a challenge row until it expires.
  passkey: { max: 30, windowMs: 10 * 60_000 },
} satisfies Record<string, RateLimit>;

export type LimitedAction = keyof typeof actionLimits;

export interface Hit {
  /** Hits in the current window, this one included. */
  hits: number;
  resetsAt: Date;
}

/**
 * Counts one hit on a key and answers the count, in one statement: the row is created, restarted when
 * its window has ended, or incremented, under the row lock PostgreSQL takes for the upsert. Concurrent
 * hits therefore each get a different count, on one instance or on several sharing the database.
 */
export async function countHit(db: Database, key: string, windowMs: number, now = new Date()): Promise<Hit> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1, resetsAt: new Date(now.getTime() + windowMs) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.resetsAt} <= ${at} then 1 else ${rateLimits.hits} + 1 end`,
        resetsAt: sql`case when ${rateLimits.resetsAt} <= ${at} then excluded.resets_at else ${rateLimits.resetsAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, resetsAt: rateLimits.resetsAt });
  return row!;
}

/** Forgets a key's count (a successful sign-in starts its address afresh). */
export async function resetHits(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Whole minutes until the window ends, at least one. */
export function minutesUntil(resetsAt: Date, now: Date): number {
  return Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 60_000));
}

/** Counts one send of an action from an address; past the limit it throws a 429 with a Retry-After. */
export async function enforceActionLimit(
  db: Database,
  action: LimitedAction,
  clientAddress: string,
  now = new Date(),
): Promise<void> {
  const limit = actionLimits[action];
  const { hits, resetsAt } = await countHit(db, `${action}:${clientAddress}`, limit.windowMs, now);
  if (hits > limit.max) {
    throw new TooManyRequestsError(
      `Too many requests. Please try again in ${minutesUntil(resetsAt, now)} minute(s).`,
      Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000)),
    );
  }
}

/** Deletes counters whose window has ended; answers how many. */
export async function deleteExpiredRateLimits(db: Database, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(rateLimits)
    .where(lte(rateLimits.resetsAt, now))
    .returning({ key: rateLimits.key });
  return deleted.length;
}
