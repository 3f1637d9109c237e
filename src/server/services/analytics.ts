// Cookie-less counting of page views and taps on phone links. The request path only notes the facts in
// memory; hashing, parsing and writing happen in one batch a few seconds later, so a cached page costs
// the same to serve (docs/decisions/030-cookieless-analytics.md).
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { and, asc, eq, isNotNull, lt } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  analyticsEvents,
  analyticsSalts,
  settings,
  type AnalyticsEventKind,
  type NewAnalyticsEvent,
} from '../../../db/schema/index.ts';
import type { AppConfig } from '../env.ts';
import { addDays, companyDay } from '../../shared/company-time.ts';
import { rollUpEventsBefore } from './site-stats.ts';
import type { Logger } from '../logger.ts';

/** Raw events are kept this many days (today included); older days live on as daily totals only. */
export const RAW_EVENT_DAYS = 90;

/** The settings key of the switch in the admin Settings tab. */
export const ANALYTICS_SETTING_KEY = 'analyticsEnabled';

// Crawlers, link previewers, monitors, headless browsers and command-line clients. A request with no
// user agent at all is a script too.
const BOT_PATTERN =
  /bot|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|fetch|monitor|uptime|lighthouse|pagespeed|headless|phantomjs|selenium|puppeteer|playwright|python|curl|wget|httpclient|java\/|go-http|node-fetch|axios|okhttp|autocannon|scrapy|feedparser|rss/i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || userAgent.length < 10 || BOT_PATTERN.test(userAgent);
}

/** The part of a user agent that goes into the hash; the full string is never stored. */
const MAX_USER_AGENT = 300;

/** What the request path writes down: plain strings, no work. Lives in memory until the next flush. */
interface PendingEvent {
  at: number;
  kind: AnalyticsEventKind;
  url: string;
  address: string;
  userAgent: string;
  referer: string | undefined;
  host: string | undefined;
}

export interface AnalyticsRecorderOptions {
  /** How often the buffer is written; a crash loses at most this much counting. */
  flushIntervalMs: number;
  /** Past this many unwritten events new ones are dropped, so a flood cannot eat memory. */
  maxBuffered: number;
}

export const defaultAnalyticsOptions: AnalyticsRecorderOptions = {
  flushIntervalMs: 5_000,
  // Four hundred views a second is a flood, not a plumbing company's visitors; past it counting stops
  // until the next flush rather than spend the server on writing.
  maxBuffered: 2_000,
};

const INSERT_CHUNK = 1_000;

type TrustProxy = AppConfig['trustProxy'];

function trustFunction(trustProxy: TrustProxy): (address: string, hop: number) => boolean {
  if (trustProxy === true) return () => true;
  if (!trustProxy) return () => false;
  if (typeof trustProxy === 'function') return trustProxy;
  return proxyAddr.compile(trustProxy);
}

/** sha256 of the day's salt, the address and the browser, shortened: the same person on one day only. */
export function visitorHash(salt: string, address: string, userAgent: string): string {
  return createHash('sha256')
    .update(`${salt}\n${address}\n${userAgent.slice(0, MAX_USER_AGENT)}`)
    .digest('hex')
    .slice(0, 32);
}

/**
 * Where a visit came from: its utm_source when the link carries one, else the referring site's domain,
 * else "direct". A referrer on this very site is null: the visitor was already here.
 */
export function sourceOf(
  url: string,
  referer: string | undefined,
  ownHost: string | undefined,
): string | null {
  const query = url.indexOf('?');
  if (query !== -1) {
    const utm = new URLSearchParams(url.slice(query + 1)).get('utm_source')?.trim().toLowerCase();
    if (utm) return utm.slice(0, 100);
  }
  if (!referer) return 'direct';
  let host: string;
  try {
    host = new URL(referer).hostname.toLowerCase();
  } catch {
    return 'direct';
  }
  if (!host) return 'direct';
  if (ownHost && host === ownHost.toLowerCase().replace(/:\d+$/, '')) return null;
  return host.replace(/^www\./, '').slice(0, 100);
}

/** The path of a URL, without its query; what the dashboard lists pages by. */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return (query === -1 ? url : url.slice(0, query)).slice(0, 300) || '/';
}

/**
 * Counts visits. `notePageView` and `noteCall` run on the request path and only push to an array;
 * `flush` (every few seconds, and on close) hashes and writes the batch in one insert. Losing a few
 * seconds of counting in a crash is accepted: these are estimates, not anyone's data.
 */
export class AnalyticsRecorder {
  private buffer: PendingEvent[] = [];
  private readonly trust: (address: string, hop: number) => boolean;
  private readonly options: AnalyticsRecorderOptions;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private readonly salts = new Map<string, string>();
  private retentionDoneFor: string | undefined;
  /** Mirrors the Settings switch; read from the database at every flush. */
  enabled = true;

