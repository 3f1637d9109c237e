import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { openDatabase, type Database, type DatabaseHandle } from '../../../db/client.ts';
import { projectRoot } from '../project-root.ts';

/** Which database the integration suite runs on: PGlite in-process, or the server of TEST_DATABASE_URL. */
export const testDatabaseKind: 'pglite' | 'postgres' =
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

// Migrating a new PGlite takes five seconds; loading one migrated database takes a fifth of that. The
// migrated database is kept on disk, named by what it was built from, so that each test file (a
// process of its own) loads it instead of migrating again.
const migrationsDir = join(projectRoot, 'db', 'migrations');
const templateDir = join(projectRoot, 'node_modules', '.cache', 'pglite-test-template');

function templateName(): string {
  const hash = createHash('sha256');
  const pglite = JSON.parse(
    readFileSync(join(projectRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8'),
  ) as { version: string };
  hash.update(pglite.version);
  for (const file of readdirSync(migrationsDir, { recursive: true, encoding: 'utf8' }).sort()) {
    hash.update(file);
    try {
      hash.update(readFileSync(join(migrationsDir, file)));
    } catch {
      // A folder (meta/): its files are listed too.
    }
  }
  return `${hash.digest('hex').slice(0, 16)}.tar`;
}

let template: Promise<Blob> | undefined;
function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = join(templateDir, templateName());
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      // Not built yet from these migrations.
    }
    const handle = await openDatabase({ memory: true });
    const dump = await handle.dump!();
    await handle.close();
    // Written whole under another name first: a file running beside this one never reads half of it.
    mkdirSync(templateDir, { recursive: true });
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  })();
  return template;
}

/**
 * The database of this test worker on the server of TEST_DATABASE_URL: files running side by side each
 * have their own, named after that database and the worker (vitest's pool id), and created when first
 * asked for. `postgres-test-databases.ts` drops them after the run.
 */
export function testDatabaseUrl(): Promise<string> {
  workerDatabase ??= createWorkerDatabase();
  return workerDatabase;
}

// Made once per test process: each test's database is a rebuilt schema in it, not a new database.
let workerDatabase: Promise<string> | undefined;
async function createWorkerDatabase(): Promise<string> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const url = new URL(base);
  const name = `${url.pathname.slice(1)}_worker${process.env.VITEST_POOL_ID ?? '1'}`;
  url.pathname = `/${name}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  try {
    const [exists] = await admin`select 1 from pg_database where datname = ${name}`;
    if (!exists) {
      await admin.unsafe(`create database "${name}"`);
      // A commit need not wait for the disk: a test database outlives no crash of its server.
      await admin.unsafe(`alter database "${name}" set synchronous_commit = off`);
    }
  } catch (error) {
    // Created meanwhile by the file before this one in the same worker: it ended while the other began.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await admin.end();
  }
  return url.toString();
}

/** A fresh, migrated, empty database: a copy of the migrated template, or on PostgreSQL a rebuilt schema. */
export async function createTestDatabase(options: { queryTimeoutMs?: number } = {}): Promise<DatabaseHandle> {
  if (testDatabaseKind === 'pglite') return openDatabase({ memory: true, from: await migratedTemplate() });
  const url = await testDatabaseUrl();
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(
    'drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;',
  );
  await admin.end();
  return openDatabase({ url, ...options });
}

/**
 * Makes these tables fail every query, as a database in trouble would, until the returned function
 * puts them back: the rest of the app keeps working, so a test sees one read or write fail and then
 * recover (closing the database, as src/server/http/health.test.ts does, cannot be undone).
 */
export async function breakTables(db: Database, tables: string[]): Promise<() => Promise<void>> {
  for (const table of tables) await db.execute(sql.raw(`alter table "${table}" rename to "${table}_broken"`));
  return async () => {
    for (const table of tables)
      await db.execute(sql.raw(`alter table "${table}_broken" rename to "${table}"`));
  };
}
