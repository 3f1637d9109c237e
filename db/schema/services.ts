import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * One photo of a service: an upload from the media library (`/uploads/<name>`) or one of the pictures
 * the site ships (`/images/...jpg`), with the words shown for it. Its size is kept with it so a page
 * reserves the photo's space before it loads.
 */
export interface ServicePhoto {
  src: string;
  alt: string;
  caption: string;
  width: number;
  height: number;
}

/** What the company does, as the Services page, each service's own page and every list of services show it. */
export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    /** The service's own address, /services/<slug>. */
    slug: varchar('slug', { length: 255 }).notNull(),
    /** Addresses the service had before: each answers with a permanent redirect to the current one. */
    formerSlugs: text('former_slugs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The id of its section on /services, which links from other sites and old pages point at. */
    anchor: varchar('anchor', { length: 255 }).notNull(),
    summary: text('summary').notNull(),
    /** Sanitized HTML from the same editor and allow-list as posts. */
    description: text('description').notNull(),
    offerings: text('offerings')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    photos: jsonb('photos').$type<ServicePhoto[]>().notNull().default([]),
    /** Text of the larger card on the home page; a service without it has only a tile there. */
    homeHighlight: text('home_highlight'),
    /** "From $N": whole dollars, or none. */
    priceFrom: integer('price_from'),
    sortOrder: integer('sort_order').notNull().default(0),
    isShown: boolean('is_shown').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved to the Trash (trashed_items says by whom): hidden everywhere but the Trash until restored. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    // A service in the Trash gives its address and anchor up: a new service may take them, and restoring
    // the old one then says they are taken instead of failing.
    uniqueIndex('services_slug_unique')
      .on(table.slug)
      .where(sql`${table.deletedAt} is null`),
    uniqueIndex('services_anchor_unique')
      .on(table.anchor)
      .where(sql`${table.deletedAt} is null`),
    check('services_price_from_check', sql`${table.priceFrom} is null or ${table.priceFrom} >= 0`),
    index('services_former_slugs_idx').using('gin', table.formerSlugs),
  ],
);

export type ServiceRow = typeof services.$inferSelect;
export type NewServiceRow = typeof services.$inferInsert;

/** A question and its answer: general (no service), or about one service. */
export const faqs = pgTable(
  'faqs',
  {
    id: serial('id').primaryKey(),
    question: varchar('question', { length: 500 }).notNull(),
    /** Plain text; blank lines part its paragraphs. */
    answer: text('answer').notNull(),
    /** Deleting a service deletes its questions: answers about a service that is gone mislead. */
    serviceId: integer('service_id').references(() => services.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
    isShown: boolean('is_shown').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved to the Trash (trashed_items says by whom): hidden everywhere but the Trash until restored. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [index('faqs_service_id_idx').on(table.serviceId)],
);

export type FaqRow = typeof faqs.$inferSelect;
export type NewFaqRow = typeof faqs.$inferInsert;

/**
 * Which kinds of built-in content this database was given once, so that content the owner later
 * deleted is not put back at the next start, and a database made before the content existed gets it.
 */
export const builtInContent = pgTable('built_in_content', {
  kind: varchar('kind', { length: 100 }).primaryKey(),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
});
