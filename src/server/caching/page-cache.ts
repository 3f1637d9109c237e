import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { onRequestHookHandler } from 'fastify';
import {
  encodeBody,
  encodingHeaders,
  preferredEncoding,
  type ContentEncoding,
  type EncodedBody,
} from '../http/content-encoding.ts';
import { SESSION_COOKIE } from '../http/request-context.ts';
import type { AnalyticsRecorder } from '../services/analytics.ts';
import { QueryParamsByPath } from './page-reads.ts';

export interface CachedPage {
  statusCode: number;
  headers: [string, string][];
  body: Buffer;
  /** Compressed copies, each made the first time a client asks for that encoding. */
  encoded: Partial<Record<ContentEncoding, { encoding: ContentEncoding; body: Buffer }>>;
  storedAt: number;
  /** A public API answer rather than a page: serving it is no page view. */
  isApiAnswer?: boolean;
  /**
   * The tables the entry was read from (a page's +config.ts declares them): a change to one of them
   * drops it, a change to another table leaves it. Unknown (absent): any change drops it.
   */
  tables?: readonly string[];
  /** The validator of the body, the same whatever the encoding (a weak ETag). */
  etag?: string;
  /** Bytes this entry holds (body and compressed copies), counted against the cache's byte bound. */
  bytes?: number;
  /** Tells the cache holding this entry that it grew by a compressed copy. */
  grew?: (bytes: number) => void;
  /**
   * The headers of each answer made from this entry (by encoding, for visitors or staff), put together
   * once: building and dropping an object of twenty headers per request was a tenth of the time of a
   * cached answer, in its own work and in garbage collection.
   */
  answerHeaders?: Map<string, Record<string, string | number>>;
}

export interface PageCacheOptions {
  maxEntries: number;
  /**
   * Bound on the bytes held (bodies and their compressed copies): a few large pages must not grow the
   * process past a small server's memory however few entries there are.
   */
  maxBytes?: number;
  /**
   * Another instance may change content this one never hears about; this bounds how stale a page
   * can get there. In one instance every change clears the cache at once.
   */
  ttlMs: number;
}

/**
 * Rendered public HTML, kept in memory: render once, serve many. Only pages rendered for a visitor
 * without a session are stored; a change staff make clears everything, a change to one table only the
 * pages that read it.
 * The bytes of a page are the same for every visitor (no per-response nonce: the pages carry no
 * inline script to allow), so each compressed copy is made once too.
 */
/** How long a rendered page is kept when no change clears it first (PageCacheOptions.ttlMs). */
export const PAGE_TTL_MS = 60_000;

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private heldBytes = 0;
  private readonly maxBytes: number;
  private clears = 0;
  private queryParams = QueryParamsByPath.none;
  private readonly keys = new RememberedKeys((url) => pageCacheKey(url, this.queryParams));
  private readonly alsoCleared: PageCache[] = [];

  constructor(private readonly options: PageCacheOptions = { maxEntries: 500, ttlMs: PAGE_TTL_MS }) {
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  }

  /**
   * Learns which query parameters each page reads, once its pages are known (src/server/rendering/ssr.ts). Until
   * then no page has been rendered, so none is stored, and no parameter counts in a key.
   */
  knowPages(queryParams: QueryParamsByPath): void {
    this.queryParams = queryParams;
    // Keys worked out before the pages were known counted no parameter.
    this.keys.forget();
  }

  /**
   * Empties `other` whenever this cache is emptied, with the same tables: answers kept apart (the live
   * pages' answers of the minute, ssr.ts) hear every change this cache hears, on this instance or
   * announced by another, without each place that clears the page cache naming them.
   */
  alsoClear(other: PageCache): void {
    this.alsoCleared.push(other);
  }

  /** The key of the page or public answer at this URL (pageCacheKey). */
  keyFor(url: string): string {
    return this.keys.of(url);
  }

  get(key: string, now = Date.now()): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.storedAt > this.options.ttlMs) {
      this.remove(key, entry);
      return undefined;
    }
    return entry;
  }

  /**
   * Changes each time the cache is cleared. A render notes it before reading the database and hands it
   * to set: a page whose reads may have come before a change committed meanwhile is not stored, since
   * the clear for that change has already happened and nothing would remove the stale page.
   */
  get generation(): number {
    return this.clears;
  }

  /** Keeps the page under `key` and answers the entry kept, or undefined when it was not kept. */
  set(
    key: string,
    entry: Omit<CachedPage, 'encoded' | 'bytes' | 'grew' | 'etag'>,
    renderedInGeneration = this.clears,
  ): CachedPage | undefined {
    if (renderedInGeneration !== this.clears) return undefined;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    // A page bigger than the whole bound is served but never kept.
    if (entry.body.length > this.maxBytes) return undefined;
    const stored: CachedPage = { ...entry, etag: etagOf(entry.body), encoded: {}, bytes: entry.body.length };
    stored.grew = (bytes) => {
      // Only while it is still the entry under this key: a cleared or replaced page counts for nothing.
      if (this.entries.get(key) !== stored) return;
      stored.bytes = (stored.bytes ?? 0) + bytes;
      this.heldBytes += bytes;
      this.evictBeyondBounds(stored);
    };
    this.entries.set(key, stored);
    this.heldBytes += entry.body.length;
    this.evictBeyondBounds(stored);
    return stored;
  }

  /**
   * Drops every page, or with `changedTables` only the entries read from one of those tables (and any
   * whose tables are unknown): a review published drops the pages listing reviews, not the articles.
   */
  clear(changedTables?: readonly string[]): void {
    this.clears++;
    for (const other of this.alsoCleared) other.clear(changedTables);
    if (!changedTables) {
      this.entries.clear();
      this.heldBytes = 0;
      return;
    }
    for (const [key, entry] of [...this.entries]) {
      if (
        !entry.tables ||
        entry.tables.some((table) => changedTables.some((changed) => reads(table, changed)))
      )
        this.remove(key, entry);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bytes held by every entry: bodies and the compressed copies made so far. */
  get bytes(): number {
    return this.heldBytes;
  }

  private remove(key: string, entry: CachedPage): void {
    this.entries.delete(key);
    this.heldBytes -= entry.bytes ?? 0;
  }

  /** Oldest first out (a Map keeps insertion order), sparing `keep`, the entry just stored or grown. */
  private evictBeyondBounds(keep: CachedPage): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.heldBytes <= this.maxBytes) return;
      if (entry !== keep) this.remove(key, entry);
    }
  }
}

