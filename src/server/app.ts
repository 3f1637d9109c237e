// The whole HTTP application as one Fastify plugin (https://github.com/fastify/demo): server.ts and the
// tests register this same function. Registration order is fixed here and nowhere else: each numbered
// step's hooks run before the next step's.
import { mkdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import type { AppConfig } from './env.ts';
import { createRequestContext } from './http/request-context.ts';
import { liveAnswerCache, PAGE_TTL_MS, PageCache, serveCachedPage } from './caching/page-cache.ts';
import { ReadCache } from './caching/read-cache.ts';
import { fileStoreFor } from './storage/file-store-for.ts';
import { uploadsRoute } from './http/uploads-route.ts';
import { siteImagesRoute } from './http/site-images-route.ts';
import { analyticsRestRoutes } from './http/rest/analytics.ts';
import { discoveryRoutes } from './http/rest/discovery.ts';
import { adminRestRoutes } from './http/rest/admin.ts';
import { contentRestRoutes } from './http/rest/content.ts';
import { accountRestRoutes } from './http/rest/account.ts';
import { publicRestRoutes } from './http/rest/public.ts';
import { serviceAreasRestRoutes } from './http/rest/service-areas.ts';
import { bookingRestRoutes } from './http/rest/bookings.ts';
import { offerRestRoutes } from './http/rest/offers.ts';
import { pageTextRestRoutes } from './http/rest/page-texts.ts';
import { offerCouponRoute } from './http/offer-coupon-route.ts';
import { cachePublicReads } from './caching/public-api-cache.ts';
import { uploadRestRoute } from './http/rest/upload.ts';
import { jsonSerializerCompiler, zodValidatorCompiler } from './http/rest/typed.ts';
import {
  LoginThrottle,
  type LoginThrottleOptions,
  defaultLoginThrottleOptions,
} from './services/login-throttle.ts';
import { defaultUploadLimits, type UploadLimits } from './services/uploads.ts';
import { defaultBookingPhotoLimits, type BookingPhotoLimits } from './services/booking-photos.ts';
import { appRouter, type AppRouter } from './http/trpc/app-router.ts';
import type { SsrOptions } from './rendering/ssr.ts';
import { startBackgroundWork, type BackgroundWorkOptions } from './background/background-work.ts';
import { handleError, retryAfterSecondsForTrpc } from './http/error-handler.ts';
import { guardRequests, siteSecurityHeaders } from './http/security.ts';
import { identifyRequests } from './http/session-hook.ts';
import { healthRoute } from './http/health.ts';

export interface AppOptions extends BackgroundWorkOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** Omitted in API tests: no page rendering, no Vite. */
  ssr?: SsrOptions;
  uploadLimits?: UploadLimits;
  /** What a visitor may attach to a booking; tests lower the sizes. */
  bookingPhotoLimits?: BookingPhotoLimits;
  loginThrottle?: Partial<LoginThrottleOptions>;
  /**
   * The time sessions, re-authentication and the activity log are judged by; tests pass a clock they
   * move, so that idle timeouts and the five-minute re-authentication need no waiting.
   */
  clock?: () => Date;
  /**
   * The server in front answers cached pages and kept live answers before Fastify sees a request
   * (server.ts): the app then does not look each missed request up a second time.
   */
  cachedAnswersServedBefore?: boolean;
}

