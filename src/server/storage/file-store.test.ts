import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/client.ts';
import { STORED_FILE_CHUNK_BYTES, storedFileChunks } from '../../../db/schema/index.ts';
import { createTestDatabase, testDatabaseKind } from '../testing/test-database.ts';
import { DatabaseStore } from './database-store.ts';
import { FolderStore, type FileStore } from './file-store.ts';
import { followRemovedFiles, importUploadsFolder } from './file-store-for.ts';

async function collect(bytes: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of bytes) parts.push(part);
  return Buffer.concat(parts);
}

describe(`file stores (${testDatabaseKind})`, () => {
  let database: DatabaseHandle;
  let work: string;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    work = await mkdtemp(join(tmpdir(), 'file-store-'));
  });
  afterEach(async () => {
    await rm(work, { recursive: true, force: true });
  });

  /** A source file to hand to save(), which takes it away. */
  async function source(bytes: Buffer): Promise<string> {
    const path = join(work, `source-${randomBytes(4).toString('hex')}`);
    await writeFile(path, bytes);
    return path;
  }

  const stores: [string, () => FileStore][] = [
    ['the uploads folder', () => new FolderStore(join(work, 'uploads'))],
    ['the database', () => new DatabaseStore(database.db, join(work, 'copies'))],
  ];

  describe.each(stores)('kept in %s', (_kind, makeStore) => {
    it('gives back every byte of what it kept, lists it, and forgets it on removal', async () => {
      const store = makeStore();
      // Two and a half pieces: the last piece is a short one.
      const video = randomBytes(STORED_FILE_CHUNK_BYTES * 2 + STORED_FILE_CHUNK_BYTES / 2);
      const photo = randomBytes(1000);
      const videoSource = await source(video);
      await store.save('clip.mp4', videoSource, 'video/mp4');
      await store.save('photo.jpg', await source(photo), 'image/jpeg');
      await expect(readdir(work)).resolves.not.toContain(videoSource.split('/').pop());

      expect(await store.list()).toEqual([
        { name: 'clip.mp4', size: video.length },
        { name: 'photo.jpg', size: photo.length },
      ]);
      expect((await collect(store.read('clip.mp4'))).equals(video)).toBe(true);
      const folder = await store.localFolderOf('clip.mp4');
      expect(folder).not.toBeNull();
      expect(await store.localFolderOf('missing.jpg')).toBeNull();
      expect(await store.localFolderOf('../clip.mp4')).toBeNull();

      await store.remove('clip.mp4');
      await store.remove('clip.mp4');
      expect(await store.list()).toEqual([{ name: 'photo.jpg', size: photo.length }]);
      expect(await store.localFolderOf('clip.mp4')).toBeNull();
      await store.remove('photo.jpg');
    });
  });

  describe('kept in the database', () => {
    it('writes a file in pieces and fetches a copy to the disk only when asked, once', async () => {
      const store = new DatabaseStore(database.db, join(work, 'copies'));
      const bytes = randomBytes(STORED_FILE_CHUNK_BYTES + 10);
      await store.save('big.webm', await source(bytes), 'video/webm');
      const pieces = await database.db
        .select()
        .from(storedFileChunks)
        .where(eq(storedFileChunks.name, 'big.webm'));
      expect(pieces.map((piece) => piece.bytes.length).sort((a, b) => b - a)).toEqual([
        STORED_FILE_CHUNK_BYTES,
        10,
      ]);

      // Another instance on the same database has no copy yet, fetches one, and serves from it.
      const other = new DatabaseStore(database.db, join(work, 'other-copies'));
      await expect(readdir(join(work, 'other-copies'))).rejects.toThrow();
      const [first, second] = await Promise.all([
        other.localFolderOf('big.webm'),
        other.localFolderOf('big.webm'),
      ]);
      expect(first).toBe(join(work, 'other-copies'));
      expect(second).toBe(first);
      expect(await readdir(first!)).toEqual(['big.webm']);
      await store.remove('big.webm');
    });

    it('keeps its copies under their byte budget, dropping the least recently used first', async () => {
      const writer = new DatabaseStore(database.db, join(work, 'writer'));
      for (const name of ['a.jpg', 'b.jpg', 'c.jpg'])
        await writer.save(name, await source(randomBytes(400)), 'image/jpeg');
      const reader = new DatabaseStore(database.db, join(work, 'reader'), 1000);
      await reader.localFolderOf('a.jpg');
      await reader.localFolderOf('b.jpg');
      await reader.localFolderOf('a.jpg');
      await reader.localFolderOf('c.jpg');
      expect((await readdir(join(work, 'reader'))).sort()).toEqual(['a.jpg', 'c.jpg']);
      for (const name of ['a.jpg', 'b.jpg', 'c.jpg']) await writer.remove(name);
    });

    it('logs copies it could not drop instead of leaving the failure unhandled', async () => {
      const reader = new DatabaseStore(database.db, join(work, 'reader'));
      reader.forgetAll = () => Promise.reject(new Error('the disk went away'));
      const warnings: unknown[] = [];
      // The listening connection coming up drops every copy.
      const stop = await followRemovedFiles(database, reader, {
        warn: (details: unknown) => warnings.push(details),
      });
      try {
        await expect.poll(() => warnings).toEqual([{ err: new Error('the disk went away') }]);
      } finally {
        await stop();
      }
    });

    it.skipIf(testDatabaseKind !== 'postgres')(
      'drops its copy when another instance deletes the file',
      async () => {
        const writer = new DatabaseStore(database.db, join(work, 'writer'));
        await writer.save('gone.png', await source(randomBytes(100)), 'image/png');
        const reader = new DatabaseStore(database.db, join(work, 'reader'));
        const stop = await followRemovedFiles(database, reader, { warn: () => {} });
        try {
          expect(await reader.localFolderOf('gone.png')).not.toBeNull();
          await writer.remove('gone.png');
          const deadline = Date.now() + 5_000;
          while ((await readdir(join(work, 'reader'))).includes('gone.png')) {
            if (Date.now() > deadline) throw new Error('the copy was not dropped within 5 s');
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
          expect(await reader.localFolderOf('gone.png')).toBeNull();
        } finally {
          await stop();
        }
      },
    );

    it('takes in the files of an uploads folder once, however often it is asked', async () => {
      const folder = join(work, 'old-uploads');
      const folderStore = new FolderStore(folder);
      const photo = randomBytes(300);
      await folderStore.save('old.jpg', await source(photo), 'image/jpeg');
      await writeFile(join(folder, '.half-written'), 'x');
      expect(await importUploadsFolder(database.db, folder)).toBe(1);
      expect(await importUploadsFolder(database.db, folder)).toBe(0);
      const store = new DatabaseStore(database.db, join(work, 'copies'));
      expect((await collect(store.read('old.jpg'))).equals(photo)).toBe(true);
      expect(await store.list()).toEqual([{ name: 'old.jpg', size: photo.length }]);
      await store.remove('old.jpg');
    });
  });
});
