import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { openDatabase, type Database, type DatabaseHandle } from '../../../db/client.ts';

/** Which database the integration suite runs on: PGlite in-process, or the server of TEST_DATABASE_URL. */
export const testDatabaseKind: 'pglite' | 'postgres' =
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

// Migrating a new PGlite takes seconds; copying one migrated database takes a third of that.
let template: Promise<Blob> | undefined;
function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const handle = await openDatabase({ memory: true });
    const dump = await handle.dump!();
    await handle.close();
    return dump;
  })();
  return template;
}

/**
 * A fresh, migrated, empty database. On PostgreSQL the schema is dropped and rebuilt, so that
 * project runs its files one at a time (vitest.config.ts).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind === 'pglite') return openDatabase({ memory: true, from: await migratedTemplate() });
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(
    'drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;',
  );
  await admin.end();
  return openDatabase({ url });
}

/**
 * Makes these tables fail every query, as a database in trouble would, until the returned function
 * puts them back: the rest of the app keeps working, so a test sees one read or write fail and then
 * recover (closing the database, as src/server/health.test.ts does, cannot be undone).
 */
export async function breakTables(db: Database, tables: string[]): Promise<() => Promise<void>> {
  for (const table of tables) await db.execute(sql.raw(`alter table "${table}" rename to "${table}_broken"`));
  return async () => {
    for (const table of tables)
      await db.execute(sql.raw(`alter table "${table}_broken" rename to "${table}"`));
  };
}
