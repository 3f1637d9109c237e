import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The history, trash, drafts and scheduled changes of every kind of content the owner edits, in one
 * shape for all of them: an item is named by its content type (`post`, `settings`, ...) and its key
 * (the row id as text, or a fixed name for a one-of-a-kind item such as the settings). A kind of
 * content plugs in through the registry in src/server/services/content-types.ts; nothing here names a
 * table of its own.
 */

/**
 * Each saved state of an item, newest with the highest `version`. The newest row is what the item holds
 * now; older rows are what a restore can bring back. The oldest beyond a hundred per item are pruned.
 */
export const contentVersions = pgTable(
  'content_versions',
  {
    id: serial('id').primaryKey(),
    contentType: varchar('content_type', { length: 40 }).notNull(),
    itemKey: varchar('item_key', { length: 100 }).notNull(),
    /** Counts the saves of this item from 1; a save from an older one than the newest is a conflict. */
    version: integer('version').notNull(),
    /** The item's editable fields as they were saved. */
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    /** What this save changed, in a line ("Edited title, content"). */
    summary: varchar('summary', { length: 500 }).notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    savedById: integer('saved_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The username as it was then; null for a save by nobody (the server's own, or before history). */
    savedBy: varchar('saved_by', { length: 100 }),
  },
  (table) => [
    uniqueIndex('content_versions_item_version_idx').on(table.contentType, table.itemKey, table.version),
  ],
);

/** An item in the Trash: its row is kept, marked deleted, until an admin purges it or its time is up. */
export const trashedItems = pgTable(
  'trashed_items',
  {
    contentType: varchar('content_type', { length: 40 }).notNull(),
    itemKey: varchar('item_key', { length: 100 }).notNull(),
    /** What the Trash tab lists it as, read when it was deleted. */
    title: varchar('title', { length: 500 }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
    deletedById: integer('deleted_by_id').references(() => users.id, { onDelete: 'set null' }),
    deletedBy: varchar('deleted_by', { length: 100 }),
  },
  (table) => [
    primaryKey({ columns: [table.contentType, table.itemKey] }),
    index('trashed_items_deleted_idx').on(table.deletedAt),
  ],
);

/**
 * What someone typed in an editor and has not saved yet, one per person and item (`new` for an item not
 * created yet), so a closed tab or a lost connection loses only the last seconds of typing.
 */
export const contentDrafts = pgTable(
  'content_drafts',
  {
    contentType: varchar('content_type', { length: 40 }).notNull(),
    itemKey: varchar('item_key', { length: 100 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    /** The version the editor had loaded when typing began. */
    baseVersion: integer('base_version').notNull().default(0),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.contentType, table.itemKey, table.userId] })],
);

/** A change to an item that goes live at `runAt`, applied once by whichever instance sees it due. */
export const scheduledChanges = pgTable(
  'scheduled_changes',
  {
    id: serial('id').primaryKey(),
    contentType: varchar('content_type', { length: 40 }).notNull(),
    itemKey: varchar('item_key', { length: 100 }).notNull(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: varchar('created_by', { length: 100 }),
    /** Set when it went live (or was dropped because its item is gone); null while it waits. */
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (table) => [
    index('scheduled_changes_due_idx')
      .on(table.runAt)
      .where(sql`${table.appliedAt} is null`),
  ],
);

export type ContentVersionRow = typeof contentVersions.$inferSelect;
export type TrashedItemRow = typeof trashedItems.$inferSelect;
export type ContentDraftRow = typeof contentDrafts.$inferSelect;
export type ScheduledChangeRow = typeof scheduledChanges.$inferSelect;
