import { desc, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { media } from '../../../db/schema/index.ts';
import { uploadedImageOf, type UploadedImage } from '../../shared/uploaded-image.ts';

/** What a list of uploads shows of each. */
export const mediaListColumns = {
  id: media.id,
  url: media.url,
  type: media.type,
  mimeType: media.mimeType,
  originalName: media.originalName,
  size: media.size,
  width: media.width,
  height: media.height,
  createdAt: media.createdAt,
};

/** Uploaded files, newest first, for choosing one again in the editor. */
export function listMedia(db: Database, limit = 200) {
  return db
    .select(mediaListColumns)
    .from(media)
    .where(isNull(media.deletedAt))
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(limit);
}

/**
 * The pictures of uploaded images by their address, in one query for a whole list of posts. Addresses
 * that are not uploads (or have no recorded size) are left out: the page shows them as plain images.
 */
export async function uploadedImagesFor(
  db: Database,
  urls: readonly (string | null | undefined)[],
): Promise<Map<string, UploadedImage>> {
  const wanted = [...new Set(urls.filter((url): url is string => !!url?.startsWith('/uploads/')))];
  const pictures = new Map<string, UploadedImage>();
  if (!wanted.length) return pictures;
  const rows = await db
    .select({
      url: media.url,
      width: media.width,
      height: media.height,
      alt: media.alt,
      variants: media.variants,
    })
    .from(media)
    .where(inArray(media.url, wanted));
  for (const row of rows) {
    if (row.width === null || row.height === null) continue;
    pictures.set(row.url, uploadedImageOf({ ...row, width: row.width, height: row.height }));
  }
  return pictures;
}
