// The owner's words for the pages that have them (src/shared/schemas/page-texts.ts), over the built-in
// defaults. A page shows a field as stored when it is not empty, else its default.
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { pageTexts } from '../../../db/schema/index.ts';
import { builtInPageTexts } from '../../../db/seed-page-texts.ts';
import {
  pageTextSchemas,
  withDefaults,
  type PageText,
  type TextPage,
} from '../../shared/schemas/page-texts.ts';

/**
 * The page's words as stored, every field present (empty: the default shows). A stored document that
 * no longer fits the schema (an older release, a hand edit) keeps what still fits, field by field.
 */
export async function getStoredPageText<Page extends TextPage>(
  db: Database,
  page: Page,
): Promise<PageText<Page>> {
  const [row] = await db.select().from(pageTexts).where(eq(pageTexts.page, page));
  const schema = pageTextSchemas[page];
  const empty = schema.parse({}) as PageText<Page>;
  if (!row) return empty;
  const parsed = schema.safeParse(row.content);
  if (parsed.success) return parsed.data as PageText<Page>;
  const kept: Record<string, unknown> = { ...empty };
  for (const [field, value] of Object.entries(row.content)) {
    const one = schema.shape[field as keyof typeof schema.shape] as
      { safeParse(value: unknown): { success: boolean; data?: unknown } } | undefined;
    const fits = one?.safeParse(value);
    if (fits?.success) kept[field] = fits.data;
  }
  return kept as PageText<Page>;
}

/** The words a page shows: the owner's, and the defaults where a field is empty. */
export async function getShownPageText<Page extends TextPage>(
  db: Database,
  page: Page,
  companyName: string,
): Promise<PageText<Page>> {
  return withDefaults(
    await getStoredPageText(db, page),
    builtInPageTexts[page] as PageText<Page>,
    companyName,
  );
}

/** The built-in words of a page, as shown with this company name. */
export function defaultPageText<Page extends TextPage>(page: Page, companyName: string): PageText<Page> {
  return withDefaults({}, builtInPageTexts[page] as PageText<Page>, companyName);
}

/** Saves the page's words (already checked by its schema); answers them as stored. */
export async function savePageText<Page extends TextPage>(
  db: Database,
  page: Page,
  text: PageText<Page>,
  now: Date,
): Promise<PageText<Page>> {
  const content = text as Record<string, unknown>;
  await db
    .insert(pageTexts)
    .values({ page, content, updatedAt: now })
    .onConflictDoUpdate({ target: pageTexts.page, set: { content, updatedAt: now } });
  return getStoredPageText(db, page);
}

/** The part of the page_texts table a page reads, as pages declare it and its change is announced. */
export function pageTextTable(page: TextPage): string {
  return `page_texts:${page}`;
}
