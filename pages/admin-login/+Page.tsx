import { useId, useState, type FormEvent } from 'react';
import { ApiError, apiRequest } from '../../src/client/api-request.ts';
import * as styles from '../../src/components/AdminPanel/admin.css.ts';
import { Honeypot } from '../../src/components/Honeypot/Honeypot.tsx';
import { loadOnFirstUse } from '../../src/shared/load-on-first-use.ts';
import { firstMessageByField } from '../../src/shared/schemas/field-errors.ts';
import { usePageContext } from '../../renderer/usePageContext.tsx';
import { loginPathFor, safeAdminReturn } from '../../src/shared/admin-return.ts';
import { outcomeFor } from '../../src/shared/form-post.ts';
import { passkeyCeremonyMessage, signInWithPasskey } from '../../src/client/passkey-ceremony.ts';

type Field = 'username' | 'password';

// The schema (and zod with it) arrives when the owner starts on the form, not with the page.
const loginSchema = loadOnFirstUse(() =>
  import('../../src/shared/schemas/login.ts').then((module) => module.loginInputSchema),
);

export default function Page() {
  const { settings, formPost, query } = usePageContext();
  const id = useId();
  // A sign-in sent before the script loaded (or without it) that failed comes back as this page with the
  // server's message and the username typed; the password is never sent back.
  const posted = outcomeFor(formPost, 'login');
  const [values, setValues] = useState({ username: posted?.values.username ?? '', password: '' });
  const [honeypot, setHoneypot] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>(
    () => posted?.fieldErrors ?? {},
  );
  const [formError, setFormError] = useState<string | null>(() => posted?.message ?? null);
  const [submitting, setSubmitting] = useState(false);
  // The password was right and the account has a second step: sent here by the form post, or by the
  // answer to the script's sign-in. A passkey is asked for first when the account has one.
  const [secondStep, setSecondStep] = useState<SecondStep | null>(
    query.step === 'code' ? 'totp' : query.step === 'passkey' ? 'passkey' : null,
  );
  const [otherSteps, setOtherSteps] = useState<SecondStep[]>([]);
  const alone = usePasskeySignIn('alone');
  // A failed passkey shows where a failed password does.
  const shownError = alone.error ?? formError;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // No fill-time check here: a password manager fills this form in an instant, and people use them.
    let parsed;
    try {
      parsed = (await loginSchema.get()).safeParse({ ...values, website: honeypot });
    } catch {
      setFormError('Login failed. Please try again.');
      return;
    }
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = firstMessageByField(parsed.error);
      setFieldErrors(found);
      document.getElementById(`${id}-${found.username ? 'username' : 'password'}`)?.focus();
      return;
    }
    setFieldErrors({});
    setFormError(null);
    alone.clearError();
    setSubmitting(true);
    try {
      const answer = await apiRequest<{ secondStep?: SecondStep; secondSteps?: SecondStep[] }>(
        'POST',
        '/api/login',
        parsed.data,
      );
      if (answer.secondStep) {
        setSubmitting(false);
        setOtherSteps((answer.secondSteps ?? []).filter((step) => step !== answer.secondStep));
        setSecondStep(answer.secondStep);
        return;
      }
      window.location.assign(safeAdminReturn(new URLSearchParams(window.location.search).get('next')));
    } catch (error) {
      // The server's message or 'Invalid username or password'; no answer at all is a network failure.
      setFormError(
        error instanceof ApiError
          ? (error.serverMessage ?? 'Invalid username or password')
          : 'Login failed. Please try again.',
      );
      setSubmitting(false);
    }
  }

  const describedBy = (field: Field) =>
    [fieldErrors[field] ? `${id}-${field}-error` : '', shownError ? `${id}-form-error` : '']
      .filter(Boolean)
      .join(' ') || undefined;

  if (secondStep === 'passkey')
    return <PasskeyStep canUseCode={otherSteps.includes('totp')} useCode={() => setSecondStep('totp')} />;
  if (secondStep === 'totp')
    return <CodeStep postedMessage={posted?.message ?? posted?.fieldErrors.code ?? null} />;

  return (
    <main className={styles.loginWrap}>
      <div className={styles.loginCard}>
        <h1 className={styles.cardTitle}>Admin sign in</h1>
        <p className={styles.hint}>{settings.companyName}: manage posts, leads, reviews and settings.</p>
        {/* method and action: sent before the script has loaded, the form is a POST (never a GET with the
            password in the address) that the server answers with /admin or this page. */}
        <form
          method="post"
          action={loginPathFor(query.next ?? '/admin')}
          className={styles.form}
          onSubmit={onSubmit}
          onFocus={loginSchema.warm}
          noValidate
          style={{ marginTop: '1rem' }}
        >
          {shownError && (
            <p id={`${id}-form-error`} role="alert" className={styles.errorBox}>
              {shownError}
            </p>
          )}
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-username`}>
              Username
            </label>
            <input
              id={`${id}-username`}
              className={styles.input}
              type="text"
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={values.username}
              onChange={(event) => setValues((current) => ({ ...current, username: event.target.value }))}
              aria-invalid={fieldErrors.username ? true : undefined}
              aria-describedby={describedBy('username')}
            />
            {fieldErrors.username && (
              <p id={`${id}-username-error`} className={styles.fieldError}>
                {fieldErrors.username}
              </p>
            )}
          </div>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-password`}>
              Password
            </label>
            <div className={styles.passwordRow}>
              <input
                id={`${id}-password`}
                className={styles.input}
                name="password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                value={values.password}
                onChange={(event) => setValues((current) => ({ ...current, password: event.target.value }))}
                aria-invalid={fieldErrors.password ? true : undefined}
                aria-describedby={describedBy('password')}
              />
              <button
                type="button"
                className={styles.button.secondary}
                aria-pressed={showPassword}
                aria-controls={`${id}-password`}
                onClick={() => setShowPassword((shown) => !shown)}
              >
                {showPassword ? 'Hide' : 'Show'}
                <span className="visually-hidden"> password</span>
              </button>
            </div>
            {fieldErrors.password && (
              <p id={`${id}-password-error`} className={styles.fieldError}>
                {fieldErrors.password}
              </p>
            )}
          </div>
          <Honeypot value={honeypot} onChange={setHoneypot} />
          <button type="submit" className={styles.button.primary} disabled={submitting}>
            {submitting ? 'Signing in...' : 'Sign in'}
          </button>
        </form>
        <div className={styles.buttonRow} style={{ marginTop: '1rem' }}>
          <button
            type="button"
            className={styles.button.secondary}
            onClick={() => {
              setFormError(null);
              void alone.start();
            }}
            disabled={alone.pending}
          >
            {alone.pending ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
          </button>
        </div>
        <p style={{ marginTop: '1rem' }}>
          <a className={styles.backLink} href="/">
            ← Back to website
          </a>
        </p>
      </div>
    </main>
  );
}

