import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client.ts';
import { contentDrafts, contentVersions } from '../../../../db/schema/index.ts';
import { diffWords, type WordDiffPart } from '../../../shared/word-diff.ts';
import { formatCompanyDateTime } from '../../../shared/company-time.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { recordActivityBy, type ActingRequest, type ActivityKind } from '../activity-log.ts';
import { historyOf, type ContentDocument, type HistorySupport } from './registry.ts';
import './types.ts';

/** How many versions each item keeps at least; older ones are pruned as new ones are saved. */
export const VERSIONS_KEPT = 100;

/** One entry of an item's History list. */
export interface VersionSummary {
  id: number;
  version: number;
  /** UTC, ISO 8601. */
  savedAt: string;
  /** The username of who saved it; null for the server's own saves and the state before history. */
  savedBy: string | null;
  summary: string;
}

/** Who saved an item last and which version that made it: what a save checks its base against. */
export interface CurrentVersion {
  version: number;
  savedAt: Date;
  savedBy: string | null;
}

function itemIs(type: string, key: string) {
  return and(eq(contentVersions.contentType, type), eq(contentVersions.itemKey, key));
}

export async function currentVersion(
  db: Database,
  type: string,
  key: string,
): Promise<CurrentVersion | null> {
  const [row] = await db
    .select({
      version: contentVersions.version,
      savedAt: contentVersions.savedAt,
      savedBy: contentVersions.savedBy,
    })
    .from(contentVersions)
    .where(itemIs(type, key))
    .orderBy(desc(contentVersions.version))
    .limit(1);
  return row ?? null;
}

/** The version each of these items is at (0 for one never saved since history began), in one query. */
export async function currentVersions(
  db: Database,
  type: string,
  keys: readonly string[],
): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: contentVersions.itemKey, version: sql<number>`max(${contentVersions.version})::int` })
    .from(contentVersions)
    .where(and(eq(contentVersions.contentType, type), inArray(contentVersions.itemKey, [...keys])))
    .groupBy(contentVersions.itemKey);
  return new Map(rows.map((row) => [row.key, row.version]));
}

function differentValues(before: unknown, after: unknown): boolean {
  return JSON.stringify(before ?? null) !== JSON.stringify(after ?? null);
}

/** The fields whose values differ between two documents, in the newer one's order. */
export function changedFields(before: ContentDocument | undefined, after: ContentDocument): string[] {
  const fields = new Set([...Object.keys(after), ...Object.keys(before ?? {})]);
  return [...fields].filter((field) => differentValues(before?.[field], after[field]));
}

function labelled(fields: readonly string[], labels: Readonly<Record<string, string>> = {}): string {
  return fields.map((field) => labels[field] ?? field).join(', ');
}

function isPublic(history: HistorySupport, document: ContentDocument | undefined): boolean {
  if (!document) return false;
  if (history.isPublic) return history.isPublic(document);
  return document.isPublished === true;
}

/**
 * How a save reads in the activity log, naming the fields it changed: a create, an edit, and a publish
 * or unpublish when the save shows the item to visitors or takes it away. A post created published is
 * both a create and a publish, so that either filter finds it.
 */
function saveActivities(
  history: HistorySupport & { definition: { label: string } },
  target: SaveTarget,
  before: { document: ContentDocument } | null,
  after: { title: string; document: ContentDocument },
  fields: readonly string[],
): { kind: ActivityKind; summary: string }[] {
  const item = `${history.definition.label.toLowerCase()} “${after.title}”`;
  const changed = labelled(fields, history.fieldLabels);
  const wasPublic = isPublic(history, before?.document);
  const nowPublic = isPublic(history, after.document);
  if (!before)
    return [
      { kind: 'content-created', summary: `Created ${item}` },
      ...(nowPublic ? [{ kind: 'content-published' as const, summary: `Published ${item}` }] : []),
    ];
  if (nowPublic !== wasPublic)
    return [
      {
        kind: nowPublic ? 'content-published' : 'content-unpublished',
        summary: `${nowPublic ? 'Published' : 'Unpublished'} ${item}: ${changed}`,
      },
    ];
  return [{ kind: target.editedKind ?? 'content-edited', summary: `Edited ${item}: ${changed}` }];
}

