// The admin's Media tab: every upload with where it is used, its alt text, and deleting what nothing uses.
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';
import { media, type Media, type MediaVariant, type PostType } from '../../../db/schema/index.ts';
import { InvalidInputError, NotFoundError } from '../errors.ts';
import { mediaListColumns } from './media.ts';
import { STORABLE_NAME_PATTERN, type FileStore } from '../storage/file-store.ts';

/**
 * One place an upload is shown: a post (as its image, its video or inside its text), a page's sharing
 * image, a setting, a service's photos, an offer's picture, or a town page's text.
 */
export type MediaUse =
  | { kind: 'post'; postId: number; title: string; postType: PostType; as: PostField[] }
  | { kind: 'seo'; page: string }
  | { kind: 'setting'; key: string }
  | { kind: 'service'; serviceId: number; title: string }
  | { kind: 'offer'; offerId: number; title: string }
  | { kind: 'town'; serviceAreaId: number; town: string };

const postFields = ['image', 'video', 'content'] as const;
type PostField = (typeof postFields)[number];

/**
 * Whether the smaller copies pages show are there: being made, made, none (an animated image, or one
 * whose copies failed: pages show the original), or not needed (videos).
 */
export type CopiesState = 'pending' | 'ready' | 'none' | 'not-needed';

export interface MediaLibraryItem {
  id: number;
  url: string;
  type: Media['type'];
  mimeType: string;
  originalName: string;
  size: number;
  width: number | null;
  height: number | null;
  alt: string;
  /** ISO 8601, so tRPC and REST answer the same text. */
  createdAt: string;
  /** A small copy to show in the list: the smallest WebP, else the original; null for a video. */
  thumbnail: string | null;
  copies: CopiesState;
  copyCount: number;
  uses: MediaUse[];
}

const libraryColumns = {
  ...mediaListColumns,
  filename: media.filename,
  alt: media.alt,
  variants: media.variants,
  variantsPending: media.variantsPending,
};

type LibraryRow = Pick<Media, keyof typeof libraryColumns>;

/** Every file an upload put in the store: the original and each copy made from it. */
export function storedNamesOf(row: { filename: string; variants: readonly MediaVariant[] }): string[] {
  return [row.filename, ...row.variants.map((variant) => variant.name)];
}

// A stored file's address wherever it appears (a path, a full URL, an <img src> or a srcset), with the
// name as the site makes names.
const UPLOAD_NAME = `/uploads/(${STORABLE_NAME_PATTERN})`;

interface ReferenceRow {
  source: 'post' | 'seo' | 'setting' | 'service' | 'offer' | 'town';
  name: string;
  /** The id of the post, service, offer or town. */
  post_id: number | null;
  title: string | null;
  post_type: PostType | null;
  field: PostField | null;
  page: string | null;
  key: string | null;
}

/**
 * Every reference to an uploaded file in what visitors see, found by the database in one query: each
 * post's text is scanned once for upload addresses, rather than once per upload. `names` narrows the
 * answer to those files.
 */
async function uploadReferences(
  db: Pick<Database, 'execute'>,
  names?: readonly string[],
  { withTrashed = false } = {},
): Promise<ReferenceRow[]> {
  // A post, service, offer or town in the Trash shows nothing to visitors, but keeps its uploads from
  // being purged.
  const postsCounted = withTrashed ? sql`` : sql`where p.deleted_at is null`;
  const servicesCounted = withTrashed ? sql`` : sql`where sv.deleted_at is null`;
  const offersCounted = withTrashed ? sql`` : sql`and o.deleted_at is null`;
  const townsCounted = withTrashed ? sql`` : sql`where sa.deleted_at is null`;
  const pattern = sql`${UPLOAD_NAME}::text`;
  const narrowed = names?.length
    ? sql`and name in (${sql.join(
        names.map((name) => sql`${name}`),
        sql`, `,
      )})`
    : sql``;
  return rowsOf<ReferenceRow>(
    await db.execute(sql`
      select * from (
        select 'post' as source, ref.name, p.id as post_id, p.title, p.type as post_type, ref.field,
               null::text as page, null::text as key
        from posts p
        cross join lateral (
          select substring(p.image from ${pattern}) as name, 'image' as field
          union all
          select substring(p.video from ${pattern}), 'video'
          union all
          select found[1], 'content' from regexp_matches(p.content, ${pattern}, 'g') as found
        ) ref
        ${postsCounted}
        union all
        select 'seo', substring(s.og_image from ${pattern}), null, null, null, null, s.page, null
        from seo_metadata s
        union all
        select 'setting', found[1], null, null, null, null, null, st.key
        from settings st
        cross join lateral regexp_matches(st.value, ${pattern}, 'g') as found
        union all
        select 'service', substring(photo->>'src' from ${pattern}), sv.id, sv.title, null, null, null, null
        from services sv
        cross join lateral jsonb_array_elements(sv.photos) as photo
        ${servicesCounted}
        union all
        select 'offer', substring(o.picture_url from ${pattern}), o.id, o.title, null, null, null, null
        from offers o
        where o.picture = 'uploaded' ${offersCounted}
        union all
        select 'town', found[1], sa.id, sa.town, null, null, null, null
        from service_areas sa
        cross join lateral regexp_matches(sa.page_intro || ' ' || sa.page_body, ${pattern}, 'g') as found
        ${townsCounted}
      ) refs
      where name is not null ${narrowed}
      order by source, post_id desc nulls last, page, key`),
  );
}

