import type { RefObject } from 'react';
import * as styles from './admin.css.ts';

/**
 * The box at the top of an admin form listing what stops it from being saved. It takes focus when shown
 * (the form focuses `summaryRef`), so a keyboard or screen reader user hears every message at once.
 */
export function FormErrorSummary({
  id,
  title,
  messages,
  summaryRef,
}: {
  id: string;
  title: string;
  messages: readonly string[];
  summaryRef: RefObject<HTMLDivElement | null>;
}) {
  if (messages.length === 0) return null;
  return (
    <div ref={summaryRef} tabIndex={-1} role="alert" className={styles.errorBox} aria-labelledby={id}>
      <strong id={id}>{title}</strong>
      <ul>
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
