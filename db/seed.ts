import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { builtInContent, faqs, posts, services } from './schema/index.ts';
import type { AppConfig } from '../src/server/env.ts';
import { seedDefaultSettings } from '../src/server/services/settings.ts';
import { countUsers, createUser, generatePassword } from '../src/server/services/users.ts';
import { builtInFaqs, builtInPosts, builtInServices } from './seed-content.ts';
import { seedBuiltInOffers } from './seed-offers.ts';

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
    await seedBuiltInServices(tx);
    await seedBuiltInOffers(tx);
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

/**
 * The built-in services and questions, given once to every database: on the first start, and on the
 * first start of a release that has them on a database made before. The mark in built_in_content keeps
 * services the owner deleted from coming back; a database that already has services (restored from an
 * archive) keeps its own.
 */
export async function seedBuiltInServices(tx: Database) {
  const [marked] = await tx
    .insert(builtInContent)
    .values({ kind: 'services' })
    .onConflictDoNothing()
    .returning({ kind: builtInContent.kind });
  if (!marked) return;
  const [existing] = await tx.select({ id: services.id }).from(services).limit(1);
  if (existing) return;
  const inserted = await tx
    .insert(services)
    .values(builtInServices())
    .returning({ id: services.id, slug: services.slug });
  const idBySlug = new Map(inserted.map((row) => [row.slug, row.id]));
  await tx.insert(faqs).values(
    builtInFaqs().map(({ serviceSlug, ...faq }) => ({
      ...faq,
      serviceId: serviceSlug ? idBySlug.get(serviceSlug)! : null,
    })),
  );
}
