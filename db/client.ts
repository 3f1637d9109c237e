// https://orm.drizzle.team/docs/get-started-postgresql : postgres.js for a server, PGlite embedded.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { projectRoot } from '../src/server/project-root.ts';
import * as schema from './schema/index.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** PGlite only: the whole database as a tarball, to start copies from. */
  dump?: () => Promise<Blob | File>;
  /** Answers true when the database responds to a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export type DatabaseLocation =
  | { url: string }
  | { dataDir: string }
  /** In memory; `from` starts it as a copy of a dumped database instead of empty (tests). */
  | { memory: true; from?: Blob };

const migrationsFolder = join(projectRoot, 'db', 'migrations');

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
    ping: () => pingDatabase(db),
    close: () => client.end({ timeout: 5 }),
  };
}

async function openPglite(
  location: { dataDir: string } | { memory: true; from?: Blob },
): Promise<DatabaseHandle> {
  // PostgreSQL compiled to WebAssembly is ten megabytes of code. V8 compiles it twice by default, once
  // quickly (Liftoff) and again optimised (TurboFan) in the background; the second copy cost about
  // 150 MB of memory and two seconds of start on two cores, for queries that take a millisecond
  // either way. Only the quick compile: about 130 MB for the whole embedded database.
  setFlagsFromString('--liftoff-only');
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
