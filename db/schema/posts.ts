import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

export const postTypes = ['news', 'advice'] as const;
export type PostType = (typeof postTypes)[number];

export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 500 }).notNull(),
    content: text('content').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    slug: varchar('slug', { length: 255 }).notNull(),
    type: varchar('type', { length: 20 }).$type<PostType>().notNull(),
    image: varchar('image', { length: 500 }),
    video: varchar('video', { length: 500 }),
    isPublished: boolean('is_published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved to the Trash (trashed_items says by whom): hidden everywhere but the Trash until restored. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    // A post in the Trash gives its address up: a new post may take it, and restoring the old one then
    // says the address is taken instead of failing.
    uniqueIndex('posts_slug_unique')
      .on(table.slug)
      .where(sql`${table.deletedAt} is null`),
    check('posts_type_check', sql`${table.type} in ('news', 'advice')`),
    // The public lists read "published posts of one type, newest first".
    index('posts_published_by_type_idx').on(table.type, table.isPublished, table.publishedAt.desc()),
  ],
);

export type Post = typeof posts.$inferSelect;
export type NewPost = typeof posts.$inferInsert;
