import type { ReactNode } from 'react';
import * as styles from './admin.css.ts';

/**
 * One action of a list row: "Edit", "Delete"... on screen, "Edit Water heaters" to a screen reader, so
 * that the many Edit buttons of a list each say which row they act on.
 */
export function RowButton({
  children,
  of,
  onClick,
  disabled = false,
  look = 'secondary',
}: {
  children: ReactNode;
  /** What the row is, read after the action by screen readers alone. */
  of: string;
  onClick: () => void;
  disabled?: boolean;
  /** `primary` for the step a row is waiting for, `danger` for one that destroys. */
  look?: keyof typeof styles.button;
}) {
  return (
    <button type="button" className={styles.button[look]} onClick={onClick} disabled={disabled}>
      {children}
      <span className="visually-hidden"> {of}</span>
    </button>
  );
}

/** What a row links to (its public page, its file), opened in a new tab, which screen readers are told. */
export function RowViewLink({ children, of, href }: { children: ReactNode; of: string; href: string }) {
  return (
    <a className={styles.button.secondary} href={href} target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden"> {of} (opens in a new tab)</span>
    </a>
  );
}
