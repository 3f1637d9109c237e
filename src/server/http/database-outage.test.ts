import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/client.ts';
import { BlackHoleProxy } from '../testing/black-hole-proxy.ts';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';
import { createTestDatabase, testDatabaseKind, testDatabaseUrl } from '../testing/test-database.ts';

async function timed<T>(work: Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work;
  return { result, ms: performance.now() - started };
}

describe.skipIf(testDatabaseKind !== 'postgres')('A PostgreSQL outage (postgres)', () => {
  let proxy: BlackHoleProxy;
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    // A clean, migrated schema, then the app reaching it only through the relay.
    await (await createTestDatabase()).close();
    const target = new URL(await testDatabaseUrl());
    proxy = new BlackHoleProxy(target.hostname, Number(target.port || 5432));
    const port = await proxy.listen();
    const throughProxy = new URL(target);
    throughProxy.hostname = '127.0.0.1';
    throughProxy.port = String(port);
    t = await buildTestApp({ database: await openDatabase({ url: throughProxy.toString() }) });
    cookie = await t.signInAs('admin');
  });
  afterAll(async () => {
    proxy.restore();
    await t.close();
    await proxy.close();
  });

  it('answers health with 503 within 1 s and every API request within 2 s, then recovers', async () => {
    const inject = async (options: InjectOptions) => ({
      url: options.url as string,
      ...(await timed(t.app.inject(options))),
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/reviews' })).statusCode).toBe(200);

    proxy.blackHole();

    const health = await inject({ method: 'GET', url: '/api/health' });
    expect(health.result.statusCode).toBe(503);
    expect(health.ms).toBeLessThan(1_000);

    // 64 requests at once, as a busy minute brings them: reads, writes, tRPC, a signed-in visitor.
    const requests = Array.from({ length: 16 }, () => [
      inject({ method: 'GET', url: '/api/reviews' }),
      inject({ method: 'GET', url: '/trpc/posts.list' }),
      inject({
        method: 'POST',
        url: '/api/contact',
        payload: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', message: 'Leak' },
      }),
      inject({ method: 'GET', url: '/api/auth/status', headers: { cookie } }),
    ]).flat();
    const answers = await Promise.all(requests);
    for (const { url, result, ms } of answers) {
      expect(ms, url).toBeLessThan(2_000);
      if (url === '/api/reviews') {
        // A public read answered before the outage is answered again from memory.
        expect(result.statusCode, url).toBe(200);
        expect(result.headers['x-page-cache'], url).toBe('hit');
        continue;
      }
      expect(result.statusCode, `${url}: ${result.body}`).toBe(503);
      expect(result.headers['retry-after'], url).toBe('5');
      expect(result.headers['content-type'], url).toMatch(/^application\/json/);
    }

    // A page reads settings, its metadata and its content one after another: after the first read
    // timed out, the next ones fail at once, so the page's fallback is still served within 2 s.
    const sequential = await timed(
      (async () => {
        for (let read = 0; read < 3; read++)
          await expect(t.database.db.execute(sql`select 1`)).rejects.toThrow();
      })(),
    );
    expect(sequential.ms).toBeLessThan(2_000);

    proxy.restore();
    const deadline = Date.now() + 10_000;
    let healthy = false;
    while (!healthy && Date.now() < deadline)
      healthy = (await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200;
    expect(healthy).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/reviews' })).statusCode).toBe(200);
  });

  it('serves pages from the cache or their fallback within 2 s while the database is away', async () => {
    const target = new URL(await testDatabaseUrl());
    const throughProxy = new URL(target);
    throughProxy.hostname = '127.0.0.1';
    throughProxy.port = String(proxy.port);
    const site = await buildTestApp({
      database: await openDatabase({ url: throughProxy.toString() }),
      ssr: { mode: 'development' },
    });
    try {
      // Rendered once while the database answers: the home page stays in the cache, the news list does
      // not (its code is loaded, its page is dropped), so it must be rendered during the outage.
      expect((await site.app.inject({ method: 'GET', url: '/news' })).statusCode).toBe(200);
      site.app.pageCache.clear();
      expect((await site.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);

      proxy.blackHole();
      const answers = await Promise.all(
        ['/', '/news', '/'].map(async (url) => ({
          url,
          ...(await timed(site.app.inject({ method: 'GET', url }))),
        })),
      );
      for (const { url, result, ms } of answers) {
        expect(ms, url).toBeLessThan(2_000);
        if (result.statusCode === 503) expect(result.headers['retry-after'], url).toBeDefined();
        else expect(result.statusCode, url).toBe(200);
      }
      // The cached page is the real one, not a fallback.
      expect(answers[0]!.result.headers['x-page-cache']).toBe('hit');
    } finally {
      proxy.restore();
      await site.close();
    }
  });
});
