import { and, asc, desc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../../../db/client.ts';
import { settings, trashedItems } from '../../../../db/schema/index.ts';
import { trashSettingsSchema, type TrashSettings } from '../../../shared/schemas/content.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '../../errors.ts';
import { recordActivityBy, type ActingRequest } from '../activity-log.ts';
import { contentTypeFor, trashOf, type PurgeContext } from './registry.ts';
import './types.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const KEPT_DAYS_KEY = 'trashKeptDays';
export const defaultTrashSettings: TrashSettings = { keptDays: 30 };

/** How long the Trash keeps an item before the sweep deletes it for good (Settings). */
export async function getTrashSettings(db: Database): Promise<TrashSettings> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, KEPT_DAYS_KEY));
  const parsed = trashSettingsSchema.safeParse({ keptDays: row ? Number(row.value) : undefined });
  return parsed.success ? parsed.data : defaultTrashSettings;
}

export async function saveTrashSettings(
  db: Database,
  acting: ActingRequest,
  values: TrashSettings,
): Promise<TrashSettings> {
  await db
    .insert(settings)
    .values({
      key: KEPT_DAYS_KEY,
      value: String(values.keptDays),
      type: 'number',
      description: 'Days the Trash keeps a deleted item (admin Trash tab)',
      updatedAt: acting.at,
    })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: String(values.keptDays), updatedAt: acting.at },
    });
  await recordActivityBy(db, acting, {
    kind: 'settings-changed',
    summary: `Set the Trash to keep deleted items ${values.keptDays} days`,
    details: { fields: ['trashKeptDays'] },
  });
  return values;
}

/** One item in the Trash, as the Trash tab and `GET /api/admin/trash` list it. */
export interface TrashEntry {
  type: string;
  id: string;
  title: string;
  /** UTC, ISO 8601. */
  deletedAt: string;
  deletedBy: string | null;
  /** When the sweep deletes it for good, unless restored first (an upload still used waits longer). */
  purgeAt: string;
}

/**
 * Moves a live item to the Trash: its row stays, marked deleted, so everything it had (and everything
 * that points at it) is there when it comes back. Gone from visitors at once: every reader leaves out
 * rows with a deletion date, and the change announces its tables like any save.
 */
export async function trashItem(
  db: Database,
  acting: ActingRequest,
  type: string,
  key: string,
): Promise<{ tables: readonly string[] }> {
  const trash = trashOf(type, key);
  const label = trash.definition.label;
  await db.transaction(async (tx) => {
    const title = await trash.titleOf(tx, key);
    if (title === null) throw new NotFoundError(`${label} not found`);
    const refusal = await trash.refusal?.(tx, key);
    if (refusal) throw new ConflictError(refusal);
    await trash.setDeleted(tx, key, acting.at);
    await tx
      .insert(trashedItems)
      .values({
        contentType: type,
        itemKey: key,
        title: title.slice(0, 500),
        deletedAt: acting.at,
        deletedById: acting.actor.userId,
        deletedBy: acting.actor.username,
      })
      .onConflictDoUpdate({
        target: [trashedItems.contentType, trashedItems.itemKey],
        set: {
          title: title.slice(0, 500),
          deletedAt: acting.at,
          deletedById: acting.actor.userId,
          deletedBy: acting.actor.username,
        },
      });
    await recordActivityBy(tx, acting, {
      kind: 'content-trashed',
      summary: `Moved ${label.toLowerCase()} “${title}” to the Trash`,
      details: { type, id: key },
    });
  });
  return { tables: trash.definition.tables };
}

async function trashedRow(db: Database, type: string, key: string) {
  const [row] = await db
    .select()
    .from(trashedItems)
    .where(and(eq(trashedItems.contentType, type), eq(trashedItems.itemKey, key)));
  if (!row) throw new NotFoundError(`No such ${contentTypeFor(type, key).label.toLowerCase()} in the Trash`);
  return row;
}

