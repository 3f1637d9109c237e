// https://orm.drizzle.team/docs/get-started-postgresql : postgres.js for a server, PGlite embedded.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
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
  | { url: string }
  | { dataDir: string }
  /** In memory; `from` starts it as a copy of a dumped database instead of empty (tests). */
  | { memory: true; from?: Blob };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// Any number to serialise migrations when several instances start against one server.
const MIGRATION_LOCK_ID = 727_214;

/** Opens the database and applies pending migrations; safe to call on an up-to-date database. */
export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  const handle = 'url' in location ? await openPostgres(location.url) : await openPglite(location);
  return handle;
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const { migrate } = await import('drizzle-orm/postgres-js/migrator');
  const client = postgres(url, { max: 10, onnotice: () => {} });
  const db = drizzle(client, { schema });
  const lockClient = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await lockClient`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
    await migrate(drizzle(lockClient), { migrationsFolder });
  } finally {
    await lockClient`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.catch(() => {});
    await lockClient.end();
  }
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    // postgres.js listens on a connection of its own, outside the pool, and listens again after a
    // reconnect, calling onConnected each time.
    listen: async (channel, onMessage, onConnected) => {
      const request = await client.listen(channel, onMessage, onConnected);
      return () => request.unlisten();
    },
    ping: () => pingDatabase(db),
    close: () => client.end({ timeout: 5 }),
  };
}

async function openPglite(
  location: { dataDir: string } | { memory: true; from?: Blob },
): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let client: InstanceType<typeof PGlite>;
  if ('dataDir' in location) {
    // PGlite creates its own folder but not the parents of it.
    mkdirSync(location.dataDir, { recursive: true });
    client = new PGlite(location.dataDir);
  } else {
    client = location.from ? new PGlite({ loadDataDir: location.from }) : new PGlite();
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
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
