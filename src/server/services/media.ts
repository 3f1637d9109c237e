import { desc } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { media } from '../../../db/schema/index.ts';

/** Uploaded files, newest first, for choosing one again in the editor. */
export function listMedia(db: Database, limit = 200) {
  return db
    .select({
      id: media.id,
      url: media.url,
      type: media.type,
      mimeType: media.mimeType,
      originalName: media.originalName,
      size: media.size,
      width: media.width,
      height: media.height,
      createdAt: media.createdAt,
    })
    .from(media)
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(limit);
}
