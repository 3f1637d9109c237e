import { useQuery } from '@tanstack/react-query';
import { companyTimeZone } from '../../shared/company-time.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTRPC } from '../../client/trpc.tsx';
import type { SiteStats, StatsTotals } from '../../shared/schemas/stats.ts';
import type { DrawnChart } from './daily-chart.ts';
import * as styles from './admin.css.ts';
import * as dashboard from './dashboard.css.ts';
import { BookingCounts } from './BookingCounts.tsx';

const periods = [7, 30, 90] as const;
type Period = (typeof periods)[number];

const totalLabels: { key: keyof StatsTotals; label: string }[] = [
  { key: 'visitors', label: 'Visitors' },
  { key: 'pageviews', label: 'Page views' },
  { key: 'calls', label: 'Calls' },
  { key: 'leads', label: 'Leads' },
  { key: 'reviews', label: 'Reviews' },
];

const number = new Intl.NumberFormat('en-US');

/** "+25%", "-10%", "no change", or "new" when the period before had none. */
function changeText(now: number, before: number): { text: string; direction: 'up' | 'down' | 'same' } {
  if (now === before) return { text: 'no change', direction: 'same' };
  if (before === 0) return { text: 'new', direction: 'up' };
  const percent = Math.round(((now - before) / before) * 100);
  return { text: `${percent > 0 ? '+' : ''}${percent}%`, direction: now > before ? 'up' : 'down' };
}

