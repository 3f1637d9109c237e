import send from '@fastify/send';
import type { FastifyInstance } from 'fastify';
import { isStorableName } from './storage/file-store.ts';

/**
 * GET and HEAD /uploads/<name>: an uploaded file, from wherever the store keeps it, with ranges (a video
 * seeks), validators and a year of caching: names are random and never change content.
 */
export function uploadsRoute(fastify: FastifyInstance, _options: unknown, done: () => void) {
  fastify.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const { name } = request.params;
    const folder = isStorableName(name) ? await fastify.fileStore.localFolderOf(name) : null;
    if (!folder) return reply.status(404).send({ success: false, message: 'File not found' });
    const result = await send(request.raw, encodeURIComponent(name), {
      root: folder,
      dotfiles: 'deny',
      index: false,
      maxAge: '365d',
      immutable: true,
    });
    if (result.type !== 'file') {
      // Removed between the check and the read: as if it had never been there.
      if (result.statusCode === 404)
        return reply.status(404).send({ success: false, message: 'File not found' });
      if (result.type === 'error' && result.statusCode >= 500) throw result.metadata.error;
    }
    reply.status(result.statusCode).headers(result.headers).header('X-Content-Type-Options', 'nosniff');
    return reply.send(result.stream);
  });
  done();
}
