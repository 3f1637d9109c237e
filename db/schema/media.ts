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
  varchar,
} from 'drizzle-orm/pg-core';
import { posts } from './posts.ts';

export const mediaTypes = ['image', 'video'] as const;
export type MediaType = (typeof mediaTypes)[number];

/** One smaller or differently encoded copy of an uploaded image, kept in the file store under `name`. */
export interface MediaVariant {
  name: string;
  format: 'avif' | 'webp' | 'jpeg' | 'png';
  width: number;
  height: number;
  size: number;
}

export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    filename: varchar('filename', { length: 255 }).notNull().unique(),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    path: varchar('path', { length: 500 }).notNull(),
    url: varchar('url', { length: 500 }).notNull(),
    type: varchar('type', { length: 20 }).$type<MediaType>().notNull(),
    width: integer('width'),
    height: integer('height'),
    duration: integer('duration'),
    /** What the image shows, for people who cannot see it; empty until the owner writes it. */
    alt: text('alt').notNull().default(''),
    /** Copies made from the stored image for screens of other sizes, smallest first. */
    variants: jsonb('variants').$type<MediaVariant[]>().notNull().default([]),
    /** The variants are still to be made: whichever instance claims the row makes them. */
    variantsPending: boolean('variants_pending').notNull().default(false),
    /** Until when the instance that claimed the row is making them; after that another may. */
    variantsLeaseUntil: timestamp('variants_lease_until', { withTimezone: true }),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved to the Trash (trashed_items says by whom): hidden everywhere but the Trash until restored. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    check('media_type_check', sql`${table.type} in ('image', 'video')`),
    index('media_variants_pending_idx')
      .on(table.id)
      .where(sql`${table.variantsPending}`),
  ],
);

export type Media = typeof media.$inferSelect;
export type NewMedia = typeof media.$inferInsert;
