import type { FastifyInstance } from 'fastify';
import { FILE_NOT_FOUND, sendFile } from './send-file.ts';
import { isStorableName } from '../storage/file-store.ts';
import { isBookingPhotoName } from '../services/booking-photos.ts';

/**
 * GET and HEAD /uploads/<name>: an uploaded file, from wherever the store keeps it, with ranges (a video
 * seeks), validators and a year of caching: names are random and never change content.
 */
export function uploadsRoute(fastify: FastifyInstance, _options: unknown, done: () => void) {
  fastify.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const { name } = request.params;
    // A booking's photos share the store but are staff's only (GET /api/admin/bookings/:id/photos/:photoId).
    const folder =
      isStorableName(name) && !isBookingPhotoName(name) ? await fastify.fileStore.localFolderOf(name) : null;
    if (!folder) return reply.status(404).send(FILE_NOT_FOUND);
    return sendFile(
      request,
      reply,
      encodeURIComponent(name),
      { root: folder, maxAge: '365d', immutable: true },
      { 'X-Content-Type-Options': 'nosniff' },
    );
  });
  done();
}
