import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { serverMessageOf, useTRPC } from '../../client/trpc.tsx';
import { companyTimeZone, formatCompanyDateTime } from '../../shared/company-time.ts';
import { wallTimeToInstant } from '../../shared/zoned-time.ts';
import { toast } from '../Toast/toast-store.ts';
import { AdminTextField } from './AdminTextField.tsx';
import * as styles from './admin.css.ts';

/**
 * "Update on Monday 6 AM": the form's fields saved over the live item at a day and time in the company's
 * time zone, whichever browser or time zone the owner is in. Lists the changes waiting, with Cancel.
 * One for every kind of content with history; the server checks the fields as the save would.
 */
export function ScheduleChange({
  type,
  itemKey,
  currentDocument,
}: {
  /** The content type, as history names it: `post`, `service`, `page-text`. */
  type: string;
  /** The item's id, or its name for page text. */
  itemKey: string;
  /** The fields as the form's save would send them, read when Schedule update is pressed. */
  currentDocument: () => Record<string, unknown>;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [day, setDay] = useState('');
  const [time, setTime] = useState('06:00');
  const [error, setError] = useState<string | null>(null);
  const item = { type, id: itemKey };
  const pending = useQuery(trpc.content.scheduledChanges.queryOptions(item));
  const schedule = useMutation(trpc.content.scheduleChange.mutationOptions());
  const cancel = useMutation(trpc.content.cancelScheduledChange.mutationOptions());
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.content.scheduledChanges.queryKey(item) });

  async function scheduleNow() {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{2}:\d{2}$/.test(time)) {
      setError('Choose a day and a time');
      return;
    }
    setError(null);
    try {
      const runAt = wallTimeToInstant(day, time, companyTimeZone()).toISOString();
      await schedule.mutateAsync({ ...item, document: currentDocument(), runAt });
      toast({
        title: 'Change scheduled',
        description: `Goes live ${formatCompanyDateTime(new Date(runAt))}`,
      });
      await refresh();
    } catch (failure) {
      setError(serverMessageOf(failure) ?? 'The change could not be scheduled');
    }
  }

  return (
    <fieldset className={styles.form} data-testid="schedule-change">
      <legend className={styles.label}>Or schedule these changes (company time)</legend>
      <div className={styles.fieldRow}>
        <AdminTextField id={`${id}-day`} label="Day" type="date" value={day} onChange={setDay} />
        <AdminTextField id={`${id}-time`} label="Time" type="time" value={time} onChange={setTime} />
      </div>
      {error && <p className={styles.fieldError}>{error}</p>}
      <div className={styles.buttonRow}>
        <button
          type="button"
          className={styles.button.secondary}
          disabled={schedule.isPending}
          onClick={scheduleNow}
        >
          Schedule update
        </button>
      </div>
      {(pending.data ?? []).length > 0 && (
        <ul className={styles.list}>
          {pending.data!.map((change) => (
            <li key={change.id} className={styles.hint}>
              Update goes live {formatCompanyDateTime(new Date(change.runAt))}
              {change.createdBy ? ` (scheduled by ${change.createdBy})` : ''}{' '}
              <button
                type="button"
                className={styles.button.secondary}
                onClick={async () => {
                  await cancel.mutateAsync({ changeId: change.id }).catch(() => undefined);
                  await refresh();
                }}
              >
                Cancel
                <span className="visually-hidden">
                  {' '}
                  the update of {formatCompanyDateTime(new Date(change.runAt))}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
