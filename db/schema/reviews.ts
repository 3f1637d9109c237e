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

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    secondName: varchar('second_name', { length: 255 }),
    rating: integer('rating').notNull().default(5),
    review: text('review').notNull(),
    // Moderation: a hidden review never reaches a visitor.
    isVisible: boolean('is_visible').notNull().default(true),
    // Sent the way a bot sends: kept hidden for the owner to check, deleted after a while. A spam
    // review is never visible.
    isSpam: boolean('is_spam').notNull().default(false),
    // Sent through a personal link from a review request: a customer of a real job, whose month
    // (YYYY-MM) and town the card shows. Copied here so the badge outlives the request.
    verified: boolean('verified').notNull().default(false),
    jobMonth: varchar('job_month', { length: 7 }),
    town: varchar('town', { length: 100 }),
    /** The owner's public answer. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved to the Trash (trashed_items says by whom): hidden everywhere but the Trash until restored. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    check('reviews_rating_check', sql`${table.rating} between 1 and 5`),
    index('reviews_visible_created_idx').on(table.isVisible, table.createdAt.desc()),
    index('reviews_spam_created_idx').on(table.isSpam, table.createdAt),
    check('reviews_spam_hidden_check', sql`not (${table.isSpam} and ${table.isVisible})`),
  ],
);

export type Review = typeof reviews.$inferSelect;
export type NewReview = typeof reviews.$inferInsert;