export interface SaveTarget {
  type: string;
  /** The item's key, or null for an item the write creates (its key is what the write answers). */
  key: string | null;
  /**
   * The version the editor loaded the item at. A save from any other than the newest is refused (409),
   * so nobody's edit is silently overwritten. Undefined: the caller read no version (an older client),
   * and the save goes through as it always did.
   */
  baseVersion?: number;
  /** Overrides the line history lists this save by (a restore says what it brought back). */
  summary?: string;
  /** The kind an edit is logged as, when not `content-edited`: the site settings' `settings-changed`. */
  editedKind?: ActivityKind;
}

/** Refused because someone else saved the item after the editor loaded it. */
export class EditConflictError extends ConflictError {
  constructor(
    title: string,
    readonly current: CurrentVersion,
  ) {
    super(
      `${current.savedBy ?? 'Someone'} changed “${title}” at ${formatCompanyDateTime(current.savedAt)}, after you opened it. ` +
        'Nothing was saved: compare your text with theirs, then save again.',
    );
  }
}

/**
 * Saves an item and keeps the saved state in its history, in one transaction: the item is locked, the
 * editor's base version checked against the newest, the write made, and the new state recorded with who
 * saved it, when and what changed; drafts of the item by the same person are dropped, the oldest versions
 * beyond VERSIONS_KEPT pruned, and the save logged. An item saved for the first time since history began
 * first gets its state before the save recorded, so that state can be restored too.
 */
export async function saveWithHistory<T>(
  db: Database,
  acting: ActingRequest,
  target: SaveTarget,
  write: (tx: Database) => Promise<{ key: string; result: T }>,
): Promise<{ result: T; version: number }> {
  return db.transaction(async (tx) => {
    const history = historyOf(target.type, target.key ?? '1');
    let before: { title: string; document: ContentDocument } | null = null;
    let head: CurrentVersion | null = null;
    if (target.key !== null) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${target.type}:${target.key}`}))`);
      head = await currentVersion(tx, target.type, target.key);
      before = await history.read(tx, target.key);
      if (!before) throw new NotFoundError(`${history.definition.label} not found`);
      if (target.baseVersion !== undefined && target.baseVersion !== (head?.version ?? 0))
        throw new EditConflictError(before.title, head ?? { version: 0, savedAt: acting.at, savedBy: null });
      if (!head) {
        await tx.insert(contentVersions).values({
          contentType: target.type,
          itemKey: target.key,
          version: 1,
          document: before.document,
          summary: 'As it was before history was kept',
          savedAt: acting.at,
        });
        head = { version: 1, savedAt: acting.at, savedBy: null };
      }
    }
    const { key, result } = await write(tx);
    const after = await history.read(tx, key);
    if (!after) throw new NotFoundError(`${history.definition.label} not found`);
    const fields = changedFields(before?.document, after.document);
    if (head && fields.length === 0) return { result, version: head.version };
    const version = (head?.version ?? 0) + 1;
    const summary =
      target.summary ??
      (before ? `Edited ${labelled(fields, history.fieldLabels)}` : `Created “${after.title}”`);
    await tx.insert(contentVersions).values({
      contentType: target.type,
      itemKey: key,
      version,
      document: after.document,
      summary: summary.slice(0, 500),
      savedAt: acting.at,
      savedById: acting.actor.userId,
      savedBy: acting.actor.username,
    });
    await tx
      .delete(contentVersions)
      .where(and(itemIs(target.type, key), lte(contentVersions.version, version - VERSIONS_KEPT)));
    if (acting.actor.userId !== null)
      await tx
        .delete(contentDrafts)
        .where(
          and(
            eq(contentDrafts.contentType, target.type),
            inArray(contentDrafts.itemKey, target.key === null ? ['new', key] : [key]),
            eq(contentDrafts.userId, acting.actor.userId),
          ),
        );
    for (const activity of saveActivities(history, target, before, after, fields))
      await recordActivityBy(tx, acting, {
        ...activity,
        details: { type: target.type, id: key, version, fields },
      });
    return { result, version };
  });
}

/** An item's saved versions, newest first. */
export async function listVersions(db: Database, type: string, key: string): Promise<VersionSummary[]> {
  historyOf(type, key);
  const rows = await db
    .select({
      id: contentVersions.id,
      version: contentVersions.version,
      savedAt: contentVersions.savedAt,
      savedBy: contentVersions.savedBy,
      summary: contentVersions.summary,
    })
    .from(contentVersions)
    .where(itemIs(type, key))
    .orderBy(desc(contentVersions.version));
  return rows.map((row) => ({ ...row, savedAt: row.savedAt.toISOString() }));
}

