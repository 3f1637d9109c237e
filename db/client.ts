// https://orm.drizzle.team/docs/get-started-postgresql : postgres.js for a server, PGlite embedded.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Sql } from 'postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { pgliteCode } from '#pglite-code';
import { projectRoot } from '../src/server/project-root.ts';
import { startFromClusterTemplate } from './pglite-cluster.ts';
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
  /**
   * Answers true when the database responds to a trivial query sent now, through the pool the app
   * queries with, within PING_TIMEOUT_MS. It is always sent: an earlier timeout that makes other
   * queries fail at once does not answer for it.
   */
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
/**
 * The same limit for a command an operator runs and watches (`npm run backup`, `npm run restore`): a
 * restore rebuilds the schema and loads every table in one transaction, whose statements wait behind
 * a loaded server's other work far longer than a request's would. A minute still ends a stuck one.
 */
export const COMMAND_QUERY_TIMEOUT_MS = 60_000;
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
  const options = {
    max: 10,
    onnotice: () => {},
    connect_timeout: CONNECT_TIMEOUT_S,
    idle_timeout: IDLE_TIMEOUT_S,
    // The server's own limits, for a server that is up but stuck (a lock held, a runaway query).
    connection: {
      statement_timeout: queryTimeoutMs,
      idle_in_transaction_session_timeout: 10_000,
    },
  };
  const pools = new ConnectionPools(() => postgres(url, options));
  const availability = new Availability();
  const db = drizzle(poolsForDrizzle(pools, queryTimeoutMs, availability), { schema });
  // Drizzle has set its own value parsers on the pool (dates stay text): every later pool gets them.
  pools.keepValueParsers();
  // postgres.js listens on a connection of its own, outside the pool, and listens again after a
  // reconnect, calling onConnected each time. It belongs to a client of its own: a new pool replacing
  // the old one (ConnectionPools) leaves the listeners alone.
  const listener = postgres(url, options);
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
    // Closing the database stops every listener with it.
    listen: async (channel, onMessage, onConnected) => {
      const request = await listener.listen(channel, onMessage, onConnected);
      return () => (closed ? Promise.resolve() : request.unlisten());
    },
    ping: async () => {
      try {
        await timedQuery(
          () => {
            const pool = pools.current;
            return { pool, query: pool.unsafe('select 1') };
          },
          { ms: PING_TIMEOUT_MS, availability, pools, retriesWithoutSession: true, failFast: false },
        );
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      closed = true;
      await Promise.all([pools.end(5), listener.end({ timeout: 5 })]);
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
    startFromClusterTemplate(location.dataDir);
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
 * The pool of connections the app queries with, replaced by a new one as soon as a session of it ends
 * under a query (a restart, a network outage, an administrator ending sessions). postgres.js reopens
 * such a connection with what was under way on the old one still in it: the error that ended the old
 * session is handed to the first query sent on the new one, which never reaches the server, and a
 * write the old one had not sent yet keeps the new one from sending its greeting, so that it times out
 * and reopens, again and again, for some ten seconds, while each query given to it waits in vain.
 * Neither can be cleared from outside; a new pool has neither. The old pool finishes what it was
 * given, then closes. Connections that could not be opened leave nothing behind: they replace nothing.
 */
class ConnectionPools {
  current: PostgresClient;
  private ended = false;
  private readonly retiring = new Set<Promise<void>>();
  private valueParsers?: Pick<PostgresClient['options'], 'parsers' | 'serializers'>;

  constructor(private readonly openPool: () => PostgresClient) {
    this.current = openPool();
  }

  /** Keeps the current pool's value parsers, as they are before any query, for every later pool. */
  keepValueParsers() {
    const { parsers, serializers } = this.current.options;
    this.valueParsers = { parsers: { ...parsers }, serializers: { ...serializers } };
  }

  /** A session of `pool` ended under a query. */
  sessionEnded(pool: PostgresClient) {
    if (pool !== this.current || this.ended) return;
    this.current = this.openPool();
    if (this.valueParsers) {
      Object.assign(this.current.options.parsers, this.valueParsers.parsers);
      Object.assign(this.current.options.serializers, this.valueParsers.serializers);
    }
    const retired: Promise<void> = pool
      .end({ timeout: RETIRED_POOL_TIMEOUT_S })
      .catch(() => {})
      .finally(() => this.retiring.delete(retired));
    this.retiring.add(retired);
  }

  async end(timeoutS: number) {
    this.ended = true;
    await Promise.all([this.current.end({ timeout: timeoutS }), ...this.retiring]);
  }
}

/** How long a replaced pool's queries under way may take before its connections are closed anyway. */
const RETIRED_POOL_TIMEOUT_S = 5;

/**
 * The pools as Drizzle uses a postgres.js client (`unsafe(...)`, awaited or with `.values()`, and
 * `begin` for transactions), with every query bounded in time and sent on the current pool.
 * postgres.js has no time limit of its own: its statement_timeout is enforced by the server, which
 * cannot enforce anything when it is unreachable.
 */
function poolsForDrizzle(pools: ConnectionPools, ms: number, availability: Availability): PostgresClient {
  return new Proxy(pools.current, {
    get(_first, property) {
      const pool = pools.current;
      if (property === 'unsafe') {
        return (...args: Parameters<PostgresClient['unsafe']>) =>
          timedQuery(
            () => {
              const current = pools.current;
              return { pool: current, query: current.unsafe(...args) };
            },
            { ms, availability, pools, retriesWithoutSession: isPlainRead(args[0]), failFast: true },
          );
      }
      if (property === 'begin') {
        return (...args: unknown[]) => {
          const body = args.at(-1) as (transaction: PostgresClient) => unknown;
          const wrapped = (transaction: PostgresClient) =>
            body(transactionForDrizzle(transaction, pool, { ms, availability, pools }));
          const begin = Reflect.get(pool, 'begin') as (...beginArgs: unknown[]) => Promise<unknown>;
          return begin.apply(pool, [...args.slice(0, -1), wrapped]);
        };
      }
      return Reflect.get(pool, property, pool) as unknown;
    },
  });
}

/**
 * A transaction as Drizzle uses it, each query bounded in time. Its queries are never sent again: they
 * go down with their connection, and only the whole transaction could be tried again, which is for
 * its caller to decide.
 */
function transactionForDrizzle(
  transaction: PostgresClient,
  pool: PostgresClient,
  options: Pick<TimedQueryOptions, 'ms' | 'availability' | 'pools'>,
): PostgresClient {
  return new Proxy(transaction, {
    get(target, property, receiver) {
      if (property === 'unsafe') {
        return (...args: Parameters<PostgresClient['unsafe']>) =>
          timedQuery(() => ({ pool, query: target.unsafe(...args) }), {
            ...options,
            retriesWithoutSession: false,
            failFast: true,
          });
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

/** A statement that only reads (no locks taken, nothing written): sending it twice changes nothing. */
function isPlainRead(statement: string): boolean {
  return (
    /^\s*\(*\s*select\b/i.test(statement) &&
    !/\bfor\s+(no\s+key\s+)?(update|share|key\s+share)\b/i.test(statement)
  );
}

// A session that was open and ended under a query: its socket closed or failed (postgres.js's code
// and Node's), or PostgreSQL ended it (an administrator, a shutdown, a crash of another process, or
// one of its own time limits on an idle session or a transaction).
const ENDED_SESSION_CODES = new Set([
  'CONNECTION_CLOSED',
  'ECONNRESET',
  'EPIPE',
  '57P01',
  '57P02',
  '57P05',
  '25P03',
  '25P04',
]);

// A connection that could not be opened (postgres.js's code, Node's, and PostgreSQL's "starting up"
// and "too many connections"), or a pool that was closed while the query waited in it.
const NO_SESSION_CODES = new Set([
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P03',
  '53300',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
]);

function codeOf(error: unknown): string | undefined {
  const { code } = error as { code?: unknown };
  return typeof code === 'string' ? code : undefined;
}

/**
 * Whether the database has just failed to answer. A page reads several things one after another; were
 * each read to wait out its own timeout, the page would take seconds. After a timeout, queries fail at
 * once for a short while, then go through again to find out whether the database is back; any answer
 * from it ends that while at once.
 */
class Availability {
  private downUntil = 0;

  get down(): boolean {
    return performance.now() < this.downUntil;
  }

  failed() {
    this.downUntil = performance.now() + FAIL_FAST_MS;
  }

  answered() {
    this.downUntil = 0;
  }
}

/** How long queries fail at once after one timed out. */
const FAIL_FAST_MS = 1_000;

/** How many times a read is sent in all while its sessions keep ending or failing to open. */
const SENDS_OF_A_READ = 3;

interface TimedQueryOptions {
  /** The time the query has, all sends included; past it, it rejects with QueryTimeoutError. */
  ms: number;
  availability: Availability;
  pools: ConnectionPools;
  /** Send the query again, within its time, when its session ended or could not be opened. */
  retriesWithoutSession: boolean;
  /** Reject at once while the database is taken to be down, instead of sending the query. */
  failFast: boolean;
}

/**
 * A lazy postgres.js query (made by `send` for each attempt, with the pool it goes to) that, once
 * awaited, rejects with QueryTimeoutError after `ms`.
 */
function timedQuery(
  send: () => { pool: PostgresClient; query: PendingQuery },
  options: TimedQueryOptions,
): PendingQuery {
  const { ms, availability, pools } = options;
  let asValues = false;
  let settled: Promise<unknown> | undefined;
  const run = () =>
    (settled ??= new Promise((resolve, reject) => {
      if (options.failFast && availability.down) return reject(new QueryTimeoutError(ms));
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        availability.failed();
        reject(new QueryTimeoutError(ms));
      }, ms);
      const attempt = (sends: number) => {
        if (timedOut) return;
        const { pool, query } = send();
        if (asValues) query.values();
        query.then(
          (value) => {
            clearTimeout(timer);
            availability.answered();
            resolve(value);
          },
          (error: unknown) => {
            const code = codeOf(error);
            const ended = code !== undefined && ENDED_SESSION_CODES.has(code);
            if (ended) pools.sessionEnded(pool);
            if (timedOut) return;
            // On the next turn of the event loop, by when connections closing together are all seen
            // closed; on the pool that replaced this one if a session ended.
            if (
              (ended || (code !== undefined && NO_SESSION_CODES.has(code))) &&
              options.retriesWithoutSession &&
              sends < SENDS_OF_A_READ
            )
              return void setImmediate(attempt, sends + 1);
            clearTimeout(timer);
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      };
      attempt(1);
    }));
  const timed: PendingQuery = {
    values() {
      asValues = true;
      return timed;
    },
    then(onFulfilled, onRejected) {
      return run().then(onFulfilled, onRejected);
    },
  };
  return timed;
}
