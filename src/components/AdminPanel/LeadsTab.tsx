import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { leadStatuses, type LeadStatus } from '../../shared/lead-statuses.ts';
import { serverMessageOf, useTRPC } from '../../client/trpc.tsx';
import { formatPostDateTime } from '../../shared/format-date.ts';
import { telHref } from '../../shared/site-content.ts';
import { toast } from '../Toast/toast-store.ts';
import { AlertRecipientNotice } from './AlertRecipientNotice.tsx';
import { downloadWithRecentPassword } from './PasswordConfirm.tsx';
import { LeadBookingForm } from './LeadBookingForm.tsx';
import { arrivalWindow, dayName } from '../../shared/booking-format.ts';
import { RowButton } from './RowActions.tsx';
import * as styles from './admin.css.ts';

const statusLabels: Record<LeadStatus, string> = { new: 'New', contacted: 'Contacted', closed: 'Closed' };

type Folder = 'inbox' | 'spam';

/**
 * Every contact message, newest first, answered from here; what the bot checks caught waits in the
 * spam folder. `openLeadId` (the link in a new-lead email) shows that lead, its message open.
 */
export function LeadsTab({ openLeadId }: { openLeadId?: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [folder, setFolder] = useState<Folder>('inbox');
  const [status, setStatus] = useState<LeadStatus | ''>('');
  const [search, setSearch] = useState('');
  // Typing narrows the list without a request per keystroke blocking the input.
  const deferredSearch = useDeferredValue(search.trim());
  const filter = { ...(status ? { status } : {}), ...(deferredSearch ? { search: deferredSearch } : {}) };
  const leads = useQuery(trpc.leads.list.queryOptions({ ...filter, spam: folder === 'spam' }));
  const changeStatus = useMutation(trpc.leads.setStatus.mutationOptions());
  const notSpam = useMutation(trpc.leads.notSpam.mutationOptions());
  const remove = useMutation(trpc.leads.delete.mutationOptions());
  const askForReview = useMutation(trpc.adminReviewRequests.create.mutationOptions());
  // The lead whose "Book a visit" form is open; one at a time.
  const [booking, setBooking] = useState<number | null>(null);

  // Every customer of a finished job gets the same request, whatever the job was like.
  async function requestReview(lead: { id: number; firstName: string; lastName: string; email: string }) {
    try {
      await askForReview.mutateAsync({
        name: `${lead.firstName} ${lead.lastName}`,
        email: lead.email,
        leadId: lead.id,
      });
      toast({ title: 'Review request queued', description: `One email goes to ${lead.email}` });
    } catch (error) {
      toast({
        title: 'Not asked',
        description: serverMessageOf(error) ?? 'Failed to ask for a review',
        variant: 'destructive',
      });
    }
  }

  // The lead an email linked to: scrolled to and focused once, when the list first has it.
  const opened = useRef<HTMLLIElement | null>(null);
  const openedDone = useRef(false);
  const linkedLead = folder === 'inbox' ? openLeadId : undefined;
  useEffect(() => {
    if (openedDone.current || linkedLead === undefined || !leads.isSuccess) return;
    openedDone.current = true;
    if (!opened.current) {
      toast({ title: 'Lead not found', description: 'It may have been deleted.', variant: 'destructive' });
      return;
    }
    opened.current.scrollIntoView({ block: 'center' });
    opened.current.focus();
  }, [linkedLead, leads.isSuccess]);

  async function restore(leadId: number) {
    try {
      await notSpam.mutateAsync({ id: leadId });
      toast({ title: 'Moved to the inbox', description: 'It is alerted like any new lead' });
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessageOf(error) ?? 'Failed to move the lead',
        variant: 'destructive',
      });
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.leads.list.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.leads.countNew.queryKey() }),
    ]);
  }

  async function moveToTrash(leadId: number, name: string) {
    if (!window.confirm(`Delete the lead from ${name}? It stays in the Trash, where it can be restored.`))
      return;
    try {
      await remove.mutateAsync({ id: leadId });
      toast({ title: 'Lead deleted', description: 'Moved to the Trash, where it can be restored' });
    } catch (error) {
      toast({
        title: 'Delete error',
        description: serverMessageOf(error) ?? 'Failed to delete the lead',
        variant: 'destructive',
      });
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.leads.list.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.leads.countNew.queryKey() }),
    ]);
  }

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
        {folder === 'spam' ? 'Spam' : 'Leads'} ({rows.length})
      </h2>
      <AlertRecipientNotice />
      <div className={styles.fieldRow} role="search" aria-label="Filter leads">
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-folder`}>
            Folder
          </label>
          <select
            id={`${id}-folder`}
            className={styles.input}
            value={folder}
            onChange={(event) => setFolder(event.target.value as Folder)}
          >
            <option value="inbox">Inbox</option>
            <option value="spam">Spam</option>
          </select>
        </div>
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
      {folder === 'spam' ? (
        <p className={styles.hint} style={{ margin: '1rem 0' }}>
          Messages sent the way bots send them (a hidden field filled in, or sent within seconds). Nobody was
          alerted; each is deleted 30 days after it arrived. &quot;Not spam&quot; moves one to the inbox.
        </p>
      ) : (
        <p className={styles.buttonRow} style={{ margin: '1rem 0' }}>
          <a
            className={styles.button.secondary}
            href={csvHref}
            download
            onClick={(event) => {
              event.preventDefault();
              void downloadWithRecentPassword(event.currentTarget.href);
            }}
          >
            Export CSV
          </a>
        </p>
      )}
      {leads.isPending && <p>Loading leads...</p>}
      {leads.isError && (
        <p className={styles.fieldError}>The leads could not be loaded. Reload the page to try again.</p>
      )}
      {leads.isSuccess && rows.length === 0 && (
        <p className={styles.hint}>
          {status || deferredSearch
            ? 'No leads match this filter.'
            : folder === 'spam'
              ? 'The spam folder is empty.'
              : 'No leads yet. Messages sent from the contact page appear here.'}
        </p>
      )}
      <ul className={styles.list}>
        {rows.map((lead) => {
          const name = `${lead.firstName} ${lead.lastName}`;
          return (
            <li
              key={lead.id}
              className={styles.row}
              data-testid="lead"
              {...(lead.id === linkedLead
                ? { ref: opened, tabIndex: -1, 'aria-current': 'true' as const, 'data-linked': '' }
                : {})}
            >
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
              <details open={lead.id === openLeadId ? true : undefined}>
                <summary>Read the message{lead.message.length > 120 ? '' : `: ${lead.message}`}</summary>
                <p className={styles.details}>{lead.message}</p>
              </details>
              {lead.booking && (
                <p className={styles.rowText}>
                  Booked:{' '}
                  <a href={`/admin?tab=bookings&booking=${lead.booking.id}`}>
                    {dayName(lead.booking.date)}, {arrivalWindow(lead.booking.start, lead.booking.end)}
                  </a>
                </p>
              )}
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
                {folder === 'spam' ? (
                  <button
                    type="button"
                    className={styles.button.secondary}
                    onClick={() => void restore(lead.id)}
                    disabled={notSpam.isPending}
                  >
                    Not spam<span className="visually-hidden">: move {name} to the inbox</span>
                  </button>
                ) : (
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
                )}
                {/* A booking takes the lead's phone and email: a lead without them is called back first. */}
                {folder !== 'spam' && lead.phone && lead.email && booking !== lead.id && (
                  <RowButton of={`for ${name}`} onClick={() => setBooking(lead.id)}>
                    Book a visit
                  </RowButton>
                )}
                {folder !== 'spam' && lead.status === 'closed' && (
                  <RowButton
                    of={`from ${name}`}
                    onClick={() => void requestReview(lead)}
                    disabled={askForReview.isPending}
                  >
                    Ask for a review
                  </RowButton>
                )}
                <RowButton
                  of={`the lead from ${name}`}
                  onClick={() => void moveToTrash(lead.id, name)}
                  disabled={remove.isPending}
                  look="danger"
                >
                  Delete
                </RowButton>
              </div>
              {booking === lead.id && <LeadBookingForm lead={lead} onClose={() => setBooking(null)} />}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
