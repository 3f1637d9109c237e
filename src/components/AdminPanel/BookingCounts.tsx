import { useId } from 'react';
import type { bookingCounts } from '../../server/services/bookings.ts';
import * as styles from './admin.css.ts';
import * as dashboard from './dashboard.css.ts';

/** Online bookings of the dashboard's period, by the page they were made from and by source. */
export function BookingCounts({ counts }: { counts: Awaited<ReturnType<typeof bookingCounts>> }) {
  const id = useId();
  const rows: { label: string; entries: { name: string; bookings: number }[] }[] = [
    {
      label: 'Page',
      entries: counts.pages.map((entry) => ({ name: String(entry.page), bookings: entry.bookings })),
    },
    {
      label: 'Source',
      entries: counts.sources.map((entry) => ({ name: String(entry.source), bookings: entry.bookings })),
    },
  ];
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.cardTitle}>
        Online bookings: {counts.total}
      </h3>
      {counts.total === 0 ? (
        <p className={styles.hint}>No bookings in this period yet.</p>
      ) : (
        <div className={dashboard.pair}>
          {rows.map((table) => (
            <table key={table.label} className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{table.label}</th>
                  <th scope="col">Bookings</th>
                </tr>
              </thead>
              <tbody>
                {table.entries.map((entry) => (
                  <tr key={entry.name}>
                    <th scope="row" className={dashboard.pathCell}>
                      {entry.name}
                    </th>
                    <td>{entry.bookings}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        </div>
      )}
    </section>
  );
}
