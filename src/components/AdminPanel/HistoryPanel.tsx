import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { serverMessageOf, useTRPC } from '../../client/trpc.tsx';
import { formatCompanyDateTime } from '../../shared/company-time.ts';
import type { WordDiffPart } from '../../shared/word-diff.ts';
import { toast } from '../Toast/toast-store.ts';
import { RowButton } from './RowActions.tsx';
import * as styles from './admin.css.ts';

/** Words of a text with what was put in and taken out marked, as a reader of the page sees them. */
export function WordDiff({ parts }: { parts: readonly WordDiffPart[] }) {
  return (
    <p className={styles.diffText}>
      {parts.map((part, index) => {
        const text = `${index ? ' ' : ''}${part.text}`;
        if (part.kind === 'added')
          return (
            <ins key={index} className={styles.wordsAdded}>
              {text}
            </ins>
          );
        if (part.kind === 'removed')
          return (
            <del key={index} className={styles.wordsRemoved}>
              {text}
            </del>
          );
        return <span key={index}>{text}</span>;
      })}
    </p>
  );
}

/**
 * The saved versions of one item beside its editor: who saved each and when (company time), what a
 * version differs in from the item now (fields, and long text word by word), and Restore, which saves
 * that version again as the newest, so nothing is lost.
 */
export function HistoryPanel({
  type,
  itemId,
  onRestored,
  title = 'History',
}: {
  type: string;
  itemId: string;
  onRestored: () => Promise<void> | void;
  /** The panel's heading, where one tab shows several ("History of the footer"). */
  title?: string;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  // Read afresh each time the panel opens: every save of the item adds a version.
  const versions = useQuery({ ...trpc.content.versions.queryOptions({ type, id: itemId }), staleTime: 0 });
  const [openVersion, setOpenVersion] = useState<number | null>(null);
  const comparison = useQuery({
    ...trpc.content.compare.queryOptions({ versionId: openVersion ?? 0 }),
    enabled: openVersion !== null,
  });
  const restore = useMutation(trpc.content.restoreVersion.mutationOptions());

  async function restoreVersion(versionId: number, number: number) {
    try {
      const restored = await restore.mutateAsync({ versionId });
      toast({
        title: 'Version restored',
        description: `Version ${number} is live again as version ${restored.version}`,
      });
      setOpenVersion(null);
      await queryClient.invalidateQueries({ queryKey: trpc.content.versions.queryKey() });
      await onRestored();
    } catch (error) {
      toast({
        title: 'Restore failed',
        description: serverMessageOf(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    }
  }

  const list = versions.data ?? [];
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`} data-testid="history-panel">
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        {title}
      </h2>
      {versions.isPending && <p>Loading history...</p>}
      {versions.isError && <p className={styles.fieldError}>The history could not be loaded.</p>}
      {versions.isSuccess && list.length === 0 && (
        <p className={styles.hint}>No saved versions yet: each save from now on is kept here.</p>
      )}
      <ol className={styles.list} reversed>
        {list.map((version, index) => (
          <li key={version.id} className={styles.row} data-testid="history-version">
            <p className={styles.rowTitle}>
              Version {version.version}
              {index === 0 ? ' (current)' : ''}
            </p>
            <p className={styles.rowText}>{version.summary}</p>
            <p className={styles.hint}>
              Saved {formatCompanyDateTime(new Date(version.savedAt))}
              {version.savedBy ? ` by ${version.savedBy}` : ''}
            </p>
            {index > 0 && (
              <div className={styles.buttonRow}>
                <button
                  type="button"
                  className={styles.button.secondary}
                  aria-expanded={openVersion === version.id}
                  onClick={() => setOpenVersion(openVersion === version.id ? null : version.id)}
                >
                  {openVersion === version.id ? 'Hide changes' : 'Show changes'}
                  <span className="visually-hidden"> of version {version.version}</span>
                </button>
                <RowButton
                  of={`version ${version.version}`}
                  disabled={restore.isPending}
                  onClick={() => restoreVersion(version.id, version.version)}
                  look="primary"
                >
                  Restore
                </RowButton>
              </div>
            )}
            {openVersion === version.id && (
              <div aria-live="polite">
                {comparison.isPending && <p>Comparing...</p>}
                {comparison.data && comparison.data.changes.length === 0 && (
                  <p className={styles.hint}>This version is the same as the current one.</p>
                )}
                {comparison.data && comparison.data.changes.length > 0 && (
                  <>
                    <p className={styles.hint}>
                      From this version to now: <ins className={styles.wordsAdded}>added</ins>,{' '}
                      <del className={styles.wordsRemoved}>removed</del>.
                    </p>
                    <dl>
                      {comparison.data.changes.map((change) => (
                        <div key={change.field}>
                          <dt className={styles.label}>{change.label}</dt>
                          <dd>
                            {change.words ? (
                              <WordDiff parts={change.words} />
                            ) : (
                              <p className={styles.diffText}>
                                <del className={styles.wordsRemoved}>{change.then || '(empty)'}</del>{' '}
                                <ins className={styles.wordsAdded}>{change.now || '(empty)'}</ins>
                              </p>
                            )}
                          </dd>
                        </div>
                      ))}
                    </dl>
                  </>
                )}
              </div>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
