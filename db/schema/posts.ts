import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const postTypes = ['news', 'advice'] as const;
export type PostType = (typeof postTypes)[number];

export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 500 }).notNull(),
    content: text('content').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    slug: varchar('slug', { length: 255 }).notNull().unique(),
    type: varchar('type', { length: 20 }).$type<PostType>().notNull(),
    image: varchar('image', { length: 500 }),
    video: varchar('video', { length: 500 }),
    isPublished: boolean('is_published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('posts_type_check', sql`${table.type} in ('news', 'advice')`),
    // The public lists read "published posts of one type, newest first".
    index('posts_published_by_type_idx').on(table.type, table.isPublished, table.publishedAt.desc()),
  ],
);

export type Post = typeof posts.$inferSelect;
export type NewPost = typeof posts.$inferInsert;
