import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache.ts';

function cacheWithGeneration(options: { ttlMs?: number; maxEntries?: number } = {}) {
  let generation = 0;
  const cache = new ReadCache({
    generation: () => generation,
    ttlMs: options.ttlMs ?? 60_000,
    maxEntries: options.maxEntries ?? 100,
  });
  return { cache, change: () => void generation++ };
}

function countingRead<T>(value: T) {
  const read = { calls: 0, run: async () => (read.calls++, value) };
  return read;
}

describe('ReadCache', () => {
  it('reads once for every caller until what visitors see changes, then reads again', async () => {
    const { cache, change } = cacheWithGeneration();
    const read = countingRead(['post']);
    expect(await cache.remember('posts', read.run)).toEqual(['post']);
    await cache.remember('posts', read.run);
    expect(read.calls).toBe(1);
    change();
    await cache.remember('posts', read.run);
    expect(read.calls).toBe(2);
  });

  it('runs a query that runs again each time it is awaited (a Drizzle query) once for every caller', async () => {
    const { cache } = cacheWithGeneration();
    let runs = 0;
    // Like Drizzle's query builders: a thenable, not a promise, that queries on every then().
    const query: PromiseLike<string[]> = {
      then: (resolve, reject) => Promise.resolve((runs++, ['link'])).then(resolve, reject),
    };
    expect(await cache.remember('links', () => query)).toEqual(['link']);
    expect(await cache.remember('links', () => query)).toEqual(['link']);
    expect(await cache.remember('links', () => query)).toEqual(['link']);
    expect(runs).toBe(1);
  });

  it('callers at the same time share one read', async () => {
    const { cache } = cacheWithGeneration();
    const read = countingRead('settings');
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.remember('settings', read.run)));
    expect(answers).toEqual(Array(5).fill('settings'));
    expect(read.calls).toBe(1);
  });

  it('does not keep an answer read while a change was made: it may predate the change', async () => {
    const { cache, change } = cacheWithGeneration();
    let finish!: (value: string) => void;
    const slow = cache.remember('reviews', () => new Promise<string>((resolve) => (finish = resolve)));
    change();
    finish('before the change');
    await slow;
    const read = countingRead('after the change');
    expect(await cache.remember('reviews', read.run)).toBe('after the change');
    expect(read.calls).toBe(1);
  });

  it('does not keep a failed read', async () => {
    const { cache } = cacheWithGeneration();
    await expect(cache.remember('settings', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.remember('settings', async () => 'answered')).toBe('answered');
  });

  it('reads again once an answer is older than the bound, with no change heard of', async () => {
    const { cache } = cacheWithGeneration({ ttlMs: 1_000 });
    const read = countingRead('posts');
    await cache.remember('posts', read.run, 0);
    await cache.remember('posts', read.run, 1_000);
    expect(read.calls).toBe(1);
    await cache.remember('posts', read.run, 1_001);
    expect(read.calls).toBe(2);
  });

  it('keeps at most maxEntries answers, dropping the oldest', async () => {
    const { cache } = cacheWithGeneration({ maxEntries: 2 });
    const first = countingRead(1);
    await cache.remember('post 1', first.run);
    await cache.remember('post 2', async () => 2);
    await cache.remember('post 3', async () => 3);
    expect(cache.size).toBe(2);
    await cache.remember('post 1', first.run);
    expect(first.calls).toBe(2);
  });
});
