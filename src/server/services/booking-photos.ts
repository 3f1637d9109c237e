// Photos a visitor sends with a booking. Anyone can send them, so each is held to a size and a count,
// checked by its bytes, and re-encoded as every uploaded image is (no metadata, nothing hidden after
// the image data). They are kept in the site's file store under names beginning `booking-`, which the
// public uploads route refuses, and recorded beside their booking rather than in the media library:
// only staff see them, through the booking (docs/decisions/054-online-booking.md).
import { randomBytes } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { bookingPhotoRemovals, bookingPhotos, type BookingPhoto } from '../../../db/schema/index.ts';
import { formatBytes } from '../../shared/format-bytes.ts';
import { InvalidInputError, NotFoundError } from '../errors.ts';
import type { FileStore } from '../storage/file-store.ts';
import { detectFileType, readHead, reencodeImage } from './uploads.ts';

export interface BookingPhotoLimits {
  /** Photos one booking may carry. */
  count: number;
  /** Bytes of each photo as sent. */
  bytes: number;
  /** Pixels of each photo as sent: decoding a huge canvas costs memory whatever the file size. */
  pixels: number;
  /** The longest side kept: enough for staff to see a leak, far less to store than a phone's original. */
  maxSide: number;
}

const MiB = 1024 * 1024;

export const defaultBookingPhotoLimits: BookingPhotoLimits = {
  count: 3,
  bytes: 10 * MiB,
  pixels: 40_000_000,
  maxSide: 2048,
};

/** The form field (and JSON error key) photos arrive in. */
export const BOOKING_PHOTOS_FIELD = 'photos';

const BOOKING_PHOTO_PREFIX = 'booking-';

/** Whether a stored file is a booking's photo, which only staff may open. */
export function isBookingPhotoName(name: string): boolean {
  return name.startsWith(BOOKING_PHOTO_PREFIX);
}

/** A photo as the request brought it: streamed to a temporary file, not looked at yet. */
export interface ReceivedPhoto {
  tempPath: string;
  originalName: string;
  /** Cut off at the size limit while it arrived. */
  truncated: boolean;
}

/** The photos one request carried, and the limits it was read under. */
export interface ReceivedPhotos {
  /** The first `limits.count` photos; any beyond were counted and dropped. */
  photos: ReceivedPhoto[];
  /** How many photos were sent. */
  sent: number;
  limits: BookingPhotoLimits;
}

/** A photo checked, re-encoded and kept in the file store, not yet recorded with a booking. */
export type KeptPhoto = Pick<
  BookingPhoto,
  'filename' | 'originalName' | 'mimeType' | 'size' | 'width' | 'height'
>;

/** A refusal naming the photos field, so a form shows it there and JSON clients find it by field. */
export function photoError(message: string): InvalidInputError {
  return new InvalidInputError(message, { [BOOKING_PHOTOS_FIELD]: [message] });
}

export const tooManyPhotos = (limits: BookingPhotoLimits) =>
  photoError(`Attach at most ${limits.count} photos`);

/**
 * Checks and keeps every photo, or none: the first that fails is refused naming the photos field, and
 * the others already kept are removed. The temporary files are removed whatever happens.
 */
export async function keepBookingPhotos(store: FileStore, received: ReceivedPhotos): Promise<KeptPhoto[]> {
  const kept: KeptPhoto[] = [];
  try {
    if (received.sent > received.limits.count) throw tooManyPhotos(received.limits);
    for (const [index, photo] of received.photos.entries())
      kept.push(await keepPhoto(store, photo, `Photo ${index + 1} (${photo.originalName})`, received.limits));
    return kept;
  } catch (error) {
    await discardBookingPhotos(store, kept);
    throw error;
  } finally {
    for (const photo of received.photos) await rm(photo.tempPath, { force: true });
  }
}

