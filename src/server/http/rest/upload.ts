import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { InvalidInputError, PayloadTooLargeError } from '../../errors.ts';
import { formatBytes } from '../../../shared/format-bytes.ts';
import { storeUpload, type UploadLimits } from '../../services/uploads.ts';
import { uploadFileNameSchema } from '../../../shared/schemas/upload.ts';
import { recordActivityBy } from '../../services/activity-log.ts';
import { actingRequest, createRequestContext } from '../request-context.ts';
import { okWithMessage, serviceResult, typed } from './typed.ts';
import { z } from 'zod';

type StoredUpload = Awaited<ReturnType<typeof storeUpload>>;

// POST /api/admin/upload: one multipart field "file". The body is streamed to a
// temporary file, so a 200 MB video never sits in memory.
export async function uploadRestRoute(fastify: FastifyInstance, options: { limits: UploadLimits }) {
  const app = typed(fastify);
  const largestAllowed = Math.max(options.limits.imageBytes, options.limits.videoBytes);
  const tempDir = join(app.config.uploadsDir, '.incoming');

  // The body is multipart, read by the handler; only the reply has a schema.
  const uploaded = z.object({
    ...okWithMessage,
    filePath: z.string(),
    media: serviceResult<Pick<StoredUpload, 'id' | 'type' | 'mimeType' | 'size' | 'width' | 'height'>>(),
  });
  app.post('/api/admin/upload', { schema: { response: { 201: uploaded } } }, async (request, reply) => {
    const part = await request.file({ limits: { fileSize: largestAllowed, files: 1, fields: 5 } });
    if (!part) throw new InvalidInputError('Choose a file to upload');
    if (part.fieldname !== 'file') {
      part.file.resume();
      throw new InvalidInputError('The file must be sent in the field named "file"');
    }
    const name = uploadFileNameSchema.safeParse({ fileName: part.filename });
    if (!name.success) {
      part.file.resume();
      throw InvalidInputError.fromZod(name.error);
    }
    await mkdir(tempDir, { recursive: true });
    const tempPath = join(tempDir, randomBytes(16).toString('hex'));
    try {
      await pipeline(part.file, createWriteStream(tempPath));
    } catch (error) {
      await rm(tempPath, { force: true });
      throw error;
    }
    if (part.file.truncated) {
      await rm(tempPath, { force: true });
      throw new PayloadTooLargeError(`Files may be at most ${formatBytes(largestAllowed)}`);
    }
    const stored = await storeUpload(
      request.server.db,
      request.server.fileStore,
      { tempPath, originalName: part.filename },
      options.limits,
    );
    if (stored.variantsPending) app.imageVariants.wake();
    // Signed in: the session hook answers 401 to any /api/admin path without a session.
    const acting = actingRequest({ ...createRequestContext(request, reply), auth: request.auth! });
    await recordActivityBy(app.db, acting, {
      kind: 'content-created',
      summary: `Uploaded “${stored.originalName}”`,
      details: { type: 'upload', id: String(stored.id) },
    });
    return reply.status(201).send({
      success: true,
      filePath: stored.url,
      media: {
        id: stored.id,
        type: stored.type,
        mimeType: stored.mimeType,
        size: stored.size,
        width: stored.width,
        height: stored.height,
      },
      message: 'File saved successfully',
    });
  });
}