/** Everything in the Trash, most recently deleted first. */
export async function listTrash(db: Database): Promise<TrashEntry[]> {
  const { keptDays } = await getTrashSettings(db);
  const rows = await db
    .select()
    .from(trashedItems)
    .orderBy(desc(trashedItems.deletedAt), asc(trashedItems.contentType));
  return rows.map((row) => ({
    type: row.contentType,
    id: row.itemKey,
    title: row.title,
    deletedAt: row.deletedAt.toISOString(),
    deletedBy: row.deletedBy,
    purgeAt: new Date(row.deletedAt.getTime() + keptDays * DAY_MS).toISOString(),
  }));
}

/**
 * Brings an item back as it was. One whose address another item took meanwhile is refused (409) with
 * the reason, so nothing comes back half-working.
 */
export async function restoreFromTrash(
  db: Database,
  acting: ActingRequest,
  type: string,
  key: string,
): Promise<{ tables: readonly string[] }> {
  const trash = trashOf(type, key);
  await db.transaction(async (tx) => {
    const row = await trashedRow(tx, type, key);
    const conflict = await trash.restoreConflict?.(tx, key);
    if (conflict) throw new ConflictError(conflict);
    await trash.setDeleted(tx, key, null);
    await tx
      .delete(trashedItems)
      .where(and(eq(trashedItems.contentType, type), eq(trashedItems.itemKey, key)));
    await recordActivityBy(tx, acting, {
      kind: 'content-restored',
      summary: `Restored ${trash.definition.label.toLowerCase()} “${row.title}” from the Trash`,
      details: { type, id: key },
    });
  });
  return { tables: trash.definition.tables };
}

/**
 * Deletes an item in the Trash for good (an admin's choice, or the sweep when its days are up). One
 * something still needs (an upload a post in the Trash uses) stays, and the answer says so.
 */
export async function purgeFromTrash(
  db: Database,
  acting: ActingRequest,
  type: string,
  key: string,
  context: PurgeContext,
): Promise<'purged' | 'kept'> {
  const trash = trashOf(type, key);
  const row = await trashedRow(db, type, key);
  const outcome = await trash.purge(db, key, context);
  if (outcome === 'kept') return outcome;
  await db.delete(trashedItems).where(and(eq(trashedItems.contentType, type), eq(trashedItems.itemKey, key)));
  await recordActivityBy(db, acting, {
    kind: 'content-purged',
    summary: `Deleted ${trash.definition.label.toLowerCase()} “${row.title}” for good`,
    details: { type, id: key },
  });
  return outcome;
}

/** Purges what has been in the Trash longer than it keeps things; the hourly sweep calls it. */
export async function purgeExpiredTrash(
  db: Database,
  context: PurgeContext,
  now = new Date(),
): Promise<number> {
  const { keptDays } = await getTrashSettings(db);
  const due = await db
    .select({ type: trashedItems.contentType, key: trashedItems.itemKey })
    .from(trashedItems)
    .where(lt(trashedItems.deletedAt, new Date(now.getTime() - keptDays * DAY_MS)))
    .orderBy(asc(trashedItems.deletedAt));
  const server: ActingRequest = {
    actor: { userId: null, username: null },
    from: { clientAddress: undefined, userAgent: undefined },
    at: now,
  };
  let purged = 0;
  // Uploads last, so an upload only a due post or service used is free to go in the same sweep.
  const ordered = [...due].sort((a, b) => Number(a.type === 'upload') - Number(b.type === 'upload'));
  for (const item of ordered) {
    try {
      if ((await purgeFromTrash(db, server, item.type, item.key, context)) === 'purged') purged++;
    } catch (error) {
      // A kind no longer registered, or a row gone already: nothing to purge, but it must not stop the rest.
      if (!(error instanceof NotFoundError) && !(error instanceof InvalidInputError)) throw error;
      await db
        .delete(trashedItems)
        .where(and(eq(trashedItems.contentType, item.type), eq(trashedItems.itemKey, item.key)));
    }
  }
  return purged;
}
