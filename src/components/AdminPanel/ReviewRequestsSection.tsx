import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { serverMessageOf, useTRPC } from '../../client/trpc.tsx';
import { formatPostDate } from '../../shared/format-date.ts';
import { formatJobMonth } from '../../shared/job-month.ts';
import { parseCustomerList, type ReviewRequestStatus } from '../../shared/schemas/review-request.ts';
import { toast } from '../Toast/toast-store.ts';
import * as styles from './admin.css.ts';

const statusLabels: Record<ReviewRequestStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  logged: 'Logged (no SMTP_URL)',
  failed: 'Sending failed',
  bounced: 'Bounced',
  skipped: 'Not sent (unsubscribed)',
  opened: 'Opened',
  reviewed: 'Reviewed',
};

/**
 * Asking customers typed in or pasted as a list (one a line), and the log of every request. Every
 * customer gets the same email; nothing here asks or filters by what they thought of the job.
 */
export function ReviewRequestsSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const requests = useQuery(trpc.adminReviewRequests.list.queryOptions());
  const create = useMutation(trpc.adminReviewRequests.create.mutationOptions());
  const [list, setList] = useState('');
  const [town, setTown] = useState('');
  const [outcomes, setOutcomes] = useState<string[]>([]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { customers, unreadable } = parseCustomerList(list);
    const results: string[] = unreadable.map((line) => `Not understood (no email address?): ${line}`);
    for (const customer of customers) {
      try {
        await create.mutateAsync({ ...customer, town: town || undefined });
        results.push(`Asked: ${customer.name} <${customer.email}>`);
      } catch (error) {
        results.push(`Not asked: ${customer.name}: ${serverMessageOf(error) ?? 'failed'}`);
      }
    }
    setOutcomes(results);
    if (customers.length && results.every((line) => line.startsWith('Asked'))) setList('');
    toast({ title: `${results.filter((line) => line.startsWith('Asked')).length} review requests queued` });
    await queryClient.invalidateQueries({ queryKey: trpc.adminReviewRequests.list.queryKey() });
  }

  const rows = requests.data ?? [];
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        Ask for reviews
      </h2>
      <p className={styles.hint}>
        Every customer gets the same email: your Google review page (Settings) and this site&apos;s form, one
        reminder after 4 days unless they reviewed, never again within 6 months. Leads marked Closed have
        their own &ldquo;Ask for a review&rdquo; button.
      </p>
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-list`}>
            Customers, one a line: Name &lt;email&gt; or Name, email
          </label>
          <textarea
            id={`${id}-list`}
            className={styles.input}
            value={list}
            onChange={(event) => setList(event.target.value)}
            rows={4}
          />
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-town`}>
            Town of the job (optional, shown on their review)
          </label>
          <input
            id={`${id}-town`}
            className={styles.input}
            value={town}
            maxLength={100}
            onChange={(event) => setTown(event.target.value)}
          />
        </div>
        <div className={styles.buttonRow}>
          <button type="submit" className={styles.button.primary} disabled={create.isPending || !list.trim()}>
            Ask for a review
          </button>
        </div>
        {outcomes.length > 0 && (
          <ul className={styles.hint} role="status">
            {outcomes.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </form>
      <h3 className={styles.rowTitle}>Requests ({rows.length})</h3>
      {requests.isError && <p className={styles.fieldError}>The requests could not be loaded.</p>}
      {rows.length > 0 && (
        <table className={styles.table} data-testid="review-requests">
          <thead>
            <tr>
              <th scope="col">Asked</th>
              <th scope="col">Customer</th>
              <th scope="col">Job</th>
              <th scope="col">Status</th>
              <th scope="col">Reminder</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((request) => (
              <tr key={request.id}>
                <td>{formatPostDate(request.createdAt)}</td>
                <td>
                  {request.name} &lt;{request.email}&gt;
                  {request.unsubscribed ? ' (unsubscribed)' : ''}
                </td>
                <td>
                  {formatJobMonth(request.jobMonth)}
                  {request.town ? `, ${request.town}` : ''}
                  {request.leadId !== null && (
                    <>
                      {' '}
                      <a href={`/admin?tab=leads&lead=${request.leadId}`}>lead</a>
                    </>
                  )}
                </td>
                <td>{statusLabels[request.status]}</td>
                <td>{request.reminder ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