  constructor(
    private readonly db: Database,
    trustProxy: TrustProxy,
    options: Partial<AnalyticsRecorderOptions> = {},
    private readonly log: Pick<Logger, 'warn'>,
  ) {
    this.trust = trustFunction(trustProxy);
    this.options = { ...defaultAnalyticsOptions, ...options };
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.options.flushIntervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** A page answered to a visitor without a session (the caller checks that). */
  notePageView(request: IncomingMessage): void {
    if (request.method !== 'GET') return;
    // A browser fetching a page in case it is opened is not a view.
    const purpose = request.headers['sec-purpose'] ?? request.headers.purpose;
    if (purpose && /prefetch|prerender/i.test(String(purpose))) return;
    this.note('pageview', request, request.url ?? '/');
  }

  /** A tap on a tel: link, reported by the page's beacon with the page's path. */
  noteCall(request: IncomingMessage, path: string): void {
    this.note('call', request, path);
  }

  private note(kind: AnalyticsEventKind, request: IncomingMessage, url: string): void {
    if (!this.enabled || this.buffer.length >= this.options.maxBuffered) return;
    const userAgent = request.headers['user-agent'];
    if (isBot(userAgent)) return;
    this.buffer.push({
      at: Date.now(),
      kind,
      url,
      address: proxyAddr(request, this.trust),
      userAgent: userAgent!,
      referer: request.headers.referer,
      host: request.headers.host,
    });
  }

  /** Writes what is buffered; runs one at a time. */
  flush(): Promise<void> {
    this.flushing = this.flushing
      .then(() => this.writeBuffered())
      .catch((error: unknown) => {
        this.log.warn({ err: error }, 'writing analytics events failed; those counts are lost');
      });
    return this.flushing;
  }

  /**
   * The source of the first view still waiting in memory today from this address and browser. Looked at
   * when the database has none, so that a lead sent seconds after its sender arrived is filed under the
   * source that brought them without writing the whole buffer on every message.
   */
  bufferedSourceToday(address: string, userAgent: string, day: string): string | null {
    for (const event of this.buffer) {
      if (event.kind !== 'pageview' || event.address !== address || event.userAgent !== userAgent) continue;
      if (companyDay(new Date(event.at)) !== day) continue;
      const source = sourceOf(event.url, event.referer, event.host);
      if (source) return source;
    }
    return null;
  }

  /** Today's visitor hash for this address and browser (a lead's source is looked up by it). */
  async visitorToday(address: string, userAgent: string, now = new Date()): Promise<string> {
    return visitorHash(await this.saltFor(companyDay(now)), address, userAgent);
  }

  private async writeBuffered(): Promise<void> {
    await this.refreshSwitch();
    const today = companyDay(new Date());
    const pending = this.buffer;
    this.buffer = [];
    if (this.enabled && pending.length > 0) {
      const rows: NewAnalyticsEvent[] = [];
      for (const event of pending) {
        const at = new Date(event.at);
        const day = companyDay(at);
        rows.push({
          at,
          day,
          kind: event.kind,
          path: pathOf(event.url),
          visitor: visitorHash(await this.saltFor(day), event.address, event.userAgent),
          source: event.kind === 'pageview' ? sourceOf(event.url, event.referer, event.host) : null,
        });
      }
      // Chunks keep each statement well under PostgreSQL's 65,535 parameters.
      for (let start = 0; start < rows.length; start += INSERT_CHUNK)
        await this.db.insert(analyticsEvents).values(rows.slice(start, start + INSERT_CHUNK));
    }
    if (this.retentionDoneFor !== today) {
      await this.forgetOldSalts(today);
      await rollUpEventsBefore(this.db, addDays(today, -(RAW_EVENT_DAYS - 1)));
      this.retentionDoneFor = today;
    }
  }

  private async refreshSwitch(): Promise<void> {
    const [row] = await this.db
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, ANALYTICS_SETTING_KEY));
    this.enabled = row ? row.value !== 'false' : true;
  }

  /** The day's salt: made by whichever instance asks first, the same for every instance after. */
  private async saltFor(day: string): Promise<string> {
    const known = this.salts.get(day);
    if (known) return known;
    await this.db
      .insert(analyticsSalts)
      .values({ day, salt: randomBytes(32).toString('hex') })
      .onConflictDoNothing();
    const [row] = await this.db.select().from(analyticsSalts).where(eq(analyticsSalts.day, day));
    this.salts.set(day, row!.salt);
    return row!.salt;
  }

  /** Once a day has passed its salt is deleted: nobody, the owner included, can redo its hashes. */
  private async forgetOldSalts(today: string): Promise<void> {
    await this.db.delete(analyticsSalts).where(lt(analyticsSalts.day, today));
    for (const day of this.salts.keys()) if (day < today) this.salts.delete(day);
  }
}

/**
 * Where this visitor came from today: the source of their first view that had one. Used to file a lead
 * under the source that brought its sender.
 */
export async function visitorSourceToday(db: Database, day: string, visitor: string): Promise<string | null> {
  const [row] = await db
    .select({ source: analyticsEvents.source })
    .from(analyticsEvents)
    .where(
      and(
        eq(analyticsEvents.day, day),
        eq(analyticsEvents.visitor, visitor),
        isNotNull(analyticsEvents.source),
      ),
    )
    .orderBy(asc(analyticsEvents.at), asc(analyticsEvents.id))
    .limit(1);
  return row?.source ?? null;
}

export interface LeadOrigin {
  page: string | null;
  source: string | null;
}

/**
 * The page a contact message was sent from (its request's same-site referrer) and the source that
 * brought its sender today. Counting is best-effort: any failure here files the lead without them
 * rather than losing it.
 */
export async function leadOrigin(
  recorder: AnalyticsRecorder,
  db: Database,
  request: { address: string; userAgent: string | undefined; referer: string | undefined; host: string },
): Promise<LeadOrigin> {
  try {
    if (!recorder.enabled) return { page: null, source: null };
    let page: string | null = null;
    if (request.referer) {
      const referer = new URL(request.referer);
      if (referer.host === request.host) page = pathOf(referer.pathname);
    }
    if (isBot(request.userAgent)) return { page, source: null };
    const now = new Date();
    const day = companyDay(now);
    const visitor = await recorder.visitorToday(request.address, request.userAgent!, now);
    const source =
      (await visitorSourceToday(db, day, visitor)) ??
      recorder.bufferedSourceToday(request.address, request.userAgent!, day);
    return { page, source };
  } catch {
    return { page: null, source: null };
  }
}