/**
 * The live answers kept for the minute of the company clock they were made in (the booking page's window
 * step, ssr.ts; availability, public-api-cache.ts), apart from the page cache: they are private
 * (no-store), and only visitors are answered from them, before the pipeline as cached pages are, once
 * the request is known to carry no session. Visitors choose the query, so a few are kept, each a page of
 * 30-60 KB or a smaller API answer, and the least recently kept goes first.
 */
export function liveAnswerCache(): PageCache {
  return new PageCache({ maxEntries: 100, maxBytes: 4 * 1024 * 1024, ttlMs: 60_000 });
}

/**
 * What a shared cache (a CDN in front of the site) may do with a public page or API answer: keep it a
 * minute, then keep serving it for ten more while it asks again, so that a burst of visitors costs the
 * origin one render a minute. Browsers always ask again (max-age=0), cheaply, with the ETag. Staff,
 * form results, fallbacks and errors stay private.
 */
export const SHARED_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

/** A weak validator of a body: equal bodies, equal ETags, in any encoding. */
export function etagOf(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** True when the request's If-None-Match names this ETag (or any, with `*`). */
export function isNotModified(request: IncomingMessage, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  if (header.trim() === '*') return true;
  // Weak comparison: W/"x" and "x" match, as for a GET they should.
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare);
}

/**
 * Whether a page reading `declared` shows what changed in `changed`. A part of a table is named
 * `table:part` (`page_texts:home`, the home page's text): a change to that part reaches only the pages
 * declaring it, and a change to the whole table (emptied by a restore) reaches every part.
 */
function reads(declared: string, changed: string): boolean {
  return declared === changed || declared.startsWith(`${changed}:`);
}

/**
 * Keys worked out from URLs, remembered by URL: visitors ask for the same few URLs over and over, and
 * parsing, decoding and sorting a query on every request was a tenth of the time of answering a small
 * kept answer (availability, a 1.4 KB JSON). URLs made new for each visit (an ad's click id) would
 * fill it without end, so it starts over once it holds `limit` of them.
 */
export class RememberedKeys {
  private readonly keys = new Map<string, string>();

  constructor(
    private readonly keyOf: (url: string) => string,
    private readonly limit = 1_000,
  ) {}

  of(url: string): string {
    let key = this.keys.get(url);
    if (key === undefined) {
      key = this.keyOf(url);
      if (this.keys.size >= this.limit) this.keys.clear();
      this.keys.set(url, key);
    }
    return key;
  }

