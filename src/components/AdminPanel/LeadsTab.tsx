import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { leadStatuses, type LeadStatus } from '../../shared/lead-statuses.ts';
import { serverMessageOf, useTRPC } from '../../client/trpc.tsx';
import { formatPostDateTime } from '../../shared/format-date.ts';
import { telHref } from '../../shared/site-content.ts';
import { toast } from '../Toast/toast-store.ts';
import * as styles from './admin.css.ts';

const statusLabels: Record<LeadStatus, string> = { new: 'New', contacted: 'Contacted', closed: 'Closed' };

/** Every contact message, newest first, answered from here. */
export function LeadsTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [status, setStatus] = useState<LeadStatus | ''>('');
  const [search, setSearch] = useState('');
  // Typing narrows the list without a request per keystroke blocking the input.
  const deferredSearch = useDeferredValue(search.trim());
  const filter = { ...(status ? { status } : {}), ...(deferredSearch ? { search: deferredSearch } : {}) };
  const leads = useQuery(trpc.leads.list.queryOptions(filter));
  const changeStatus = useMutation(trpc.leads.setStatus.mutationOptions());

  async function markAs(leadId: number, next: LeadStatus) {
    try {
      await changeStatus.mutateAsync({ id: leadId, status: next });
      toast({ title: `Lead marked ${statusLabels[next].toLowerCase()}` });
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessageOf(error) ?? 'Failed to change the lead status',
        variant: 'destructive',
      });
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.leads.list.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.leads.countNew.queryKey() }),
    ]);
  }

  const csvHref = `/api/admin/leads.csv?${new URLSearchParams(filter).toString()}`;
  const rows = leads.data ?? [];
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        Leads ({rows.length})
      </h2>
      <div className={styles.fieldRow} role="search" aria-label="Filter leads">
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-status`}>
            Status
          </label>
          <select
            id={`${id}-status`}
            className={styles.input}
            value={status}
            onChange={(event) => setStatus(event.target.value as LeadStatus | '')}
          >
            <option value="">All</option>
            {leadStatuses.map((value) => (
              <option key={value} value={value}>
                {statusLabels[value]}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-search`}>
            Search name, email, phone or text
          </label>
          <input
            id={`${id}-search`}
            type="search"
            className={styles.input}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      </div>
      <p className={styles.buttonRow} style={{ margin: '1rem 0' }}>
        <a className={styles.button.secondary} href={csvHref} download>
          Export CSV
        </a>
      </p>
      {leads.isPending && <p>Loading leads...</p>}
      {leads.isError && (
        <p className={styles.fieldError}>The leads could not be loaded. Reload the page to try again.</p>
      )}
      {leads.isSuccess && rows.length === 0 && (
        <p className={styles.hint}>
          {status || deferredSearch
            ? 'No leads match this filter.'
            : 'No leads yet. Messages sent from the contact page appear here.'}
        </p>
      )}
      <ul className={styles.list}>
        {rows.map((lead) => {
          const name = `${lead.firstName} ${lead.lastName}`;
          return (
            <li key={lead.id} className={styles.row} data-testid="lead">
              <div className={styles.badges}>
                <span
                  className={
                    styles.badge[
                      lead.status === 'new' ? 'scheduled' : lead.status === 'contacted' ? 'news' : 'draft'
                    ]
                  }
                >
                  {statusLabels[lead.status]}
                </span>
                {lead.service && <span className={styles.badge.advice}>{lead.service}</span>}
                {lead.notification === 'failed' && (
                  <span className={styles.badge.hidden}>Email alert failed</span>
                )}
              </div>
              <h3 className={styles.rowTitle}>{name}</h3>
              <p className={styles.hint}>Received {formatPostDateTime(lead.createdAt)}</p>
              <details>
                <summary>Read the message{lead.message.length > 120 ? '' : `: ${lead.message}`}</summary>
                <p className={styles.details}>{lead.message}</p>
              </details>
              <div className={styles.buttonRow}>
                {lead.phone && (
                  <a className={styles.button.primary} href={telHref(lead.phone)}>
                    Call {lead.phone}
                  </a>
                )}
                <a
                  className={styles.button.secondary}
                  href={`mailto:${lead.email}?subject=${encodeURIComponent(`Your plumbing request${lead.service ? `: ${lead.service}` : ''}`)}`}
                >
                  Email {lead.email}
                </a>
                <label className={styles.checkboxLabel}>
                  <span className="visually-hidden">Status of {name}</span>
                  <select
                    className={styles.input}
                    value={lead.status}
                    onChange={(event) => markAs(lead.id, event.target.value as LeadStatus)}
                    disabled={changeStatus.isPending}
                  >
                    {leadStatuses.map((value) => (
                      <option key={value} value={value}>
                        {statusLabels[value]}
                      </option>
                    ))}
                  </select>
                </label>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
