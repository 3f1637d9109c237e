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
import { reviews } from './reviews.ts';

/**
 * One customer asked for a review after a job. The personal link's token and the unsubscribe link's
 * token are kept only as SHA-256 hashes: the database never holds a link that works.
 */
export const reviewRequests = pgTable(
  'review_requests',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    /** The lead of the job, when the owner asked from the Leads tab; kept when the lead is deleted. */
    leadId: integer('lead_id').references(() => contactSubmissions.id, { onDelete: 'set null' }),
    /** The month of the job (YYYY-MM, company time) and its town, shown on a verified review. */
    jobMonth: varchar('job_month', { length: 7 }).notNull(),
    town: varchar('town', { length: 100 }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }).notNull(),
    unsubscribeTokenHash: varchar('unsubscribe_token_hash', { length: 64 }).notNull(),
    /** The personal link was followed (its page shown), which uses nothing up. */
    openedAt: timestamp('opened_at', { withTimezone: true }),
    /** A review was sent through the link: the token is spent. */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewId: integer('review_id').references(() => reviews.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('review_requests_token_idx').on(table.tokenHash),
    uniqueIndex('review_requests_unsubscribe_token_idx').on(table.unsubscribeTokenHash),
    index('review_requests_email_created_idx').on(sql`lower(${table.email})`, table.createdAt),
    index('review_requests_created_idx').on(table.createdAt),
  ],
);

export type ReviewRequest = typeof reviewRequests.$inferSelect;

/** The first email, and the one reminder. */
export const reviewRequestEmailKinds = ['request', 'reminder'] as const;
export type ReviewRequestEmailKind = (typeof reviewRequestEmailKinds)[number];

/**
 * pending: waiting to be sent (a reminder waits until its day); sent; bounced: the receiving server
 * refused the address for good; failed: every retry failed; logged: no SMTP_URL, written to the log;
 * skipped: not sent because the customer reviewed or unsubscribed first.
 */
export const reviewRequestEmailStatuses = [
  'pending',
  'sent',
  'bounced',
  'failed',
  'logged',
  'skipped',
] as const;
export type ReviewRequestEmailStatus = (typeof reviewRequestEmailStatuses)[number];

/**
 * The outbox of review request emails, as lead_notifications is for new-lead alerts: written in the
 * transaction that records the request, claimed with a lease by whichever instance runs, retried from
 * the row.
 */
export const reviewRequestEmails = pgTable(
  'review_request_emails',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => reviewRequests.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).$type<ReviewRequestEmailKind>().notNull(),
    status: varchar('status', { length: 20 }).$type<ReviewRequestEmailStatus>().notNull().default('pending'),
    // The links' tokens in clear, which the request row keeps only as hashes: the email is written
    // when it is sent (the reminder days later), so it needs them until then. Set to null as soon as
    // the email is sent, refused or not needed.
    reviewToken: varchar('review_token', { length: 64 }),
    unsubscribeToken: varchar('unsubscribe_token', { length: 64 }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Not tried before this time: a reminder's day, or the back-off after a failed send. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One first email and at most one reminder per request.
    uniqueIndex('review_request_emails_request_kind_idx').on(table.requestId, table.kind),
    index('review_request_emails_pending_idx').on(table.status, table.nextAttemptAt),
    check('review_request_emails_kind_check', sql`${table.kind} in ('request', 'reminder')`),
    check(
      'review_request_emails_status_check',
      sql`${table.status} in ('pending', 'sent', 'bounced', 'failed', 'logged', 'skipped')`,
    ),
  ],
);

export type ReviewRequestEmail = typeof reviewRequestEmails.$inferSelect;

/** Addresses that asked never to be sent a review request again; kept for good. */
export const reviewRequestUnsubscribes = pgTable('review_request_unsubscribes', {
  /** Lower-cased, so one address is one row however it was typed. */
  email: varchar('email', { length: 255 }).primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
