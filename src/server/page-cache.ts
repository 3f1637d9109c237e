import type { IncomingMessage, ServerResponse } from 'node:http';
import type { onRequestHookHandler } from 'fastify';
import { encodeBody, encodingHeaders, preferredEncoding, type ContentEncoding } from './content-encoding.ts';
import { SESSION_COOKIE } from './request-context.ts';
import type { AnalyticsRecorder } from './services/analytics.ts';

export interface CachedPage {
  statusCode: number;
  headers: [string, string][];
  body: Buffer;
  /** Compressed copies, each made the first time a client asks for that encoding. */
  encoded: Partial<Record<ContentEncoding, { encoding: ContentEncoding; body: Buffer }>>;
  storedAt: number;
}

export interface PageCacheOptions {
  maxEntries: number;
  /**
   * Another instance may change content this one never hears about; this bounds how stale a page
   * can get there. In one instance every change clears the cache at once.
   */
  ttlMs: number;
}

/**
 * Rendered public HTML, kept in memory: render once, serve many. Only pages rendered for a visitor
 * without a session are stored, and any successful change through the API clears everything.
 * The bytes of a page are the same for every visitor (no per-response nonce: the pages carry no
 * inline script to allow), so each compressed copy is made once too.
 */
export class PageCache {
  private readonly entries = new Map<string, CachedPage>();

  constructor(private readonly options: PageCacheOptions = { maxEntries: 500, ttlMs: 60_000 }) {}

  get(key: string, now = Date.now()): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.storedAt > this.options.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, entry: Omit<CachedPage, 'encoded'>): void {
    // Oldest first out: Map keeps insertion order.
    if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { ...entry, encoded: {} });
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The cached page's body in the encoding asked for, compressed on the first such request only. */
export function cachedBody(
  page: CachedPage,
  encoding: ContentEncoding,
): { encoding: ContentEncoding; body: Buffer } {
  return (page.encoded[encoding] ??= encodeBody(page.body, encoding));
}

const sessionCookiePattern = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`);

/**
 * The cached page for this request, when it may have one: a GET (or HEAD) without a session cookie for
 * a page in the cache. Such a request needs none of the request pipeline (sessions, body parsers, rate
 * limits, routing), which costs more than half the time of serving it. Anything else, a request with a
 * session cookie included, goes on to the pipeline and is rendered.
 */
function cachedPageFor(cache: PageCache, request: IncomingMessage): CachedPage | undefined {
  if (
    (request.method !== 'GET' && request.method !== 'HEAD') ||
    sessionCookiePattern.test(request.headers.cookie ?? '')
  )
    return undefined;
  return cache.get(request.url ?? '');
}

function writeCachedPage(
  page: CachedPage,
  securityHeaders: Record<string, string>,
  request: IncomingMessage,
  response: ServerResponse,
): void {
  const { encoding, body } = cachedBody(page, preferredEncoding(request.headers['accept-encoding']));
  response.writeHead(page.statusCode, {
    ...securityHeaders,
    ...Object.fromEntries(page.headers),
    ...encodingHeaders(encoding),
    'x-page-cache': 'hit',
    'content-length': body.length,
  });
  // Node sends no body to a HEAD request.
  response.end(body);
}

/**
 * Answers a request for a cached page straight on the socket and says whether it did. server.ts calls
 * it before Fastify sees the request. The view is counted after the answer is written: counting only
 * notes it in memory, and the visitor has no session, since a cached page is never served to one.
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
  writeCachedPage(page, securityHeaders, request, response);
  analytics?.notePageView(request);
  return true;
}

/** The same as the first onRequest hook, for an app built without server.ts (tests, other hosts). */
export function serveCachedPage(
  cache: PageCache,
  securityHeaders: Record<string, string>,
  analytics?: AnalyticsRecorder,
): onRequestHookHandler {
  return (request, reply, done) => {
    const page = cachedPageFor(cache, request.raw);
    if (!page) return done();
    reply.hijack();
    writeCachedPage(page, securityHeaders, request.raw, reply.raw);
    analytics?.notePageView(request.raw);
  };
}