/** One field that differs between a version and the item as it is now. */
export interface FieldChange {
  field: string;
  label: string;
  /** The value in the version and now, as text. */
  then: string;
  now: string;
  /** For long text: word by word, from the version to now. */
  words?: WordDiffPart[];
}

export interface VersionComparison extends VersionSummary {
  type: string;
  itemId: string;
  /** The version now live. */
  currentVersion: number;
  document: ContentDocument;
  changes: FieldChange[];
}

function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

async function versionRow(db: Database, versionId: number) {
  const [row] = await db.select().from(contentVersions).where(eq(contentVersions.id, versionId));
  if (!row) throw new NotFoundError('No such version');
  return row;
}

/** What differs between a saved version and the item as it is now, field by field. */
export async function compareVersion(db: Database, versionId: number): Promise<VersionComparison> {
  const row = await versionRow(db, versionId);
  const history = historyOf(row.contentType, row.itemKey);
  const live = await history.read(db, row.itemKey);
  if (!live) throw new NotFoundError(`${history.definition.label} not found (it may be in the Trash)`);
  const head = await currentVersion(db, row.contentType, row.itemKey);
  const changes = changedFields(row.document, live.document).map((field): FieldChange => {
    const change: FieldChange = {
      field,
      label: history.fieldLabels?.[field] ?? field,
      then: asText(row.document[field]),
      now: asText(live.document[field]),
    };
    if (history.textFields.includes(field)) change.words = diffWords(change.then, change.now);
    return change;
  });
  return {
    id: row.id,
    version: row.version,
    savedAt: row.savedAt.toISOString(),
    savedBy: row.savedBy,
    summary: row.summary,
    type: row.contentType,
    itemId: row.itemKey,
    currentVersion: head?.version ?? 0,
    document: row.document,
    changes,
  };
}

/**
 * Brings a saved version back as a new version: every version stays listed, so a restore loses nothing
 * and can itself be undone.
 */
export async function restoreVersion(
  db: Database,
  acting: ActingRequest,
  versionId: number,
): Promise<{ type: string; id: string; version: number; tables: readonly string[] }> {
  const row = await versionRow(db, versionId);
  const history = historyOf(row.contentType, row.itemKey);
  const summary = `Restored version ${row.version} of ${formatCompanyDateTime(row.savedAt)}`;
  const { version } = await saveWithHistory(
    db,
    acting,
    { type: row.contentType, key: row.itemKey, summary },
    async (tx) => {
      await history.write(tx, row.itemKey, row.document, acting);
      return { key: row.itemKey, result: undefined };
    },
  );
  await recordActivityBy(db, acting, {
    kind: 'version-restored',
    summary: `${summary} (${history.definition.label.toLowerCase()} ${row.itemKey})`,
    details: { type: row.contentType, id: row.itemKey, restoredVersion: row.version, version },
  });
  return { type: row.contentType, id: row.itemKey, version, tables: history.definition.tables };
}

/** An item as its editor loads it: with the version a save from it is checked against. */
export type Versioned<T> = T & { version: number };

/** Each item of a list with the version it is at (0 for one never saved since history began). */
export async function withCurrentVersions<T extends { id: number }>(
  db: Database,
  type: string,
  items: readonly T[],
): Promise<Versioned<T>[]> {
  const versions = await currentVersions(
    db,
    type,
    items.map((item) => String(item.id)),
  );
  return items.map((item) => ({ ...item, version: versions.get(String(item.id)) ?? 0 }));
}

/**
 * Creates (id null) or edits the row-id item through `write`, in history, and answers it with its new
 * version: what the create and update procedures of every kind kept by row id share.
 */
export async function saveRowWithHistory<T extends { id: number }>(
  db: Database,
  acting: ActingRequest,
  target: { type: string; id: number | null; baseVersion?: number },
  write: (tx: Database) => Promise<T>,
): Promise<Versioned<T>> {
  const { result, version } = await saveWithHistory(
    db,
    acting,
    {
      type: target.type,
      key: target.id === null ? null : String(target.id),
      baseVersion: target.baseVersion,
    },
    async (tx) => {
      const saved = await write(tx);
      return { key: String(saved.id), result: saved };
    },
  );
  return { ...result, version };
}
