import postgres from 'postgres';

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
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > deadlineMs) throw new Error(`not true within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
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