/** Groups references by upload, one use per post (with each way it uses the file), page or setting. */
function usesByMedia(
  rows: readonly LibraryRow[],
  references: readonly ReferenceRow[],
): Map<number, MediaUse[]> {
  const mediaByName = new Map<string, number>();
  for (const row of rows) for (const name of storedNamesOf(row)) mediaByName.set(name, row.id);
  const uses = new Map<number, MediaUse[]>();
  for (const reference of references) {
    const mediaId = mediaByName.get(reference.name);
    if (mediaId === undefined) continue;
    const list = uses.get(mediaId) ?? [];
    uses.set(mediaId, list);
    if (reference.source === 'post') {
      const field = reference.field!;
      const known = list.find((use) => use.kind === 'post' && use.postId === reference.post_id);
      if (known?.kind === 'post') {
        if (!known.as.includes(field))
          known.as = postFields.filter((each) => each === field || known.as.includes(each));
      } else {
        list.push({
          kind: 'post',
          postId: reference.post_id!,
          title: reference.title!,
          postType: reference.post_type!,
          as: [field],
        });
      }
    } else if (reference.source === 'service') {
      if (!list.some((use) => use.kind === 'service' && use.serviceId === reference.post_id))
        list.push({ kind: 'service', serviceId: reference.post_id!, title: reference.title! });
    } else if (reference.source === 'offer') {
      if (!list.some((use) => use.kind === 'offer' && use.offerId === reference.post_id))
        list.push({ kind: 'offer', offerId: reference.post_id!, title: reference.title! });
    } else if (reference.source === 'town') {
      if (!list.some((use) => use.kind === 'town' && use.serviceAreaId === reference.post_id))
        list.push({ kind: 'town', serviceAreaId: reference.post_id!, town: reference.title! });
    } else if (reference.source === 'seo') {
      if (!list.some((use) => use.kind === 'seo' && use.page === reference.page))
        list.push({ kind: 'seo', page: reference.page! });
    } else if (!list.some((use) => use.kind === 'setting' && use.key === reference.key)) {
      list.push({ kind: 'setting', key: reference.key! });
    }
  }
  return uses;
}

function copiesOf(row: LibraryRow): CopiesState {
  if (row.type === 'video') return 'not-needed';
  if (row.variantsPending) return 'pending';
  return row.variants.length ? 'ready' : 'none';
}

function thumbnailOf(row: LibraryRow): string | null {
  if (row.type === 'video') return null;
  // Variants are kept smallest first.
  const smallest = row.variants.find((variant) => variant.format === 'webp') ?? row.variants[0];
  return smallest ? `/uploads/${smallest.name}` : row.url;
}

function itemOf(row: LibraryRow, uses: MediaUse[]): MediaLibraryItem {
  return {
    id: row.id,
    url: row.url,
    type: row.type,
    mimeType: row.mimeType,
    originalName: row.originalName,
    size: row.size,
    width: row.width,
    height: row.height,
    alt: row.alt,
    createdAt: row.createdAt.toISOString(),
    thumbnail: thumbnailOf(row),
    copies: copiesOf(row),
    copyCount: row.variants.length,
    uses,
  };
}

