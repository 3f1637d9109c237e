import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { posts } from './schema/index.ts';
import type { AppConfig } from '../src/server/env.ts';
import { seedDefaultSettings } from '../src/server/services/settings.ts';
import { countUsers, createUser, generatePassword } from '../src/server/services/users.ts';
import { builtInPosts } from './seed-content.ts';

// Any number, distinct from the migration lock's: instances started together on an empty database take
// turns seeding, so only the first creates the admin and the others find it.
const SEED_LOCK_ID = 727_215;

export interface SeedResult {
  /** Set only on the start that created the admin with a generated password: print it once. */
  generatedAdmin?: { username: string; password: string };
  createdAdmin: boolean;
}

/**
 * First start: the admin user, the default settings and the built-in posts. Later starts change
 * nothing (settings keys added by a newer release are filled in; nothing the owner set is touched).
 */
export async function seedDatabase(
  db: Database,
  config: Pick<AppConfig, 'adminUsername' | 'adminPassword'> & Partial<Pick<AppConfig, 'adminEmail'>>,
): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    await seedDefaultSettings(tx);
    if ((await countUsers(tx)) > 0) return { createdAdmin: false };

    const password = config.adminPassword ?? generatePassword();
    await createUser(tx, {
      username: config.adminUsername,
      // Without ADMIN_EMAIL the address is a placeholder under .invalid, a name that never receives mail;
      // new-lead alerts then wait for an address in Settings.
      email:
        config.adminEmail ??
        `${config.adminUsername.toLowerCase().replace(/[^a-z0-9._-]/g, '')}@admin.invalid`,
      password,
      role: 'admin',
    });
    // The posts come with the first admin: an owner who later deletes them does not see them return.
    await tx
      .insert(posts)
      .values(builtInPosts())
      .onConflictDoNothing({ target: posts.slug, where: sql`${posts.deletedAt} is null` });
    return {
      createdAdmin: true,
      ...(config.adminPassword ? {} : { generatedAdmin: { username: config.adminUsername, password } }),
    };
  });
}
