import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { BlackHoleProxy } from '../src/server/testing/black-hole-proxy.ts';
import {
  createTestDatabase,
  testDatabaseKind,
  testDatabaseUrl,
} from '../src/server/testing/test-database.ts';

/** Whether a promise settled well, or the code of what it failed with (Drizzle's cause, if any). */
function outcome(work: PromiseLike<unknown>): Promise<string> {
  return Promise.resolve(work).then(
    () => 'ok',
    (error: { code?: string; cause?: { code?: string } }) => error.cause?.code ?? error.code ?? 'error',
  );
}

describe.skipIf(testDatabaseKind !== 'postgres')('the PostgreSQL pool after an outage (postgres)', () => {
  let proxy: BlackHoleProxy;
  let direct: postgres.Sql;
  let handle: DatabaseHandle;

  beforeEach(async () => {
    await (await createTestDatabase()).close();
    const target = await testDatabaseUrl();
    direct = postgres(target, { max: 1, onnotice: () => {} });
    const { hostname, port } = new URL(target);
    proxy = new BlackHoleProxy(hostname, Number(port || 5432));
    await proxy.listen();
  });
  afterEach(async () => {
    proxy.restore();
    await handle?.close();
    await proxy.close();
    await direct.end();
  });

  /** Opens the pool's ten connections through the relay. */
  async function openThroughRelay() {
    handle = await openDatabase({ url: proxy.relayedUrl(await testDatabaseUrl()) });
    await Promise.all(Array.from({ length: 10 }, () => handle.db.execute(sql`select pg_sleep(0.05)`)));
  }

  /** Ends, on the server, every session the app has open, as a restart of PostgreSQL does. */
  async function endSessions() {
    await direct`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`;
  }

  it("sends health's ping while other queries fail at once, and its answer ends that", async () => {
    await openThroughRelay();
    proxy.blackHole();
    expect(await outcome(handle.db.execute(sql`select 1`))).toBe('QUERY_TIMEOUT');
    // Right after a timeout, the next query is not even sent: the database is taken to be away.
    expect(await outcome(handle.db.execute(sql`select 1`))).toBe('QUERY_TIMEOUT');
    proxy.restore();

    expect(await handle.ping()).toBe(true);
    expect(await outcome(handle.db.execute(sql`select 1`))).toBe('ok');
  });

  it('answers every read sent after PostgreSQL ended the sessions of a busy pool', async () => {
    await openThroughRelay();
    proxy.blackHole();
    // A write under way, never sent again, and the reads sent the moment it fails, while the pool's
    // other connections are found closed.
    const afterTheWrite: Promise<string>[] = [];
    const write = outcome(
      handle.db.execute(sql`update settings set id = id where false`).then(undefined, (error: unknown) => {
        for (let read = 0; read < 10; read++) afterTheWrite.push(outcome(handle.db.execute(sql`select 2`)));
        throw error;
      }),
    );
    await endSessions();
    proxy.restore();
    expect(await write).toBe('CONNECTION_CLOSED');
    expect(await Promise.all(afterTheWrite)).toEqual(afterTheWrite.map(() => 'ok'));

    // Bursts larger than the pool, so that every connection it holds is asked to take a query.
    for (let burst = 0; burst < 5; burst++) {
      const reads = await Promise.all(
        Array.from({ length: 30 }, () => outcome(handle.db.execute(sql`select 3`))),
      );
      expect(
        reads.filter((result) => result !== 'ok'),
        `burst ${burst}`,
      ).toEqual([]);
    }
    const pings = [];
    for (let ping = 0; ping < 20; ping++) pings.push(await handle.ping());
    expect(pings.filter((up) => !up)).toEqual([]);
  });
});
