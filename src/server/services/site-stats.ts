import { rowsOf } from '../../../db/rows.ts';
// The owner's dashboard figures: one function for the admin tab (tRPC) and GET /api/admin/stats.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { addDays, companyTimeZone, companyDay, daysBetween } from '../../shared/company-time.ts';
import type { SiteStats, StatsTotals } from '../../shared/schemas/stats.ts';
import { reviewRequestFigures } from './review-requests.ts';

/** How many pages and sources the dashboard lists. */
const TOP_ROWS = 20;

interface FigureRow {
  day: string;
  dimension: 'day' | 'page' | 'source';
  key: string;
  visitors: number;
  pageviews: number;
  calls: number;
}

/**
 * The daily figures of raw events between two days (both included), in the shape analytics_daily
 * keeps: per day, per page and per source. A visitor's source is the first one their views of that
 * day carried; one who only ever followed links on this site that day counts as direct.
 */
function rawFiguresQuery(from: string, to: string): SQL {
  return sql`
    with events as (
      select day, kind, path, visitor from analytics_events where day between ${from} and ${to}
    ),
    visitor_sources as (
      select day, visitor,
        coalesce((array_agg(source order by at, id) filter (where source is not null))[1], 'direct') as source
      from analytics_events where day between ${from} and ${to}
      group by day, visitor
    )
    select day::text as day, 'day' as dimension, '' as key,
      (count(distinct visitor) filter (where kind = 'pageview'))::int as visitors,
      (count(*) filter (where kind = 'pageview'))::int as pageviews,
      (count(*) filter (where kind = 'call'))::int as calls
    from events group by day
    union all
    select day::text, 'page', path,
      (count(distinct visitor) filter (where kind = 'pageview'))::int,
      (count(*) filter (where kind = 'pageview'))::int,
      (count(*) filter (where kind = 'call'))::int
    from events group by day, path
    union all
    select e.day::text, 'source', s.source,
      (count(distinct e.visitor) filter (where e.kind = 'pageview'))::int,
      (count(*) filter (where e.kind = 'pageview'))::int,
      (count(*) filter (where e.kind = 'call'))::int
    from events e join visitor_sources s on s.day = e.day and s.visitor = e.visitor
    group by e.day, s.source`;
}

/**
 * Folds every raw event before `day` into daily totals and deletes it, in one transaction: the
 * dashboard reads both tables, so a day is always in exactly one of them.
 */
export async function rollUpEventsBefore(db: Database, day: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [oldest] = rowsOf<{ day: string | null }>(
      await tx.execute(sql`select min(day)::text as day from analytics_events where day < ${day}`),
    );
    if (!oldest?.day) return;
    await tx.execute(sql`
      insert into analytics_daily (day, dimension, key, visitors, pageviews, calls)
      select day::date, dimension, key, visitors, pageviews, calls
      from (${rawFiguresQuery(oldest.day, addDays(day, -1))}) figures
      on conflict (day, dimension, key) do update set
        visitors = analytics_daily.visitors + excluded.visitors,
        pageviews = analytics_daily.pageviews + excluded.pageviews,
        calls = analytics_daily.calls + excluded.calls`);
    await tx.execute(sql`delete from analytics_events where day < ${day}`);
  });
}

async function figures(db: Database, from: string, to: string): Promise<FigureRow[]> {
  return rowsOf<FigureRow>(
    await db.execute(sql`
      ${rawFiguresQuery(from, to)}
      union all
      select day::text, dimension, key, visitors, pageviews, calls
      from analytics_daily where day between ${from} and ${to}`),
  );
}

interface LeadRow {
  day: string;
  page: string | null;
  source: string | null;
  leads: number;
}

/**
 * Contact messages per day, page and source. Every lead is counted from the messages themselves, so a
 * message moved to the Trash or marked as spam later drops out of every period.
 */
async function leadFigures(db: Database, from: string, to: string): Promise<LeadRow[]> {
  return rowsOf<LeadRow>(
    await db.execute(sql`
      select (created_at at time zone ${companyTimeZone()})::date::text as day, page, source,
        count(*)::int as leads
      from contact_submissions
      where (created_at at time zone ${companyTimeZone()})::date between ${from} and ${to}
        and not is_spam and deleted_at is null
      group by 1, 2, 3`),
  );
}

