import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { fieldErrorsOf, serverMessageOf, useTRPC } from '../../client/trpc.tsx';
import {
  backupSettingsSchema,
  type BackupRunSummary,
  type BackupSettings,
} from '../../shared/schemas/backup.ts';
import { firstMessageByField } from '../../shared/schemas/field-errors.ts';
import { formatBytes } from '../../shared/format-bytes.ts';
import { formatPostDateTime } from '../../shared/format-date.ts';
import { toast } from '../Toast/toast-store.ts';
import { AdminTextField } from './AdminTextField.tsx';
import { downloadWithRecentPassword } from './PasswordConfirm.tsx';
import * as styles from './admin.css.ts';

function describeRun(run: BackupRunSummary): string {
  const what = run.kind === 'nightly' ? 'Nightly backup' : 'Downloaded backup';
  const when = formatPostDateTime(run.finishedAt ?? run.startedAt);
  if (run.status === 'running') return `${what} started ${when}, still running.`;
  if (run.status === 'failed') return `${what} FAILED ${when}: ${run.error ?? 'unknown error'}`;
  return `${what} ${when}, ${formatBytes(run.bytes ?? 0)}.`;
}

/** Settings, "Backups": the nightly schedule, the last backup made, and a download of a fresh one. */
export function BackupsSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const status = useQuery(trpc.adminBackups.status.queryOptions());
  const save = useMutation(trpc.adminBackups.saveSettings.mutationOptions());
  // What the admin has typed; until then the form shows the stored settings.
  const [edits, setValues] = useState<{ enabled: boolean; time: string; keep: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const stored = status.data?.settings;
  const values =
    edits ?? (stored ? { enabled: stored.enabled, time: stored.time, keep: String(stored.keep) } : null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!values) return;
    const parsed = backupSettingsSchema.safeParse({
      ...values,
      keep: values.keep.trim() === '' ? Number.NaN : Number(values.keep),
    });
    if (!parsed.success) return setErrors(firstMessageByField(parsed.error));
    setErrors({});
    try {
      await save.mutateAsync(parsed.data satisfies BackupSettings);
      await queryClient.invalidateQueries({ queryKey: trpc.adminBackups.status.queryKey() });
      setValues(null);
      toast({ title: 'Backup settings saved', description: 'The next nightly backup follows them.' });
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast({
        title: 'Save failed',
        description: serverMessageOf(error) ?? 'Failed to save settings. Please try again.',
        variant: 'destructive',
      });
    }
  }

  const data = status.data;
  return (
    <section className={styles.card} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.cardTitle}>
        Backups
      </h2>
      {status.isError && (
        <p role="alert" className={styles.errorBox}>
          The backup status could not be loaded.
        </p>
      )}
      {data && (
        <div className={styles.form} data-testid="backup-status">
          <p className={styles.rowText} role={data.lastRun?.status === 'failed' ? 'alert' : undefined}>
            <strong>Last backup: </strong>
            {data.lastRun ? describeRun(data.lastRun) : 'none yet.'}
          </p>
          {data.lastRun?.status !== 'ok' && data.lastSuccess && (
            <p className={styles.rowText}>
              <strong>Last good backup: </strong>
              {describeRun(data.lastSuccess)}
            </p>
          )}
          <p className={styles.hint}>
            {data.nextRunAt
              ? `Next nightly backup ${formatPostDateTime(data.nextRunAt)}, written to ${data.backupDir} on the server.`
              : 'Nightly backups are off.'}
          </p>
          <div className={styles.buttonRow}>
            {/* A plain link: the browser streams the archive to disk, however large the photos are. The
                password is asked first when the server would ask for it. */}
            <a
              className={styles.button.secondary}
              href="/api/admin/backups/download"
              download
              onClick={(event) => {
                event.preventDefault();
                void downloadWithRecentPassword(event.currentTarget.href);
              }}
            >
              Download a backup now
            </a>
          </div>
        </div>
      )}
      {values && (
        <form
          className={styles.form}
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          style={{ marginTop: '1rem' }}
        >
          <div className={styles.field}>
            <label className={styles.checkboxLabel}>
              <input
                type="checkbox"
                checked={values.enabled}
                onChange={(event) => setValues({ ...values, enabled: event.target.checked })}
              />
              Back up every night
            </label>
          </div>
          <AdminTextField
            id={`${id}-time`}
            field="time"
            label={`Time (${data?.timeZone ?? ''}, 24-hour)`}
            type="time"
            value={values.time}
            onChange={(time) => setValues({ ...values, time })}
            error={errors.time}
          />
          <AdminTextField
            id={`${id}-keep`}
            field="keep"
            label="Nightly backups to keep"
            type="number"
            hint="Older nightly files are deleted once a new one is written."
            value={values.keep}
            onChange={(keep) => setValues({ ...values, keep })}
            error={errors.keep}
          />
          <div className={styles.buttonRow}>
            <button type="submit" className={styles.button.primary} disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Backups'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
