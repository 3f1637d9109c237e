import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The passkeys (WebAuthn credentials) of each account: several per account, each with a name its owner
 * gives it. The public key is what the site checks a sign-in's signature with; nothing secret is kept.
 * `counter` is the authenticator's signature counter, which must grow (a copied authenticator shows as
 * a counter going back); most synced passkeys always report 0, which is accepted.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The credential id the authenticator chose, base64url, as browsers send it back.
    credentialId: varchar('credential_id', { length: 1400 }).notNull().unique(),
    // The COSE public key, base64url.
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    // The random user handle the authenticator stores beside the credential: one per account, reused by
    // its every passkey, so an authenticator replaces an account's old passkey rather than keep two.
    userHandle: varchar('user_handle', { length: 128 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('passkeys_user_idx').on(table.userId)],
);

export type Passkey = typeof passkeys.$inferSelect;

/**
 * The challenges of WebAuthn ceremonies under way, kept by the server (a challenge held by the browser
 * could be replayed): each is deleted by the statement that accepts it, so it is used once, and it is
 * refused after `expiresAt`. `userId` is the account a registration or a second step belongs to; null
 * for a sign-in with a passkey alone, where the passkey names the account.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: varchar('challenge', { length: 128 }).primaryKey(),
    purpose: varchar('purpose', { length: 20 }).$type<'registration' | 'sign-in' | 'second-step'>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    // A registration's user handle, given to the authenticator with the challenge and stored with the
    // passkey it makes.
    userHandle: varchar('user_handle', { length: 128 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webauthn_challenges_expires_idx').on(table.expiresAt)],
);
