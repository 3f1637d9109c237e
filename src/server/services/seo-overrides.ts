import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { seoMetadata } from '../../../db/schema/index.ts';
import type { SeoOverride } from '../../shared/schemas/seo-override.ts';

const overrideColumns = {
  page: seoMetadata.page,
  title: seoMetadata.title,
  description: seoMetadata.description,
  keywords: seoMetadata.keywords,
  ogTitle: seoMetadata.ogTitle,
  ogDescription: seoMetadata.ogDescription,
  ogImage: seoMetadata.ogImage,
  canonicalUrl: seoMetadata.canonicalUrl,
};

export async function listSeoOverrides(db: Database): Promise<SeoOverride[]> {
  return (await db.select(overrideColumns).from(seoMetadata).orderBy(asc(seoMetadata.page))) as SeoOverride[];
}

/** The override of one page path, or null when the owner set none. */
export async function findSeoOverride(db: Database, page: string): Promise<SeoOverride | null> {
  const [row] = await db.select(overrideColumns).from(seoMetadata).where(eq(seoMetadata.page, page));
  return (row as SeoOverride | undefined) ?? null;
}

/** Stores a page's override; one with every field empty is removed, so the page's own metadata returns. */
export async function saveSeoOverride(
  db: Database,
  override: SeoOverride,
  now = new Date(),
): Promise<SeoOverride | null> {
  const { page, ...fields } = override;
  if (Object.values(fields).every((value) => value === null)) {
    await db.delete(seoMetadata).where(eq(seoMetadata.page, page));
    return null;
  }
  await db
    .insert(seoMetadata)
    .values({ page, ...fields, updatedAt: now })
    .onConflictDoUpdate({ target: seoMetadata.page, set: { ...fields, updatedAt: now } });
  return override;
}
