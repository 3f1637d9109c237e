import { randomBytes } from 'node:crypto';

export interface CachedPage {
  statusCode: number;
  headers: [string, string][];
  body: string;
  /** The CSP nonce written into body and headers when rendered; swapped for a fresh one per response. */
  nonce: string | null;
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

  set(key: string, entry: CachedPage): void {
    // Oldest first out: Map keeps insertion order.
    if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, entry);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The cached page with a new nonce, so no two responses share one. */
export function withFreshNonce(page: CachedPage): { headers: [string, string][]; body: string } {
  if (!page.nonce) return { headers: page.headers, body: page.body };
  const nonce = randomBytes(16).toString('base64url');
  return {
    headers: page.headers.map(([name, value]) => [name, value.replaceAll(page.nonce!, nonce)]),
    body: page.body.replaceAll(`nonce="${page.nonce}"`, `nonce="${nonce}"`),
  };
}
