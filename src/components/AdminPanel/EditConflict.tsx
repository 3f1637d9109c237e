import type { ReactNode } from 'react';
import * as styles from './admin.css.ts';

/**
 * A save refused because someone else saved the item after this editor loaded it: their saved version
 * beside the text typed here (which the form keeps), and the two ways on: save the typed text over
 * theirs, or take theirs into the form.
 */
export function EditConflict({
  what,
  message,
  theirs,
  mine,
  onKeepMine,
  onTakeTheirs,
}: {
  /** "this post", "this service". */
  what: string;
  message: string;
  theirs: ReactNode;
  mine: ReactNode;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}) {
  return (
    <div role="alert" className={styles.errorBox} data-testid="edit-conflict">
      <strong>Not saved: {what} changed while you edited it</strong>
      <p>{message}</p>
      <div className={styles.conflictColumns}>
        <div>
          <h3 className={styles.sectionTitle}>Their saved version</h3>
          {theirs}
        </div>
        <div>
          <h3 className={styles.sectionTitle}>Your text (not saved yet)</h3>
          {mine}
        </div>
      </div>
      <div className={styles.buttonRow}>
        <button type="button" className={styles.button.secondary} onClick={onKeepMine}>
          Keep my text (then save over theirs)
        </button>
        <button type="button" className={styles.button.secondary} onClick={onTakeTheirs}>
          Take their version
        </button>
      </div>
    </div>
  );
}
