import { encodeBody, type ContentEncoding } from './content-encoding.ts';

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
export function cachedBody(page: CachedPage, encoding: ContentEncoding): { encoding: ContentEncoding; body: Buffer } {
  return (page.encoded[encoding] ??= encodeBody(page.body, encoding));
}
