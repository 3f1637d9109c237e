import type { Database } from './client.ts';
import { posts } from './schema/index.ts';
import type { AppConfig } from '../src/server/env.ts';
import { seedDefaultSettings } from '../src/server/services/settings.ts';
import { countUsers, createUser, generatePassword } from '../src/server/services/users.ts';
import { builtInPosts } from './seed-content.ts';

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
  await seedDefaultSettings(db);
  if ((await countUsers(db)) > 0) return { createdAdmin: false };

  const password = config.adminPassword ?? generatePassword();
  await createUser(db, {
    username: config.adminUsername,
    // Without ADMIN_EMAIL the address is a placeholder under .invalid, a name that never receives mail;
    // new-lead alerts then wait for an address in Settings.
    email:
      config.adminEmail ?? `${config.adminUsername.toLowerCase().replace(/[^a-z0-9._-]/g, '')}@admin.invalid`,
    password,
    role: 'admin',
  });
  // The posts come with the first admin: an owner who later deletes them does not see them return.
  await db.insert(posts).values(builtInPosts()).onConflictDoNothing({ target: posts.slug });
  return {
    createdAdmin: true,
    ...(config.adminPassword ? {} : { generatedAdmin: { username: config.adminUsername, password } }),
  };
}
