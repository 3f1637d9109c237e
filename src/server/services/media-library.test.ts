import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { media, offers, serviceAreas, settings } from '../../../db/schema/index.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors.ts';
import { SITE_CHANGES_CHANNEL } from '../caching/site-changes.ts';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKind } from '../testing/test-database.ts';
import { saveSeoOverride } from './seo-overrides.ts';
import { insertPost, testPhoto, testVideo, uploadInto } from '../testing/uploads.ts';
import { actingWithoutRequest } from './activity-log.ts';
import { purgeFromTrash, trashItem } from './content/trash.ts';
import { createService } from './service-catalog.ts';
import { serviceInputSchema } from '../../shared/schemas/service.ts';
import { findMediaLibraryItem, listMediaLibrary, storedNamesOf, updateMediaAlt } from './media-library.ts';

const owner = actingWithoutRequest({ userId: null, username: 'owner' });

/** Deleting an upload as the owner does: to the Trash, then for good from there. */
async function deleteForGood(t: TestApp, id: number, store = t.app.fileStore): Promise<'purged' | 'kept'> {
  await trashItem(t.database.db, owner, 'upload', String(id));
  return purgeFromTrash(t.database.db, owner, 'upload', String(id), { fileStore: store });
}

async function storedNames(t: TestApp): Promise<string[]> {
  return (await t.app.fileStore.list()).map((entry) => entry.name);
}