  forget(): void {
    this.keys.clear();
  }
}

/** Enough for every public page several times over (a page is 20-60 KB, each compressed copy a fifth of it). */
const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;

/** The cached page's body in the encoding asked for, compressed on the first such request only. */
export function cachedBody(page: CachedPage, encoding: ContentEncoding): EncodedBody {
  return page.encoded[encoding] ?? keepEncoded(page, encoding, encodeBody(page.body, encoding));
}

/**
 * Keeps a compressed copy of the page made elsewhere (by the render that stored it), so that the
 * first visitor served from the cache in that encoding does not compress it again.
 */
export function keepEncoded(page: CachedPage, asked: ContentEncoding, copy: EncodedBody): EncodedBody {
  const known = page.encoded[asked];
  if (known) return known;
  page.encoded[asked] = copy;
  // The identity copy is the body itself: no new bytes.
  if (copy.body !== page.body) page.grew?.(copy.body.length);
  return copy;
}

/**
 * The cache key of a page URL: its path and the parameters that page reads (its +config.ts declares
 * them: `queryParams`), in a fixed order, so `/news?utm_source=x&page=2` and `/news?page=2` are one
 * entry. Every other parameter (fbclid, utm_source, gclid, a cache buster) leaves the page as it is:
 * a link shared on social media or an ad hits the page already rendered instead of rendering and
 * evicting a real entry. The query is read the way the router reads it (URLSearchParams: `%70age` is
 * `page`), so no spelling of a parameter the page reads can hide from the key.
 */
export function pageCacheKey(url: string, queryParams: QueryParamsByPath): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const path = url.slice(0, queryStart);
  const read = queryParams.for(routedPath(path));
  if (read.length === 0) return path;
  const kept = [...new URLSearchParams(url.slice(queryStart + 1))]
    .filter(([name]) => read.includes(name))
    // A stable sort: repeated values of one name keep their order, which decides the one a page reads.
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return kept.length ? `${path}?${new URLSearchParams(kept).toString()}` : path;
}

/** The path as the router matches it: decoded, without repeated or trailing slashes. */
function routedPath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Not valid percent-encoding: the router will not match it to a page that reads parameters either.
  }
  return decoded.replace(/\/{2,}/g, '/').replace(/(.)\/+$/, '$1');
}

