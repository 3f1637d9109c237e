import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { usePageContext } from '../../../renderer/usePageContext.tsx';
import { serverMessageOf, useTRPC } from '../../client/trpc.tsx';
import { formatCompanyDateTime } from '../../shared/company-time.ts';
import { trashSettingsSchema } from '../../shared/schemas/content.ts';
import { toast } from '../Toast/toast-store.ts';
import { RowButton } from './RowActions.tsx';
import * as styles from './admin.css.ts';

const typeLabels: Record<string, string> = {
  post: 'Post',
  review: 'Review',
  lead: 'Lead',
  upload: 'Upload',
  service: 'Service',
  faq: 'Question',
  offer: 'Offer',
  'service-area': 'Service area',
};

/**
 * What was deleted, for the days the Trash keeps it: staff restore an item with everything it had; an
 * admin deletes one for good, and sets how many days the Trash keeps things.
 */
export function TrashTab() {
  const { user } = usePageContext();
  const isAdmin = user?.role === 'admin';
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const items = useQuery(trpc.content.trash.queryOptions());
  const restore = useMutation(trpc.content.restoreFromTrash.mutationOptions());
  const purge = useMutation(trpc.content.purge.mutationOptions());
  const refresh = () => queryClient.invalidateQueries();

  async function restoreItem(item: { type: string; id: string; title: string }) {
    try {
      await restore.mutateAsync({ type: item.type, id: item.id });
      toast({ title: 'Restored', description: `“${item.title}” is back where it was` });
    } catch (error) {
      toast({
        title: 'Not restored',
        description: serverMessageOf(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    }
    await refresh();
  }

  async function purgeItem(item: { type: string; id: string; title: string }) {
    if (!window.confirm(`Delete “${item.title}” for good? This cannot be undone.`)) return;
    try {
      const { purged } = await purge.mutateAsync({ type: item.type, id: item.id });
      toast(
        purged
          ? { title: 'Deleted for good' }
          : {
              title: 'Kept for now',
              description: 'An item in the Trash still uses it; it goes when that one does',
            },
      );
    } catch (error) {
      toast({
        title: 'Delete error',
        description: serverMessageOf(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    }
    await refresh();
  }

  const list = items.data ?? [];
  return (
    <div className={styles.grid}>
      <section className={styles.card} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className={styles.cardTitle}>
          Trash{items.isSuccess && ` (${list.length})`}
        </h2>
        <p className={styles.hint}>
          Deleted posts, reviews, leads, uploads, services, questions, offers and towns wait here, hidden from
          visitors, until they are deleted for good on the date shown. Times are the company&apos;s.
        </p>
        {items.isPending && <p>Loading the Trash...</p>}
        {items.isError && <p className={styles.fieldError}>The Trash could not be loaded.</p>}
        {items.isSuccess && list.length === 0 && <p className={styles.hint}>The Trash is empty.</p>}
        <ul className={styles.list}>
          {list.map((item) => (
            <li key={`${item.type}-${item.id}`} className={styles.row} data-testid="trash-item">
              <div className={styles.badges}>
                <span className={styles.badge.draft}>{typeLabels[item.type] ?? item.type}</span>
              </div>
              <h3 className={styles.rowTitle}>{item.title}</h3>
              <p className={styles.hint}>
                Deleted {formatCompanyDateTime(new Date(item.deletedAt))}
                {item.deletedBy ? ` by ${item.deletedBy}` : ''}; deleted for good{' '}
                {formatCompanyDateTime(new Date(item.purgeAt))}
              </p>
              <div className={styles.buttonRow}>
                <RowButton
                  of={item.title}
                  onClick={() => restoreItem(item)}
                  disabled={restore.isPending}
                  look="primary"
                >
                  Restore
                </RowButton>
                {isAdmin && (
                  <RowButton
                    of={item.title}
                    onClick={() => purgeItem(item)}
                    disabled={purge.isPending}
                    look="danger"
                  >
                    Delete for good
                  </RowButton>
                )}
              </div>
            </li>
          ))}
        </ul>
      </section>
      {isAdmin && <TrashSettingsForm />}
    </div>
  );
}

function TrashSettingsForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const loaded = useQuery(trpc.content.trashSettings.queryOptions());
  const save = useMutation(trpc.content.saveTrashSettings.mutationOptions());
  const [days, setDays] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (loaded.data) setDays(String(loaded.data.keptDays));
  }, [loaded.data]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = trashSettingsSchema.safeParse({ keptDays: Number(days) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a number of days');
      return;
    }
    setError(null);
    try {
      await save.mutateAsync(parsed.data);
      toast({ title: 'Trash settings saved' });
      await queryClient.invalidateQueries({ queryKey: trpc.content.trash.queryKey() });
    } catch (failure) {
      setError(serverMessageOf(failure) ?? 'The setting could not be saved');
    }
  }

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        How long the Trash keeps things
      </h2>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-days`}>
            Days before deleting for good
          </label>
          <input
            id={`${id}-days`}
            type="number"
            min={1}
            max={365}
            className={styles.input}
            value={days}
            onChange={(event) => setDays(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {error && (
            <p id={`${id}-error`} className={styles.fieldError}>
              {error}
            </p>
          )}
        </div>
        <div className={styles.buttonRow}>
          <button type="submit" className={styles.button.primary} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </section>
  );
}
