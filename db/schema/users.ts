import { sql } from 'drizzle-orm';
import { bigint, boolean, check, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

export const userRoles = ['admin', 'editor'] as const;
export type UserRole = (typeof userRoles)[number];

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 100 }).notNull().unique(),
    email: varchar('email', { length: 255 }).notNull().unique(),
    passwordHash: varchar('password_hash', { length: 255 }).notNull(),
    role: varchar('role', { length: 20 }).$type<UserRole>().notNull().default('admin'),
    isActive: boolean('is_active').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    // Two-step sign-in with an authenticator app (RFC 6238): the shared secret once confirmed by a first
    // code, the one being set up until then, and the last 30-second step a code was accepted for, so a
    // code is never accepted twice.
    totpSecret: varchar('totp_secret', { length: 64 }),
    totpPendingSecret: varchar('totp_pending_secret', { length: 64 }),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('users_role_check', sql`${table.role} in ('admin', 'editor')`)],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