async function buildApp(fastify: FastifyInstance, options: AppOptions) {
  const { config, database } = options;

  // 1. Config, shared services, caches and the background work behind them.
  fastify.decorate('config', config);
  fastify.decorate('db', database.db);
  fastify.decorate('databaseKind', database.kind);
  const timerClock = options.timerClock;
  fastify.decorate('clock', options.clock ?? (timerClock ? () => timerClock.now() : () => new Date()));
  fastify.decorate(
    'loginThrottle',
    new LoginThrottle({ ...defaultLoginThrottleOptions, ...options.loginThrottle }),
  );
  const pageCache = new PageCache();
  fastify.decorate('pageCache', pageCache);
  const liveAnswers = liveAnswerCache();
  pageCache.alsoClear(liveAnswers);
  fastify.decorate('liveAnswers', liveAnswers);
  fastify.decorate(
    'readCache',
    new ReadCache({ generation: () => pageCache.generation, ttlMs: PAGE_TTL_MS, maxEntries: 1_000 }),
  );
  const fileStore = fileStoreFor(config, database.db);
  fastify.decorate('fileStore', fileStore);
  fastify.decorate('bookingPhotoLimits', options.bookingPhotoLimits ?? defaultBookingPhotoLimits);
  const workers = await startBackgroundWork(fastify, { config, database, fileStore, pageCache }, options);
  fastify.decorate('imageVariants', workers.imageVariants);
  fastify.decorate('leadNotifier', workers.leadNotifier);
  fastify.decorate('securityMailer', workers.securityMailer);
  fastify.decorate('reviewRequestMailer', workers.reviewRequestMailer);
  fastify.decorate('bookingMailer', workers.bookingMailer);
  fastify.decorate('analytics', workers.analytics);
  fastify.decorateRequest('auth', null);
  fastify.decorateRequest('pendingSignIn', null);
  fastify.decorateRequest('bookingPhotos', null);
  fastify.setErrorHandler(handleError);
  fastify.setValidatorCompiler(zodValidatorCompiler);
  fastify.setSerializerCompiler(jsonSerializerCompiler);
  fastify.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ success: false, message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` }),
  );

  // 2. A visitor without a session asking for a page already rendered gets it here, before the rest of
  // the request pipeline (page-cache.ts). server.ts answers such requests even earlier; this covers an
  // app built without it. Then security: headers, cross-origin writes.
  const { securityHeaders, pageStylesheets } = siteSecurityHeaders(config, options.ssr?.mode);
  fastify.decorate('securityHeaders', securityHeaders);
  if (!options.cachedAnswersServedBefore)
    fastify.addHook(
      'onRequest',
      serveCachedPage(pageCache, securityHeaders, workers.analytics, {
        answers: liveAnswers,
        now: () => fastify.clock(),
      }),
    );
  guardRequests(fastify, config, securityHeaders);

  // 3. Cookies and the session behind them.
  await fastify.register(import('@fastify/cookie'));
  await identifyRequests(fastify, database, config);

  // 4. Multipart bodies (uploads, and photos sent with a booking).
  await fastify.register(import('@fastify/multipart'));

  // 5. Uploaded files, and the site's own pictures under their content-addressed names.
  mkdirSync(config.uploadsDir, { recursive: true });
  await fastify.register(uploadsRoute);
  await fastify.register(siteImagesRoute, { mode: options.ssr?.mode ?? 'development' });

  // 6. Health, which says whether a load balancer may send visitors here.
  await fastify.register(healthRoute, { database });

  // 7. tRPC. Its mutations take JSON only: a form post of any kind (urlencoded, multipart, text/plain, which
  // a page on another site can send without asking) is refused before tRPC reads it.
  fastify.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST' || !request.url.startsWith('/trpc/')) return;
    if (!/^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '')) {
      return reply.status(415).send({ success: false, message: 'Unsupported content type: send JSON' });
    }
  });
  await fastify.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res }) => createRequestContext(req, res),
      responseMeta: ({ errors }) => {
        const retryAfter = retryAfterSecondsForTrpc(errors);
        return retryAfter ? { headers: { 'retry-after': String(retryAfter) } } : {};
      },
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR')
          fastify.log.error({ err: error.cause ?? error, path }, 'tRPC procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  // 8. REST adapters under /api, calling the same services as tRPC; public reads kept beside the pages.
  cachePublicReads(fastify);
  await fastify.register(publicRestRoutes);
  await fastify.register(offerRestRoutes);
  await fastify.register(pageTextRestRoutes);
  await fastify.register(offerCouponRoute);
  await fastify.register(adminRestRoutes);
  await fastify.register(contentRestRoutes);
  await fastify.register(accountRestRoutes);
  await fastify.register(analyticsRestRoutes);
  await fastify.register(serviceAreasRestRoutes);
  await fastify.register(bookingRestRoutes);
  await fastify.register(uploadRestRoute, { limits: options.uploadLimits ?? defaultUploadLimits });
  await fastify.register(discoveryRoutes);

  // 9. Pages, last: the catch-all route.
  if (options.ssr) {
    const { ssrPlugin } = await import('./rendering/ssr.ts');
    await fastify.register(ssrPlugin, { ...options.ssr, pageStylesheets });
  }
}

/** Not encapsulated: the server and tests see the decorations (db, config, leadNotifier) on their instance. */
export const app = fastifyPlugin(buildApp, { name: 'plumbing-app', fastify: '5.x' });
