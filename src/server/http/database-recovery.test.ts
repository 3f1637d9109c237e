import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/client.ts';
import { posts } from '../../../db/schema/index.ts';
import { BlackHoleProxy } from '../testing/black-hole-proxy.ts';
import { allowConsole } from '../testing/fail-on-console.ts';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';
import { createTestDatabase, testDatabaseKind, testDatabaseUrl } from '../testing/test-database.ts';

interface Answer {
  url: string;
  status: number;
  retryAfter: string | undefined;
  /** When the request was sent and when its answer came, in ms of performance.now(). */
  sentAt: number;
  at: number;
}

/** Every answer the load got, and a way to wait until they show something. */
class Answers {
  readonly all: Answer[] = [];
  private waiters: Array<() => void> = [];

  add(answer: Answer) {
    this.all.push(answer);
    for (const check of [...this.waiters]) check();
  }

  of(url: string, answeredAfter = 0): Answer[] {
    return this.all.filter((answer) => answer.url === url && answer.at > answeredAfter);
  }

  /** Resolves with what `find` finds once an answer brings it; rejects after `withinMs`. */
  waitFor<T>(what: string, find: () => T | undefined, withinMs: number): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter !== check);
        reject(new Error(`${what}: not within ${withinMs} ms`));
      }, withinMs);
      const check = () => {
        const found = find();
        if (found === undefined) return;
        clearTimeout(timer);
        this.waiters = this.waiters.filter((waiter) => waiter !== check);
        resolve(found);
      };
      this.waiters.push(check);
      check();
    });
  }
}

/** Requests at once, each loop sending its next one as soon as the last is answered. */
const REQUEST_LOOPS = 8;
/** How long PostgreSQL stays out of reach. */
const OUTAGE_MS = 4_000;
/** How long after health first says the database is back that every answer is still counted. */
const AFTER_RECOVERY_MS = 10_000;

describe.skipIf(testDatabaseKind !== 'postgres')('Recovery from a PostgreSQL outage (postgres)', () => {
  let proxy: BlackHoleProxy;
  let site: TestApp;
  let direct: postgres.Sql;
  let postId: number;

  beforeAll(async () => {
    const seeding = await createTestDatabase();
    const [post] = await seeding.db
      .insert(posts)
      .values({
        type: 'news',
        slug: 'burst-pipe',
        title: 'Burst pipe',
        content: '<p>Turn the water off at the main first.</p>',
        isPublished: true,
        publishedAt: new Date('2026-03-01T15:30:00Z'),
      })
      .returning({ id: posts.id });
    postId = post!.id;
    await seeding.close();
    const target = await testDatabaseUrl();
    // The test's own line to PostgreSQL, past the relay: it ends the app's sessions on the server.
    direct = postgres(target, { max: 1, onnotice: () => {} });
    const { hostname, port } = new URL(target);
    proxy = new BlackHoleProxy(hostname, Number(port || 5432));
    await proxy.listen();
    site = await buildTestApp({
      database: await openDatabase({ url: proxy.relayedUrl(target) }),
      ssr: { mode: 'development' },
    });
  });
  afterAll(async () => {
    proxy?.restore();
    await site?.close();
    await proxy?.close();
    await direct?.end();
  });

  it('answers no 500, a Retry-After with each 503, and a health that stays up once back, under load', async () => {
    // Vike's development server reports each 5xx it sends: the article's 503 while the database is away.
    allowConsole('error', /\[vike\]\[request-\d+\] HTTP response ← \/post\/\d+ 503$/);
    const urls = ['/api/health', '/api/posts', `/api/posts/${postId}`, '/', '/news', `/post/${postId}`];
    // Each once while the database answers, so that Vite's first compile of a page is not in the load.
    for (const url of urls) {
      expect((await site.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }

    const answers = new Answers();
    let loadEnds = Number.POSITIVE_INFINITY;
    const requestLoop = async (first: number) => {
      for (let next = first; performance.now() < loadEnds; next++) {
        const url = urls[next % urls.length]!;
        const sentAt = performance.now();
        const response = await site.app.inject({ method: 'GET', url });
        const retryAfter = response.headers['retry-after'];
        answers.add({
          url,
          status: response.statusCode,
          retryAfter: retryAfter === undefined ? undefined : String(retryAfter),
          sentAt,
          at: performance.now(),
        });
      }
    };
    // Rendered pages and public answers expire, and other instances' changes clear them, at any
    // moment: without that, the load would be answered from memory and hardly reach the database.
    const changesLoop = async () => {
      while (performance.now() < loadEnds) {
        site.app.pageCache.clear();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const loops = [...Array.from({ length: REQUEST_LOOPS }, (_, first) => requestLoop(first)), changesLoop()];
    try {
      await answers.waitFor(
        'health under load',
        () => answers.of('/api/health').length >= 5 || undefined,
        10_000,
      );

      proxy.blackHole();
      const outageStarted = performance.now();
      await answers.waitFor(
        'health reports the outage',
        () => answers.of('/api/health', outageStarted).find((answer) => answer.status === 503),
        5_000,
      );
      // The server ends every session the app has: the pooled connections die during the outage, as
      // they do when PostgreSQL restarts, and the app learns of it only once the network is back.
      await direct`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`;
      await new Promise((resolve) => setTimeout(resolve, outageStarted + OUTAGE_MS - performance.now()));

      proxy.restore();
      const restoredAt = performance.now();
      const up = await answers.waitFor(
        'health reports the database back',
        () => answers.of('/api/health', restoredAt).find((answer) => answer.status === 200),
        15_000,
      );
      loadEnds = up.at + AFTER_RECOVERY_MS;
      await Promise.all(loops);

      const counts = new Map<string, number>();
      for (const { url, status } of answers.all)
        counts.set(`${url} ${status}`, (counts.get(`${url} ${status}`) ?? 0) + 1);
      // A check sent once health had been seen up again, as a load balancer's next check is.
      const checksAfterUp = answers.of('/api/health').filter((answer) => answer.sentAt > up.at);
      console.info(
        `outage under load: health up ${Math.round(up.at - restoredAt)} ms after PostgreSQL was back; ` +
          `${answers.all.length} answers: ${[...counts].map(([key, n]) => `${n}× ${key}`).join(', ')}`,
      );

      // Soft: each of these is its own failure to see.
      expect.soft(answers.all.filter((answer) => answer.status >= 500 && answer.status !== 503)).toEqual([]);
      expect.soft(answers.all.filter((answer) => answer.status === 503 && !answer.retryAfter)).toEqual([]);
      expect.soft(checksAfterUp.length).toBeGreaterThan(0);
      expect.soft(checksAfterUp.filter((answer) => answer.status !== 200)).toEqual([]);
      // The outage was felt: reads that could not be answered from memory said so.
      expect(answers.of('/api/posts', outageStarted).some((answer) => answer.status === 503)).toBe(true);
    } finally {
      loadEnds = 0;
      await Promise.all(loops);
    }
  }, 60_000);
});
