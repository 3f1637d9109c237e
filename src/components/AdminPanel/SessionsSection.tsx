import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { serverMessageOf, useTRPC } from '../../client/trpc.tsx';
import { formatPostDateTime } from '../../shared/format-date.ts';
import { toast } from '../Toast/toast-store.ts';
import { RowButton } from './RowActions.tsx';
import * as styles from './admin.css.ts';

/** Account, "Where you're signed in": each session of one's own, to end one or all but this one. */
export function SessionsSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const sessions = useQuery(trpc.account.sessions.queryOptions());
  const endOne = useMutation(trpc.account.endSession.mutationOptions());
  const endOthers = useMutation(trpc.account.endOtherSessions.mutationOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.account.sessions.queryKey() });

  async function signOut(sessionId: string, current: boolean) {
    try {
      await endOne.mutateAsync({ id: sessionId });
      if (current) return window.location.assign('/admin-login');
      toast({ title: 'Signed out', description: 'That browser must sign in again.' });
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessageOf(error) ?? 'Failed to sign out',
        variant: 'destructive',
      });
    }
    await refresh();
  }

  async function signOutOthers() {
    try {
      const { ended } = await endOthers.mutateAsync();
      toast({
        title: 'Signed out everywhere else',
        description: `${ended} other session${ended === 1 ? '' : 's'} ended.`,
      });
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessageOf(error) ?? 'Failed to sign out',
        variant: 'destructive',
      });
    }
    await refresh();
  }

  const others = (sessions.data ?? []).filter((session) => !session.current).length;
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        Where you&apos;re signed in
      </h2>
      <p className={styles.hint}>A session you do not recognise? Sign it out, then change your password.</p>
      {sessions.isPending && <p>Loading sessions...</p>}
      {sessions.isError && <p className={styles.fieldError}>The sessions could not be loaded.</p>}
      <ul className={styles.list} style={{ margin: '1rem 0' }}>
        {(sessions.data ?? []).map((session) => (
          <li key={session.id} className={styles.row} data-testid="session">
            <h3 className={styles.rowTitle}>
              {session.browser}
              {session.current && <span className={styles.badge.published}> This one</span>}
            </h3>
            <p className={styles.hint}>
              {session.address ?? 'Unknown address'}. Signed in {formatPostDateTime(session.createdAt)}; last
              seen {formatPostDateTime(session.lastSeenAt)}.
            </p>
            <div className={styles.buttonRow}>
              <RowButton of={session.browser} onClick={() => signOut(session.id, session.current)}>
                Sign out
              </RowButton>
            </div>
          </li>
        ))}
      </ul>
      {others > 0 && (
        <div className={styles.buttonRow}>
          <button type="button" className={styles.button.danger} onClick={signOutOthers}>
            Sign out everywhere else
          </button>
        </div>
      )}
    </section>
  );
}
