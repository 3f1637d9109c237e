import { sql } from 'drizzle-orm';
import { check, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const settingTypes = ['string', 'json', 'boolean', 'number'] as const;
export type SettingType = (typeof settingTypes)[number];

export const settings = pgTable(
  'settings',
  {
    id: serial('id').primaryKey(),
    key: varchar('key', { length: 100 }).notNull().unique(),
    value: text('value').notNull(),
    type: varchar('type', { length: 20 }).$type<SettingType>().notNull().default('string'),
    description: text('description'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('settings_type_check', sql`${table.type} in ('string', 'json', 'boolean', 'number')`)],
);

export type SettingRow = typeof settings.$inferSelect;
