// The booking posts that may carry photos (POST /api/bookings and the last step of /book) read a
// multipart body here, before the schema checks it: the text fields become the body, and the files of
// the photos field are streamed to temporary files (never held in memory) for the booking procedure,
// which finds them on its context. Whatever is left of them is removed before the answer is sent.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyMultipartBaseOptions } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  BOOKING_PHOTOS_FIELD,
  tooManyPhotos,
  type ReceivedPhoto,
  type ReceivedPhotos,
} from '../services/booking-photos.ts';
import { enforceActionLimit } from '../services/rate-limits.ts';

/** File parts read at most, beyond which the body is refused unread: a few more than photos allowed. */
const FILE_PARTS = 10;
/** The longest text field is the notes (2,000 characters); the form has about ten. */
const FIELD_LIMITS = { fields: 30, fieldSize: 16 * 1024 };

/** preValidation hook: a multipart body's fields as the body, its photos on `request.bookingPhotos`. */
export async function readBookingParts(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.isMultipart()) return;
  const limits = request.server.bookingPhotoLimits;
  const received: ReceivedPhotos = { photos: [], sent: 0, limits };
  request.bookingPhotos = received;
  const tempDir = join(request.server.config.uploadsDir, '.incoming');
  await mkdir(tempDir, { recursive: true });
  const fields: Record<string, string> = {};
  try {
    // Too large a photo is cut off and marked, for the procedure to refuse by name with the rest read.
    const options: FastifyMultipartBaseOptions = {
      limits: { ...FIELD_LIMITS, files: FILE_PARTS, fileSize: limits.bytes },
      throwFileSizeLimit: false,
    };
    for await (const part of request.parts(options)) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      // A file input left empty still sends a part, without a name or bytes.
      if (part.fieldname !== BOOKING_PHOTOS_FIELD || !part.filename) {
        part.file.resume();
        continue;
      }
      // Counted as it arrives, before a byte of it is kept: photos reach the site only through here.
      await enforceActionLimit(request.server.db, 'bookingPhoto', request.ip, request.server.clock());
      received.sent += 1;
      if (received.photos.length >= limits.count) {
        part.file.resume();
        continue;
      }
      const photo: ReceivedPhoto = {
        tempPath: join(tempDir, randomBytes(16).toString('hex')),
        originalName: part.filename,
        truncated: false,
      };
      // Listed before it is written, so a body cut off halfway leaves nothing behind.
      received.photos.push(photo);
      await pipeline(part.file, createWriteStream(photo.tempPath));
      photo.truncated = part.file.truncated;
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw tooManyPhotos(limits);
    throw error;
  }
  request.body = fields;
}

/**
 * onSend hook: removes the temporary files of photos no procedure took (a refusal before it ran),
 * before the answer leaves, so nothing is left behind once the client has it.
 */
export async function removeBookingParts<Payload>(
  request: FastifyRequest,
  _reply: FastifyReply,
  payload: Payload,
): Promise<Payload> {
  for (const photo of request.bookingPhotos?.photos ?? []) await rm(photo.tempPath, { force: true });
  return payload;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The photos a multipart booking post carried; null for any other request. */
    bookingPhotos: ReceivedPhotos | null;
  }
}
