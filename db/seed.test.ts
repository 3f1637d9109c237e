import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { builtInContent, faqs, offers, posts, services, settings, users } from './schema/index.ts';
import { seedDatabase } from './seed.ts';
import {
  createTestDatabase,
  testDatabaseKind,
  testDatabaseUrl,
} from '../src/server/testing/test-database.ts';
import { getSettings } from '../src/server/services/settings.ts';
import { verifyCredentials } from '../src/server/services/users.ts';
import { defaultSettings } from '../src/shared/site-defaults.ts';

async function count(
  handle: DatabaseHandle,
  table: typeof users | typeof settings | typeof posts | typeof services | typeof offers,
) {
  const [row] = await handle.db.select({ count: sql<number>`count(*)::int` }).from(table);
  return row!.count;
}

describe(`seed (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = await createTestDatabase();
  });
  afterEach(async () => {
    await handle.close();
  });

  it('creates the admin with a generated strong password, reported only on the first run', async () => {
    const first = await seedDatabase(handle.db, { adminUsername: 'admin', adminPassword: undefined });
    expect(first.generatedAdmin?.username).toBe('admin');
    expect(first.generatedAdmin!.password.length).toBeGreaterThanOrEqual(20);
    await expect(
      verifyCredentials(handle.db, 'admin', first.generatedAdmin!.password),
    ).resolves.toMatchObject({ role: 'admin' });

    const second = await seedDatabase(handle.db, { adminUsername: 'admin', adminPassword: undefined });
    expect(second).toEqual({ createdAdmin: false });
  });

  it('uses ADMIN_USERNAME and ADMIN_PASSWORD when given and prints no password', async () => {
    const result = await seedDatabase(handle.db, {
      adminUsername: 'owner',
      adminPassword: 'a-long-enough-password',
    });
    expect(result.generatedAdmin).toBeUndefined();
    await expect(verifyCredentials(handle.db, 'owner', 'a-long-enough-password')).resolves.toMatchObject({
      username: 'owner',
    });
  });

  it('seeding twice changes nothing: one admin, the default settings once, the built-in posts once', async () => {
    await seedDatabase(handle.db, { adminUsername: 'admin', adminPassword: undefined });
    const after = [await count(handle, users), await count(handle, settings), await count(handle, posts)];
    await seedDatabase(handle.db, { adminUsername: 'admin', adminPassword: undefined });
    expect([await count(handle, users), await count(handle, settings), await count(handle, posts)]).toEqual(
      after,
    );
    expect(after[0]).toBe(1);
    // Every default, and the note that the built-in offers were written.
    expect(after[1]).toBe(Object.keys(defaultSettings).length + 1);
    expect(await count(handle, offers)).toBe(2);
    expect(await getSettings(handle.db)).toEqual(defaultSettings);
  });

  it('gives a database made before services existed the built-in services once, at its next start', async () => {
    await seedDatabase(handle.db, { adminUsername: 'admin', adminPassword: undefined });
    // As a release without services left it: an admin, and no services or mark.
    await handle.db.delete(builtInContent);
    await handle.db.delete(services);
    const result = await seedDatabase(handle.db, { adminUsername: 'admin', adminPassword: undefined });
    expect(result.createdAdmin).toBe(false);
    const titles = (await handle.db.select().from(services).orderBy(services.sortOrder)).map(
      (row) => row.title,
    );
    expect(titles).toEqual([
      'Residential Plumbing',
      'Sewer + Drain Solutions',
      'Filtration System',
      'Underground Plumbing',
      'Water Heater Services',
      'Tankless Water Installation',
    ]);
    expect((await handle.db.select().from(faqs)).length).toBeGreaterThan(0);
    // The owner deletes one: it does not come back.
    await handle.db.delete(services).where(sql`${services.slug} = 'filtration-system'`);
    await seedDatabase(handle.db, { adminUsername: 'admin', adminPassword: undefined });
    expect(await count(handle, services)).toBe(5);
  });

  it('never overwrites a setting the owner changed', async () => {
    await seedDatabase(handle.db, { adminUsername: 'admin', adminPassword: undefined });
    await handle.db
      .update(settings)
      .set({ value: 'Owner Named Co.' })
      .where(sql`${settings.key} = 'companyName'`);
    await seedDatabase(handle.db, { adminUsername: 'admin', adminPassword: undefined });
    expect((await getSettings(handle.db)).companyName).toBe('Owner Named Co.');
  });

  it('instances seeding an empty database at once create one admin and report its password once', async () => {
    // On PostgreSQL each instance has its own connections; PGlite has one process, so one handle.
    const others =
      testDatabaseKind === 'postgres'
        ? await Promise.all([1, 2].map(async () => openDatabase({ url: await testDatabaseUrl() })))
        : [];
    try {
      const results = await Promise.all(
        [handle, ...others, ...(others.length ? [] : [handle, handle])].map((each) =>
          seedDatabase(each.db, { adminUsername: 'admin', adminPassword: undefined }),
        ),
      );
      expect(results.filter((result) => result.createdAdmin)).toHaveLength(1);
      expect(results.filter((result) => result.generatedAdmin)).toHaveLength(1);
      expect(await count(handle, users)).toBe(1);
    } finally {
      await Promise.all(others.map((other) => other.close()));
    }
  });
});
