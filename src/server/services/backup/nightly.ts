// The nightly backup while the site runs. The schedule lives in the database: settings rows say when
// and how many to keep, and a backup_runs row per night is claimed by one insert, so of several
// instances on one PostgreSQL database exactly one writes that night's archive. A timer armed for the
// next due time (re-checked at least every few minutes, so a changed setting is picked up) drives it.
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FileStore } from '../../storage/file-store.ts';
import type { Database } from '../../../../db/client.ts';
import { backupRuns, settings, type BackupRun } from '../../../../db/schema/index.ts';
import {
  backupSettingsSchema,
  defaultBackupSettings,
  type BackupRunSummary,
  type BackupSettings,
  type BackupStatus,
} from '../../../shared/schemas/backup.ts';
import { addDays, companyDay, companyTimeZone } from '../../../shared/company-time.ts';
import { wallTimeToInstant } from '../../../shared/zoned-time.ts';
import { writeBackup, type BackupSummary } from './archive.ts';

// The backup time is read on the company's own clocks (a setting): "02:30" means half past two at night
// where the business is.

export interface Clock {
  now(): Date;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => new Date(),
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    // A pending backup timer never keeps the process alive on its own.
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

const settingKeys = { enabled: 'backupEnabled', time: 'backupTime', keep: 'backupKeep' } as const;

export async function getBackupSettings(db: Database): Promise<BackupSettings> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, Object.values(settingKeys)));
  const stored: Record<string, unknown> = { ...defaultBackupSettings };
  for (const [field, key] of Object.entries(settingKeys)) {
    const row = rows.find((candidate) => candidate.key === key);
    if (!row) continue;
    try {
      stored[field] = row.type === 'string' ? row.value : JSON.parse(row.value);
    } catch {
      // An unreadable value keeps the default.
    }
  }
  const parsed = backupSettingsSchema.safeParse(stored);
  return parsed.success ? parsed.data : defaultBackupSettings;
}

export async function saveBackupSettings(
  db: Database,
  values: BackupSettings,
  now = new Date(),
): Promise<BackupSettings> {
  const rows = (Object.keys(settingKeys) as (keyof BackupSettings)[]).map((field) => ({
    key: settingKeys[field],
    value: typeof values[field] === 'string' ? values[field] : JSON.stringify(values[field]),
    type: typeof values[field] as 'string' | 'boolean' | 'number',
    description: 'Nightly backup (admin Settings, Backups)',
    updatedAt: now,
  }));
  await db
    .insert(settings)
    .values(rows)
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: sql.raw('excluded.value'), type: sql.raw('excluded.type'), updatedAt: now },
    });
  return values;
}

/**
 * The latest scheduled time at or before `now`, and the night (site date) it belongs to. Each night has
 * one scheduled instant (see wallTimeToInstant for the nights the clocks change), and the slot is the
 * site date, which a backup_runs row claims once: when the clocks fall back and show the set time a
 * second time, the check finds that night's slot already taken and does not run it again.
 */
export function lastScheduledRun(now: Date, time: string): { slot: string; at: Date } {
  const today = companyDay(now);
  const atToday = wallTimeToInstant(today, time, companyTimeZone());
  if (atToday.getTime() <= now.getTime()) return { slot: today, at: atToday };
  const yesterday = addDays(today, -1);
  return { slot: yesterday, at: wallTimeToInstant(yesterday, time, companyTimeZone()) };
}

/** The first scheduled time after `now`. */
export function nextScheduledRun(now: Date, time: string): Date {
  const today = companyDay(now);
  const atToday = wallTimeToInstant(today, time, companyTimeZone());
  if (atToday.getTime() > now.getTime()) return atToday;
  return wallTimeToInstant(addDays(today, 1), time, companyTimeZone());
}

const NIGHTLY_FILE = /^nightly-\d{4}-\d{2}-\d{2}\.backup$/;

function summaryOf(run: BackupRun | undefined): BackupRunSummary | null {
  if (!run) return null;
  return {
    kind: run.kind,
    status: run.status,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    bytes: run.bytes,
    file: run.file,
    error: run.error,
  };
}

export async function getBackupStatus(
  db: Database,
  backupDir: string,
  now = new Date(),
): Promise<BackupStatus> {
  const backupSettings = await getBackupSettings(db);
  const [lastRun] = await db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(1);
  const [lastSuccess] = await db
    .select()
    .from(backupRuns)
    .where(and(eq(backupRuns.status, 'ok'), isNotNull(backupRuns.finishedAt)))
    .orderBy(desc(backupRuns.finishedAt))
    .limit(1);
  return {
    settings: backupSettings,
    timeZone: companyTimeZone(),
    lastRun: summaryOf(lastRun),
    lastSuccess: summaryOf(lastSuccess),
    nextRunAt: backupSettings.enabled ? nextScheduledRun(now, backupSettings.time).toISOString() : null,
    backupDir,
  };
}

