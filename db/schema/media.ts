import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { posts } from './posts.ts';

export const mediaTypes = ['image', 'video'] as const;
export type MediaType = (typeof mediaTypes)[number];

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
    postId: integer('post_id').references(() => posts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('media_type_check', sql`${table.type} in ('image', 'video')`)],
);

export type Media = typeof media.$inferSelect;
export type NewMedia = typeof media.$inferInsert;