/** Every upload, newest first, with where each is used: two queries whatever the number of uploads. */
export async function listMediaLibrary(db: Database): Promise<MediaLibraryItem[]> {
  const rows = await db
    .select(libraryColumns)
    .from(media)
    .where(isNull(media.deletedAt))
    .orderBy(desc(media.createdAt), desc(media.id));
  if (!rows.length) return [];
  const uses = usesByMedia(rows, await uploadReferences(db));
  return rows.map((row) => itemOf(row, uses.get(row.id) ?? []));
}

/** One upload as the Media tab lists it. */
export async function findMediaLibraryItem(db: Database, id: number): Promise<MediaLibraryItem> {
  const [row] = await db
    .select(libraryColumns)
    .from(media)
    .where(and(eq(media.id, id), isNull(media.deletedAt)));
  if (!row) throw new NotFoundError(NO_SUCH_UPLOAD);
  return itemOf(row, await usesOf(db, row));
}

/** Where this one upload is used. */
async function usesOf(db: Pick<Database, 'execute'>, row: LibraryRow): Promise<MediaUse[]> {
  const references = await uploadReferences(db, storedNamesOf(row));
  return usesByMedia([row], references).get(row.id) ?? [];
}

const NO_SUCH_UPLOAD = 'No such upload: it may have been deleted already';

/** Where an upload is used, in words the owner reads in a refusal. */
function describeUse(use: MediaUse): string {
  if (use.kind === 'post') return `the ${use.postType} post “${use.title}” (${use.as.join(', ')})`;
  if (use.kind === 'seo') return `the sharing image of the page ${use.page}`;
  if (use.kind === 'service') return `the service “${use.title}”`;
  if (use.kind === 'offer') return `the offer “${use.title}”`;
  if (use.kind === 'town') return `the page of ${use.town}`;
  return `the setting ${use.key}`;
}

/**
 * Sets an image's alt text. The database announces the change at commit (a trigger on media), so every
 * instance drops the pages it rendered with the old text (the rendered pages and the reads behind them).
 */
export async function updateMediaAlt(db: Database, id: number, alt: string): Promise<MediaLibraryItem> {
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx.update(media).set({ alt }).where(eq(media.id, id)).returning(libraryColumns);
    if (!updated) throw new NotFoundError(NO_SUCH_UPLOAD);
    if (updated.type !== 'image')
      throw new InvalidInputError('Only images have alt text; describe a video in the post’s text', {
        alt: ['Only images have alt text'],
      });
    return updated;
  });
  return itemOf(row, await usesOf(db, row));
}

/**
 * Why an upload may not go to the Trash: the live places that show it, in words; null when none does.
 * A post or service in the Trash does not hold an upload back from the Trash (both may come back
 * together).
 */
export async function mediaInUse(db: Database, id: number): Promise<string | null> {
  const [row] = await db
    .select(libraryColumns)
    .from(media)
    .where(and(eq(media.id, id), isNull(media.deletedAt)));
  if (!row) return null;
  const uses = await usesOf(db, row);
  return uses.length
    ? `“${row.originalName}” is used by ${uses.map(describeUse).join('; ')}. Remove it there first.`
    : null;
}

/**
 * Deletes an upload in the Trash for good: its row, then its original and every copy from the store.
 * One still used anywhere, by a post or service in the Trash too, is kept ('kept'), so one restored
 * later finds its pictures; the next sweep tries again. The tables that can refer to an upload are locked
 * against writes while it is checked and deleted, so a post saved at the same moment either commits
 * first (and is seen) or waits for the deletion to finish.
 */
export async function purgeMedia(db: Database, store: FileStore, id: number): Promise<'purged' | 'kept'> {
  const removed = await db.transaction(async (tx) => {
    await tx.execute(
      sql`lock table posts, seo_metadata, settings, services, offers, service_areas in share mode`,
    );
    const [row] = await tx
      .select(libraryColumns)
      .from(media)
      .where(and(eq(media.id, id), isNotNull(media.deletedAt)))
      .for('update');
    if (!row) return null;
    const references = await uploadReferences(tx, storedNamesOf(row), { withTrashed: true });
    if (references.length) return 'kept' as const;
    await tx.delete(media).where(eq(media.id, id));
    return row;
  });
  if (removed === null) return 'purged';
  if (removed === 'kept') return 'kept';
  // After the commit: a failure here leaves files nothing refers to, never a row whose files are gone.
  const failures: unknown[] = [];
  for (const name of storedNamesOf(removed)) {
    try {
      await store.remove(name);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length) throw failures[0];
  return 'purged';
}
