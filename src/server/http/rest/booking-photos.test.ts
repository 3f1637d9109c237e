import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bookingPhotoRemovals,
  bookingPhotos,
  bookings,
  media,
  rateLimits,
} from '../../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { multipartBody, type FilePart } from '../../testing/multipart.ts';
import { testVisitor } from '../../testing/booking-visitor.ts';
import { writeBackup } from '../../services/backup/archive.ts';
import { defaultBookingSettings, saveBookingSettings } from '../../services/bookings.ts';
import { removeDeletedBookingPhotos } from '../../services/booking-photos.ts';
import { sweepExpired } from '../../services/sweep.ts';

/** A phone photo: a JPEG with the camera's EXIF, GPS position and all. */
const phonePhoto = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: '#2f6f9f' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Pocket 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '34/1 12/1 30/1' },
    })
    .toBuffer();

const visitor = { ...testVisitor, date: '2026-12-02', start: '10:00' };

// Photos sent with a booking: untrusted files from anyone, kept for staff alone.
describe(`photos with a booking (${testDatabaseKind})`, () => {
  let t: TestApp;
  let owner: string;
  // Tuesday 2026-12-01, 08:00 in Cumming.
  const now = new Date('2026-12-01T13:00:00Z');

  beforeAll(async () => {
    t = await buildTestApp({
      clock: () => now,
      bookingPhotoLimits: { count: 3, bytes: 200 * 1024, pixels: 4_000_000, maxSide: 800 },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.database.db.delete(bookings);
    await removeDeletedBookingPhotos(t.database.db, t.app.fileStore);
    await t.database.db.delete(rateLimits);
    await saveBookingSettings(t.database.db, defaultBookingSettings);
    owner = await t.signInAs('admin');
  });

  const bookWith = (files: FilePart[], fields: Record<string, string> = visitor, remoteAddress?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      ...multipartBody(fields, files),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const bookingFiles = async () =>
    (await t.app.fileStore.list()).filter((file) => file.name.startsWith('booking-'));
  const leftInIncoming = async () => readdir(join(t.config.uploadsDir, '.incoming')).catch(() => []);
  const staffBookings = async () =>
    (
      await t.app.inject({
        url: '/api/admin/bookings?from=2026-12-01&to=2026-12-31',
        headers: { cookie: owner },
      })
    ).json<{
      bookings: { id: number; photos: { id: number; url: string; width: number; height: number }[] }[];
    }>().bookings;

  it('keeps two photos re-encoded without their metadata, shown to staff only, never public', async () => {
    const answer = await bookWith([
      { filename: 'leak.jpg', content: await phonePhoto(1600, 1200) },
      { filename: 'valve.jpg', content: await phonePhoto() },
    ]);
    expect(answer.statusCode).toBe(201);
    const [booking] = await staffBookings();
    expect(booking!.photos).toHaveLength(2);
    // Scaled down to the longest side kept.
    expect(booking!.photos[0]).toMatchObject({ width: 800, height: 600 });
    expect(booking!.photos[0]!.url).toBe(
      `/api/admin/bookings/${booking!.id}/photos/${booking!.photos[0]!.id}`,
    );

    const opened = await t.app.inject({ url: booking!.photos[0]!.url, headers: { cookie: owner } });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('image/jpeg');
    expect(opened.headers['cache-control']).toBe('private, max-age=3600');
    const metadata = await sharp(opened.rawPayload).metadata();
    expect(metadata.width).toBe(800);
    expect(metadata.exif).toBeUndefined();

    // A visitor: refused at the admin path, and the file's own name is not served publicly.
    expect((await t.app.inject({ url: booking!.photos[0]!.url })).statusCode).toBe(401);
    const rows = await t.database.db.select().from(bookingPhotos);
    expect(rows.map((row) => row.originalName)).toEqual(['leak.jpg', 'valve.jpg']);
    for (const row of rows) {
      expect(row.filename).toMatch(/^booking-[0-9a-f]{32}\.jpg$/);
      expect((await t.app.inject({ url: `/uploads/${row.filename}` })).statusCode).toBe(404);
    }
    // Another booking's photo number under this booking is not found.
    const otherBooking = await t.app.inject({
      url: `/api/admin/bookings/${booking!.id + 1}/photos/${booking!.photos[0]!.id}`,
      headers: { cookie: owner },
    });
    expect(otherBooking.statusCode).toBe(404);
    // Not in the media library, which lists what may go on public pages.
    expect(await t.database.db.select().from(media)).toEqual([]);
    expect(await bookingFiles()).toHaveLength(2);
    expect(await leftInIncoming()).toEqual([]);

    // Backups carry them, with their rows.
    const work = await mkdtemp(join(tmpdir(), 'booking-photos-'));
    try {
      const summary = await writeBackup(
        t.database.db,
        t.database.kind,
        t.app.fileStore,
        createWriteStream(join(work, 'site.backup')),
      );
      expect(summary.manifest.files.map((file) => file.path)).toEqual(
        expect.arrayContaining(rows.map((row) => `uploads/${row.filename}`)),
      );
      expect(summary.manifest.tables.find((table) => table.name === 'booking_photos')?.rows).toBe(2);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });

  it('refuses a photo that is not an image, too large, damaged, or a fourth, with 400 naming the field; nothing is stored', async () => {
    const good = { filename: 'ok.jpg', content: await phonePhoto() };
    const cases: [string, FilePart[], RegExp][] = [
      [
        'text',
        [good, { filename: 'leak.jpg', content: Buffer.from('just some text') }],
        /Photo 2 \(leak\.jpg\) is not a photo/,
      ],
      [
        'svg',
        [
          {
            filename: 'x.svg',
            content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
            type: 'image/svg+xml',
          },
        ],
        /is not a photo/,
      ],
      [
        'too large',
        [
          good,
          { filename: 'huge.jpg', content: Buffer.concat([await phonePhoto(), Buffer.alloc(300 * 1024)]) },
        ],
        /Photo 2 \(huge\.jpg\) is too large: each photo may be at most 200 KB/,
      ],
      [
        'damaged',
        [{ filename: 'cut.jpg', content: (await phonePhoto()).subarray(0, 200) }],
        /Photo 1 \(cut\.jpg\): The image could not be read/,
      ],
      ['four', [good, good, good, good], /Attach at most 3 photos/],
      ['eleven', Array.from({ length: 11 }, () => good), /Attach at most 3 photos/],
    ];
    // Each from an address of its own: together they send more photos than one address may.
    for (const [index, [label, files, message]] of cases.entries()) {
      const answer = await bookWith(files, visitor, `198.51.100.${index + 1}`);
      expect(answer.statusCode, label).toBe(400);
      const body = answer.json<{ success: boolean; errors: Record<string, string[]> }>();
      expect(body.success, label).toBe(false);
      expect(body.errors.photos?.[0], label).toMatch(message);
    }
    expect(await t.database.db.select().from(bookings)).toEqual([]);
    expect(await t.database.db.select().from(bookingPhotos)).toEqual([]);
    expect(await bookingFiles()).toEqual([]);
    expect(await leftInIncoming()).toEqual([]);
  });

  it('removes the photos of a booking refused for a full window', async () => {
    for (let visit = 0; visit < 3; visit++) expect((await bookWith([])).statusCode).toBe(201);
    const full = await bookWith([{ filename: 'leak.jpg', content: await phonePhoto() }]);
    expect(full.statusCode).toBe(409);
    expect(await t.database.db.select().from(bookingPhotos)).toEqual([]);
    expect(await bookingFiles()).toEqual([]);
    expect(await leftInIncoming()).toEqual([]);
  });

  it('removes the files of a deleted booking’s photos at the next sweep', async () => {
    expect((await bookWith([{ filename: 'leak.jpg', content: await phonePhoto() }])).statusCode).toBe(201);
    const [kept] = await bookingFiles();
    // However a booking goes, its photo rows go with it and their files are queued.
    await t.database.db.delete(bookings);
    expect(await t.database.db.select().from(bookingPhotos)).toEqual([]);
    expect(await bookingFiles()).toEqual([kept]);
    expect(await sweepExpired(t.database.db, { fileStore: t.app.fileStore }, now)).toMatchObject({
      bookingPhotos: 1,
    });
    expect(await bookingFiles()).toEqual([]);
    expect(await t.database.db.select().from(bookingPhotoRemovals)).toEqual([]);
  });

  it('keeps JSON bookings working; a JSON body cannot name a file', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: {
        ...visitor,
        photos: [{ tempPath: '/etc/hostname', originalName: 'x.jpg', truncated: false }],
      },
    });
    expect(answer.statusCode).toBe(201);
    const [booking] = await staffBookings();
    expect(booking!.photos).toEqual([]);
    expect(await bookingFiles()).toEqual([]);
  });

  it('counts each photo against the sender’s limit as it arrives, before any is worked', async () => {
    const photo = { filename: 'p.jpg', content: Buffer.from('not even read') };
    const four = [photo, photo, photo, photo];
    // Refused for their number, yet counted, as a script flooding would be: eleven files are cut off
    // at the tenth (10 counted), then four more (14), then the 16th photo is one too many.
    expect(
      (
        await bookWith(
          Array.from({ length: 11 }, () => photo),
          visitor,
          '203.0.113.9',
        )
      ).statusCode,
    ).toBe(400);
    expect((await bookWith(four, visitor, '203.0.113.9')).statusCode).toBe(400);
    const limited = await bookWith(four, visitor, '203.0.113.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another address is not held back.
    expect((await bookWith([], visitor, '203.0.113.10')).statusCode).toBe(201);
  });
});
