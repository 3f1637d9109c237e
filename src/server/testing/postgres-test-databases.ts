import postgres from 'postgres';

/**
 * The postgres project's global setup: after the run, drops the databases its workers made beside
 * TEST_DATABASE_URL's (test-database.ts, testDatabaseUrl), so that a run leaves the server as it found it.
 */
export default function setup() {
  return async function teardown() {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) return;
    const prefix = `${new URL(base).pathname.slice(1)}_worker`;
    const admin = postgres(base, { max: 1, onnotice: () => {} });
    try {
      const made = await admin<{ datname: string }[]>`select datname from pg_database`;
      for (const { datname } of made.filter(({ datname }) => datname.startsWith(prefix)))
        await admin.unsafe(`drop database if exists "${datname}" with (force)`);
    } finally {
      await admin.end();
    }
  };
}
