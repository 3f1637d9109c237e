import { and, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { activityLog } from '../../../db/schema/index.ts';
import type { ActivityKind } from '../../shared/activity-kinds.ts';
import { csvCell } from './leads.ts';

export { activityKinds, type ActivityKind } from '../../shared/activity-kinds.ts';

/** How long the log keeps an entry; the hourly sweep deletes older ones. */
export const ACTIVITY_KEPT_MS = 365 * 24 * 60 * 60 * 1000;

/** Who acted; null for a visitor who is nobody yet (a sign-in under an unknown name names it in `username`). */
export interface ActivityActor {
  userId: number | null;
  username: string | null;
}

/** Where the request came from, as the request context knows it. */
export interface ActivityOrigin {
  clientAddress: string | undefined;
  userAgent: string | undefined;
}

/** Who is acting, from where and when: what a service that logs is handed by its caller. */
export interface ActingRequest {
  actor: ActivityActor;
  from: ActivityOrigin;
  at: Date;
}

/** Someone acting outside any request: the command line on the server, or a test. */
export function actingWithoutRequest(actor: ActivityActor, at = new Date()): ActingRequest {
  return { actor, from: { clientAddress: undefined, userAgent: undefined }, at };
}

export interface ActivityInput {
  kind: ActivityKind;
  actor: ActivityActor;
  from: ActivityOrigin;
  summary: string;
  /** What the event names: fields changed, the account acted on. Never a password, code, secret or token. */
  details?: Record<string, unknown>;
  at?: Date;
}

/** Logs what the person behind `acting` did. */
export function recordActivityBy(
  db: Database,
  acting: ActingRequest,
  entry: Pick<ActivityInput, 'kind' | 'summary' | 'details'>,
): Promise<void> {
  return recordActivity(db, { ...entry, actor: acting.actor, from: acting.from, at: acting.at });
}

/** The one way anything is written to the log. */
export async function recordActivity(db: Database, input: ActivityInput): Promise<void> {
  await db.insert(activityLog).values({
    at: input.at ?? new Date(),
    userId: input.actor.userId,
    username: input.actor.username?.slice(0, 100) ?? null,
    kind: input.kind,
    summary: input.summary.slice(0, 500),
    details: input.details ?? null,
    ipAddress: input.from.clientAddress?.slice(0, 64) ?? null,
    userAgent: input.from.userAgent?.slice(0, 500) ?? null,
  });
}

export interface ActivityEntry {
  id: number;
  /** UTC, ISO 8601. */
  at: string;
  userId: number | null;
  /** The username of who did it, as it was then; null for the server's own doings. */
  user: string | null;
  kind: string;
  summary: string;
  details: Record<string, unknown> | null;
  address: string | null;
  userAgent: string | null;
}

export interface ActivityFilter {
  /** At most this many, newest first (default 100, at most 1000). */
  limit?: number;
  /** Only entries with a smaller id: the next page after the last one shown. */
  before?: number;
  userId?: number;
  kind?: string;
  /** Only entries at or after this moment. */
  since?: Date;
  /** Only entries before this moment. */
  until?: Date;
}

export async function listActivity(db: Database, filter: ActivityFilter = {}): Promise<ActivityEntry[]> {
  const conditions: SQL[] = [];
  if (filter.before !== undefined) conditions.push(lt(activityLog.id, filter.before));
  if (filter.userId !== undefined) conditions.push(eq(activityLog.userId, filter.userId));
  if (filter.kind !== undefined) conditions.push(eq(activityLog.kind, filter.kind));
  if (filter.since !== undefined) conditions.push(gte(activityLog.at, filter.since));
  if (filter.until !== undefined) conditions.push(lte(activityLog.at, filter.until));
  const rows = await db
    .select()
    .from(activityLog)
    .where(and(...conditions))
    .orderBy(desc(activityLog.id))
    .limit(Math.min(Math.max(filter.limit ?? 100, 1), 1000));
  return rows.map(({ username, ipAddress, ...row }) => ({
    ...row,
    at: row.at.toISOString(),
    user: username,
    address: ipAddress,
  }));
}

/** The entries as CSV, one row each, times in UTC. */
export function activityToCsv(entries: ActivityEntry[]): string {
  const header = ['Time (UTC)', 'Person', 'Kind', 'What', 'Address', 'Browser'];
  const lines = [header.join(',')];
  for (const entry of entries) {
    lines.push(
      [entry.at, entry.user, entry.kind, entry.summary, entry.address, entry.userAgent]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Deletes entries older than the log keeps; the sweep calls it. */
export async function deleteOldActivity(db: Database, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(activityLog)
    .where(lt(activityLog.at, new Date(now.getTime() - ACTIVITY_KEPT_MS)))
    .returning({ id: activityLog.id });
  return deleted.length;
}