const sessionCookiePattern = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`);

/** The request carries the session cookie: a member of staff, signed in or once signed in. */
function carriesSession(request: IncomingMessage): boolean {
  return sessionCookiePattern.test(request.headers.cookie ?? '');
}

/** A hard reload sends `no-cache`: the one asking wants the page as it would be rendered now. */
function asksPastCaches(request: IncomingMessage): boolean {
  return /no-cache/i.test(`${request.headers['cache-control'] ?? ''} ${request.headers.pragma ?? ''}`);
}

/**
 * The cached page for this request, when it may have one: a GET (or HEAD) for a page in the cache.
 * Such a request needs none of the request pipeline (sessions, body parsers, rate limits, routing),
 * which costs more than half the time of serving it.
 * A public page is the same for staff as for visitors (only the admin pages, never cached, and drafts
 * previewed at an article's address, which are no public page, differ), so staff browsing the site are
 * served the cached page too. Staff who reload past the cache, and the public API answers (which may
 * say more to staff), go on to the pipeline.
 */
function cachedPageFor(cache: PageCache, request: IncomingMessage): CachedPage | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const staff = carriesSession(request);
  if (staff && asksPastCaches(request)) return undefined;
  const page = cache.get(cache.keyFor(request.url ?? ''));
  return staff && page?.isApiAnswer ? undefined : page;
}

function writeCachedPage(
  page: CachedPage,
  securityHeaders: Record<string, string>,
  request: IncomingMessage,
  response: ServerResponse,
): void {
  const etag = page.etag ?? etagOf(page.body);
  // What is sent to someone signed in stays between them and the site, as every answer to staff does:
  // not stored, so nothing to revalidate either.
  const staff = carriesSession(request);
  if (!staff && isNotModified(request, etag)) {
    response.writeHead(304, {
      ...securityHeaders,
      ...Object.fromEntries(page.headers.filter(([name]) => !/^content-(type|length)$/i.test(name))),
      vary: 'accept-encoding',
      etag,
      'x-page-cache': 'hit',
    });
    response.end();
    return;
  }
  const { encoding, body } = cachedBody(page, preferredEncoding(request.headers['accept-encoding']));
  const key = `${encoding} ${staff ? 'staff' : 'visitor'}`;
  page.answerHeaders ??= new Map();
  let headers = page.answerHeaders.get(key);
  if (!headers) {
    // An entry belongs to one app, whose security headers are fixed when it is built.
    headers = {
      ...securityHeaders,
      ...Object.fromEntries(page.headers),
      ...(staff ? { 'cache-control': 'no-store' } : { etag }),
      ...encodingHeaders(encoding),
      'x-page-cache': 'hit',
      'content-length': body.length,
    };
    page.answerHeaders.set(key, headers);
  }
  response.writeHead(page.statusCode, headers);
  // Node sends no body to a HEAD request.
  response.end(body);
}

/**
 * Answers a request for a cached page straight on the socket and says whether it did. server.ts calls
 * it before Fastify sees the request. The view is counted after the answer is written: counting only
 * notes it in memory.
 */
export function answerFromPageCache(
  cache: PageCache,
  securityHeaders: Record<string, string>,
  request: IncomingMessage,
  response: ServerResponse,
  analytics?: AnalyticsRecorder,
): boolean {
  const page = cachedPageFor(cache, request);
  if (!page) return false;
  answerWithCachedPage(page, securityHeaders, request, response, analytics);
  return true;
}

/** Writes this cached page as the answer and counts the view; the owner reading their own site is no visitor. */
export function answerWithCachedPage(
  page: CachedPage,
  securityHeaders: Record<string, string>,
  request: IncomingMessage,
  response: ServerResponse,
  analytics?: AnalyticsRecorder,
): void {
  writeCachedPage(page, securityHeaders, request, response);
  if (!page.isApiAnswer && !carriesSession(request)) analytics?.notePageView(request);
}

/** The live answers kept for the minute (the booking page's window step, availability) and the clock. */
export interface KeptLiveAnswers {
  answers: PageCache;
  now: () => Date;
}

/**
 * The key a live answer is kept under: the minute of the company clock it was made in, then the page
 * cache's key of its URL. The next minute asks under another key, so nothing older than its minute is
 * answered, whenever it was stored.
 */
export function liveAnswerKey(pages: PageCache, url: string, now: Date): string {
  return `${Math.floor(now.getTime() / 60_000)} ${url.startsWith('/api/') ? apiAnswerKeys.of(url) : pages.keyFor(url)}`;
}

/**
 * An API answer's key: its path and every query parameter, sorted. An API reads the parameters its
 * schema names, and no page's declaration says which; one that ignores a parameter costs only a second
 * entry of the few kept.
 */
function apiAnswerKey(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const sorted = [...new URLSearchParams(url.slice(queryStart + 1))].sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  return `${url.slice(0, queryStart)}?${new URLSearchParams(sorted).toString()}`;
}

const apiAnswerKeys = new RememberedKeys(apiAnswerKey);

/**
 * A visitor's live answer kept for this minute. Staff go on to the pipeline, which renders for them:
 * only what visitors were answered is kept.
 */
function keptLiveAnswerFor(
  pages: PageCache,
  live: KeptLiveAnswers,
  request: IncomingMessage,
): CachedPage | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  if (live.answers.size === 0 || carriesSession(request)) return undefined;
  return live.answers.get(liveAnswerKey(pages, request.url ?? '', live.now()));
}

/**
 * Answers a request from the live answers kept for this minute straight on the socket, as
 * answerFromPageCache does for pages, and says whether it did. Each keeps the headers it was made with
 * (no-store: kept here, never by a browser or a CDN).
 */
export function answerFromLiveAnswers(
  pages: PageCache,
  live: KeptLiveAnswers,
  securityHeaders: Record<string, string>,
  request: IncomingMessage,
  response: ServerResponse,
  analytics?: AnalyticsRecorder,
): boolean {
  const page = keptLiveAnswerFor(pages, live, request);
  if (!page) return false;
  answerWithCachedPage(page, securityHeaders, request, response, analytics);
  return true;
}

/** The same as the first onRequest hook, for an app built without server.ts (tests, other hosts). */
export function serveCachedPage(
  cache: PageCache,
  securityHeaders: Record<string, string>,
  analytics?: AnalyticsRecorder,
  live?: KeptLiveAnswers,
): onRequestHookHandler {
  return (request, reply, done) => {
    const page =
      cachedPageFor(cache, request.raw) ?? (live ? keptLiveAnswerFor(cache, live, request.raw) : undefined);
    if (!page) return done();
    reply.hijack();
    answerWithCachedPage(page, securityHeaders, request.raw, reply.raw, analytics);
  };
}
