// The company's services and the questions customers ask, as the owner edits them in /admin: one set of
// functions behind the tRPC procedures, the REST paths and the pages that show them.
import { and, asc, eq, inArray, isNull, ne, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  faqs,
  media,
  services,
  type FaqRow,
  type ServicePhoto,
  type ServiceRow,
} from '../../../db/schema/index.ts';
import type { FaqInput, ServiceInput, ServicePhotoInput } from '../../shared/schemas/service.ts';
import type { ShownPhoto } from '../../shared/shown-photo.ts';
import { siteImageUrl } from '../../shared/site-image-url.ts';
import { webpTwinOf } from '../../shared/webp-twin.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors.ts';
import { sanitizePostHtml } from './html-sanitizer.ts';
import { uploadedImagesFor } from './media.ts';
import { slugify } from './posts.ts';

export const SERVICE_NOT_FOUND = 'Service not found';
export const FAQ_NOT_FOUND = 'Question not found';

/** A service as visitors, the public API and the pages see it: nothing about drafts or old addresses. */
export interface PublicService {
  id: number;
  slug: string;
  title: string;
  anchor: string;
  summary: string;
  /** Sanitized HTML. */
  description: string;
  offerings: string[];
  photos: ServicePhoto[];
  homeHighlight: string | null;
  priceFrom: number | null;
  /** ISO 8601. */
  updatedAt: string;
}

export interface AdminService extends PublicService {
  formerSlugs: string[];
  isShown: boolean;
  sortOrder: number;
  createdAt: string;
}

/** What a list of services on every page (the footer, a form's choice) needs of each. */
export interface ServiceLink {
  title: string;
  slug: string;
  anchor: string;
}

export interface PublicFaq {
  id: number;
  question: string;
  answer: string;
  /** The service it is about; null for a general question. */
  serviceId: number | null;
}

export interface AdminFaq extends PublicFaq {
  isShown: boolean;
  sortOrder: number;
  createdAt: string;
  updatedAt: string;
}