/** "Nov 23" for a YYYY-MM-DD calendar day, read as the day it names. */
function shortDate(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** The owner's first screen: which pages and which sources bring calls and leads. */
export function DashboardTab() {
  const trpc = useTRPC();
  const id = useId();
  const [days, setDays] = useState<Period>(30);
  const query = useQuery(trpc.adminStats.get.queryOptions({ days }));
  const data = query.data;

  return (
    <div className={dashboard.stack}>
      <section className={styles.card} aria-labelledby={`${id}-title`}>
        <div className={dashboard.heading}>
          <h2 id={`${id}-title`} className={styles.cardTitle}>
            Dashboard
          </h2>
          <div role="group" aria-label="Period" className={styles.buttonRow}>
            {periods.map((period) => (
              <button
                key={period}
                type="button"
                aria-pressed={days === period}
                className={days === period ? styles.button.primary : styles.button.secondary}
                onClick={() => setDays(period)}
              >
                Last {period} days
              </button>
            ))}
          </div>
        </div>
        <p className={styles.hint}>
          {data
            ? `${shortDate(data.stats.from)} – ${shortDate(data.stats.to)}, ${companyTimeZone()} time, compared with the ${days} days before. `
            : ''}
          Counted without cookies: a visitor is one browser on one day, so someone who comes back another day
          counts again.
        </p>
        {query.isError && (
          <p className={styles.errorBox} role="alert">
            The figures could not be loaded. Please reload the page.
          </p>
        )}
        {!data && !query.isError && <p aria-live="polite">Loading the figures…</p>}
        {data && (
          <ul className={dashboard.totals} aria-label={`Totals for the last ${days} days`}>
            {totalLabels.map(({ key, label }) => {
              const change = changeText(data.stats.totals[key], data.previousTotals[key]);
              return (
                <li key={key} className={dashboard.total} data-total={key}>
                  <span className={dashboard.totalLabel}>{label}</span>
                  <span className={dashboard.totalValue}>{number.format(data.stats.totals[key])}</span>
                  <span className={dashboard.change[change.direction]}>
                    {change.text}
                    <span className="visually-hidden">
                      {' '}
                      against {number.format(data.previousTotals[key])} the period before
                    </span>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
        {data && (
          <ul className={dashboard.totals} aria-label={`Review requests in the last ${days} days`}>
            <li className={dashboard.total} data-total="reviewRequestsSent">
              <span className={dashboard.totalLabel}>Review requests sent</span>
              <span className={dashboard.totalValue}>
                {number.format(data.stats.reviewRequests.requestsSent)}
              </span>
            </li>
            <li className={dashboard.total} data-total="reviewsFromRequests">
              <span className={dashboard.totalLabel}>Reviews from requests</span>
              <span className={dashboard.totalValue}>
                {number.format(data.stats.reviewRequests.reviewsFromRequests)}
              </span>
            </li>
            <li className={dashboard.total} data-total="averageVerifiedRating">
              <span className={dashboard.totalLabel}>Average stars, verified reviews</span>
              <span className={dashboard.totalValue}>
                {data.stats.reviewRequests.averageVerifiedRating?.toFixed(1) ?? '–'}
              </span>
            </li>
          </ul>
        )}
      </section>
      {data && <DailySection stats={data.stats} />}
      {data && <BookingCounts counts={data.bookings} />}
      {data && (
        <div className={dashboard.pair}>
          <PagesTable pages={data.stats.pages} />
          <SourcesTable sources={data.stats.sources} />
        </div>
      )}
    </div>
  );
}

function DailySection({ stats }: { stats: SiteStats }) {
  const id = useId();
  const holder = useRef<HTMLDivElement>(null);
  const [chartFailed, setChartFailed] = useState(false);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    let chart: DrawnChart | undefined;
    let cancelled = false;
    const observer = new ResizeObserver(() => chart?.resize(element.clientWidth));
    import('./daily-chart.ts')
      .then(({ drawDailyChart }) => {
        if (cancelled) return;
        chart = drawDailyChart(
          element,
          {
            dates: stats.days.map((day) => day.date),
            visitors: stats.days.map((day) => day.visitors),
            pageviews: stats.days.map((day) => day.pageviews),
            calls: stats.days.map((day) => day.calls),
            leads: stats.days.map((day) => day.leads),
          },
          element.clientWidth,
        );
        observer.observe(element);
      })
      .catch(() => setChartFailed(true));
    return () => {
      cancelled = true;
      observer.disconnect();
      chart?.destroy();
    };
  }, [stats]);

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.cardTitle}>
        By day
      </h3>
      <div className={dashboard.chartAndTable}>
        {/* The table beside it carries the same figures for screen readers and keyboard users. */}
        <div ref={holder} className={dashboard.chart} aria-hidden="true" data-chart="daily" />
        {chartFailed && (
          <p className={styles.hint}>The chart could not be drawn; the table has every figure.</p>
        )}
        {/* A region that scrolls must take focus, or a keyboard cannot scroll it. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <div className={dashboard.scrollTable} tabIndex={0} role="region" aria-label="Figures by day">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Visitors</th>
                <th scope="col">Views</th>
                <th scope="col">Calls</th>
                <th scope="col">Leads</th>
              </tr>
            </thead>
            <tbody>
              {[...stats.days].reverse().map((day) => (
                <tr key={day.date}>
                  <th scope="row">{shortDate(day.date)}</th>
                  <td>{day.visitors}</td>
                  <td>{day.pageviews}</td>
                  <td>{day.calls}</td>
                  <td>{day.leads}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}

function PagesTable({ pages }: { pages: SiteStats['pages'] }) {
  const id = useId();
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.cardTitle}>
        Top pages
      </h3>
      {pages.length === 0 ? (
        <p className={styles.hint}>No page views in this period yet.</p>
      ) : (
        <div className={dashboard.wideTable}>
          <table className={styles.table} data-table="pages">
            <thead>
              <tr>
                <th scope="col">Page</th>
                <th scope="col">Views</th>
                <th scope="col">Visitors</th>
                <th scope="col">Calls</th>
                <th scope="col">Leads</th>
              </tr>
            </thead>
            <tbody>
              {pages.map((page) => (
                <tr key={page.path}>
                  <th scope="row" className={dashboard.pathCell}>
                    {page.path}
                  </th>
                  <td>{page.pageviews}</td>
                  <td>{page.visitors}</td>
                  <td>{page.calls}</td>
                  <td>{page.leads}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function SourcesTable({ sources }: { sources: SiteStats['sources'] }) {
  const id = useId();
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.cardTitle}>
        Top sources
      </h3>
      {sources.length === 0 ? (
        <p className={styles.hint}>No visitors in this period yet.</p>
      ) : (
        <div className={dashboard.wideTable}>
          <table className={styles.table} data-table="sources">
            <thead>
              <tr>
                <th scope="col">Source</th>
                <th scope="col">Visitors</th>
                <th scope="col">Leads</th>
              </tr>
            </thead>
            <tbody>
              {sources.map((source) => (
                <tr key={source.source}>
                  <th scope="row" className={dashboard.pathCell}>
                    {source.source}
                  </th>
                  <td>{source.visitors}</td>
                  <td>{source.leads}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className={styles.hint}>
        A source is the site a visitor came from, or the utm_source of the link they followed, or “direct”.
      </p>
    </section>
  );
}
