// The public content every page reads (settings, published posts, visible reviews, the owner's page
// metadata, photos' copies) changes a few times a day and is read by every render. Reading it from the
// embedded database costs about a millisecond a query, most of a fresh render; kept here, a render
// after the first reads none of it. It lives exactly as long as the rendered pages: the page cache's
// generation moves on every change that could alter a page (a staff edit, a visitor's review, another
// instance's change, a scheduled post's time), and an answer read in an older generation is never used.

interface Remembered {
  generation: number;
  readAt: number;
  value: Promise<unknown>;
}

export interface ReadCacheOptions {
  /** The page cache's generation: a new number after every change to what visitors see. */
  generation: () => number;
  /** A bound on the age of an answer, as the page cache has, for a change whose notice went missing. */
  ttlMs: number;
  /** A bound on the answers kept: keys include paths and ids a visitor chooses. */
  maxEntries: number;
}

export class ReadCache {
  private readonly answers = new Map<string, Remembered>();

  constructor(private readonly options: ReadCacheOptions) {}

  /**
   * The answer of `read` under `key`, read at most once per generation: callers at the same time share
   * one read, and a failed read is not kept. Answers are shared by every caller: treat them as frozen.
   */
  remember<T>(key: string, read: () => PromiseLike<T>, now = Date.now()): Promise<T> {
    const generation = this.options.generation();
    const known = this.answers.get(key);
    if (known && known.generation === generation && now - known.readAt <= this.options.ttlMs)
      return known.value as Promise<T>;
    // A real promise, settled once: Drizzle's queries are thenables that run again each time one is
    // awaited, so keeping the query itself would read the database for every caller.
    const value = Promise.resolve(read());
    const remembered: Remembered = { generation, readAt: now, value };
    this.answers.delete(key);
    this.answers.set(key, remembered);
    // Oldest first out: a Map keeps insertion order.
    for (const oldest of this.answers.keys()) {
      if (this.answers.size <= this.options.maxEntries) break;
      this.answers.delete(oldest);
    }
    value.then(
      () => {
        // Read while a change committed: the next caller reads again.
        if (this.options.generation() !== generation && this.answers.get(key) === remembered)
          this.answers.delete(key);
      },
      () => {
        if (this.answers.get(key) === remembered) this.answers.delete(key);
      },
    );
    return value;
  }

  get size(): number {
    return this.answers.size;
  }
}