interface Logger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * A backup written to `output` (the admin's download), recorded so the admin sees when the last one
 * was made and how large it was.
 */
export async function writeBackupForDownload(
  db: Database,
  databaseKind: 'pglite' | 'postgres',
  files: FileStore,
  output: Writable,
  clock: Clock = systemClock,
): Promise<BackupSummary> {
  const [run] = await db
    .insert(backupRuns)
    .values({ kind: 'download', status: 'running', startedAt: clock.now() })
    .returning();
  try {
    const summary = await writeBackup(db, databaseKind, files, output);
    await db
      .update(backupRuns)
      .set({ status: 'ok', bytes: summary.archiveBytes, finishedAt: clock.now() })
      .where(eq(backupRuns.id, run!.id));
    return summary;
  } catch (error) {
    await db
      .update(backupRuns)
      .set({ status: 'failed', error: (error as Error).message, finishedAt: clock.now() })
      .where(eq(backupRuns.id, run!.id));
    throw error;
  }
}

export interface NightlyBackupOptions {
  db: Database;
  databaseKind: 'pglite' | 'postgres';
  /** Where the uploaded files are kept. */
  files: FileStore;
  backupDir: string;
  log: Logger;
  clock?: Clock;
  /** The longest the timer sleeps before reading the settings again. */
  recheckMs?: number;
}

export class NightlyBackups {
  private readonly clock: Clock;
  private readonly recheckMs: number;
  private timer: unknown = null;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;
  private startedAt = new Date(0);

  constructor(private readonly options: NightlyBackupOptions) {
    this.clock = options.clock ?? systemClock;
    this.recheckMs = options.recheckMs ?? 5 * 60_000;
  }

  start(): void {
    this.startedAt = this.clock.now();
    this.arm(0);
  }

  /** Settles once the check or backup under way (if any) has finished. */
  idle(): Promise<void> {
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private arm(ms: number) {
    if (this.stopped) return;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.running = this.check();
    }, ms);
  }

  private async check(): Promise<void> {
    let wait = this.recheckMs;
    try {
      const { db } = this.options;
      const backupSettings = await getBackupSettings(db);
      if (backupSettings.enabled) {
        const due = lastScheduledRun(this.clock.now(), backupSettings.time);
        if (await this.isDue(due.at)) {
          const [claimed] = await db
            .insert(backupRuns)
            .values({ kind: 'nightly', slot: due.slot, status: 'running', startedAt: this.clock.now() })
            .onConflictDoNothing({ target: backupRuns.slot })
            .returning();
          if (claimed) await this.run(claimed.id, due.slot, backupSettings.keep);
        }
        const untilNext =
          nextScheduledRun(this.clock.now(), backupSettings.time).getTime() - this.clock.now().getTime();
        wait = Math.max(0, Math.min(untilNext, this.recheckMs));
      }
    } catch (error) {
      this.options.log.error({ err: error }, 'checking the nightly backup schedule failed');
    }
    this.arm(wait);
  }

  /**
   * A night missed while the server was down is caught up when it starts again; a site whose server
   * has never made a nightly backup waits for the first scheduled time after it started.
   */
  private async isDue(at: Date): Promise<boolean> {
    if (at.getTime() >= this.startedAt.getTime()) return true;
    const [any] = await this.options.db
      .select({ id: backupRuns.id })
      .from(backupRuns)
      .where(eq(backupRuns.kind, 'nightly'))
      .limit(1);
    return any !== undefined;
  }

  private async run(id: number, slot: string, keep: number) {
    const { db, databaseKind, files, backupDir, log } = this.options;
    const file = join(backupDir, `nightly-${slot}.backup`);
    const partial = `${file}.partial`;
    try {
      await mkdir(backupDir, { recursive: true });
      const summary = await writeBackup(db, databaseKind, files, createWriteStream(partial));
      await rename(partial, file);
      const bytes = (await stat(file)).size;
      await db
        .update(backupRuns)
        .set({ status: 'ok', file, bytes, finishedAt: this.clock.now() })
        .where(eq(backupRuns.id, id));
      log.info(
        { file, bytes, rows: summary.rows, files: summary.manifest.files.length },
        'nightly backup written',
      );
      await this.prune(keep);
    } catch (error) {
      await rm(partial, { force: true }).catch(() => {});
      log.error({ err: error, file }, 'nightly backup failed');
      await db
        .update(backupRuns)
        .set({ status: 'failed', file, error: (error as Error).message, finishedAt: this.clock.now() })
        .where(eq(backupRuns.id, id));
    }
  }

  /** Keeps the newest `keep` nightly files; the names sort by date. Other files there are left alone. */
  private async prune(keep: number) {
    const { backupDir } = this.options;
    const nightly = (await readdir(backupDir))
      .filter((name) => NIGHTLY_FILE.test(name))
      .sort()
      .reverse();
    for (const name of nightly.slice(keep)) await rm(join(backupDir, name), { force: true });
  }
}
