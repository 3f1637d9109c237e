import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COMMAND_QUERY_TIMEOUT_MS, QUERY_TIMEOUT_MS, openDatabase } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { loadConfig } from '../src/server/env.ts';
import { createTestDatabase, testDatabaseUrl } from '../src/server/testing/test-database.ts';
import { openForCommand } from './backup-cli.ts';

/** A statement that takes longer than a request may, and far less than a command may. */
const SLOW_STATEMENT = sql`select pg_sleep(${(QUERY_TIMEOUT_MS * 1.5) / 1000})`;

// `npm run backup` and `npm run restore` on PostgreSQL: a restore's statements queue behind a loaded
// server's other work, and the limit meant for requests failed one such restore half-way.
describe.runIf(process.env.TEST_DB === 'postgres')('the backup and restore commands on PostgreSQL', () => {
  it("give each query a command's time limit, not a request's", async () => {
    await (await createTestDatabase()).close();
    const url = await testDatabaseUrl();
    const request = await openDatabase({ url });
    await expect(request.db.execute(SLOW_STATEMENT)).rejects.toThrow();
    await request.close();

    const config = loadConfig({ ...process.env, DATABASE_URL: url });
    const command = await openForCommand(config, 'npm run restore', { mustExist: false });
    try {
      await command.db.execute(SLOW_STATEMENT);
      const [setting] = rowsOf<{ ms: string }>(
        await command.db.execute(sql`select setting as ms from pg_settings where name = 'statement_timeout'`),
      );
      expect(Number(setting!.ms)).toBe(COMMAND_QUERY_TIMEOUT_MS);
    } finally {
      await command.close();
    }
  });
});
