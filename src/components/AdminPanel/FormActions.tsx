import * as styles from './admin.css.ts';

/** An admin form's submit button ("Saving..." while it saves) and, when editing, its Cancel. */
export function FormActions({
  saving,
  submitLabel,
  onCancel,
}: {
  saving: boolean;
  submitLabel: string;
  /** Shown only when given: a form editing an item goes back to a blank one. */
  onCancel?: () => void;
}) {
  return (
    <div className={styles.buttonRow}>
      <button type="submit" className={styles.button.primary} disabled={saving}>
        {saving ? 'Saving...' : submitLabel}
      </button>
      {onCancel && (
        <button type="button" className={styles.button.secondary} onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  );
}
