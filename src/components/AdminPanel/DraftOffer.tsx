import { formatCompanyClock } from '../../shared/company-time.ts';
import * as styles from './admin.css.ts';

/** Offers back what was typed in this editor and not saved (autosave), with its time, or drops it. */
export function DraftOffer({
  savedAt,
  onRestore,
  onDiscard,
}: {
  savedAt: string;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <div role="alert" className={styles.errorBox} data-testid="draft-offer">
      <p>Restore unsaved changes from {formatCompanyClock(new Date(savedAt))}?</p>
      <div className={styles.buttonRow}>
        <button type="button" className={styles.button.primary} onClick={onRestore}>
          Restore unsaved changes
        </button>
        <button type="button" className={styles.button.secondary} onClick={onDiscard}>
          Discard them
        </button>
      </div>
    </div>
  );
}

/** "Draft saved 12:04" once autosave has kept this editor's text. */
export function DraftStatus({ savedAt }: { savedAt: string | null }) {
  return (
    <p className={styles.hint} aria-live="polite" data-testid="autosave-status">
      {savedAt ? `Draft saved ${formatCompanyClock(new Date(savedAt))}` : ''}
    </p>
  );
}
