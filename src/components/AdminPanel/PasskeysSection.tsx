import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { serverMessageOf, useTRPC } from '../../client/trpc.tsx';
import { passkeyCeremonyMessage } from '../../client/passkey-ceremony.ts';
import { formatPostDateTime } from '../../shared/format-date.ts';
import { toast } from '../Toast/toast-store.ts';
import { withRecentPassword } from './PasswordConfirm.tsx';
import { RowButton } from './RowActions.tsx';
import * as styles from './admin.css.ts';

/** Account, "Passkeys": add one from this device, name (rename) and remove each. */
export function PasskeysSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const list = useQuery(trpc.account.passkeys.queryOptions());
  const begin = useMutation(trpc.account.beginPasskeyRegistration.mutationOptions());
  const finish = useMutation(trpc.account.finishPasskeyRegistration.mutationOptions());
  const rename = useMutation(trpc.account.renamePasskey.mutationOptions());
  const remove = useMutation(trpc.account.removePasskey.mutationOptions());
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.account.passkeys.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.account.sessions.queryKey() }),
    ]);
  const failed = (title: string) => (error: unknown) =>
    toast({
      title,
      description: serverMessageOf(error) ?? passkeyCeremonyMessage(error),
      variant: 'destructive',
    });

  async function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) return setNameError('Give the passkey a name');
    setNameError(undefined);
    setAdding(true);
    try {
      // tRPC's inferred JSON type spells out the extension buffers the server never sends.
      const optionsJSON = (await withRecentPassword(() =>
        begin.mutateAsync(),
      )) as PublicKeyCredentialCreationOptionsJSON;
      // The WebAuthn helpers arrive when a passkey is added, not with the panel.
      const { startRegistration } = await import('@simplewebauthn/browser');
      const response = await startRegistration({ optionsJSON });
      await withRecentPassword(() => finish.mutateAsync({ name: name.trim(), response }));
      setName('');
      toast({ title: 'Passkey added', description: 'Every other session was signed out.' });
      await refresh();
    } catch (error) {
      failed('Passkey not added')(error);
    } finally {
      setAdding(false);
    }
  }

  async function onRename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!renaming) return;
    try {
      await withRecentPassword(() => rename.mutateAsync(renaming));
      setRenaming(null);
      toast({ title: 'Passkey renamed', description: `It is now called ${renaming.name}.` });
      await refresh();
    } catch (error) {
      failed('Passkey not renamed')(error);
    }
  }

  async function onRemove(passkeyId: number, passkeyName: string) {
    if (!window.confirm(`Remove the passkey "${passkeyName}"? It will no longer sign you in.`)) return;
    try {
      await withRecentPassword(() => remove.mutateAsync({ id: passkeyId }));
      toast({ title: 'Passkey removed', description: 'Every other session was signed out.' });
      await refresh();
    } catch (error) {
      failed('Passkey not removed')(error);
    }
  }

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        Passkeys
      </h2>
      <p className={styles.hint}>
        A passkey signs you in with this device&apos;s screen lock (a fingerprint, a face or a PIN) instead of
        your password, and cannot be given away to a fake site. It also counts as two-step sign-in. Keep a
        second passkey or an authenticator app too, in case this device is lost.
      </p>
      {list.isPending && <p>Loading passkeys...</p>}
      {list.isError && <p className={styles.fieldError}>The passkeys could not be loaded.</p>}
      <ul className={styles.list} style={{ margin: '1rem 0' }}>
        {(list.data ?? []).map((passkey) => (
          <li key={passkey.id} className={styles.row} data-testid="passkey">
            <h3 className={styles.rowTitle}>{passkey.name}</h3>
            <p className={styles.hint}>
              Added {formatPostDateTime(passkey.createdAt)}; last used{' '}
              {passkey.lastUsedAt ? formatPostDateTime(passkey.lastUsedAt) : 'never'}.
            </p>
            {renaming?.id === passkey.id ? (
              <form className={styles.form} onSubmit={onRename} noValidate>
                <div className={styles.field}>
                  <label className={styles.label} htmlFor={`${id}-rename-${passkey.id}`}>
                    New name for {passkey.name}
                  </label>
                  <input
                    id={`${id}-rename-${passkey.id}`}
                    className={styles.input}
                    value={renaming.name}
                    maxLength={100}
                    onChange={(event) => setRenaming({ id: passkey.id, name: event.target.value })}
                  />
                </div>
                <div className={styles.buttonRow}>
                  <button type="submit" className={styles.button.primary}>
                    Save name
                  </button>
                  <button type="button" className={styles.button.secondary} onClick={() => setRenaming(null)}>
                    Cancel
                  </button>
                </div>
              </form>
            ) : (
              <div className={styles.buttonRow}>
                <RowButton
                  of={passkey.name}
                  onClick={() => setRenaming({ id: passkey.id, name: passkey.name })}
                >
                  Rename
                </RowButton>
                <RowButton of={passkey.name} onClick={() => onRemove(passkey.id, passkey.name)} look="danger">
                  Remove
                </RowButton>
              </div>
            )}
          </li>
        ))}
      </ul>
      <h3 className={styles.sectionTitle}>Add a passkey</h3>
      <form className={styles.form} onSubmit={onAdd} noValidate>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-name`}>
            Name for the new passkey
          </label>
          <input
            id={`${id}-name`}
            className={styles.input}
            value={name}
            maxLength={100}
            placeholder="e.g. Office laptop"
            onChange={(event) => setName(event.target.value)}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${id}-name-error` : undefined}
          />
          {nameError && (
            <p id={`${id}-name-error`} className={styles.fieldError}>
              {nameError}
            </p>
          )}
        </div>
        <div className={styles.buttonRow}>
          <button type="submit" className={styles.button.primary} disabled={adding}>
            {adding ? 'Waiting for your device...' : 'Add a passkey'}
          </button>
        </div>
      </form>
    </section>
  );
}
