// The kinds of content this site has, plugged into history and the Trash. A new kind is one more
// `registerContentType` call here: how to read its editable document and write one back, how to mark
// its row deleted, purge it, and which page-cache tables show it.
import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { contactSubmissions, media, posts, reviews } from '../../../../db/schema/index.ts';
import { postFieldsSchema, postTypeSchema } from '../../../shared/schemas/post.ts';
import { siteSettingsInputSchema } from '../../../shared/schemas/settings.ts';
import { InvalidInputError } from '../../errors.ts';
import { updatePost } from '../posts.ts';
import { getSettings, saveSettings } from '../settings.ts';
import { mediaInUse, purgeMedia } from '../media-library.ts';
import { isRowIdKey, registerContentType, type ContentDocument } from './registry.ts';

function parsed<T>(
  schema: {
    safeParse(
      value: unknown,
    ):
      { success: true; data: T } | { success: false; error: Parameters<typeof InvalidInputError.fromZod>[0] };
  },
  value: unknown,
): T {
  const result = schema.safeParse(value);
  if (!result.success) throw InvalidInputError.fromZod(result.error);
  return result.data;
}

/** The post fields the editor saves, as history keeps them (dates as ISO text). */
function postDocument(row: typeof posts.$inferSelect): ContentDocument {
  return {
    type: row.type,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    image: row.image,
    video: row.video,
    slug: row.slug,
    isPublished: row.isPublished,
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

const livePost = (id: number) => and(eq(posts.id, id), isNull(posts.deletedAt));

registerContentType({
  type: 'post',
  label: 'Post',
  tables: ['posts'],
  isKey: isRowIdKey,
  history: {
    async read(db, key) {
      const [row] = await db
        .select()
        .from(posts)
        .where(livePost(Number(key)));
      return row ? { title: row.title, document: postDocument(row) } : null;
    },
    async write(db, key, document) {
      const type = parsed(postTypeSchema, document.type);
      await updatePost(db, Number(key), type, parsed(postFieldsSchema, document));
    },
    textFields: ['title', 'excerpt', 'content'],
    fieldLabels: {
      type: 'Type',
      title: 'Title',
      excerpt: 'Excerpt',
      content: 'Content',
      image: 'Image',
      video: 'Video',
      slug: 'Slug',
      isPublished: 'Published',
      publishedAt: 'Publish date',
    },
  },
  trash: {
    async titleOf(db, key) {
      const [row] = await db
        .select({ title: posts.title })
        .from(posts)
        .where(livePost(Number(key)));
      return row?.title ?? null;
    },
    async setDeleted(db, key, deletedAt) {
      const rows = await db
        .update(posts)
        .set({ deletedAt })
        .where(eq(posts.id, Number(key)))
        .returning({ id: posts.id });
      return rows.length > 0;
    },
    async restoreConflict(db, key) {
      const [row] = await db
        .select({ slug: posts.slug })
        .from(posts)
        .where(eq(posts.id, Number(key)));
      if (!row) return null;
      const [taken] = await db
        .select({ title: posts.title })
        .from(posts)
        .where(and(eq(posts.slug, row.slug), isNull(posts.deletedAt), ne(posts.id, Number(key))));
      return taken
        ? `The address “${row.slug}” is now used by the post “${taken.title}”. Change that post’s slug, then restore this one.`
        : null;
    },
    async purge(db, key) {
      await db.delete(posts).where(and(eq(posts.id, Number(key)), isNotNull(posts.deletedAt)));
      return 'purged';
    },
  },
});

/** The settings are one item, the whole settings object. */
export const SETTINGS_KEY = 'site';

registerContentType({
  type: 'settings',
  label: 'Settings',
  tables: ['settings'],
  isKey: (key) => key === SETTINGS_KEY,
  history: {
    async read(db) {
      return { title: 'Site settings', document: { ...(await getSettings(db)) } };
    },
    async write(db, _key, document) {
      await saveSettings(db, parsed(siteSettingsInputSchema, document));
    },
    textFields: ['seoDescription'],
  },
});

registerContentType({
  type: 'review',
  label: 'Review',
  tables: ['reviews'],
  isKey: isRowIdKey,
  trash: {
    async titleOf(db, key) {
      const [row] = await db
        .select({ name: reviews.name, rating: reviews.rating })
        .from(reviews)
        .where(and(eq(reviews.id, Number(key)), isNull(reviews.deletedAt)));
      return row ? `Review by ${row.name} (${row.rating} stars)` : null;
    },
    async setDeleted(db, key, deletedAt) {
      const rows = await db
        .update(reviews)
        .set({ deletedAt })
        .where(eq(reviews.id, Number(key)))
        .returning({ id: reviews.id });
      return rows.length > 0;
    },
    async purge(db, key) {
      await db.delete(reviews).where(and(eq(reviews.id, Number(key)), isNotNull(reviews.deletedAt)));
      return 'purged';
    },
  },
});

registerContentType({
  type: 'lead',
  label: 'Lead',
  tables: [],
  isKey: isRowIdKey,
  trash: {
    async titleOf(db, key) {
      const [row] = await db
        .select({
          firstName: contactSubmissions.firstName,
          lastName: contactSubmissions.lastName,
          email: contactSubmissions.email,
        })
        .from(contactSubmissions)
        .where(and(eq(contactSubmissions.id, Number(key)), isNull(contactSubmissions.deletedAt)));
      return row ? `Lead from ${row.firstName} ${row.lastName} <${row.email}>` : null;
    },
    async setDeleted(db, key, deletedAt) {
      const rows = await db
        .update(contactSubmissions)
        .set({ deletedAt })
        .where(eq(contactSubmissions.id, Number(key)))
        .returning({ id: contactSubmissions.id });
      return rows.length > 0;
    },
    async purge(db, key) {
      await db
        .delete(contactSubmissions)
        .where(and(eq(contactSubmissions.id, Number(key)), isNotNull(contactSubmissions.deletedAt)));
      return 'purged';
    },
  },
});

registerContentType({
  type: 'upload',
  label: 'Upload',
  tables: ['media'],
  isKey: isRowIdKey,
  trash: {
    async titleOf(db, key) {
      const [row] = await db
        .select({ name: media.originalName })
        .from(media)
        .where(and(eq(media.id, Number(key)), isNull(media.deletedAt)));
      return row?.name ?? null;
    },
    async refusal(db, key) {
      return mediaInUse(db, Number(key));
    },
    async setDeleted(db, key, deletedAt) {
      const rows = await db
        .update(media)
        .set({ deletedAt })
        .where(eq(media.id, Number(key)))
        .returning({ id: media.id });
      return rows.length > 0;
    },
    purge: (db, key, context) => purgeMedia(db, context.fileStore, Number(key)),
  },
});
