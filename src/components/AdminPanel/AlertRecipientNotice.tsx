import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../client/trpc.tsx';
import * as styles from './admin.css.ts';

/**
 * Says so while new-lead alerts have nowhere to go: no admin email in Settings and no admin account
 * with a real address. Otherwise, in Settings (`showRecipient`), names where they go.
 */
export function AlertRecipientNotice({ showRecipient = false }: { showRecipient?: boolean }) {
  const trpc = useTRPC();
  const recipient = useQuery(trpc.leads.alertRecipient.queryOptions());
  if (!recipient.data) return null;
  if (!recipient.data.canSend) {
    return (
      <p className={styles.errorBox} data-testid="alerts-cannot-be-sent">
        Email alerts for new leads cannot be sent: there is no address to send them to. Enter an admin email
        in Settings.
      </p>
    );
  }
  return showRecipient && recipient.data.recipient ? (
    <p className={styles.hint}>New-lead alerts currently go to {recipient.data.recipient}.</p>
  ) : null;
}
