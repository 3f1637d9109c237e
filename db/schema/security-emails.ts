import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Emails that tell a person something happened to their account (a sign-in from a new browser, the
 * password changed, two-step sign-in turned off, a recovery code used): an outbox written beside the
 * change and sent by whichever instance is running, as lead alerts are. `details` holds what the email
 * says (time, address, browser), never a secret.
 */
export const securityEmails = pgTable(
  'security_emails',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 40 }).notNull(),
    details: jsonb('details').$type<Record<string, string | null>>().notNull(),
    // pending, sent, failed, logged (no SMTP_URL)
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    recipient: varchar('recipient', { length: 255 }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('security_emails_pending_idx').on(table.status, table.nextAttemptAt)],
);

/**
 * The browsers an account has signed in from, by the SHA-256 of a random id kept in a long-lived cookie:
 * a sign-in from any other browser is worth an email.
 */
export const knownBrowsers = pgTable(
  'known_browsers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    browserHash: varchar('browser_hash', { length: 64 }).notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.browserHash] })],
);
