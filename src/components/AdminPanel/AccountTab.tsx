import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { usePageContext } from '../../../renderer/usePageContext.tsx';
import { fieldErrorsOf, serverMessageOf, useTRPC } from '../../client/trpc.tsx';
import { formatPostDateTime } from '../../shared/format-date.ts';
import {
  changeEmailInputSchema,
  changePasswordInputSchema,
  createUserInputSchema,
} from '../../shared/schemas/account.ts';
import { toast } from '../Toast/toast-store.ts';
import { firstMessageByField } from '../../shared/schemas/field-errors.ts';
import { AdminTextField } from './AdminTextField.tsx';
import { withRecentPassword } from './PasswordConfirm.tsx';
import { PasskeysSection } from './PasskeysSection.tsx';
import { SessionsSection } from './SessionsSection.tsx';
import { TwoStepSection } from './TwoStepSection.tsx';
import { RowButton } from './RowActions.tsx';
import * as styles from './admin.css.ts';

type Errors = Record<string, string>;

export function AccountTab() {
  const { user } = usePageContext();
  return (
    <div className={styles.grid}>
      <ChangePasswordForm />
      <TwoStepSection />
      <PasskeysSection />
      <SessionsSection />
      {user?.role === 'admin' && <TeamSection />}
    </div>
  );
}

