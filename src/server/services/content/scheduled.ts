import { and, asc, eq, isNull, lte, min } from 'drizzle-orm';
import type { Database } from '../../../../db/client.ts';
import { scheduledChanges } from '../../../../db/schema/index.ts';
import { formatCompanyDateTime } from '../../../shared/company-time.ts';
import { DomainError, InvalidInputError, NotFoundError } from '../../errors.ts';
import { actingWithoutRequest, recordActivityBy, type ActingRequest } from '../activity-log.ts';
import { saveWithHistory } from './history.ts';
import { historyOf, type ContentDocument } from './registry.ts';

/** A change waiting for its time, as the editor lists it. */
export interface PendingChange {
  id: number;
  /** UTC, ISO 8601. */
  runAt: string;
  createdBy: string | null;
  createdAt: string;
  document: ContentDocument;
}

/**
 * Schedules a change to a live item: at `runAt` whichever instance sees it due saves `document` over
 * the item, through the same checks and history as a save from the editor. Until then visitors see the
 * item as it is. The document is checked now (a 400 naming the field, nothing stored) and kept as its
 * schema reads it, dates as ISO text.
 */
export async function scheduleChange(
  db: Database,
  acting: ActingRequest,
  type: string,
  key: string,
  document: ContentDocument,
  runAt: Date,
): Promise<PendingChange> {
  const history = historyOf(type, key);
  if (runAt.getTime() <= acting.at.getTime())
    throw new InvalidInputError('Choose a time ahead to schedule the change', {
      runAt: ['Choose a time ahead'],
    });
  const checked = history.parse ? jsonDocument(history.parse(document, key)) : document;
  const live = await history.read(db, key);
  if (!live) throw new NotFoundError(`${history.definition.label} not found`);
  const [row] = await db
    .insert(scheduledChanges)
    .values({
      contentType: type,
      itemKey: key,
      document: checked,
      runAt,
      createdAt: acting.at,
      createdById: acting.actor.userId,
      createdBy: acting.actor.username,
    })
    .returning();
  await recordActivityBy(db, acting, {
    kind: 'change-scheduled',
    summary: `Scheduled a change to ${history.definition.label.toLowerCase()} “${live.title}” for ${formatCompanyDateTime(runAt)}`,
    details: { type, id: key, runAt: runAt.toISOString() },
  });
  return pendingOf(row!);
}

/** A parsed document as a JSON column keeps it: dates become ISO text, as history keeps them. */
function jsonDocument(document: ContentDocument): ContentDocument {
  return JSON.parse(JSON.stringify(document)) as ContentDocument;
}

function pendingOf(row: typeof scheduledChanges.$inferSelect): PendingChange {
  return {
    id: row.id,
    runAt: row.runAt.toISOString(),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    document: row.document,
  };
}

/** The item's changes still waiting, soonest first. */
export async function listPendingChanges(db: Database, type: string, key: string): Promise<PendingChange[]> {
  historyOf(type, key);
  const rows = await db
    .select()
    .from(scheduledChanges)
    .where(
      and(
        eq(scheduledChanges.contentType, type),
        eq(scheduledChanges.itemKey, key),
        isNull(scheduledChanges.appliedAt),
      ),
    )
    .orderBy(asc(scheduledChanges.runAt));
  return rows.map(pendingOf);
}

/**
 * Cancels a change still waiting. `assertMayCancel` is told the change's kind first, so a person who
 * may not edit that kind (an editor, the settings) cannot cancel a change to it either.
 */
export async function cancelScheduledChange(
  db: Database,
  acting: ActingRequest,
  id: number,
  assertMayCancel: (type: string) => void = () => undefined,
): Promise<void> {
  const waiting = and(eq(scheduledChanges.id, id), isNull(scheduledChanges.appliedAt));
  const gone = 'No such scheduled change: it may have gone live already';
  const [found] = await db
    .select({ type: scheduledChanges.contentType })
    .from(scheduledChanges)
    .where(waiting);
  if (!found) throw new NotFoundError(gone);
  assertMayCancel(found.type);
  const [row] = await db.delete(scheduledChanges).where(waiting).returning();
  if (!row) throw new NotFoundError(gone);
  await recordActivityBy(db, acting, {
    kind: 'change-scheduled',
    summary: `Cancelled the change scheduled for ${formatCompanyDateTime(row.runAt)}`,
    details: { type: row.contentType, id: row.itemKey, cancelled: true },
  });
}

/** When the next waiting change is due, or null. */
export async function nextScheduledChangeAt(db: Database): Promise<Date | null> {
  const [row] = await db
    .select({ next: min(scheduledChanges.runAt) })
    .from(scheduledChanges)
    .where(isNull(scheduledChanges.appliedAt));
  return row?.next ?? null;
}

/**
 * Saves every change whose time has come, each once whichever instances ask together: a row is claimed
 * with SKIP LOCKED inside the transaction that saves it and marks it applied. A change whose item is
 * gone or no longer passes the checks is marked applied and logged as dropped, so it is not tried for
 * ever. Answers how many went live.
 */
export async function applyDueScheduledChanges(db: Database, now: Date): Promise<number> {
  let applied = 0;
  for (;;) {
    const outcome = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(scheduledChanges)
        .where(and(isNull(scheduledChanges.appliedAt), lte(scheduledChanges.runAt, now)))
        .orderBy(asc(scheduledChanges.runAt), asc(scheduledChanges.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return 'none' as const;
      const acting = actingWithoutRequest({ userId: row.createdById, username: row.createdBy }, now);
      const history = historyOf(row.contentType, row.itemKey);
      let summary = `Scheduled change of ${formatCompanyDateTime(row.createdAt)} went live`;
      try {
        await saveWithHistory(
          tx,
          acting,
          { type: row.contentType, key: row.itemKey, summary },
          async (inner) => {
            await history.write(inner, row.itemKey, row.document, acting);
            return { key: row.itemKey, result: undefined };
          },
        );
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        summary = `Scheduled change of ${formatCompanyDateTime(row.createdAt)} dropped: ${error.message}`;
      }
      await tx.update(scheduledChanges).set({ appliedAt: now }).where(eq(scheduledChanges.id, row.id));
      await recordActivityBy(tx, acting, {
        kind: 'scheduled-change-applied',
        summary: `${summary} (${history.definition.label.toLowerCase()} ${row.itemKey})`,
        details: { type: row.contentType, id: row.itemKey, scheduledChange: row.id },
      });
      return 'applied' as const;
    });
    if (outcome === 'none') return applied;
    applied++;
  }
}
