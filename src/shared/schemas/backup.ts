import { z } from 'zod';

/** The nightly backup, set in the admin's Settings; stored as rows of the settings table. */
export const backupSettingsSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  /** Site time (America/New_York), 24-hour. */
  time: z
    .string({ error: 'Enter a time as HH:MM' })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM (24-hour), for example 02:30'),
  keep: z
    .number({ error: 'Enter how many backups to keep' })
    .int('Enter a whole number of backups')
    .min(1, 'Keep at least 1 backup')
    .max(365, 'Keep at most 365 backups'),
});

export type BackupSettings = z.output<typeof backupSettingsSchema>;

export const defaultBackupSettings: BackupSettings = { enabled: true, time: '02:30', keep: 7 };

export interface BackupRunSummary {
  kind: 'nightly' | 'download';
  status: 'running' | 'ok' | 'failed';
  startedAt: string;
  finishedAt: string | null;
  bytes: number | null;
  file: string | null;
  error: string | null;
}

export interface BackupStatus {
  settings: BackupSettings;
  timeZone: string;
  /** The newest backup of any kind, whatever its outcome. */
  lastRun: BackupRunSummary | null;
  lastSuccess: BackupRunSummary | null;
  /** When the next nightly backup is due; null when nightly backups are off. */
  nextRunAt: string | null;
  backupDir: string;
}