function publicServiceOf(row: ServiceRow): PublicService {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    anchor: row.anchor,
    summary: row.summary,
    description: row.description,
    offerings: row.offerings,
    photos: row.photos,
    homeHighlight: row.homeHighlight,
    priceFrom: row.priceFrom,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function adminServiceOf(row: ServiceRow): AdminService {
  return {
    ...publicServiceOf(row),
    formerSlugs: row.formerSlugs,
    isShown: row.isShown,
    sortOrder: row.sortOrder,
    createdAt: row.createdAt.toISOString(),
  };
}

function publicFaqOf(row: FaqRow): PublicFaq {
  return { id: row.id, question: row.question, answer: row.answer, serviceId: row.serviceId };
}

function adminFaqOf(row: FaqRow): AdminFaq {
  return {
    ...publicFaqOf(row),
    isShown: row.isShown,
    sortOrder: row.sortOrder,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const listOrder = [asc(services.sortOrder), asc(services.id)] as const;

/** Not in the Trash: every read but the Trash's own leaves trashed services out. */
const liveService = isNull(services.deletedAt);
const shownService = and(eq(services.isShown, true), liveService);
/** A question in the Trash, or one about a service in the Trash, is nowhere but the Trash. */
const liveFaq = and(
  isNull(faqs.deletedAt),
  notExists(
    sql`(select 1 from ${services} where ${services.id} = ${faqs.serviceId} and ${services.deletedAt} is not null)`,
  ),
);

/** The shown services, in the owner's order. */
export async function listShownServices(db: Database): Promise<PublicService[]> {
  const rows = await db
    .select()
    .from(services)
    .where(shownService)
    .orderBy(...listOrder);
  return rows.map(publicServiceOf);
}

/** Title and addresses of the shown services, for the lists every page carries. */
export function listServiceLinks(db: Database): Promise<ServiceLink[]> {
  return db
    .select({ title: services.title, slug: services.slug, anchor: services.anchor })
    .from(services)
    .where(shownService)
    .orderBy(...listOrder);
}

/**
 * A shown service by its address; an address it had before answers where it moved. Hidden or unknown:
 * not found.
 */
export async function findShownService(
  db: Database,
  slug: string,
): Promise<{ service: PublicService } | { movedTo: string }> {
  const [row] = await db
    .select()
    .from(services)
    .where(and(shownService, or(eq(services.slug, slug), sql`${slug} = any(${services.formerSlugs})`)))
    .orderBy(sql`${services.slug} = ${slug} desc`)
    .limit(1);
  if (!row) throw new NotFoundError(SERVICE_NOT_FOUND);
  return row.slug === slug ? { service: publicServiceOf(row) } : { movedTo: row.slug };
}

/** The shown questions, general ones and those of shown services, in the owner's order. */
export async function listShownFaqs(db: Database): Promise<PublicFaq[]> {
  const rows = await db
    .select({ faq: faqs })
    .from(faqs)
    .leftJoin(services, eq(services.id, faqs.serviceId))
    .where(and(eq(faqs.isShown, true), liveFaq, or(isNull(faqs.serviceId), eq(services.isShown, true))))
    .orderBy(asc(faqs.sortOrder), asc(faqs.id));
  return rows.map((row) => publicFaqOf(row.faq));
}

/**
 * Each photo with the copies to show: an upload's smaller AVIF, WebP and JPEG copies from its media
 * row, a shipped picture's WebP twin under its content-addressed name.
 */
export async function shownPhotos(db: Database, photos: readonly ServicePhoto[]): Promise<ShownPhoto[]> {
  const uploads = await uploadedImagesFor(
    db,
    photos.map((photo) => photo.src),
  );
  return photos.map((photo) => {
    const upload = uploads.get(photo.src);
    if (upload)
      return { ...photo, image: { src: upload.src, srcSet: upload.srcSet, sources: upload.sources } };
    const webp = webpTwinOf(photo.src);
    return {
      ...photo,
      image: {
        src: siteImageUrl(photo.src),
        srcSet: '',
        sources: webp ? [{ type: 'image/webp', srcSet: siteImageUrl(webp) }] : [],
      },
    };
  });
}

// Staff.

export async function listServicesForAdmin(db: Database): Promise<AdminService[]> {
  const rows = await db
    .select()
    .from(services)
    .where(liveService)
    .orderBy(...listOrder);
  return rows.map(adminServiceOf);
}

async function findServiceRow(db: Database, id: number): Promise<ServiceRow> {
  const [row] = await db
    .select()
    .from(services)
    .where(and(eq(services.id, id), liveService));
  if (!row) throw new NotFoundError(SERVICE_NOT_FOUND);
  return row;
}

export async function getServiceForAdmin(db: Database, id: number): Promise<AdminService> {
  return adminServiceOf(await findServiceRow(db, id));
}

/**
 * The photos as stored: an upload must be an image in the media library, and its size is the media
 * row's; a picture the site ships keeps the size the form sent back with it.
 */
async function storablePhotos(db: Database, photos: readonly ServicePhotoInput[]): Promise<ServicePhoto[]> {
  const uploadUrls = photos.map((photo) => photo.src).filter((src) => src.startsWith('/uploads/'));
  const rows = uploadUrls.length
    ? await db
        .select({ url: media.url, type: media.type, width: media.width, height: media.height })
        .from(media)
        .where(inArray(media.url, uploadUrls))
    : [];
  const byUrl = new Map(rows.map((row) => [row.url, row]));
  return photos.map((photo, index) => {
    const field = `photos.${index}.src`;
    if (photo.src.startsWith('/uploads/')) {
      const row = byUrl.get(photo.src);
      if (!row || row.type !== 'image' || !row.width || !row.height)
        throw new InvalidInputError(`Photo ${index + 1} is not an image in the media library`, {
          [field]: ['Not an image in the media library'],
        });
      return { src: photo.src, alt: photo.alt, caption: photo.caption, width: row.width, height: row.height };
    }
    if (!webpTwinOf(photo.src) || !photo.width || !photo.height)
      throw new InvalidInputError(`Photo ${index + 1} must be chosen from the media library`, {
        [field]: ['Must be chosen from the media library'],
      });
    return {
      src: photo.src,
      alt: photo.alt,
      caption: photo.caption,
      width: photo.width,
      height: photo.height,
    };
  });
}

/**
 * Why another live service keeps this one from having this slug and anchor, or null. A service in the
 * Trash holds neither: a new one may take them, and restoring the old one is then refused.
 */
export async function addressTakenBy(
  db: Database,
  slug: string,
  anchor: string,
  exceptId?: number,
): Promise<string | null> {
  const others = exceptId === undefined ? liveService : and(liveService, ne(services.id, exceptId));
  const [slugTaken] = await db
    .select({ title: services.title })
    .from(services)
    .where(and(others, eq(services.slug, slug)));
  if (slugTaken) return `The address /services/${slug} is already used by “${slugTaken.title}”`;
  const [anchorTaken] = await db
    .select({ title: services.title })
    .from(services)
    .where(and(others, eq(services.anchor, anchor)));
  return anchorTaken ? `The anchor #${anchor} is already used by “${anchorTaken.title}”` : null;
}

/**
 * Refuses an address another service uses now. One a service used before may be taken: the page
 * that is there now wins over an old redirect, which the other service gives up.
 */
async function claimAddress(db: Database, slug: string, anchor: string, exceptId?: number) {
  const taken = await addressTakenBy(db, slug, anchor, exceptId);
  if (taken) throw new ConflictError(taken);
  const others = exceptId === undefined ? sql`true` : ne(services.id, exceptId);
  await db
    .update(services)
    .set({ formerSlugs: sql`array_remove(${services.formerSlugs}, ${slug})` })
    .where(and(others, sql`${slug} = any(${services.formerSlugs})`));
}

function columnsOf(input: ServiceInput, photos: ServicePhoto[], slug: string, anchor: string) {
  return {
    title: input.title,
    slug,
    anchor,
    summary: input.summary,
    description: sanitizePostHtml(input.description),
    offerings: input.offerings,
    photos,
    homeHighlight: input.homeHighlight,
    priceFrom: input.priceFrom,
    isShown: input.isShown,
  };
}

export async function createService(
  db: Database,
  input: ServiceInput,
  now = new Date(),
): Promise<AdminService> {
  return db.transaction(async (tx) => {
    const slug = input.slug ?? slugify(input.title);
    const anchor = input.anchor ?? slug;
    const photos = await storablePhotos(tx, input.photos);
    await claimAddress(tx, slug, anchor);
    const [last] = await tx
      .select({ sortOrder: sql<number>`coalesce(max(${services.sortOrder}), -1)::int` })
      .from(services);
    const [row] = await tx
      .insert(services)
      .values({
        ...columnsOf(input, photos, slug, anchor),
        sortOrder: input.sortOrder ?? last!.sortOrder + 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return adminServiceOf(row!);
  });
}

/**
 * Saves an edit. A new slug keeps the old one as a former address, which then answers with a
 * permanent redirect; slug and anchor left empty stay as they were.
 */
export async function updateService(
  db: Database,
  id: number,
  input: ServiceInput,
  now = new Date(),
): Promise<AdminService> {
  return db.transaction(async (tx) => {
    const existing = await findServiceRow(tx, id);
    const slug = input.slug ?? existing.slug;
    const anchor = input.anchor ?? existing.anchor;
    const photos = await storablePhotos(tx, input.photos);
    await claimAddress(tx, slug, anchor, id);
    const formerSlugs =
      slug === existing.slug
        ? existing.formerSlugs
        : [...new Set([...existing.formerSlugs, existing.slug])].filter((former) => former !== slug);
    const [row] = await tx
      .update(services)
      .set({
        ...columnsOf(input, photos, slug, anchor),
        formerSlugs,
        sortOrder: input.sortOrder ?? existing.sortOrder,
        updatedAt: now,
      })
      .where(eq(services.id, id))
      .returning();
    return adminServiceOf(row!);
  });
}

/** Puts the services in the order given, which must name every service once. */
export async function reorderServices(db: Database, ids: readonly number[]): Promise<AdminService[]> {
  return db.transaction(async (tx) => {
    const known = await tx.select({ id: services.id }).from(services).where(liveService);
    const given = new Set(ids);
    if (known.length !== ids.length || known.some((row) => !given.has(row.id)))
      throw new InvalidInputError('Order must name every service once', {
        ids: ['Must name every service once'],
      });
    for (const [sortOrder, id] of ids.entries())
      await tx.update(services).set({ sortOrder }).where(eq(services.id, id));
    return listServicesForAdmin(tx);
  });
}

export async function listFaqsForAdmin(db: Database): Promise<AdminFaq[]> {
  const rows = await db.select().from(faqs).where(liveFaq).orderBy(asc(faqs.sortOrder), asc(faqs.id));
  return rows.map(adminFaqOf);
}

async function assertServiceExists(db: Database, serviceId: number | null) {
  if (serviceId === null) return;
  const [row] = await db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.id, serviceId), liveService));
  if (!row) throw new InvalidInputError('Service: no such service', { serviceId: ['No such service'] });
}

export async function createFaq(db: Database, input: FaqInput, now = new Date()): Promise<AdminFaq> {
  await assertServiceExists(db, input.serviceId);
  const [last] = await db
    .select({ sortOrder: sql<number>`coalesce(max(${faqs.sortOrder}), -1)::int` })
    .from(faqs);
  const [row] = await db
    .insert(faqs)
    .values({
      question: input.question,
      answer: input.answer,
      serviceId: input.serviceId,
      isShown: input.isShown,
      sortOrder: input.sortOrder ?? last!.sortOrder + 1,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return adminFaqOf(row!);
}

export async function updateFaq(
  db: Database,
  id: number,
  input: FaqInput,
  now = new Date(),
): Promise<AdminFaq> {
  await assertServiceExists(db, input.serviceId);
  const [row] = await db
    .update(faqs)
    .set({
      question: input.question,
      answer: input.answer,
      serviceId: input.serviceId,
      isShown: input.isShown,
      ...(input.sortOrder === undefined ? {} : { sortOrder: input.sortOrder }),
      updatedAt: now,
    })
    .where(and(eq(faqs.id, id), liveFaq))
    .returning();
  if (!row) throw new NotFoundError(FAQ_NOT_FOUND);
  return adminFaqOf(row);
}
