import { randomBytes } from 'node:crypto';
import { open, rm, stat } from 'node:fs/promises';
import type { Database } from '../../../db/client.ts';
import { media, type Media, type MediaType } from '../../../db/schema/index.ts';
import { formatBytes } from '../../shared/format-bytes.ts';
import {
  InvalidInputError,
  PayloadTooLargeError,
  ServiceUnavailableError,
  UnsupportedMediaError,
} from '../errors.ts';
import { recogniseError } from '../http/http-errors.ts';
import { ImageProcessStoppedError, storeImage, type StoredImage } from '../media/image-worker.ts';
import type { FileStore } from '../storage/file-store.ts';

export interface UploadLimits {
  imageBytes: number;
  videoBytes: number;
  /** Decoding a huge canvas costs memory whatever the file size; 40 MP covers any phone photo. */
  imagePixels: number;
}

const MiB = 1024 * 1024;
/**
 * The longest side of a stored original; larger uploads are scaled down to it. A phone photo (4,000 px)
 * is kept whole; pages show the smaller variants made from it (image-variants.ts).
 */
export const MAX_STORED_IMAGE_PX = 4096;

export const defaultUploadLimits: UploadLimits = {
  imageBytes: 15 * MiB,
  videoBytes: 200 * MiB,
  imagePixels: 40_000_000,
};

export const UNSUPPORTED_FILE_MESSAGE =
  'Only images (JPEG, PNG, GIF, WebP, AVIF) and videos (MP4, MOV, WebM, Ogg) can be uploaded';

export interface DetectedType {
  type: MediaType;
  mimeType: string;
  extension: string;
}

/**
 * The file's type from its first bytes, whatever its name or declared type says.
 * SVG is deliberately absent: it is a document that can carry script.
 */
export function detectFileType(head: Uint8Array): DetectedType | null {
  const ascii = (start: number, end: number) => String.fromCharCode(...head.subarray(start, end));
  const startsWith = (...bytes: number[]) => bytes.every((byte, index) => head[index] === byte);
  if (startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))
    return { type: 'image', mimeType: 'image/png', extension: 'png' };
  if (startsWith(0xff, 0xd8, 0xff)) return { type: 'image', mimeType: 'image/jpeg', extension: 'jpg' };
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')
    return { type: 'image', mimeType: 'image/gif', extension: 'gif' };
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP')
    return { type: 'image', mimeType: 'image/webp', extension: 'webp' };
  if (ascii(4, 8) === 'ftyp') {
    const brand = ascii(8, 12);
    if (brand === 'avif' || brand === 'avis')
      return { type: 'image', mimeType: 'image/avif', extension: 'avif' };
    if (brand === 'qt  ') return { type: 'video', mimeType: 'video/quicktime', extension: 'mov' };
    if (/^(isom|iso[2-9]|mp4[12]|avc1|M4V |MSNV|dash|3gp[4-6])$/.test(brand)) {
      return { type: 'video', mimeType: 'video/mp4', extension: 'mp4' };
    }
    return null;
  }
  if (startsWith(0x1a, 0x45, 0xdf, 0xa3) && ascii(0, 64).includes('webm'))
    return { type: 'video', mimeType: 'video/webm', extension: 'webm' };
  if (ascii(0, 4) === 'OggS') return { type: 'video', mimeType: 'video/ogg', extension: 'ogv' };
  return null;
}

/** The first bytes of a file, which detectFileType reads. */
export async function readHead(path: string, length = 64): Promise<Uint8Array> {
  const file = await open(path, 'r');
  try {
    const buffer = new Uint8Array(length);
    const { bytesRead } = await file.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * Decodes the image at `input` and writes it again at `output`, turned upright and at most `maxSide`
 * pixels on its longer side, which drops its metadata (a phone's GPS position) and anything hidden
 * after the image data. A file that is no readable image, or too many pixels, is InvalidInputError.
 */
export async function reencodeImage(
  input: string,
  output: string,
  detected: Pick<DetectedType, 'mimeType'>,
  limits: { pixels: number; maxSide: number },
): Promise<StoredImage> {
  try {
    return await storeImage({
      input,
      output,
      limitInputPixels: limits.pixels,
      animated: detected.mimeType === 'image/gif' || detected.mimeType === 'image/webp',
      maxSide: limits.maxSide,
    });
  } catch (error) {
    const failure = recogniseError(error);
    if (failure) throw failure;
    if (error instanceof ImageProcessStoppedError)
      throw new ServiceUnavailableError('The image could not be processed just now; please send it again');
    const message =
      error instanceof Error && /pixel limit/i.test(error.message)
        ? `Images may be at most ${Math.round(limits.pixels / 1_000_000)} megapixels`
        : 'The image could not be read; it may be damaged';
    throw new InvalidInputError(message);
  }
}

export interface ReceivedFile {
  /** Where the upload was streamed to; this function always removes it. */
  tempPath: string;
  originalName: string;
}

/**
 * Checks a received file by its bytes and keeps it under a random name. Images are re-encoded,
 * which drops metadata (GPS positions from phones) and anything hidden after the image data.
 * Nothing is left on disk when the file is refused.
 */
export async function storeUpload(
  db: Database,
  store: FileStore,
  file: ReceivedFile,
  limits: UploadLimits = defaultUploadLimits,
): Promise<Media> {
  let savedName: string | undefined;
  const encodedPath = `${file.tempPath}.encoded`;
  try {
    const { size } = await stat(file.tempPath);
    if (size === 0) throw new InvalidInputError('The file is empty');
    const detected = detectFileType(await readHead(file.tempPath));
    if (!detected) throw new UnsupportedMediaError(UNSUPPORTED_FILE_MESSAGE);
    const limit = detected.type === 'image' ? limits.imageBytes : limits.videoBytes;
    if (size > limit)
      throw new PayloadTooLargeError(
        `${detected.type === 'image' ? 'Images' : 'Videos'} may be at most ${formatBytes(limit)}`,
      );

    const filename = `${randomBytes(16).toString('hex')}.${detected.extension}`;
    let width: number | null = null;
    let height: number | null = null;
    let storedSize = size;
    if (detected.type === 'image') {
      const stored = await reencodeImage(file.tempPath, encodedPath, detected, {
        pixels: limits.imagePixels,
        maxSide: MAX_STORED_IMAGE_PX,
      });
      ({ width, height } = stored);
      storedSize = stored.size;
    }
    savedName = filename;
    await store.save(filename, detected.type === 'image' ? encodedPath : file.tempPath, detected.mimeType);

    const url = `/uploads/${filename}`;
    const [row] = await db
      .insert(media)
      .values({
        filename,
        originalName: file.originalName.slice(0, 255) || filename,
        mimeType: detected.mimeType,
        size: storedSize,
        path: url,
        url,
        type: detected.type,
        width,
        height,
        // Still images get smaller copies for the pages, made after this answer (image-variants.ts).
        variantsPending: detected.type === 'image' && detected.mimeType !== 'image/gif',
      })
      .returning();
    return row!;
  } catch (error) {
    if (savedName) await store.remove(savedName);
    throw error;
  } finally {
    await rm(file.tempPath, { force: true });
    await rm(encodedPath, { force: true });
  }
}