async function reviewCount(db: Database, from: string, to: string): Promise<number> {
  const [row] = rowsOf<{ reviews: number }>(
    await db.execute(sql`
      select count(*)::int as reviews from reviews
      where (created_at at time zone ${companyTimeZone()})::date between ${from} and ${to}
        and not is_spam and deleted_at is null`),
  );
  return row?.reviews ?? 0;
}

function add<Key>(map: Map<Key, number>, key: Key, amount: number) {
  map.set(key, (map.get(key) ?? 0) + amount);
}

/** The figures of the `days` days ending today (company time), every day listed even when empty. */
async function statsFor(db: Database, from: string, to: string): Promise<SiteStats> {
  const [rows, leads, reviews, reviewRequests] = await Promise.all([
    figures(db, from, to),
    leadFigures(db, from, to),
    reviewCount(db, from, to),
    reviewRequestFigures(db, from, to),
  ]);

  const dayRows = new Map(
    daysBetween(from, to).map((date) => [date, { date, visitors: 0, pageviews: 0, calls: 0, leads: 0 }]),
  );
  const pages = new Map<string, SiteStats['pages'][number]>();
  const sources = new Map<string, SiteStats['sources'][number]>();
  const page = (path: string) => {
    let entry = pages.get(path);
    if (!entry) pages.set(path, (entry = { path, pageviews: 0, visitors: 0, calls: 0, leads: 0 }));
    return entry;
  };
  const source = (name: string) => {
    let entry = sources.get(name);
    if (!entry) sources.set(name, (entry = { source: name, visitors: 0, leads: 0 }));
    return entry;
  };

  for (const row of rows) {
    if (row.dimension === 'day') {
      const day = dayRows.get(row.day);
      if (!day) continue;
      day.visitors += row.visitors;
      day.pageviews += row.pageviews;
      day.calls += row.calls;
    } else if (row.dimension === 'page') {
      const entry = page(row.key);
      entry.pageviews += row.pageviews;
      entry.visitors += row.visitors;
      entry.calls += row.calls;
    } else {
      source(row.key).visitors += row.visitors;
    }
  }
  const leadsByDay = new Map<string, number>();
  for (const row of leads) {
    add(leadsByDay, row.day, row.leads);
    // A message sent before counting began, or with counting off, has no page or source to file it under.
    if (row.page) page(row.page).leads += row.leads;
    if (row.source) source(row.source).leads += row.leads;
  }
  for (const [date, count] of leadsByDay) {
    const day = dayRows.get(date);
    if (day) day.leads += count;
  }

  const days = [...dayRows.values()];
  const totals: StatsTotals = {
    visitors: days.reduce((sum, day) => sum + day.visitors, 0),
    pageviews: days.reduce((sum, day) => sum + day.pageviews, 0),
    calls: days.reduce((sum, day) => sum + day.calls, 0),
    leads: days.reduce((sum, day) => sum + day.leads, 0),
    reviews,
  };
  return {
    from,
    to,
    totals,
    days,
    pages: [...pages.values()]
      .sort((a, b) => b.pageviews - a.pageviews || b.leads - a.leads || b.calls - a.calls)
      .slice(0, TOP_ROWS),
    sources: [...sources.values()]
      .sort((a, b) => b.visitors - a.visitors || b.leads - a.leads)
      .slice(0, TOP_ROWS),
    reviewRequests,
  };
}

export interface StatsWithComparison {
  stats: SiteStats;
  /** The same figures for the as many days just before, for the dashboard's change figures. */
  previousTotals: StatsTotals;
}

export async function getSiteStats(
  db: Database,
  days: number,
  now = new Date(),
): Promise<StatsWithComparison> {
  const to = companyDay(now);
  const from = addDays(to, -(days - 1));
  const [stats, previous] = await Promise.all([
    statsFor(db, from, to),
    statsFor(db, addDays(from, -days), addDays(from, -1)),
  ]);
  return { stats, previousTotals: previous.totals };
}
