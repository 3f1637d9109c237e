import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../../db/client.ts';
import { contentDrafts } from '../../../../db/schema/index.ts';
import { UnauthorizedError } from '../../errors.ts';
import type { ActingRequest } from '../activity-log.ts';
import { historyOf, type ContentDocument } from './registry.ts';
import './types.ts';

/** The key of a draft for an item not created yet. */
export const NEW_ITEM_KEY = 'new';

/** What someone typed and has not saved, as the editor offers it back. */
export interface Draft {
  document: ContentDocument;
  baseVersion: number;
  /** UTC, ISO 8601. */
  savedAt: string;
}

function draftOf(type: string, key: string, userId: number) {
  return and(
    eq(contentDrafts.contentType, type),
    eq(contentDrafts.itemKey, key),
    eq(contentDrafts.userId, userId),
  );
}

function userIdOf(acting: ActingRequest): number {
  if (acting.actor.userId === null) throw new UnauthorizedError('Sign in to continue');
  return acting.actor.userId;
}

/**
 * Keeps what a person is typing in an editor, one draft per person and item, replacing the last. A
 * draft is only ever read back by its author's editor: visitors see the item as last saved.
 */
export async function saveDraft(
  db: Database,
  acting: ActingRequest,
  type: string,
  key: string,
  document: ContentDocument,
  baseVersion: number,
): Promise<Draft> {
  historyOf(type, key === NEW_ITEM_KEY ? '1' : key);
  const userId = userIdOf(acting);
  await db
    .insert(contentDrafts)
    .values({ contentType: type, itemKey: key, userId, document, baseVersion, savedAt: acting.at })
    .onConflictDoUpdate({
      target: [contentDrafts.contentType, contentDrafts.itemKey, contentDrafts.userId],
      set: { document, baseVersion, savedAt: acting.at },
    });
  return { document, baseVersion, savedAt: acting.at.toISOString() };
}

/** This person's unsaved draft of the item, or null. */
export async function findDraft(
  db: Database,
  acting: ActingRequest,
  type: string,
  key: string,
): Promise<Draft | null> {
  historyOf(type, key === NEW_ITEM_KEY ? '1' : key);
  const [row] = await db
    .select()
    .from(contentDrafts)
    .where(draftOf(type, key, userIdOf(acting)));
  return row
    ? { document: row.document, baseVersion: row.baseVersion, savedAt: row.savedAt.toISOString() }
    : null;
}

/** Drops this person's draft of the item ("Discard"); saving the item drops it too. */
export async function discardDraft(
  db: Database,
  acting: ActingRequest,
  type: string,
  key: string,
): Promise<void> {
  await db.delete(contentDrafts).where(draftOf(type, key, userIdOf(acting)));
}
