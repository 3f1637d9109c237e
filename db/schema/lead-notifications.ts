import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { contactSubmissions } from './contact-submissions.ts';

/**
 * sent: emailed; failed: every retry failed (the lead itself is safe); logged: no SMTP_URL, written
 * to the log; skipped: notifications off or no admin email; pending: still being tried.
 */
export const notificationStatuses = ['pending', 'sent', 'failed', 'logged', 'skipped'] as const;
export type NotificationStatus = (typeof notificationStatuses)[number];

export const leadNotifications = pgTable(
  'lead_notifications',
  {
    id: serial('id').primaryKey(),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 20 }).$type<NotificationStatus>().notNull().default('pending'),
    recipient: varchar('recipient', { length: 255 }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** A pending alert is not tried before this time (back-off after a failed send). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while an instance is sending it; once past, another instance may take it over. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One alert per lead.
    uniqueIndex('lead_notifications_submission_idx').on(table.submissionId),
    index('lead_notifications_pending_idx').on(table.status, table.nextAttemptAt),
    check(
      'lead_notifications_status_check',
      sql`${table.status} in ('pending', 'sent', 'failed', 'logged', 'skipped')`,
    ),
  ],
);

export type LeadNotification = typeof leadNotifications.$inferSelect;