async function keepPhoto(
  store: FileStore,
  photo: ReceivedPhoto,
  label: string,
  limits: BookingPhotoLimits,
): Promise<KeptPhoto> {
  const { size } = await stat(photo.tempPath);
  if (photo.truncated || size > limits.bytes)
    throw photoError(`${label} is too large: each photo may be at most ${formatBytes(limits.bytes)}`);
  if (size === 0) throw photoError(`${label} is empty`);
  const detected = detectFileType(await readHead(photo.tempPath));
  if (detected?.type !== 'image')
    throw photoError(`${label} is not a photo: send JPEG, PNG, GIF, WebP or AVIF images`);
  const filename = `${BOOKING_PHOTO_PREFIX}${randomBytes(16).toString('hex')}.${detected.extension}`;
  const encodedPath = `${photo.tempPath}.encoded`;
  try {
    let image;
    try {
      image = await reencodeImage(photo.tempPath, encodedPath, detected, limits);
    } catch (error) {
      if (error instanceof InvalidInputError) throw photoError(`${label}: ${error.message}`);
      throw error;
    }
    await store.save(filename, encodedPath, detected.mimeType);
    return {
      filename,
      originalName: photo.originalName.slice(0, 255) || filename,
      mimeType: detected.mimeType,
      size: image.size,
      width: image.width,
      height: image.height,
    };
  } finally {
    await rm(encodedPath, { force: true });
  }
}

/** Removes kept photos whose booking was not written (a full window, a failure). */
export async function discardBookingPhotos(store: FileStore, kept: readonly KeptPhoto[]): Promise<void> {
  for (const photo of kept) await store.remove(photo.filename);
}

/** What staff see of a booking's photo; `url` opens it, for signed-in staff only. */
export type BookingPhotoView = Pick<
  BookingPhoto,
  'id' | 'originalName' | 'mimeType' | 'size' | 'width' | 'height'
> & { url: string };

function viewOfPhoto(photo: BookingPhoto): BookingPhotoView {
  return {
    id: photo.id,
    url: `/api/admin/bookings/${photo.bookingId}/photos/${photo.id}`,
    originalName: photo.originalName,
    mimeType: photo.mimeType,
    size: photo.size,
    width: photo.width,
    height: photo.height,
  };
}

/** The photos of these bookings, by booking, in the order they were sent; one query for a whole board. */
export async function photosOfBookings(
  db: Pick<Database, 'select'>,
  bookingIds: readonly number[],
): Promise<Map<number, BookingPhotoView[]>> {
  const byBooking = new Map<number, BookingPhotoView[]>();
  if (bookingIds.length === 0) return byBooking;
  const rows = await db
    .select()
    .from(bookingPhotos)
    .where(inArray(bookingPhotos.bookingId, [...new Set(bookingIds)]))
    .orderBy(asc(bookingPhotos.id));
  for (const row of rows)
    byBooking.set(row.bookingId, [...(byBooking.get(row.bookingId) ?? []), viewOfPhoto(row)]);
  return byBooking;
}

/** One photo of one booking, for staff opening it. */
export async function bookingPhoto(db: Database, bookingId: number, photoId: number): Promise<BookingPhoto> {
  const [row] = await db
    .select()
    .from(bookingPhotos)
    .where(and(eq(bookingPhotos.id, photoId), eq(bookingPhotos.bookingId, bookingId)));
  if (!row) throw new NotFoundError('Photo not found');
  return row;
}

/**
 * Removes from the store the files of photos whose rows were deleted (a trigger queues their names
 * when a booking goes); answers how many. A name a row holds again (a restored backup) is kept.
 */
export async function removeDeletedBookingPhotos(db: Database, store: FileStore): Promise<number> {
  const queued = await db
    .select({ filename: bookingPhotoRemovals.filename })
    .from(bookingPhotoRemovals)
    .orderBy(asc(bookingPhotoRemovals.removedAt))
    .limit(500);
  if (queued.length === 0) return 0;
  const names = queued.map((row) => row.filename);
  const held = new Set(
    (
      await db
        .select({ filename: bookingPhotos.filename })
        .from(bookingPhotos)
        .where(inArray(bookingPhotos.filename, names))
    ).map((row) => row.filename),
  );
  for (const name of names) if (!held.has(name)) await store.remove(name);
  await db.delete(bookingPhotoRemovals).where(inArray(bookingPhotoRemovals.filename, names));
  return names.length - held.size;
}
