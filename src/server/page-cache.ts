import type { IncomingMessage, ServerResponse } from 'node:http';
import type { onRequestHookHandler } from 'fastify';
import { encodeBody, encodingHeaders, preferredEncoding, type ContentEncoding } from './content-encoding.ts';
import { SESSION_COOKIE } from './request-context.ts';

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
 * without a session are stored; a change staff make clears everything, a visitor's change only the
 * pages that show it.
 * The bytes of a page are the same for every visitor (no per-response nonce: the pages carry no
 * inline script to allow), so each compressed copy is made once too.
 */
export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private clears = 0;

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

  /**
   * Changes each time the cache is cleared. A render notes it before reading the database and hands it
   * to set: a page whose reads may have come before a change committed meanwhile is not stored, since
   * the clear for that change has already happened and nothing would remove the stale page.
   */
  get generation(): number {
    return this.clears;
  }

  set(key: string, entry: Omit<CachedPage, 'encoded'>, renderedInGeneration = this.clears): void {
    if (renderedInGeneration !== this.clears) return;
    // Oldest first out: Map keeps insertion order.
    if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { ...entry, encoded: {} });
  }

  /**
   * Drops every page, or with `paths` only the pages at those paths, whatever their query string
   * (`/testimonials` takes `/testimonials?page=2` with it).
   */
  clear(paths?: readonly string[]): void {
    this.clears++;
    if (!paths) {
      this.entries.clear();
      return;
    }
    const wanted = new Set(paths);
    for (const key of this.entries.keys()) {
      const queryAt = key.indexOf('?');
      if (wanted.has(queryAt === -1 ? key : key.slice(0, queryAt))) this.entries.delete(key);
    }
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
 * it before Fastify sees the request.
 */
export function answerFromPageCache(
  cache: PageCache,
  securityHeaders: Record<string, string>,
  request: IncomingMessage,
  response: ServerResponse,
): boolean {
  const page = cachedPageFor(cache, request);
  if (!page) return false;
  writeCachedPage(page, securityHeaders, request, response);
  return true;
}

/** The same as the first onRequest hook, for an app built without server.ts (tests, other hosts). */
export function serveCachedPage(
  cache: PageCache,
  securityHeaders: Record<string, string>,
): onRequestHookHandler {
  return (request, reply, done) => {
    const page = cachedPageFor(cache, request.raw);
    if (!page) return done();
    reply.hijack();
    writeCachedPage(page, securityHeaders, request.raw, reply.raw);
  };
}
