import type { FastifyInstance, FastifyRequest } from 'fastify';
import { etagOf, isNotModified, SHARED_CACHE_CONTROL } from './page-cache.ts';

/**
 * The public reads every visitor gets alike (the post lists, a post, the visible reviews, the settings),
 * each with the tables its answer is read from: a change to another table leaves it in the cache.
 */
export const PUBLIC_READS: readonly { path: RegExp; tables: readonly string[] }[] = [
  { path: /^\/api\/posts(\/[^/?]+)?(\?|$)/, tables: ['posts'] },
  { path: /^\/api\/reviews(\?|$)/, tables: ['reviews'] },
  { path: /^\/api\/settings(\?|$)/, tables: ['settings'] },
  { path: /^\/api\/service-areas(\?|$)/, tables: ['service_areas'] },
  { path: /^\/api\/services(\?|$)/, tables: ['services'] },
  { path: /^\/api\/services\/[^/?]+(\?|$)/, tables: ['services', 'faqs'] },
  { path: /^\/api\/offers(\?|$)/, tables: ['offers'] },
];

/**
 * Public GET answers are kept beside the pages in the page cache, cleared as the pages are when a table
 * they are read from changes, and answered from memory before the request pipeline, as the pages are. Each carries an ETag (a repeat
 * request with If-None-Match gets a 304 and no body) and the shared-cache header the pages carry.
 * Anything asked with a session is answered afresh and never kept.
 */
export function cachePublicReads(fastify: FastifyInstance) {
  const readAtStart = new WeakMap<FastifyRequest, { generation: number; tables: readonly string[] }>();
  fastify.addHook('onRequest', (request, _reply, done) => {
    const read = request.method === 'GET' && PUBLIC_READS.find(({ path }) => path.test(request.url));
    if (read) readAtStart.set(request, { generation: fastify.pageCache.generation, tables: read.tables });
    done();
  });
  fastify.addHook('onSend', async (request, reply, payload) => {
    const read = readAtStart.get(request);
    if (read === undefined || request.auth || reply.statusCode !== 200) return payload;
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
        tables: read.tables,
      },
      read.generation,
    );
    reply.header('cache-control', SHARED_CACHE_CONTROL).header('etag', etag);
    if (!isNotModified(request.raw, etag)) return payload;
    reply.code(304);
    return '';
  });
}
