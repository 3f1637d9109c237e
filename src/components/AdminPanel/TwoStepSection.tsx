import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { serverMessageOf, useTRPC } from '../../client/trpc.tsx';
import { toast } from '../Toast/toast-store.ts';
import { withRecentPassword } from './PasswordConfirm.tsx';
import * as styles from './admin.css.ts';

interface Setup {
  secret: string;
  qrSvg: string;
}

/** Account, "Two-step sign-in": set up an authenticator app, recovery codes, turning it off. */
export function TwoStepSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const status = useQuery(trpc.account.twoStep.queryOptions());
  const begin = useMutation(trpc.account.beginTotpSetup.mutationOptions());
  const confirm = useMutation(trpc.account.confirmTotpSetup.mutationOptions());
  const disable = useMutation(trpc.account.disableTotp.mutationOptions());
  const regenerate = useMutation(trpc.account.regenerateRecoveryCodes.mutationOptions());
  const [setup, setSetup] = useState<Setup | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  // Shown once, right after they are made; the server keeps only their hashes.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.account.twoStep.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.account.sessions.queryKey() }),
    ]);
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: serverMessageOf(error) ?? 'Please try again', variant: 'destructive' });

  async function start() {
    try {
      setSetup(await withRecentPassword(() => begin.mutateAsync()));
      setCode('');
      setCodeError(undefined);
    } catch (error) {
      failed('Two-step sign-in not started')(error);
    }
  }

  async function onConfirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      const result = await withRecentPassword(() => confirm.mutateAsync({ code }));
      setSetup(null);
      setRecoveryCodes(result.recoveryCodes);
      toast({ title: 'Two-step sign-in is on', description: 'Every other session was signed out.' });
      await refresh();
    } catch (error) {
      setCodeError(serverMessageOf(error) ?? 'That code is not right');
    }
  }

  async function turnOff() {
    if (!window.confirm('Turn off two-step sign-in? Your password alone will then open this account.'))
      return;
    try {
      await withRecentPassword(() => disable.mutateAsync());
      setRecoveryCodes(null);
      toast({ title: 'Two-step sign-in is off', description: 'Every other session was signed out.' });
      await refresh();
    } catch (error) {
      failed('Two-step sign-in still on')(error);
    }
  }

  async function renewCodes() {
    try {
      setRecoveryCodes((await withRecentPassword(() => regenerate.mutateAsync())).recoveryCodes);
      await refresh();
    } catch (error) {
      failed('No new recovery codes')(error);
    }
  }

  const data = status.data;
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        Two-step sign-in
      </h2>
      {status.isPending && <p>Loading...</p>}
      {recoveryCodes && (
        <div className={styles.form} style={{ marginBottom: '1rem' }}>
          <h3 className={styles.sectionTitle}>Your recovery codes</h3>
          <p className={styles.hint}>
            Each signs you in once if your phone is lost. Keep them somewhere safe: they are shown only now.
          </p>
          <ul aria-label="Recovery codes" className={styles.details}>
            {recoveryCodes.map((recoveryCode) => (
              <li key={recoveryCode}>
                <code>{recoveryCode}</code>
              </li>
            ))}
          </ul>
          <div className={styles.buttonRow}>
            <button type="button" className={styles.button.secondary} onClick={() => setRecoveryCodes(null)}>
              I have saved them
            </button>
          </div>
        </div>
      )}
      {data && !data.totpEnabled && !setup && (
        <>
          <p className={styles.hint}>
            Off. With it on, signing in asks for a code from an authenticator app on your phone as well as
            your password.
          </p>
          <div className={styles.buttonRow}>
            <button type="button" className={styles.button.primary} onClick={start}>
              Set up two-step sign-in
            </button>
          </div>
        </>
      )}
      {setup && (
        <form className={styles.form} onSubmit={onConfirm} noValidate>
          <p className={styles.hint}>
            Scan this code with your authenticator app, or type the key into it, then enter the code it shows.
          </p>
          <div
            role="img"
            aria-label="QR code for your authenticator app"
            style={{ width: '200px', height: '200px' }}
            dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
          />
          <p className={styles.rowText}>
            Key: <code data-testid="totp-secret">{setup.secret}</code>
          </p>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-code`}>
              Code from the app
            </label>
            <input
              id={`${id}-code`}
              className={styles.input}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              aria-invalid={codeError ? true : undefined}
              aria-describedby={codeError ? `${id}-code-error` : undefined}
            />
            {codeError && (
              <p id={`${id}-code-error`} className={styles.fieldError}>
                {codeError}
              </p>
            )}
          </div>
          <div className={styles.buttonRow}>
            <button type="submit" className={styles.button.primary} disabled={confirm.isPending}>
              Turn on
            </button>
            <button type="button" className={styles.button.secondary} onClick={() => setSetup(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {data?.totpEnabled && (
        <>
          <p className={styles.hint}>
            On: signing in asks for a code from your app. Recovery codes left: {data.recoveryCodesLeft}.
          </p>
          <div className={styles.buttonRow}>
            <button type="button" className={styles.button.secondary} onClick={renewCodes}>
              Make new recovery codes
            </button>
            <button type="button" className={styles.button.danger} onClick={turnOff}>
              Turn off two-step sign-in
            </button>
          </div>
        </>
      )}
    </section>
  );
}
