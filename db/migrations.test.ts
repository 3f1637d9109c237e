import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKind,
  testDatabaseUrl,
} from '../src/server/testing/test-database.ts';
import { rowsOf } from './rows.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';

const migrationCount = readdirSync(new URL('./migrations', import.meta.url)).filter((name) =>
  name.endsWith('.sql'),
).length;

async function appliedMigrations(handle: DatabaseHandle): Promise<number> {
  return rowsOf<{ count: number }>(
    await handle.db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`),
  )[0]!.count;
}

describe(`migrations (${testDatabaseKind})`, () => {
  it('create every table on an empty database, and a second run changes nothing', async () => {
    const handle = await createTestDatabase();
    const tables = rowsOf<{ table_name: string }>(
      await handle.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      ),
    ).map((row) => row.table_name);
    expect(tables).toEqual([
      'activity_log',
      'analytics_daily',
      'analytics_events',
      'analytics_salts',
      'backup_runs',
      'booking_blocked_windows',
      'booking_calendar_feeds',
      'booking_closed_days',
      'booking_emails',
      'booking_leads',
      'booking_photo_removals',
      'booking_photos',
      'booking_settings',
      'bookings',
      'built_in_content',
      'contact_submissions',
      'content_drafts',
      'content_versions',
      'faqs',
      'known_browsers',
      'lead_notifications',
      'media',
      'offers',
      'page_texts',
      'passkeys',
      'posts',
      'rate_limits',
      'recovery_codes',
      'review_request_emails',
      'review_request_unsubscribes',
      'review_requests',
      'reviews',
      'scheduled_changes',
      'security_emails',
      'seo_metadata',
      'service_areas',
      'services',
      'sessions',
      'settings',
      'stored_file_chunks',
      'stored_files',
      'trashed_items',
      'users',
      'webauthn_challenges',
    ]);
    expect(await appliedMigrations(handle)).toBe(migrationCount);

    if (testDatabaseKind === 'postgres') {
      // Reopening runs the migrator again against the same server.
      const again = await openDatabase({ url: await testDatabaseUrl() });
      expect(await appliedMigrations(again)).toBe(migrationCount);
      await again.close();
    }
    await handle.close();
  });

  it('reapplying on a PGlite data folder that is already migrated is a no-op', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'migrate-'));
    const dataDir = join(dir, 'nested', 'data');
    try {
      const first = await openDatabase({ dataDir });
      await first.close();
      const second = await openDatabase({ dataDir });
      expect(await appliedMigrations(second)).toBe(migrationCount);
      // The buffers sized for a site's few megabytes of data, not PostgreSQL's default 128 MB the
      // process would otherwise hold from the first query on.
      const [buffers] = rowsOf<{ shared_buffers: string }>(await second.db.execute(sql`show shared_buffers`));
      expect(buffers!.shared_buffers).toBe('16MB');
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
