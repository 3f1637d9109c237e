import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { usePageContext } from '../../../renderer/usePageContext.tsx';
import { useTRPC } from '../../client/trpc.tsx';
import { activityKindLabel, activityKinds } from '../../shared/activity-kinds.ts';
import { companyDateTimeFormat, companyTimeZone } from '../../shared/company-time.ts';
import type { ActivityFilterInput } from '../../shared/schemas/activity.ts';
import * as styles from './admin.css.ts';

const PAGE_SIZE = 50;

/** "Nov 26, 2026, 9:04:31 PM": to the second, as entries made one after another are told apart. */
const shownTime = (iso: string) =>
  companyDateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));

/**
 * Who did what, when and from where. An admin sees everyone's entries and filters by person; an editor
 * sees their own (the server decides). Times and the From and To days are the company's clocks, as the
 * owner reads every other time; the CSV export keeps UTC, as stored, for other programs.
 */
export function ActivityTab() {
  const { user } = usePageContext();
  const isAdmin = user?.role === 'admin';
  const timeZone = companyTimeZone();
  const trpc = useTRPC();
  const id = useId();
  const [person, setPerson] = useState('');
  const [kind, setKind] = useState('');
  const [since, setSince] = useState('');
  const [until, setUntil] = useState('');
  const users = useQuery({ ...trpc.adminUsers.list.queryOptions(), enabled: isAdmin });
  // "Older entries" asks for more of the same list: a few hundred rows at most, read again at once.
  const [shown, setShown] = useState(PAGE_SIZE);
  const filter: ActivityFilterInput = {
    limit: shown,
    ...(person ? { user: Number(person) } : {}),
    ...(kind ? { kind } : {}),
    ...(since ? { since } : {}),
    ...(until ? { until } : {}),
  };
  const entries = useQuery({
    ...trpc.activity.list.queryOptions(filter),
    placeholderData: keepPreviousData,
  });
  const rows = entries.data ?? [];
  const hasMore = rows.length === shown && shown < 1000;
  const csvQuery = new URLSearchParams(
    Object.entries({ ...filter, limit: 1000 }).map(([name, value]) => [name, String(value)]),
  );

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        Activity
      </h2>
      <p className={styles.hint}>
        {isAdmin
          ? 'Sign-ins, refusals, account and settings changes, and every change to content, by everyone, newest first; kept a year.'
          : 'Your own sign-ins, account changes and changes to content, newest first; kept a year.'}{' '}
        Times in {timeZone}.
      </p>
      <div className={styles.fieldRow} role="search" aria-label="Filter activity">
        {isAdmin && (
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-person`}>
              Person
            </label>
            <select
              id={`${id}-person`}
              className={styles.input}
              value={person}
              onChange={(event) => setPerson(event.target.value)}
            >
              <option value="">Everyone</option>
              {(users.data ?? []).map((account) => (
                <option key={account.id} value={account.id}>
                  {account.username}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-kind`}>
            Kind
          </label>
          <select
            id={`${id}-kind`}
            className={styles.input}
            value={kind}
            onChange={(event) => setKind(event.target.value)}
          >
            <option value="">All</option>
            {activityKinds.map((value) => (
              <option key={value} value={value}>
                {activityKindLabel(value)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-since`}>
            From
          </label>
          <input
            id={`${id}-since`}
            className={styles.input}
            type="date"
            value={since}
            onChange={(event) => setSince(event.target.value)}
          />
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-until`}>
            To
          </label>
          <input
            id={`${id}-until`}
            className={styles.input}
            type="date"
            value={until}
            onChange={(event) => setUntil(event.target.value)}
          />
        </div>
      </div>
      <p className={styles.buttonRow} style={{ margin: '1rem 0' }}>
        <a
          className={styles.button.secondary}
          href={`/api/admin/activity.csv?${csvQuery.toString()}`}
          download
        >
          Export CSV
        </a>
      </p>
      {entries.isPending && <p>Loading activity...</p>}
      {entries.isError && <p className={styles.fieldError}>The activity could not be loaded.</p>}
      {entries.isSuccess && rows.length === 0 && <p>Nothing matches.</p>}
      {rows.length > 0 && (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Time ({timeZone})</th>
              <th scope="col">Person</th>
              <th scope="col">Kind</th>
              <th scope="col">What</th>
              <th scope="col">From</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((entry) => (
              <tr key={entry.id} data-testid="activity-entry">
                <td>
                  <time dateTime={entry.at}>{shownTime(entry.at)}</time>
                </td>
                <td>{entry.user ?? '(server)'}</td>
                <td>{activityKindLabel(entry.kind)}</td>
                <td>{entry.summary}</td>
                <td>{entry.address ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {hasMore && (
        <div className={styles.buttonRow} style={{ marginTop: '1rem' }}>
          <button
            type="button"
            className={styles.button.secondary}
            disabled={entries.isFetching}
            onClick={() => setShown((count) => Math.min(count + PAGE_SIZE, 1000))}
          >
            {entries.isFetching ? 'Loading...' : 'Older entries'}
          </button>
        </div>
      )}
    </section>
  );
}
