import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

export const analyticsEventKinds = ['pageview', 'call'] as const;
export type AnalyticsEventKind = (typeof analyticsEventKinds)[number];

/**
 * One page view or one tap on a phone link. `visitor` is a hash of the day's salt with the address and
 * browser: it links a visitor's events within one day and nothing more, and the address is never stored.
 * `source` is where the visit came from (a referring domain, a utm_source, "direct"), or null when the
 * view followed a link on this site. Rows older than the retention window are folded into
 * analytics_daily and deleted.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The company's calendar day (America/New_York) the event fell on. */
    day: date('day', { mode: 'string' }).notNull(),
    kind: varchar('kind', { length: 10 }).$type<AnalyticsEventKind>().notNull(),
    path: varchar('path', { length: 300 }).notNull(),
    visitor: varchar('visitor', { length: 32 }).notNull(),
    source: varchar('source', { length: 100 }),
  },
  (table) => [
    index('analytics_events_day_idx').on(table.day),
    check('analytics_events_kind_check', sql`${table.kind} in ('pageview', 'call')`),
  ],
);

export const analyticsDailyDimensions = ['day', 'page', 'source'] as const;
export type AnalyticsDailyDimension = (typeof analyticsDailyDimensions)[number];

/**
 * Daily figures kept for good once the raw events of a day are deleted: one row for the whole day
 * (dimension 'day', key ''), one per page and one per source. Visitors are counted within each row,
 * so a day's visitors cannot be had by adding its pages.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    dimension: varchar('dimension', { length: 10 }).$type<AnalyticsDailyDimension>().notNull(),
    key: varchar('key', { length: 300 }).notNull(),
    visitors: integer('visitors').notNull(),
    pageviews: integer('pageviews').notNull(),
    calls: integer('calls').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.dimension, table.key] }),
    check('analytics_daily_dimension_check', sql`${table.dimension} in ('day', 'page', 'source')`),
  ],
);

/** The secret mixed into visitor hashes, one per day; yesterday's is deleted so old hashes cannot be redone. */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: varchar('salt', { length: 64 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AnalyticsEvent = typeof analyticsEvents.$inferSelect;
export type NewAnalyticsEvent = typeof analyticsEvents.$inferInsert;
