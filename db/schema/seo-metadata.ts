import { pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const seoMetadata = pgTable('seo_metadata', {
  id: serial('id').primaryKey(),
  page: varchar('page', { length: 255 }).notNull().unique(),
  title: varchar('title', { length: 500 }),
  description: text('description'),
  keywords: text('keywords'),
  ogTitle: varchar('og_title', { length: 500 }),
  ogDescription: text('og_description'),
  ogImage: varchar('og_image', { length: 500 }),
  canonicalUrl: varchar('canonical_url', { length: 500 }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type SeoMetadata = typeof seoMetadata.$inferSelect;
