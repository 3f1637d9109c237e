import { index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Who did what, when, from which address and browser. One row per event; `details` holds what the
 * event names (the fields changed, the account acted on), never a password, code, secret or token.
 * The person's username is kept beside the id, so a refused sign-in under an unknown name, or an
 * account deleted later, still reads as it happened.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: varchar('username', { length: 100 }),
    kind: varchar('kind', { length: 60 }).notNull(),
    summary: varchar('summary', { length: 500 }).notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ipAddress: varchar('ip_address', { length: 64 }),
    userAgent: varchar('user_agent', { length: 500 }),
  },
  (table) => [
    index('activity_log_at_idx').on(table.at),
    index('activity_log_user_at_idx').on(table.userId, table.at),
  ],
);

export type ActivityLogRow = typeof activityLog.$inferSelect;
