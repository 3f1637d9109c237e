import * as styles from './admin.css.ts';

interface AdminTextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  /** Counts the text against what a search result shows of it, as the owner types. */
  countTo?: number;
  multiline?: boolean;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  /** The schema path, so a form can focus its first invalid field (`[data-field="…"]`). */
  field?: string;
}

/** A labelled text input of the admin forms, with its hint and its error tied to it for screen readers. */
export function AdminTextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  countTo,
  multiline,
  type = 'text',
  autoComplete = 'off',
  required,
  field,
}: AdminTextFieldProps) {
  const hintId = hint || countTo ? `${id}-hint` : '';
  const describedBy = [hintId, error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    'data-field': field,
    className: styles.input,
    value,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
  const length = value.trim().length;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type={type}
          autoComplete={autoComplete}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {hintId && (
        <p id={hintId} className={styles.hint}>
          {hint}
          {countTo
            ? ` ${length} of about ${countTo} characters show in search results${length > countTo ? ': the rest is cut off' : ''}.`
            : ''}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
