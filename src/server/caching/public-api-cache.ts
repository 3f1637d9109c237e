import type { FastifyInstance, FastifyRequest } from 'fastify';
import { etagOf, isNotModified, liveAnswerKey, SHARED_CACHE_CONTROL } from './page-cache.ts';

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
  // A drawn coupon's address changes with the brand colours (settings).
  { path: /^\/api\/offers(\?|$)/, tables: ['offers', 'settings'] },
];

/**
 * The public reads whose answers change with the clock as well as with their tables (a window's notice
 * runs out): kept for the minute they were made in, among the live answers, and sent `no-store`.
 */
export const LIVE_READS: readonly { path: RegExp; tables: readonly string[] }[] = [
  {
    path: /^\/api\/booking\/availability(\?|$)/,
    tables: [
      'bookings',
      'booking_settings',
      'booking_closed_days',
      'booking_blocked_windows',
      'service_areas',
      'services',
      'settings',
    ],
  },
];

/**
 * Public GET answers are kept beside the pages in the page cache, cleared as the pages are when a table
 * they are read from changes, and answered from memory before the request pipeline, as the pages are. Each carries an ETag (a repeat
 * request with If-None-Match gets a 304 and no body) and the shared-cache header the pages carry.
 * Anything asked with a session is answered afresh and never kept.
 */
export function cachePublicReads(fastify: FastifyInstance) {
  const readAtStart = new WeakMap<
    FastifyRequest,
    { generation: number; tables: readonly string[]; liveKey?: string }
  >();
  fastify.addHook('onRequest', (request, _reply, done) => {
    if (request.method === 'GET') {
      const read = PUBLIC_READS.find(({ path }) => path.test(request.url));
      if (read) readAtStart.set(request, { generation: fastify.pageCache.generation, tables: read.tables });
      const live = LIVE_READS.find(({ path }) => path.test(request.url));
      if (live)
        readAtStart.set(request, {
          generation: fastify.liveAnswers.generation,
          tables: live.tables,
          liveKey: liveAnswerKey(fastify.pageCache, request.url, fastify.clock()),
        });
    }
    done();
  });
  fastify.addHook('onSend', async (request, reply, payload) => {
    const read = readAtStart.get(request);
    if (read === undefined || request.auth || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const body = Buffer.from(payload);
    if (read.liveKey !== undefined) {
      // Kept as it was sent, for the visitors who ask it again within the minute.
      fastify.liveAnswers.set(
        read.liveKey,
        {
          statusCode: 200,
          headers: [
            ['content-type', String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8')],
            ['cache-control', String(reply.getHeader('cache-control') ?? 'no-store')],
          ],
          body,
          storedAt: Date.now(),
          isApiAnswer: true,
          tables: read.tables,
        },
        read.generation,
      );
      return payload;
    }
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
