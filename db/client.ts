// https://orm.drizzle.team/docs/get-started-postgresql : postgres.js for a server, PGlite embedded.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Sql } from 'postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { pgliteCode } from '#pglite-code';
import { projectRoot } from '../src/server/project-root.ts';
import * as schema from './schema/index.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** PGlite only: the whole database as a tarball, to start copies from. */
  dump?: () => Promise<Blob | File>;
  /**
   * Calls onMessage with each payload sent on the channel, and onConnected once the listening connection
   * is up and again each time it comes back: whatever was sent while it was away is lost, so a listener
   * starts over from what the database holds. Resolves to a function that stops listening.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onConnected: () => void,
  ): Promise<() => Promise<void>>;
  /** Answers true when the database responds to a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export type DatabaseLocation =
  | { url: string; queryTimeoutMs?: number }
  | { dataDir: string }
  /** In memory; `from` starts it as a copy of a dumped database instead of empty (tests). */
  | { memory: true; from?: Blob };

/**
 * How long one query may take before the caller gets an error instead of waiting on. A database that
 * has gone away without closing its connections (a cable pulled, a firewall dropping packets) would
 * otherwise keep every request waiting for minutes, until TCP gives up.
 */
export const QUERY_TIMEOUT_MS = 1_000;
/** How long the health check waits for its trivial query: a monitor wants an answer within a second. */
export const PING_TIMEOUT_MS = 800;

/** postgres.js's timeouts, in seconds: a new connection, including its handshake, and an idle one. */
const CONNECT_TIMEOUT_S = 2;
const IDLE_TIMEOUT_S = 30;

const migrationsFolder = join(projectRoot, 'db', 'migrations');

// Any number to serialise migrations when several instances start against one server.
const MIGRATION_LOCK_ID = 727_214;

/** Opens the database and applies pending migrations; safe to call on an up-to-date database. */
export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  const handle =
    'url' in location
      ? await openPostgres(location.url, location.queryTimeoutMs ?? QUERY_TIMEOUT_MS)
      : await openPglite(location);
  return handle;
}

async function openPostgres(url: string, queryTimeoutMs: number): Promise<DatabaseHandle> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const { migrate } = await import('drizzle-orm/postgres-js/migrator');
  const client = postgres(url, {
    max: 10,
    onnotice: () => {},
    connect_timeout: CONNECT_TIMEOUT_S,
    idle_timeout: IDLE_TIMEOUT_S,
    // The server's own limits, for a server that is up but stuck (a lock held, a runaway query).
    connection: {
      statement_timeout: queryTimeoutMs,
      idle_in_transaction_session_timeout: 10_000,
    },
  });
  const db = drizzle(withQueryDeadline(client, queryTimeoutMs, new Availability()), { schema });
  const lockClient = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await lockClient`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
    await migrate(drizzle(lockClient), { migrationsFolder });
  } finally {
    await lockClient`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.catch(() => {});
    await lockClient.end();
  }
  let closed = false;
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    // postgres.js listens on a connection of its own, outside the pool, and listens again after a
    // reconnect, calling onConnected each time. Closing the database stops every listener with it.
    listen: async (channel, onMessage, onConnected) => {
      const request = await client.listen(channel, onMessage, onConnected);
      return () => (closed ? Promise.resolve() : request.unlisten());
    },
    ping: () => pingDatabase(db),
    close: () => {
      closed = true;
      return client.end({ timeout: 5 });
    },
  };
}

const EMBEDDED_SHARED_BUFFERS = '16MB';

async function openPglite(
  location: { dataDir: string } | { memory: true; from?: Blob },
): Promise<DatabaseHandle> {
  const pgliteWasmModule = await pgliteCode();
  const { PGlite, drizzle, migrate } = await import('./pglite-modules.ts');
  // PostgreSQL's default 128 MB of shared buffers is memory the process holds from the first query
  // on, for a site whose whole database is a few megabytes; the operating system caches the data
  // folder's files beneath it anyway.
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`];
  let client: InstanceType<typeof PGlite>;
  if ('dataDir' in location) {
    // PGlite creates its own folder but not the parents of it.
    mkdirSync(location.dataDir, { recursive: true });
    client = new PGlite(location.dataDir, { startParams, pgliteWasmModule });
  } else {
    client = new PGlite({
      startParams,
      pgliteWasmModule,
      ...(location.from ? { loadDataDir: location.from } : {}),
    });
  }
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  let closed = false;
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    // One process, one connection that never drops.
    listen: async (channel, onMessage, onConnected) => {
      const unlisten = await client.listen(channel, onMessage);
      onConnected();
      // Closing the database stops every listener with it.
      return () => (closed ? Promise.resolve() : unlisten());
    },
    dump: () => client.dumpDataDir('none'),
    ping: () => (closed ? Promise.resolve(false) : pingDatabase(db)),
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

async function pingDatabase(db: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const answered = db.execute(sql`select 1`).then(() => true);
    const gaveUp = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
    });
    return await Promise.race([answered, gaveUp]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** What a query that ran out of time fails with; the app answers it as "database unavailable". */
export class QueryTimeoutError extends Error {
  readonly code = 'QUERY_TIMEOUT';
  constructor(ms: number) {
    super(`The database did not answer within ${ms} ms`);
    this.name = 'QueryTimeoutError';
  }
}

type PostgresClient = Sql;
type PendingQuery = PromiseLike<unknown> & { values(): unknown };

/**
 * The postgres.js client as Drizzle uses it (`unsafe(...)`, awaited or with `.values()`, and `begin`
 * for transactions), with every query bounded in time. postgres.js has no such limit of its own: its
 * statement_timeout is enforced by the server, which cannot enforce anything when it is unreachable.
 */
function withQueryDeadline(client: PostgresClient, ms: number, availability: Availability): PostgresClient {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'unsafe') {
        return (...args: Parameters<PostgresClient['unsafe']>) =>
          timedQuery(target.unsafe(...args), ms, availability);
      }
      if (property === 'begin') {
        return (...args: unknown[]) => {
          const body = args.at(-1) as (transaction: PostgresClient) => unknown;
          const wrapped = (transaction: PostgresClient) =>
            body(withQueryDeadline(transaction, ms, availability));
          const begin = Reflect.get(target, 'begin') as (...beginArgs: unknown[]) => Promise<unknown>;
          return begin.apply(target, [...args.slice(0, -1), wrapped]);
        };
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

/**
 * Whether the database has just failed to answer. A page reads several things one after another; were
 * each read to wait out its own timeout, the page would take seconds. After a timeout, queries fail at
 * once for a short while, then go through again to find out whether the database is back.
 */
class Availability {
  private downUntil = 0;

  get down(): boolean {
    return performance.now() < this.downUntil;
  }

  failed() {
    this.downUntil = performance.now() + FAIL_FAST_MS;
  }
}

/** How long queries fail at once after one timed out. */
const FAIL_FAST_MS = 1_000;

/** A lazy postgres.js query that, once awaited, rejects with QueryTimeoutError after `ms`. */
function timedQuery(query: PendingQuery, ms: number, availability: Availability): PendingQuery {
  let settled: Promise<unknown> | undefined;
  const run = () =>
    (settled ??= new Promise((resolve, reject) => {
      if (availability.down) return reject(new QueryTimeoutError(ms));
      const timer = setTimeout(() => {
        availability.failed();
        reject(new QueryTimeoutError(ms));
      }, ms);
      query.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }));
  const timed: PendingQuery = {
    values() {
      query.values();
      return timed;
    },
    then(onFulfilled, onRejected) {
      return run().then(onFulfilled, onRejected);
    },
  };
  return timed;
}
