import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const backupRunKinds = ['nightly', 'download'] as const;
export type BackupRunKind = (typeof backupRunKinds)[number];
export const backupRunStatuses = ['running', 'ok', 'failed'] as const;
export type BackupRunStatus = (typeof backupRunStatuses)[number];

/**
 * Backups the server made: the nightly ones and the admin's downloads. Left out of the archives
 * themselves, as the files they name stay on the machine that wrote them.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 20 }).$type<BackupRunKind>().notNull(),
    // The night a scheduled backup belongs to (YYYY-MM-DD in the site's time zone). Unique: of several
    // instances on one database, the one whose insert succeeds makes that night's backup.
    slot: varchar('slot', { length: 10 }).unique(),
    status: varchar('status', { length: 20 }).$type<BackupRunStatus>().notNull().default('running'),
    file: varchar('file', { length: 1000 }),
    bytes: bigint('bytes', { mode: 'number' }),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('backup_runs_started_idx').on(table.startedAt.desc()),
    check('backup_runs_kind_check', sql`${table.kind} in ('nightly', 'download')`),
    check('backup_runs_status_check', sql`${table.status} in ('running', 'ok', 'failed')`),
  ],
);

export type BackupRun = typeof backupRuns.$inferSelect;
