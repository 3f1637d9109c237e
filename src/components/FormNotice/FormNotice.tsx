import * as styles from './FormNotice.css.ts';

/**
 * A form's outcome written into the page itself: what a visitor sees after sending a form without script
 * (the server answers with the page), and what stays readable when the toast is gone.
 */
export function FormNotice({
  variant,
  id,
  children,
}: {
  variant: 'success' | 'error';
  id?: string;
  children: React.ReactNode;
}) {
  return (
    <p id={id} role={variant === 'error' ? 'alert' : 'status'} className={styles.notice[variant]}>
      {children}
    </p>
  );
}