function ChangePasswordForm() {
  const trpc = useTRPC();
  const id = useId();
  const me = useQuery(trpc.account.me.queryOptions());
  const change = useMutation(trpc.account.changePassword.mutationOptions());
  const blank = { currentPassword: '', newPassword: '', confirm: '' };
  const [values, setValues] = useState(blank);
  const [errors, setErrors] = useState<Errors>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = changePasswordInputSchema.safeParse(values);
    if (!parsed.success) return setErrors(firstMessageByField(parsed.error));
    setErrors({});
    try {
      await change.mutateAsync(parsed.data);
      setValues(blank);
      toast({
        title: 'Password changed',
        description: 'You stay signed in here; every other session was signed out.',
      });
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast({
        title: 'Password not changed',
        description: serverMessageOf(error) ?? 'Failed to change the password',
        variant: 'destructive',
      });
    }
  }

  const field = (name: keyof typeof blank, label: string, autoComplete: string, hint?: string) => (
    <AdminTextField
      id={`${id}-${name}`}
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(value) => setValues((current) => ({ ...current, [name]: value }))}
      error={errors[name]}
      hint={hint}
    />
  );

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        Your account
      </h2>
      {me.data && (
        <p className={styles.hint}>
          {me.data.username} ({me.data.role}), {me.data.email}. Last sign-in:{' '}
          {me.data.lastLoginAt ? formatPostDateTime(me.data.lastLoginAt) : 'never'}.
        </p>
      )}
      {me.data && <ChangeEmailForm key={me.data.email} current={me.data.email} />}
      <h3 className={styles.sectionTitle}>Change password</h3>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {field('currentPassword', 'Current password', 'current-password')}
        {field(
          'newPassword',
          'New password',
          'new-password',
          'At least 12 characters. A few unrelated words make a strong one.',
        )}
        {field('confirm', 'Repeat the new password', 'new-password')}
        <div className={styles.buttonRow}>
          <button type="submit" className={styles.button.primary} disabled={change.isPending}>
            {change.isPending ? 'Changing...' : 'Change password'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** One's own email address, where security emails go; the old address is told of a change. */
function ChangeEmailForm({ current }: { current: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const change = useMutation(trpc.account.changeEmail.mutationOptions());
  const [email, setEmail] = useState(current);
  const [error, setError] = useState<string>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = changeEmailInputSchema.safeParse({ email });
    if (!parsed.success) return setError(firstMessageByField(parsed.error).email);
    setError(undefined);
    try {
      await withRecentPassword(() => change.mutateAsync(parsed.data));
      toast({
        title: 'Email address changed',
        description: `Security emails now go to ${parsed.data.email}; the old address was told.`,
      });
      await queryClient.invalidateQueries({ queryKey: trpc.account.me.queryKey() });
    } catch (failure) {
      setError(fieldErrorsOf(failure).email ?? serverMessageOf(failure) ?? 'Failed to change the address');
    }
  }

  return (
    <>
      <h3 className={styles.sectionTitle}>Change email address</h3>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <AdminTextField
          id={`${id}-email`}
          label="Email address"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={error}
          hint="Where the site tells you of sign-ins and changes to your account."
        />
        <div className={styles.buttonRow}>
          <button type="submit" className={styles.button.primary} disabled={change.isPending}>
            {change.isPending ? 'Changing...' : 'Change email address'}
          </button>
        </div>
      </form>
    </>
  );
}

function TeamSection() {
  const me = usePageContext().user?.username;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const users = useQuery(trpc.adminUsers.list.queryOptions());
  const create = useMutation(trpc.adminUsers.create.mutationOptions());
  const setActive = useMutation(trpc.adminUsers.setActive.mutationOptions());
  const reset = useMutation(trpc.adminUsers.resetPassword.mutationOptions());
  const endSessions = useMutation(trpc.adminUsers.endSessions.mutationOptions());
  const twoStepRequired = useQuery(trpc.adminUsers.twoStepRequired.queryOptions());
  const setTwoStepRequired = useMutation(trpc.adminUsers.setTwoStepRequired.mutationOptions());
  const blank = { username: '', email: '', password: '' };
  const [values, setValues] = useState(blank);
  const [errors, setErrors] = useState<Errors>({});
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.adminUsers.list.queryKey() });

  async function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = createUserInputSchema.safeParse({ ...values, role: 'editor' });
    if (!parsed.success) return setErrors(firstMessageByField(parsed.error));
    setErrors({});
    try {
      await withRecentPassword(() => create.mutateAsync(parsed.data));
      setValues(blank);
      toast({ title: 'Editor added', description: `${parsed.data.username} can sign in now.` });
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast({
        title: 'Editor not added',
        description: serverMessageOf(error) ?? 'Failed to add the editor',
        variant: 'destructive',
      });
    }
    await refresh();
  }

  async function toggleActive(userId: number, username: string, isActive: boolean) {
    try {
      await withRecentPassword(() => setActive.mutateAsync({ id: userId, isActive }));
      toast({
        title: isActive ? 'Account enabled' : 'Account disabled',
        description: isActive
          ? `${username} can sign in again.`
          : `${username} was signed out and cannot sign in.`,
      });
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessageOf(error) ?? 'Failed to change the account',
        variant: 'destructive',
      });
    }
    await refresh();
  }

  async function resetPassword(userId: number, username: string) {
    const password = window.prompt(
      `New password for ${username} (at least 12 characters). Tell them in person or by phone.`,
    );
    if (!password) return;
    try {
      await withRecentPassword(() => reset.mutateAsync({ id: userId, password }));
      toast({
        title: 'Password reset',
        description: `${username} was signed out everywhere and signs in with the new password.`,
      });
    } catch (error) {
      toast({
        title: 'Password not reset',
        description: serverMessageOf(error) ?? 'Failed to reset the password',
        variant: 'destructive',
      });
    }
  }

  async function changeTwoStepRequired(required: boolean) {
    try {
      await withRecentPassword(() => setTwoStepRequired.mutateAsync({ required }));
      toast({
        title: required ? 'Two-step sign-in required' : 'Two-step sign-in optional',
        description: required
          ? 'Accounts without it set it up at their next sign-in, before anything else.'
          : 'Each person chooses for their own account.',
      });
    } catch (error) {
      toast({
        title: 'Not changed',
        description: serverMessageOf(error) ?? 'Failed to change the rule',
        variant: 'destructive',
      });
    }
    await queryClient.invalidateQueries({ queryKey: trpc.adminUsers.twoStepRequired.queryKey() });
  }

  async function signOutEverywhere(userId: number, username: string) {
    try {
      const { ended } = await withRecentPassword(() => endSessions.mutateAsync({ id: userId }));
      toast({
        title: 'Signed out everywhere',
        description: `${username}: ${ended} session${ended === 1 ? '' : 's'} ended.`,
      });
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessageOf(error) ?? 'Failed to sign them out',
        variant: 'destructive',
      });
    }
  }

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        Team
      </h2>
      <p className={styles.hint}>
        Editors write posts, upload media and answer leads and reviews; only admins change settings and
        accounts.
      </p>
      <label className={styles.checkboxLabel}>
        <input
          type="checkbox"
          checked={twoStepRequired.data ?? false}
          disabled={!twoStepRequired.isSuccess}
          onChange={(event) => void changeTwoStepRequired(event.target.checked)}
        />
        Require two-step sign-in for every account
      </label>
      {users.isPending && <p>Loading accounts...</p>}
      {users.isError && <p className={styles.fieldError}>The accounts could not be loaded.</p>}
      <ul className={styles.list} style={{ margin: '1rem 0' }}>
        {(users.data ?? []).map((account) => (
          <li key={account.id} className={styles.row} data-testid="team-member">
            <div className={styles.badges}>
              <span className={styles.badge[account.role === 'admin' ? 'news' : 'advice']}>
                {account.role === 'admin' ? 'Admin' : 'Editor'}
              </span>
              <span className={styles.badge[account.isActive ? 'published' : 'hidden']}>
                {account.isActive ? 'Active' : 'Disabled'}
              </span>
            </div>
            <h3 className={styles.rowTitle}>{account.username}</h3>
            <p className={styles.hint}>
              {account.email}. Last sign-in:{' '}
              {account.lastLoginAt ? formatPostDateTime(account.lastLoginAt) : 'never'}.
            </p>
            {account.role === 'editor' && (
              <div className={styles.buttonRow}>
                <RowButton
                  of={account.username}
                  onClick={() => toggleActive(account.id, account.username, !account.isActive)}
                  look={account.isActive ? 'danger' : 'secondary'}
                >
                  {account.isActive ? 'Disable' : 'Enable'}
                </RowButton>
                <RowButton
                  of={`of ${account.username}`}
                  onClick={() => resetPassword(account.id, account.username)}
                >
                  Reset password
                </RowButton>
              </div>
            )}
            {account.isActive && account.username !== me && (
              <div className={styles.buttonRow}>
                <RowButton
                  of={account.username}
                  onClick={() => signOutEverywhere(account.id, account.username)}
                >
                  Sign out everywhere
                </RowButton>
              </div>
            )}
          </li>
        ))}
      </ul>
      <h3 className={styles.sectionTitle}>Add an editor</h3>
      <form className={styles.form} onSubmit={onCreate} noValidate>
        <AdminTextField
          id={`${id}-username`}
          label="Username"
          value={values.username}
          onChange={(value) => setValues((current) => ({ ...current, username: value }))}
          error={errors.username}
        />
        <AdminTextField
          id={`${id}-email`}
          label="Email"
          type="email"
          value={values.email}
          onChange={(value) => setValues((current) => ({ ...current, email: value }))}
          error={errors.email}
        />
        <AdminTextField
          id={`${id}-password`}
          label="Password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(value) => setValues((current) => ({ ...current, password: value }))}
          error={errors.password}
          hint="At least 12 characters. Tell them in person or by phone."
        />
        <div className={styles.buttonRow}>
          <button type="submit" className={styles.button.primary} disabled={create.isPending}>
            {create.isPending ? 'Adding...' : 'Add editor'}
          </button>
        </div>
      </form>
    </section>
  );
}
