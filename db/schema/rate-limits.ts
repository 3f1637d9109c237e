import { index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * One counter per action and client address (`contact:203.0.113.7`), shared by every instance on the
 * database: a hit is one atomic upsert, so concurrent requests, on one instance or several, each see
 * their own count. A row whose window has ended counts from one again and is deleted by the sweep.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar('key', { length: 200 }).primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limits_resets_idx').on(table.resetsAt)],
);

export type RateLimitRow = typeof rateLimits.$inferSelect;
