import { and, desc, eq, isNull, like, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { posts, type Post, type PostType } from '../../../db/schema/index.ts';
import type { postFieldsSchema } from '../../shared/schemas/post.ts';
import type { z } from 'zod';
import { NotFoundError } from '../errors.ts';
import { sanitizePostHtml } from './html-sanitizer.ts';

type PostFields = z.output<typeof postFieldsSchema>;

/** What a visitor may see of a post in a list. */
export interface PostSummary {
  id: number;
  type: PostType;
  slug: string;
  title: string;
  excerpt: string;
  image: string | null;
  video: string | null;
  publishedAt: string | null;
  updatedAt: string;
}

/** One post as the article page reads it. */
export interface PublicPost extends PostSummary {
  content: string;
}

/** A post as the admin list shows it, drafts included. */
export interface AdminPost extends PublicPost {
  isPublished: boolean;
  createdAt: string;
}

const summaryColumns = {
  id: posts.id,
  type: posts.type,
  slug: posts.slug,
  title: posts.title,
  excerpt: posts.excerpt,
  image: posts.image,
  video: posts.video,
  publishedAt: posts.publishedAt,
  updatedAt: posts.updatedAt,
};

function toSummary(row: Pick<Post, keyof typeof summaryColumns>): PostSummary {
  return {
    id: row.id,
    type: row.type,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    image: row.image,
    video: row.video,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toAdminPost(row: Post): AdminPost {
  return {
    ...toSummary(row),
    content: row.content,
    isPublished: row.isPublished,
    createdAt: row.createdAt.toISOString(),
  };
}

// A published post whose publish date lies ahead stays hidden until then (scheduled publishing); one in
// the Trash is hidden from everyone but the Trash tab.
function visibleToVisitors(now: Date) {
  return and(
    eq(posts.isPublished, true),
    isNull(posts.deletedAt),
    or(sql`${posts.publishedAt} is null`, lte(posts.publishedAt, now)),
  );
}

/** A post by id, unless it is in the Trash. */
function livePost(id: number) {
  return and(eq(posts.id, id), isNull(posts.deletedAt));
}

/** Every post a visitor may see, newest first, split by type as GET /api/posts answers. */
export async function listPublishedPosts(
  db: Database,
  now = new Date(),
): Promise<{ newsPosts: PostSummary[]; advicePosts: PostSummary[] }> {
  const rows = await db
    .select(summaryColumns)
    .from(posts)
    .where(visibleToVisitors(now))
    .orderBy(desc(posts.publishedAt), desc(posts.id));
  const summaries = rows.map(toSummary);
  return {
    newsPosts: summaries.filter((post) => post.type === 'news'),
    advicePosts: summaries.filter((post) => post.type === 'advice'),
  };
}

/**
 * A published post by id; drafts and unknown ids are both "not found", so drafts never leak. Its HTML
 * was sanitized when saved through createPost/updatePost, but the built-in posts, imports and old rows
 * were not: every reader (REST, tRPC, pages) gets it sanitized here, once.
 */
export async function getPublishedPost(db: Database, id: number, now = new Date()): Promise<PublicPost> {
  const [row] = await db
    .select({ ...summaryColumns, content: posts.content })
    .from(posts)
    .where(and(eq(posts.id, id), visibleToVisitors(now)));
  if (!row) throw new NotFoundError('Post not found');
  return { ...toSummary(row), content: sanitizePostHtml(row.content) };
}

export async function listAllPosts(db: Database): Promise<AdminPost[]> {
  const rows = await db
    .select()
    .from(posts)
    .where(isNull(posts.deletedAt))
    .orderBy(desc(posts.createdAt), desc(posts.id));
  return rows.map(toAdminPost);
}

export async function getPostForAdmin(db: Database, id: number): Promise<AdminPost> {
  const [row] = await db.select().from(posts).where(livePost(id));
  if (!row) throw new NotFoundError('Post not found');
  return toAdminPost(row);
}

export async function createPost(
  db: Database,
  type: PostType,
  fields: PostFields,
  now = new Date(),
): Promise<AdminPost> {
  const slug = await uniqueSlug(db, fields.slug ?? slugify(fields.title));
  const [row] = await db
    .insert(posts)
    .values({
      type,
      slug,
      title: fields.title,
      excerpt: fields.excerpt,
      content: sanitizePostHtml(fields.content),
      image: fields.image,
      video: fields.video,
      isPublished: fields.isPublished,
      publishedAt: fields.isPublished ? (fields.publishedAt ?? now) : fields.publishedAt,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return toAdminPost(row!);
}

/** Saves an edit. The slug stays as it was unless one is given, so shared links keep working. */
export async function updatePost(
  db: Database,
  id: number,
  type: PostType,
  fields: PostFields,
  now = new Date(),
): Promise<AdminPost> {
  const [existing] = await db.select().from(posts).where(livePost(id));
  if (!existing) throw new NotFoundError('Post not found');
  const slug =
    fields.slug && fields.slug !== existing.slug ? await uniqueSlug(db, fields.slug, id) : existing.slug;
  const [row] = await db
    .update(posts)
    .set({
      type,
      slug,
      title: fields.title,
      excerpt: fields.excerpt,
      content: sanitizePostHtml(fields.content),
      image: fields.image,
      video: fields.video,
      isPublished: fields.isPublished,
      // The first publication dates the post; unpublishing and republishing keeps that date,
      // unless the owner sets a date (scheduling).
      publishedAt:
        fields.publishedAt ?? (fields.isPublished && !existing.publishedAt ? now : existing.publishedAt),
      updatedAt: now,
    })
    .where(livePost(id))
    .returning();
  return toAdminPost(row!);
}

/** "Fixing a Leaky Faucet in 5 Steps!" becomes "fixing-a-leaky-faucet-in-5-steps". */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200)
    .replace(/-+$/, '');
  return slug || 'post';
}

// Posts in the Trash give their address up (the unique index leaves them out), so only live ones count.
async function uniqueSlug(db: Database, base: string, exceptId?: number): Promise<string> {
  const taken = new Set(
    (
      await db
        .select({ id: posts.id, slug: posts.slug })
        .from(posts)
        .where(and(isNull(posts.deletedAt), or(eq(posts.slug, base), like(posts.slug, `${base}-%`))))
    )
      .filter((row) => row.id !== exceptId)
      .map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix++) {
    const candidate = `${base}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
