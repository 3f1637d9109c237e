import postgres from 'postgres';
import { eventually } from '../support/eventually.ts';

export const baseDatabaseUrl = process.env.TEST_DATABASE_URL;

/** A database of its own on the test server, dropped afterwards. */
export async function makeDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `instances_${process.pid}_${Date.now()}`;
  const admin = postgres(baseDatabaseUrl!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(baseDatabaseUrl!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Polls until `check` passes or the deadline passes, and says how long it took. */
export async function timeUntil(check: () => Promise<boolean>, deadlineMs: number): Promise<number> {
  const started = Date.now();
  await eventually(async () => ((await check()) ? true : undefined), deadlineMs, 20);
  return Date.now() - started;
}

/** Runs `query` against the test's database on a connection of its own. */
export async function queryDatabase<T extends readonly object[]>(
  url: string,
  query: (sql: postgres.Sql) => Promise<T>,
): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await query(sql);
  } finally {
    await sql.end();
  }
}
