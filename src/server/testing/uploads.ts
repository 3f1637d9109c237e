// Uploads and posts put in place for the tests of the media library, its routes and the Media tab.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { posts, type Media, type PostType } from '../../../db/schema/index.ts';
import { storeUpload } from '../services/uploads.ts';
import type { TestApp } from './test-app.ts';

/** A photo 500 px wide: its copies are 400 and 500 px wide, in AVIF, WebP and JPEG. */
export const testPhoto = () =>
  sharp({ create: { width: 500, height: 300, channels: 3, background: '#3a6ea5' } })
    .jpeg()
    .toBuffer();
/** An MP4 by its first bytes, which is all the upload checks of a video. */
export const testVideo = () =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), randomBytes(200)]);

export async function uploadInto(t: TestApp, bytes: Buffer, originalName: string): Promise<Media> {
  const incoming = join(t.config.uploadsDir, '.incoming');
  await mkdir(incoming, { recursive: true });
  const tempPath = join(incoming, randomBytes(8).toString('hex'));
  await writeFile(tempPath, bytes);
  return storeUpload(t.database.db, t.app.fileStore, { tempPath, originalName });
}

export async function insertPost(
  t: TestApp,
  fields: { title: string; content?: string; image?: string; video?: string; type?: PostType },
): Promise<number> {
  const [row] = await t.database.db
    .insert(posts)
    .values({
      type: 'news',
      content: '<p>Text</p>',
      slug: `post-${randomBytes(4).toString('hex')}`,
      isPublished: true,
      ...fields,
    })
    .returning({ id: posts.id });
  return row!.id;
}
