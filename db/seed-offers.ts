import type { Database } from './client.ts';
import { offers, settings } from './schema/index.ts';
import { builtInOffers } from './seed-content.ts';

/** The settings row noting that the built-in offers were written once. */
const SEEDED_MARKER = 'builtInOffersSeeded';

/**
 * The offers the site showed before they were content, written once: on a new site and on the first
 * start of a site upgraded from a release that had them in code. An owner who deletes them does not see
 * them return. Not in the migration: a restore replays migrations before loading the archive's rows.
 */
export async function seedBuiltInOffers(db: Database): Promise<void> {
  const marked = await db
    .insert(settings)
    .values({
      key: SEEDED_MARKER,
      value: 'true',
      type: 'boolean',
      description: 'The built-in offers were added',
    })
    .onConflictDoNothing({ target: settings.key })
    .returning({ id: settings.id });
  if (marked.length === 0) return;
  await db.insert(offers).values(builtInOffers);
}
