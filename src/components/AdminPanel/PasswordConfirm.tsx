import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { ApiError, apiRequest } from '../../client/api-request.ts';
import { serverMessageOf } from '../../client/trpc.tsx';
import { REAUTHENTICATION_REQUIRED_MESSAGE } from '../../shared/reauthentication.ts';
import * as styles from './admin.css.ts';

// One question at a time, asked by whichever tab needs it and answered by the one dialog AdminPanel shows.
type Answer = (confirmed: boolean) => void;
let waiting: Answer | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Shows the dialog; resolves true once the server accepted the password, false if it was cancelled. */
export function askForPassword(): Promise<boolean> {
  waiting?.(false);
  return new Promise<boolean>((resolve) => {
    waiting = resolve;
    notify();
  });
}

function answer(confirmed: boolean) {
  const resolve = waiting;
  waiting = null;
  notify();
  resolve?.(confirmed);
}

function needsPassword(error: unknown): boolean {
  const message = error instanceof ApiError ? error.serverMessage : serverMessageOf(error);
  return message === REAUTHENTICATION_REQUIRED_MESSAGE;
}

/**
 * Runs a sensitive change; when the server asks for the password again (more than five minutes since it
 * was last given), asks for it and runs the change once more. Cancelled: the server's refusal stands.
 */
export async function withRecentPassword<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (!needsPassword(error) || !(await askForPassword())) throw error;
    return change();
  }
}

/** For a download (a backup, a CSV): asks for the password first when the server would refuse it. */
export async function downloadWithRecentPassword(href: string): Promise<void> {
  const { result } = await apiRequest<{ result: { data: { recent: boolean } } }>(
    'GET',
    '/trpc/account.recentlyAuthenticated',
  );
  if (!result.data.recent && !(await askForPassword())) return;
  const link = document.createElement('a');
  link.href = href;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

/** The dialog itself, mounted once by AdminPanel. */
export function PasswordConfirmDialog() {
  const open = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting !== null,
    () => false,
  );
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setPassword('');
      setError(undefined);
      dialog.showModal();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    try {
      await apiRequest('POST', '/api/admin/account/reauthenticate', { password });
      answer(true);
    } catch (failure) {
      setError(
        failure instanceof ApiError ? (failure.serverMessage ?? 'Please try again') : 'Please try again',
      );
    } finally {
      setPending(false);
    }
  }

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={`${id}-title`}
      className={styles.card}
      onCancel={() => answer(false)}
    >
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        Confirm your password
      </h2>
      <p className={styles.hint}>This change needs your password again (asked at most every five minutes).</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-password`}>
            Password
          </label>
          <input
            id={`${id}-password`}
            className={styles.input}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
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
          <button type="submit" className={styles.button.primary} disabled={pending}>
            {pending ? 'Checking...' : 'Confirm'}
          </button>
          <button type="button" className={styles.button.secondary} onClick={() => answer(false)}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