type SecondStep = 'passkey' | 'totp';

/** A sign-in with a passkey from this page: on to the admin area, or the reason it failed. */
function usePasskeySignIn(mode: 'alone' | 'second-step') {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  async function start() {
    setError(null);
    setPending(true);
    try {
      await signInWithPasskey(mode);
      window.location.assign(safeAdminReturn(new URLSearchParams(window.location.search).get('next')));
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? (failure.serverMessage ?? 'Login failed')
          : passkeyCeremonyMessage(failure),
      );
      setPending(false);
    }
  }
  return { error, pending, start, clearError: () => setError(null) };
}

/** The second step with a passkey of this account; or, when it has an authenticator app too, a code. */
function PasskeyStep({ canUseCode, useCode }: { canUseCode: boolean; useCode: () => void }) {
  const { error, pending, start: usePasskey } = usePasskeySignIn('second-step');

  return (
    <main className={styles.loginWrap}>
      <div className={styles.loginCard}>
        <h1 className={styles.cardTitle}>Two-step sign-in</h1>
        <p className={styles.hint}>Confirm it is you with one of your passkeys.</p>
        {error && (
          <p role="alert" className={styles.errorBox} style={{ marginTop: '1rem' }}>
            {error}
          </p>
        )}
        <div className={styles.buttonRow} style={{ marginTop: '1rem' }}>
          <button type="button" className={styles.button.primary} onClick={usePasskey} disabled={pending}>
            {pending ? 'Waiting for your passkey...' : 'Use your passkey'}
          </button>
          {canUseCode && (
            <button type="button" className={styles.button.secondary} onClick={useCode}>
              Use a code from your app instead
            </button>
          )}
        </div>
        <p style={{ marginTop: '1rem' }}>
          <a className={styles.backLink} href="/admin-login">
            Start again
          </a>
        </p>
      </div>
    </main>
  );
}

/** The second step: a code from the authenticator app, or one of the recovery codes. */
function CodeStep({ postedMessage }: { postedMessage: string | null }) {
  const { query } = usePageContext();
  const id = useId();
  const [code, setCode] = useState('');
  // A code sent before the script loaded that was refused comes back with the server's message.
  const [error, setError] = useState<string | null>(postedMessage);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!code.trim()) return setError('Enter the code');
    setError(null);
    setSubmitting(true);
    try {
      await apiRequest('POST', '/api/login/totp', { code });
      window.location.assign(safeAdminReturn(new URLSearchParams(window.location.search).get('next')));
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? (failure.serverMessage ?? 'That code is not right')
          : 'Login failed. Please try again.',
      );
      setSubmitting(false);
    }
  }

  return (
    <main className={styles.loginWrap}>
      <div className={styles.loginCard}>
        <h1 className={styles.cardTitle}>Two-step sign-in</h1>
        <p className={styles.hint}>
          Enter the 6-digit code your authenticator app shows now, or one of your recovery codes.
        </p>
        <form
          method="post"
          action={withStep(loginPathFor(query.next ?? '/admin'))}
          className={styles.form}
          onSubmit={onSubmit}
          noValidate
          style={{ marginTop: '1rem' }}
        >
          {error && (
            <p id={`${id}-error`} role="alert" className={styles.errorBox}>
              {error}
            </p>
          )}
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-code`}>
              Code
            </label>
            <input
              id={`${id}-code`}
              className={styles.input}
              type="text"
              name="code"
              inputMode="text"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </div>
          <button type="submit" className={styles.button.primary} disabled={submitting}>
            {submitting ? 'Checking...' : 'Continue'}
          </button>
        </form>
        <p style={{ marginTop: '1rem' }}>
          <a className={styles.backLink} href="/admin-login">
            Start again
          </a>
        </p>
      </div>
    </main>
  );
}

/** The sign-in address with `step=code`, so a refused code comes back to this form. */
function withStep(path: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}step=code`;
}
