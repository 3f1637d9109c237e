import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

import type { OfferAudience, OfferPictureKind } from '../../src/shared/offer-kinds.ts';

export { offerAudiences, offerPictureKinds } from '../../src/shared/offer-kinds.ts';
export type { OfferAudience, OfferPictureKind };

/**
 * A discount the site advertises (the home page's offers, GET /api/offers). Shown from `starts_at` (or
 * always) until `ends_at` (or for good); an ended offer stays here, listed for the owner.
 */
export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    /** What the discount is on: "Any Plumbing Service". */
    title: varchar('title', { length: 200 }).notNull(),
    /** The discount as the owner words it: "$25 Off". */
    amount: varchar('amount', { length: 60 }).notNull(),
    /** A sentence or two under the title. */
    description: text('description').notNull().default(''),
    /** Terms, one a line. */
    finePrint: text('fine_print').notNull().default(''),
    audience: varchar('audience', { length: 20 }).$type<OfferAudience>().notNull().default('everyone'),
    showCallLink: boolean('show_call_link').notNull().default(false),
    showEstimateLink: boolean('show_estimate_link').notNull().default(false),
    picture: varchar('picture', { length: 20 }).$type<OfferPictureKind>().notNull().default('none'),
    /** The uploaded picture's address, when `picture` is uploaded. */
    pictureUrl: varchar('picture_url', { length: 500 }),
    pictureAlt: varchar('picture_alt', { length: 500 }).notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved to the Trash (trashed_items says by whom): hidden everywhere but the Trash until restored. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    check('offers_audience_check', sql`${table.audience} in ('everyone', 'new-customers')`),
    check('offers_picture_check', sql`${table.picture} in ('none', 'drawn', 'uploaded')`),
    check(
      'offers_ends_after_start_check',
      sql`${table.endsAt} is null or ${table.startsAt} is null or ${table.endsAt} > ${table.startsAt}`,
    ),
    index('offers_starts_at_idx').on(table.startsAt),
    index('offers_ends_at_idx').on(table.endsAt),
  ],
);

export type OfferRow = typeof offers.$inferSelect;
export type NewOffer = typeof offers.$inferInsert;
