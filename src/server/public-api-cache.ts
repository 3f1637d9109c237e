import type { FastifyInstance, FastifyRequest } from 'fastify';
import { etagOf, isNotModified, SHARED_CACHE_CONTROL } from './page-cache.ts';

/** The public reads every visitor gets alike: the post lists, a post, the visible reviews, the settings. */
const PUBLIC_READS = /^\/api\/(posts(\/[^/?]+)?|reviews|settings)(\?|$)/;

/**
 * Public GET answers are kept beside the pages in the page cache, cleared with them by every change, and
 * answered from memory before the request pipeline, as the pages are. Each carries an ETag (a repeat
 * request with If-None-Match gets a 304 and no body) and the shared-cache header the pages carry.
 * Anything asked with a session is answered afresh and never kept.
 */
export function cachePublicReads(fastify: FastifyInstance) {
  const generationAtStart = new WeakMap<FastifyRequest, number>();
  fastify.addHook('onRequest', (request, _reply, done) => {
    if (request.method === 'GET' && PUBLIC_READS.test(request.url))
      generationAtStart.set(request, fastify.pageCache.generation);
    done();
  });
  fastify.addHook('onSend', async (request, reply, payload) => {
    const generation = generationAtStart.get(request);
    if (generation === undefined || request.auth || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const body = Buffer.from(payload);
    const etag = etagOf(body);
    const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
    fastify.pageCache.set(
      fastify.pageCache.keyFor(request.url),
      {
        statusCode: 200,
        headers: [
          ['content-type', contentType],
          ['cache-control', SHARED_CACHE_CONTROL],
        ],
        body,
        storedAt: Date.now(),
        isApiAnswer: true,
      },
      generation,
    );
    reply.header('cache-control', SHARED_CACHE_CONTROL).header('etag', etag);
    if (!isNotModified(request.raw, etag)) return payload;
    reply.code(304);
    return '';
  });
}
