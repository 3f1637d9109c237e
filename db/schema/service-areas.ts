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
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * A town the company serves: where its name is listed (the home banner, the About and Contact lists),
 * the ZIP codes online booking accepts for it, and optionally a page of its own at
 * /service-areas/<slug>, shown only while published.
 */
export const serviceAreas = pgTable(
  'service_areas',
  {
    id: serial('id').primaryKey(),
    town: varchar('town', { length: 100 }).notNull(),
    /** Two-letter US state code. */
    state: varchar('state', { length: 2 }).notNull(),
    /** Five-digit ZIP codes; one ZIP may belong to several towns, as ZIPs cross town lines. */
    zips: text('zips')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Hidden: named nowhere on the site, its page not shown and its ZIPs not served. */
    shown: boolean('shown').notNull().default(true),
    /** Named in the scrolling banner of the home page. */
    inBanner: boolean('in_banner').notNull().default(true),
    /** Named in the community lists of About and Contact; the first such town is the home base. */
    inCommunityList: boolean('in_community_list').notNull().default(true),
    /** Lists are read by this, then by id; the admin tab reorders by rewriting it. */
    sortOrder: integer('sort_order').notNull().default(0),
    slug: varchar('slug', { length: 100 }).notNull(),
    /** Addresses the town page had before: each answers 301 to the current slug. */
    formerSlugs: text('former_slugs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    pageHeading: varchar('page_heading', { length: 200 }).notNull().default(''),
    pageIntro: text('page_intro').notNull().default(''),
    /** Sanitized HTML from the same editor and allow-list posts use. */
    pageBody: text('page_body').notNull().default(''),
    pagePublished: boolean('page_published').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved to the Trash (trashed_items says by whom): hidden everywhere but the Trash until restored. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    // A town in the Trash gives its address up: restoring it after another town took it says so.
    uniqueIndex('service_areas_slug_unique')
      .on(table.slug)
      .where(sql`${table.deletedAt} is null`),
    check('service_areas_state_check', sql`${table.state} ~ '^[A-Z]{2}$'`),
    index('service_areas_order_idx').on(table.sortOrder, table.id),
    index('service_areas_former_slugs_idx').using('gin', table.formerSlugs),
  ],
);

export type ServiceArea = typeof serviceAreas.$inferSelect;
export type NewServiceArea = typeof serviceAreas.$inferInsert;