describe.each(['folder', 'database'] as const)(
  `the media library, files kept in the %s (${testDatabaseKind})`,
  (uploadStorage) => {
    let t: TestApp;
    afterEach(async () => {
      await t.close();
    });

    it('lists every upload newest first, with its copies, its thumbnail and every place it is used', async () => {
      t = await buildTestApp({ config: { uploadStorage } });
      const unused = await uploadInto(t, await testPhoto(), 'spare.jpg');
      const hero = await uploadInto(t, await testPhoto(), 'van.jpg');
      const clip = await uploadInto(t, testVideo(), 'tour.mp4');
      const pending = await listMediaLibrary(t.database.db);
      expect(pending.map((item) => item.originalName)).toEqual(['tour.mp4', 'van.jpg', 'spare.jpg']);
      expect(pending[1]).toMatchObject({ copies: 'pending', copyCount: 0, thumbnail: hero.url });
      await t.app.imageVariants.finishPending();
      const heroRow = (await t.database.db.select().from(media).where(eq(media.id, hero.id)))[0]!;
      const variant800 = heroRow.variants.find(
        (variant) => variant.format === 'jpeg' && variant.width === 500,
      );

      const newsPost = await insertPost(t, {
        title: 'New van',
        image: hero.url,
        // The same photo inside the text, once as a copy's address (a srcset the owner pasted).
        content: `<p>Look:</p><img src="${hero.url}" alt="x"><img src="/uploads/${variant800!.name}">`,
      });
      const videoPost = await insertPost(t, { title: 'Tour', type: 'advice', video: clip.url });
      const inText = await insertPost(t, {
        title: 'Clip in text',
        content: `<video src="http://localhost:3000${clip.url}" controls></video>`,
      });
      await saveSeoOverride(t.database.db, {
        page: '/about',
        title: null,
        description: null,
        keywords: null,
        ogTitle: null,
        ogDescription: null,
        ogImage: hero.url,
        canonicalUrl: null,
      });
      // No setting holds an image today; one that does later is found all the same.
      await t.database.db.insert(settings).values({ key: 'homeBanner', value: hero.url });

      const library = await listMediaLibrary(t.database.db);
      expect(library.map((item) => item.id)).toEqual([clip.id, hero.id, unused.id]);
      const [clipItem, heroItem, unusedItem] = library;
      expect(heroItem).toMatchObject({
        originalName: 'van.jpg',
        type: 'image',
        mimeType: 'image/jpeg',
        width: 500,
        height: 300,
        copies: 'ready',
        copyCount: 6,
        thumbnail: expect.stringMatching(/-400\.webp$/),
      });
      expect(heroItem!.size).toBeGreaterThan(0);
      expect(new Date(heroItem!.createdAt).getTime()).not.toBeNaN();
      expect(heroItem!.uses).toEqual([
        { kind: 'post', postId: newsPost, title: 'New van', postType: 'news', as: ['image', 'content'] },
        { kind: 'seo', page: '/about' },
        { kind: 'setting', key: 'homeBanner' },
      ]);
      expect(clipItem).toMatchObject({ type: 'video', thumbnail: null, copies: 'not-needed' });
      expect(clipItem!.uses).toEqual([
        { kind: 'post', postId: inText, title: 'Clip in text', postType: 'news', as: ['content'] },
        { kind: 'post', postId: videoPost, title: 'Tour', postType: 'advice', as: ['video'] },
      ]);
      expect(unusedItem!.uses).toEqual([]);
      expect((await findMediaLibraryItem(t.database.db, hero.id)).uses).toEqual(heroItem!.uses);
    });

    it('saves alt text and tells every instance that pages showing uploads changed', async () => {
      t = await buildTestApp({ config: { uploadStorage } });
      const image = await uploadInto(t, await testPhoto(), 'van.jpg');
      const heard: string[] = [];
      const stop = await t.database.listen(
        SITE_CHANGES_CHANNEL,
        (table) => heard.push(table),
        () => {},
      );
      try {
        const saved = await updateMediaAlt(t.database.db, image.id, 'Our blue service van');
        expect(saved.alt).toBe('Our blue service van');
        await expect.poll(() => heard).toContain('media');
      } finally {
        await stop();
      }
      await expect(updateMediaAlt(t.database.db, 99_999, 'x')).rejects.toBeInstanceOf(NotFoundError);
      const clip = await uploadInto(t, testVideo(), 'tour.mp4');
      await expect(updateMediaAlt(t.database.db, clip.id, 'A tour')).rejects.toBeInstanceOf(
        InvalidInputError,
      );
      expect((await findMediaLibraryItem(t.database.db, clip.id)).alt).toBe('');
    });

    it('deletes an unused upload with every copy, and refuses one a post uses, keeping its files', async () => {
      t = await buildTestApp({ config: { uploadStorage } });
      const used = await uploadInto(t, await testPhoto(), 'van.jpg');
      const unused = await uploadInto(t, await testPhoto(), 'spare.jpg');
      await t.app.imageVariants.finishPending();
      await insertPost(t, { title: 'New van', content: `<p><img src="${used.url}"></p>` });
      const [usedRow, unusedRow] = await Promise.all(
        [used, unused].map(
          async (upload) => (await t.database.db.select().from(media).where(eq(media.id, upload.id)))[0]!,
        ),
      );
      expect(storedNamesOf(unusedRow!)).toHaveLength(7);

      const refusal = await deleteForGood(t, used.id).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(ConflictError);
      expect((refusal as Error).message).toBe(
        '“van.jpg” is used by the news post “New van” (content). Remove it there first.',
      );
      expect(await storedNames(t)).toEqual(expect.arrayContaining(storedNamesOf(usedRow!)));

      expect(await deleteForGood(t, unused.id)).toBe('purged');
      const left = await storedNames(t);
      for (const name of storedNamesOf(unusedRow!)) expect(left).not.toContain(name);
      expect(left.sort()).toEqual(storedNamesOf(usedRow!).sort());
      expect((await listMediaLibrary(t.database.db)).map((item) => item.id)).toEqual([used.id]);
      for (const name of storedNamesOf(unusedRow!))
        expect(await t.app.fileStore.localFolderOf(name)).toBeNull();
      await expect(deleteForGood(t, unused.id)).rejects.toBeInstanceOf(NotFoundError);
    });

    it('keeps an upload a post or service in the Trash uses until both are purged too', async () => {
      t = await buildTestApp({ config: { uploadStorage } });
      const photo = await uploadInto(t, await testPhoto(), 'kitchen.jpg');
      await t.app.imageVariants.finishPending();
      const postId = await insertPost(t, {
        title: 'Kitchen remodel',
        image: photo.url,
        content: '<p>Done</p>',
      });
      const service = await createService(
        t.database.db,
        serviceInputSchema.parse({
          title: 'Kitchen Plumbing',
          summary: 'Sinks and more.',
          description: '<p>Sinks.</p>',
          photos: [{ src: photo.url, alt: 'A kitchen sink' }],
        }),
      );
      const [row] = await t.database.db.select().from(media).where(eq(media.id, photo.id));
      await trashItem(t.database.db, owner, 'post', String(postId));
      await trashItem(t.database.db, owner, 'service', String(service.id));
      // Both are in the Trash: the upload may follow them there, but is not purged while they may return.
      expect(await deleteForGood(t, photo.id)).toBe('kept');
      expect(await storedNames(t)).toEqual(expect.arrayContaining(storedNamesOf(row!)));
      const fileStore = { fileStore: t.app.fileStore };
      expect(await purgeFromTrash(t.database.db, owner, 'post', String(postId), fileStore)).toBe('purged');
      expect(await purgeFromTrash(t.database.db, owner, 'upload', String(photo.id), fileStore)).toBe('kept');
      expect(await purgeFromTrash(t.database.db, owner, 'service', String(service.id), fileStore)).toBe(
        'purged',
      );
      expect(
        await purgeFromTrash(t.database.db, owner, 'upload', String(photo.id), {
          fileStore: t.app.fileStore,
        }),
      ).toBe('purged');
      expect(await storedNames(t)).toEqual([]);
    });

    it("counts an offer's uploaded picture and a town page's photo as uses, in the Trash too", async () => {
      t = await buildTestApp({ config: { uploadStorage } });
      const picture = await uploadInto(t, await testPhoto(), 'coupon.jpg');
      const street = await uploadInto(t, await testPhoto(), 'main-street.jpg');
      const [offer] = await t.database.db
        .insert(offers)
        .values({
          title: 'Spring Drain Special',
          amount: '$50 Off',
          picture: 'uploaded',
          pictureUrl: picture.url,
        })
        .returning();
      // A picture left from before the owner chose a drawn coupon shows nowhere.
      await t.database.db
        .insert(offers)
        .values({ title: 'Old Coupon', amount: '$10 Off', picture: 'drawn', pictureUrl: street.url });
      const [town] = await t.database.db
        .insert(serviceAreas)
        .values({
          town: 'Lake Lanier Islands',
          state: 'GA',
          slug: 'lake-lanier-islands-ga',
          pageBody: `<p>Our trucks on Main Street:</p><img src="${street.url}" alt="Main Street">`,
        })
        .returning();

      const uses = new Map((await listMediaLibrary(t.database.db)).map((item) => [item.id, item.uses]));
      expect(uses.get(picture.id)).toEqual([
        { kind: 'offer', offerId: offer!.id, title: 'Spring Drain Special' },
      ]);
      expect(uses.get(street.id)).toEqual([
        { kind: 'town', serviceAreaId: town!.id, town: 'Lake Lanier Islands' },
      ]);
      const refusal = await deleteForGood(t, picture.id).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(ConflictError);
      expect((refusal as Error).message).toBe(
        '“coupon.jpg” is used by the offer “Spring Drain Special”. Remove it there first.',
      );
      await expect(deleteForGood(t, street.id)).rejects.toThrow(
        '“main-street.jpg” is used by the page of Lake Lanier Islands. Remove it there first.',
      );

      // Each in the Trash still holds its upload back from being purged: it may come back.
      await trashItem(t.database.db, owner, 'offer', String(offer!.id));
      await trashItem(t.database.db, owner, 'service-area', String(town!.id));
      expect(await deleteForGood(t, picture.id)).toBe('kept');
      expect(await deleteForGood(t, street.id)).toBe('kept');
      const fileStore = { fileStore: t.app.fileStore };
      await purgeFromTrash(t.database.db, owner, 'offer', String(offer!.id), fileStore);
      expect(await purgeFromTrash(t.database.db, owner, 'upload', String(picture.id), fileStore)).toBe(
        'purged',
      );
    });

    it('drops the copies of a photo deleted while they were being made', async () => {
      t = await buildTestApp({ config: { uploadStorage } });
      const image = await uploadInto(t, await testPhoto(), 'oops.jpg');
      const store = t.app.fileStore;
      const save = store.save.bind(store);
      let saves = 0;
      // The owner deletes the photo right after uploading it, while its last copy is being written.
      store.save = async (name, sourcePath, contentType) => {
        if (++saves === 6) await deleteForGood(t, image.id, store);
        return save(name, sourcePath, contentType);
      };
      await t.app.imageVariants.finishPending();
      expect(saves).toBe(6);
      expect(await storedNames(t)).toEqual([]);
    });
  },
);
