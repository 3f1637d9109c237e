import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

import { leadStatuses, type LeadStatus } from '../../src/shared/lead-statuses.ts';

/** Where the owner is with a lead: new until answered, contacted, then closed. */
export { leadStatuses, type LeadStatus };

export const contactSubmissions = pgTable(
  'contact_submissions',
  {
    id: serial('id').primaryKey(),
    firstName: varchar('first_name', { length: 255 }).notNull(),
    lastName: varchar('last_name', { length: 255 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    phone: varchar('phone', { length: 20 }),
    service: varchar('service', { length: 255 }),
    message: text('message').notNull(),
    /** The page the message was sent from, and where that visitor came from today (see analytics). */
    page: varchar('page', { length: 300 }),
    source: varchar('source', { length: 100 }),
    status: varchar('status', { length: 20 }).$type<LeadStatus>().notNull().default('new'),
    // Sent the way a bot sends (honeypot filled, or too fast for a person): kept for the owner to check,
    // never emailed, deleted after a while.
    isSpam: boolean('is_spam').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved to the Trash (trashed_items says by whom): hidden everywhere but the Trash until restored. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('contact_submissions_created_idx').on(table.createdAt.desc()),
    index('contact_submissions_spam_created_idx').on(table.isSpam, table.createdAt),
    check('contact_submissions_status_check', sql`${table.status} in ('new', 'contacted', 'closed')`),
  ],
);

export type ContactSubmission = typeof contactSubmissions.$inferSelect;
export type NewContactSubmission = typeof contactSubmissions.$inferInsert;
