// The towns the company serves: the lists the public pages show, the ZIP codes online booking accepts,
// and the towns' own pages, which are published only with words of their own
// (docs/decisions/057-service-areas-and-town-pages.md).
import { and, asc, eq, isNull, max, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { serviceAreas, type ServiceArea } from '../../../db/schema/index.ts';
import {
  townPagePath,
  type AdminServiceArea,
  type PublicServiceArea,
  type ServiceAreaFields,
} from '../../shared/schemas/service-area.ts';
import { hasVisibleContent } from '../../shared/schemas/post.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors.ts';
import { htmlToText, sanitizePostHtml } from './html-sanitizer.ts';
import { slugify } from './posts.ts';
import { DOORWAY_SIMILARITY_THRESHOLD, townPageSimilarity } from './town-page-similarity.ts';

// Any number, distinct from the other advisory locks: saves of towns take turns, so two near-identical
// pages published at the same moment cannot both pass the comparison with each other.
const SERVICE_AREAS_LOCK_ID = 727_257;

const NOT_FOUND_MESSAGE = 'Service area not found';

/** The list order: the owner's order, then the order they were added. */
const listOrder = [asc(serviceAreas.sortOrder), asc(serviceAreas.id)];

/** Not in the Trash: every read but the Trash's own leaves trashed towns out. */
const liveArea = isNull(serviceAreas.deletedAt);
const shownArea = and(eq(serviceAreas.shown, true), liveArea);

/** Whether a town's own page is there for visitors: shown, published and with text. */
function hasPublicPage(row: Pick<ServiceArea, 'shown' | 'pagePublished' | 'pageBody'>): boolean {
  return row.shown && row.pagePublished && hasVisibleContent(row.pageBody);
}

function toPublic(row: ServiceArea): PublicServiceArea {
  return {
    id: row.id,
    slug: row.slug,
    town: row.town,
    state: row.state,
    zips: row.zips,
    inBanner: row.inBanner,
    inCommunityList: row.inCommunityList,
    pagePath: hasPublicPage(row) ? townPagePath(row.slug) : null,
  };
}

function toAdmin(row: ServiceArea): AdminServiceArea {
  return {
    id: row.id,
    town: row.town,
    state: row.state,
    zips: row.zips,
    shown: row.shown,
    inBanner: row.inBanner,
    inCommunityList: row.inCommunityList,
    slug: row.slug,
    formerSlugs: row.formerSlugs,
    sortOrder: row.sortOrder,
    pageHeading: row.pageHeading,
    pageIntro: row.pageIntro,
    pageBody: row.pageBody,
    pagePublished: row.pagePublished,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The shown towns with their ZIP codes, in the owner's order: every public list reads this. */
export async function listShownServiceAreas(db: Database): Promise<PublicServiceArea[]> {
  const rows = await db
    .select()
    .from(serviceAreas)
    .where(shownArea)
    .orderBy(...listOrder);
  return rows.map(toPublic);
}

/** Whether some shown town lists this ZIP code: the company goes there. */
export async function isZipServed(db: Database, zip: string): Promise<boolean> {
  const trimmed = zip.trim();
  if (!/^\d{5}$/.test(trimmed)) return false;
  const [row] = await db
    .select({ id: serviceAreas.id })
    .from(serviceAreas)
    .where(and(shownArea, sql`${serviceAreas.zips} @> array[${trimmed}]::text[]`))
    .limit(1);
  return row !== undefined;
}

/** Every town, hidden ones too, in the owner's order. */
export async function listServiceAreasForAdmin(db: Database): Promise<AdminServiceArea[]> {
  const rows = await db
    .select()
    .from(serviceAreas)
    .where(liveArea)
    .orderBy(...listOrder);
  return rows.map(toAdmin);
}

export async function getServiceAreaForAdmin(db: Database, id: number): Promise<AdminServiceArea> {
  const [row] = await db
    .select()
    .from(serviceAreas)
    .where(and(eq(serviceAreas.id, id), liveArea));
  if (!row) throw new NotFoundError(NOT_FOUND_MESSAGE);
  return toAdmin(row);
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The text a town page shows, as words: its heading, its intro and its body. */
function pageText(page: Pick<ServiceArea, 'pageHeading' | 'pageIntro' | 'pageBody'>): string {
  return [page.pageHeading, page.pageIntro, htmlToText(page.pageBody)].join('\n');
}

/**
 * Refuses to publish a page that, with every town's name and every ZIP code taken out, reads nearly
 * the same as another published town page: a copy with the town swapped is a doorway page.
 */
async function refuseDoorwayPage(
  tx: Transaction,
  page: Pick<ServiceArea, 'town' | 'pageHeading' | 'pageIntro' | 'pageBody'>,
  exceptId: number | null,
): Promise<void> {
  const all = await tx
    .select({
      id: serviceAreas.id,
      town: serviceAreas.town,
      state: serviceAreas.state,
      slug: serviceAreas.slug,
      pagePublished: serviceAreas.pagePublished,
      pageHeading: serviceAreas.pageHeading,
      pageIntro: serviceAreas.pageIntro,
      pageBody: serviceAreas.pageBody,
    })
    .from(serviceAreas)
    .where(liveArea)
    .orderBy(...listOrder);
  const placeNames = [page.town, ...all.map((area) => area.town)];
  const text = pageText(page);
  for (const other of all) {
    if (other.id === exceptId || !other.pagePublished) continue;
    const similarity = townPageSimilarity(text, pageText(other), placeNames);
    if (similarity >= DOORWAY_SIMILARITY_THRESHOLD) {
      const message =
        `This page reads like the ${other.town}, ${other.state} town page (${townPagePath(other.slug)}): ` +
        `with town names and ZIP codes taken out, ${Math.round(similarity * 100)}% of it is the same. ` +
        `Search engines treat such copies as doorway pages, so it was not published. ` +
        `Write about what is particular to ${page.town} first.`;
      throw new InvalidInputError(message, { pageBody: [message] });
    }
  }
}

/** The live town other than `exceptId` whose address this slug is, or undefined. */
export async function townAt(
  db: Database,
  slug: string,
  exceptId: number | null,
): Promise<{ town: string } | undefined> {
  const [taken] = await db
    .select({ town: serviceAreas.town })
    .from(serviceAreas)
    .where(
      and(
        liveArea,
        eq(serviceAreas.slug, slug),
        exceptId === null ? undefined : ne(serviceAreas.id, exceptId),
      ),
    );
  return taken;
}

/** The slug asked for, or one made of the town and state; refused when another town has it. */
async function freeSlug(
  tx: Transaction,
  fields: ServiceAreaFields,
  exceptId: number | null,
): Promise<string> {
  const slug = fields.slug ?? slugify(`${fields.town} ${fields.state}`);
  const taken = await townAt(tx, slug, exceptId);
  if (taken) {
    const message = `The address ${townPagePath(slug)} belongs to ${taken.town} already: choose another slug.`;
    throw new ConflictError(message);
  }
  return slug;
}

/**
 * A former address of another town given to this one: it now leads here, so the other town stops
 * redirecting from it.
 */
async function releaseFormerSlug(tx: Transaction, slug: string): Promise<void> {
  await tx
    .update(serviceAreas)
    .set({ formerSlugs: sql`array_remove(${serviceAreas.formerSlugs}, ${slug})` })
    .where(sql`${serviceAreas.formerSlugs} @> array[${slug}]::text[]`);
}

function storedFields(fields: ServiceAreaFields) {
  return {
    town: fields.town,
    state: fields.state,
    zips: fields.zips,
    shown: fields.shown,
    inBanner: fields.inBanner,
    inCommunityList: fields.inCommunityList,
    pageHeading: fields.pageHeading,
    pageIntro: fields.pageIntro,
    pageBody: fields.pageBody === '' ? '' : sanitizePostHtml(fields.pageBody),
    pagePublished: fields.pagePublished,
  };
}

async function lockServiceAreas(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SERVICE_AREAS_LOCK_ID})`);
}

/** Adds a town at the end of the list. */
export async function createServiceArea(
  db: Database,
  fields: ServiceAreaFields,
  now = new Date(),
): Promise<AdminServiceArea> {
  return db.transaction(async (tx) => {
    await lockServiceAreas(tx);
    const stored = storedFields(fields);
    if (stored.pagePublished) await refuseDoorwayPage(tx, stored, null);
    const slug = await freeSlug(tx, fields, null);
    await releaseFormerSlug(tx, slug);
    const [last] = await tx.select({ sortOrder: max(serviceAreas.sortOrder) }).from(serviceAreas);
    const [row] = await tx
      .insert(serviceAreas)
      .values({
        ...stored,
        slug,
        sortOrder: (last?.sortOrder ?? 0) + 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return toAdmin(row!);
  });
}

/**
 * Saves an edit. The slug stays unless one is given; a new slug keeps the old one as a former address,
 * which answers 301 to the new.
 */
export async function updateServiceArea(
  db: Database,
  id: number,
  fields: ServiceAreaFields,
  now = new Date(),
): Promise<AdminServiceArea> {
  return db.transaction(async (tx) => {
    await lockServiceAreas(tx);
    const [existing] = await tx
      .select()
      .from(serviceAreas)
      .where(and(eq(serviceAreas.id, id), liveArea));
    if (!existing) throw new NotFoundError(NOT_FOUND_MESSAGE);
    const stored = storedFields(fields);
    if (stored.pagePublished) await refuseDoorwayPage(tx, stored, id);
    const slug = await freeSlug(tx, { ...fields, slug: fields.slug ?? existing.slug }, id);
    let formerSlugs = existing.formerSlugs;
    if (slug !== existing.slug) {
      await releaseFormerSlug(tx, slug);
      formerSlugs = [...new Set([...existing.formerSlugs, existing.slug])].filter(
        (former) => former !== slug,
      );
    }
    const [row] = await tx
      .update(serviceAreas)
      .set({ ...stored, slug, formerSlugs, updatedAt: now })
      .where(eq(serviceAreas.id, id))
      .returning();
    return toAdmin(row!);
  });
}

/** Puts the towns in the given order; the list must name every town once. */
export async function reorderServiceAreas(db: Database, ids: readonly number[]): Promise<AdminServiceArea[]> {
  return db.transaction(async (tx) => {
    await lockServiceAreas(tx);
    const existing = await tx.select({ id: serviceAreas.id }).from(serviceAreas).where(liveArea);
    const known = new Set(existing.map((row) => row.id));
    if (ids.length !== known.size || ids.some((id) => !known.has(id))) {
      const message = 'The order must name every service area once: reload the list and try again.';
      throw new InvalidInputError(message, { ids: [message] });
    }
    for (const [index, id] of ids.entries())
      await tx
        .update(serviceAreas)
        .set({ sortOrder: index + 1 })
        .where(eq(serviceAreas.id, id));
    const rows = await tx
      .select()
      .from(serviceAreas)
      .where(liveArea)
      .orderBy(...listOrder);
    return rows.map(toAdmin);
  });
}

/** A town page as its address shows it. */
export interface TownPage {
  slug: string;
  town: string;
  state: string;
  zips: string[];
  heading: string;
  intro: string;
  /** Sanitized HTML. */
  body: string;
  updatedAt: string;
}

export type TownPageLookup =
  { kind: 'page'; page: TownPage } | { kind: 'moved'; slug: string } | { kind: 'none' };

/**
 * The town page at this slug; `moved` when the slug is a town's former address and that town's page
 * is public (the old address answers 301 there); `none` otherwise.
 */
export async function findTownPage(db: Database, slug: string): Promise<TownPageLookup> {
  const [row] = await db
    .select()
    .from(serviceAreas)
    .where(
      and(
        liveArea,
        sql`(${serviceAreas.slug} = ${slug} or ${serviceAreas.formerSlugs} @> array[${slug}]::text[])`,
      ),
    )
    .orderBy(sql`${serviceAreas.slug} = ${slug} desc`)
    .limit(1);
  if (!row || !hasPublicPage(row)) return { kind: 'none' };
  if (row.slug !== slug) return { kind: 'moved', slug: row.slug };
  return {
    kind: 'page',
    page: {
      slug: row.slug,
      town: row.town,
      state: row.state,
      zips: row.zips,
      heading: row.pageHeading,
      intro: row.pageIntro,
      body: sanitizePostHtml(row.pageBody),
      updatedAt: row.updatedAt.toISOString(),
    },
  };
}

/** The town pages visitors can open, for the sitemap. */
export async function listPublishedTownPages(
  db: Database,
): Promise<{ path: string; town: string; updatedAt: string }[]> {
  const rows = await db
    .select()
    .from(serviceAreas)
    .where(and(shownArea, eq(serviceAreas.pagePublished, true)))
    .orderBy(...listOrder);
  return rows.filter(hasPublicPage).map((row) => ({
    path: townPagePath(row.slug),
    town: row.town,
    updatedAt: row.updatedAt.toISOString(),
  }));
}
