import { boolean, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// https://lucia-auth.com/sessions/basic : the id is the SHA-256 of the token the browser holds,
// so a leaked table cannot be replayed as cookies.
export const sessions = pgTable(
  'sessions',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Sliding idle expiry, pushed forward when the session is used.
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // Hard cap: no renewal goes past it.
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // What the Account tab shows of each session, so a person can tell their own devices from another's.
    ipAddress: varchar('ip_address', { length: 64 }),
    userAgent: varchar('user_agent', { length: 500 }),
    // Moved forward with the idle expiry, so it is right to within the renewal granularity (an hour).
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    // When the person last proved it was them (password or second factor) in this session: what
    // sensitive changes ask to be recent.
    reauthenticatedAt: timestamp('reauthenticated_at', { withTimezone: true }).notNull().defaultNow(),
    // The password was right but the second step is still to come: such a session grants nothing but
    // that step, and ends within minutes.
    secondStepPending: boolean('second_step_pending').notNull().default(false),
    // Opened while every account must use two-step sign-in, by an account without it: grants nothing
    // but setting it up, until that is done.
    twoStepSetupRequired: boolean('two_step_setup_required').notNull().default(false),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export type Session = typeof sessions.$inferSelect;
