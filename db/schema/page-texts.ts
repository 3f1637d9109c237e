import { jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The words of a page the owner rewrote (src/shared/schemas/page-texts.ts: one schema per page). A
 * field not stored, or stored empty, shows the page's built-in default.
 */
export const pageTexts = pgTable('page_texts', {
  /** home, about, contact or footer. */
  page: varchar('page', { length: 40 }).primaryKey(),
  content: jsonb('content').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PageTextRow = typeof pageTexts.$inferSelect;
