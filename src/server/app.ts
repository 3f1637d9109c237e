// The whole HTTP application as one Fastify plugin (https://github.com/fastify/demo): server.ts and the
// tests register this same function. Registration order is fixed here and nowhere else.
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { core } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import type { AppConfig } from './env.ts';
import { DomainError, InvalidInputError, TooManyRequestsError } from './errors.ts';
import { httpStatusFor, INTERNAL_ERROR_MESSAGE, recogniseError, RETRY_AFTER_SECONDS } from './http-errors.ts';
import { answerThenClose, refuseEncodedBodies } from './request-bodies.ts';
import { createRequestContext, SESSION_COOKIE, sessionCookieOptions } from './request-context.ts';
import { PAGE_TTL_MS, PageCache, serveCachedPage } from './page-cache.ts';
import { ReadCache } from './read-cache.ts';
import { fileStoreFor, followRemovedFiles, importUploadsFolder } from './storage/file-store-for.ts';
import { DatabaseStore } from './storage/database-store.ts';
import {
  defaultImageVariantMakerOptions,
  ImageVariantMaker,
  type ImageVariantMakerOptions,
} from './services/image-variants.ts';
import { uploadsRoute } from './uploads-route.ts';
import { siteImagesRoute } from './site-images-route.ts';
import { PublishTimer } from './publish-timer.ts';
import { pagesListingReviews } from './services/page-data.ts';
import { followSiteChanges } from './site-changes.ts';
import { followSessionChanges, SessionMemory } from './session-memory.ts';
import { securityHeadersFor } from './security-headers.ts';
import {
  defaultLeadNotifierOptions,
  LeadNotifier,
  type LeadNotifierOptions,
} from './services/lead-notifier.ts';
import { AnalyticsRecorder, type AnalyticsRecorderOptions } from './services/analytics.ts';
import { analyticsRestRoutes } from './rest/analytics.ts';
import { discoveryRoutes } from './rest/discovery.ts';
import { adminRestRoutes } from './rest/admin.ts';
import { publicRestRoutes } from './rest/public.ts';
import { cachePublicReads } from './public-api-cache.ts';
import { uploadRestRoute } from './rest/upload.ts';
import { jsonSerializerCompiler, zodValidatorCompiler } from './rest/typed.ts';
import {
  LoginThrottle,
  type LoginThrottleOptions,
  defaultLoginThrottleOptions,
} from './services/login-throttle.ts';
import { sweepExpired } from './services/sweep.ts';
import { NightlyBackups, type Clock } from './services/backup/nightly.ts';
import { defaultUploadLimits, type UploadLimits } from './services/uploads.ts';
import { appRouter, type AppRouter } from './trpc/app-router.ts';
import type { SsrOptions } from './ssr.ts';
import { builtStylesheet, type InlineStylesheet } from './inline-stylesheet.ts';
import { cspSourceOf } from './csp-source.ts';
import { PAGE_SCRIPT_LOADER_CSP } from './script-priority.ts';
import { MAINTENANCE_STYLESHEET } from './maintenance-page.ts';
import { projectRoot } from './project-root.ts';

export interface AppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** Omitted in API tests: no page rendering, no Vite. */
  ssr?: SsrOptions;
  uploadLimits?: UploadLimits;
  loginThrottle?: Partial<LoginThrottleOptions>;
  leadNotifier?: Partial<LeadNotifierOptions>;
  /** Time between sweeps of expired spam and limit counters (the first runs at start). */
  sweepIntervalMs?: number;
  /**
   * How long after the app is ready its background work begins: alerts and image copies left pending
   * before a restart, the first sweep, the nightly backup's first check. None by default; the server
   * waits a moment (server.ts).
   */
  backgroundStartDelayMs?: number;
  /** Write a backup every night (the server); omitted in tests that do not exercise it. */
  nightlyBackups?: { clock?: Clock; recheckMs?: number };
  analytics?: Partial<AnalyticsRecorderOptions>;
  imageVariants?: Partial<ImageVariantMakerOptions>;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

async function buildApp(fastify: FastifyInstance, options: AppOptions) {
  const { config, database } = options;

  // 1. Config and shared services.
  fastify.decorate('config', config);
  fastify.decorate('db', database.db);
  fastify.decorate('databaseKind', database.kind);
  fastify.decorate(
    'loginThrottle',
    new LoginThrottle({ ...defaultLoginThrottleOptions, ...options.loginThrottle }),
  );
  const pageCache = new PageCache();
  fastify.decorate('pageCache', pageCache);
  fastify.decorate(
    'reads',
    new ReadCache({ generation: () => pageCache.generation, ttlMs: PAGE_TTL_MS, maxEntries: 1_000 }),
  );
  const fileStore = fileStoreFor(config, database.db);
  fastify.decorate('fileStore', fileStore);
  if (fileStore instanceof DatabaseStore) {
    const stopFollowingFiles = await followRemovedFiles(database, fileStore, fastify.log);
    fastify.addHook('onClose', stopFollowingFiles);
    let importing: Promise<unknown> = Promise.resolve();
    fastify.addHook('onReady', (done) => {
      importing = importUploadsFolder(database.db, config.uploadsDir).then(
        (count) =>
          count && fastify.log.info(`copied ${count} uploaded files from UPLOADS_DIR into the database`),
        (error: unknown) => fastify.log.error({ err: error }, 'copying UPLOADS_DIR into the database failed'),
      );
      done();
    });
    fastify.addHook('onClose', () => importing);
  }
  const imageVariants = new ImageVariantMaker(
    database.db,
    fileStore,
    join(config.uploadsDir, '.incoming'),
    fastify.log,
    { ...defaultImageVariantMakerOptions, ...options.imageVariants },
  );
  fastify.decorate('imageVariants', imageVariants);
  const startInBackground = backgroundStarter(fastify, options.backgroundStartDelayMs ?? 0);
  startInBackground(() => imageVariants.start());
  // An image being worked on is finished before the database closes; the rest wait in the database.
  fastify.addHook('onClose', () => imageVariants.stop());
  fastify.decorate(
    'leadNotifier',
    new LeadNotifier(
      database.db,
      {
        smtpUrl: config.smtpUrl,
        publicUrl: config.publicUrl,
        ...defaultLeadNotifierOptions,
        ...options.leadNotifier,
      },
      fastify.log,
    ),
  );
  // What visitors see can change through another instance sharing the database, or when a scheduled
  // post's time comes: both empty this instance's rendered pages. The timer is armed again when posts
  // change, and everything starts over when the listening connection comes back.
  const publishTimer = new PublishTimer(database.db, () => fastify.pageCache.clear(), fastify.log);
  const stopFollowing = await followSiteChanges(database, {
    changed: (table) => {
      fastify.pageCache.clear(table === 'reviews' ? pagesListingReviews : undefined);
      if (table === 'posts') void publishTimer.rearm();
    },
    resync: () => {
      fastify.pageCache.clear();
      void publishTimer.rearm();
    },
  });
  fastify.addHook('onClose', async () => {
    publishTimer.stop();
    await stopFollowing();
  });
  startInBackground(() => fastify.leadNotifier.start());
  // An alert being sent is finished before the database closes; the rest wait in the database.
  fastify.addHook('onClose', () => fastify.leadNotifier.stop());
  scheduleSweeps(fastify, database.db, options.sweepIntervalMs ?? 60 * 60 * 1000, startInBackground);
  if (options.nightlyBackups) {
    const nightly = new NightlyBackups({
      db: database.db,
      databaseKind: database.kind,
      files: fileStore,
      backupDir: config.backupDir,
      log: fastify.log,
      ...options.nightlyBackups,
    });
    startInBackground(() => nightly.start());
    // A backup under way is finished, not cut off, before the database closes.
    fastify.addHook('onClose', () => nightly.stop());
  }
  const analytics = new AnalyticsRecorder(database.db, config.trustProxy, options.analytics, fastify.log);
  fastify.decorate('analytics', analytics);
  analytics.start();
  // The last few seconds of counting are written before the database closes.
  fastify.addHook('onClose', () => analytics.stop());
  fastify.decorateRequest('auth', null);
  fastify.setErrorHandler(handleError);
  fastify.setValidatorCompiler(zodValidatorCompiler);
  fastify.setSerializerCompiler(jsonSerializerCompiler);
  fastify.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ success: false, message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` }),
  );

  // 2. Security: headers, cross-origin writes. Per-address limits are counted by the services.
  // helmet's headers, worked out once: @fastify/helmet built a new helmet for every request, which took
  // longer than serving a cached page.
  const inlineStylesheet =
    options.ssr?.mode === 'production' ? builtStylesheet(join(projectRoot, 'dist', 'client')) : null;
  const securityHeaders = securityHeadersFor({
    contentSecurityPolicy:
      options.ssr?.mode === 'development' ? false : { directives: contentSecurityPolicy(inlineStylesheet) },
    hsts: config.publicUrl.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  fastify.decorate('securityHeaders', securityHeaders);
  // A visitor without a session asking for a page already rendered gets it here, before the rest of the
  // request pipeline (page-cache.ts). server.ts answers such requests even earlier; this covers an app
  // built without it.
  fastify.addHook('onRequest', serveCachedPage(fastify.pageCache, securityHeaders, analytics));
  fastify.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  fastify.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (
      isCrossOrigin(
        request.headers.origin,
        request.headers['sec-fetch-site'],
        config.publicUrl,
        request.host,
        request.protocol,
      )
    ) {
      return reply.status(403).send({ success: false, message: 'Cross-origin requests are not allowed' });
    }
  });
  fastify.addHook('onRequest', refuseEncodedBodies);

  // 3. Cookies and the session behind them.
  await fastify.register(import('@fastify/cookie'));
  const sessionMemory = new SessionMemory(database);
  const stopFollowingSessions = await followSessionChanges(database, sessionMemory);
  fastify.addHook('onClose', () => stopFollowingSessions());
  fastify.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const result = await sessionMemory.validate(token);
    if (!result) {
      reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(config));
      return;
    }
    request.auth = { user: result.user, session: result.session };
    if (result.renewed)
      reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(config, result.session.expiresAt));
  });
  // A write by signed-in staff may have ended sessions (a sign-out, a password change, an account
  // disabled). The database announces it to every instance, this one included, but not always before
  // this answer reaches the browser: this instance forgets at once, before answering.
  fastify.addHook('onSend', async (request) => {
    if (request.auth && !SAFE_METHODS.has(request.method)) sessionMemory.forgetAll();
  });
  // Every /api/admin path needs a session before its input is checked or its handler runs; roles are
  // checked by the procedures.
  fastify.addHook('preValidation', async (request, reply) => {
    if (request.url.startsWith('/api/admin') && !request.auth) {
      return reply.status(401).send({ success: false, message: 'Sign in to continue' });
    }
  });

  // 4. Multipart bodies (uploads only).
  await fastify.register(import('@fastify/multipart'));

  // 5. Uploaded files, and the site's own pictures under their content-addressed names.
  mkdirSync(config.uploadsDir, { recursive: true });
  await fastify.register(uploadsRoute);
  await fastify.register(siteImagesRoute, { mode: options.ssr?.mode ?? 'development' });

  // 6. Health.
  await fastify.register(import('./health.ts'), { database });

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
        const retryAfter = errors.some((error) => error.code === 'SERVICE_UNAVAILABLE')
          ? RETRY_AFTER_SECONDS
          : errors.map(retryAfterOf).find(Boolean);
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
  await fastify.register(adminRestRoutes);
  await fastify.register(analyticsRestRoutes);
  await fastify.register(uploadRestRoute, { limits: options.uploadLimits ?? defaultUploadLimits });
  await fastify.register(discoveryRoutes);

  // 9. Pages, last: the catch-all route.
  if (options.ssr) {
    const { ssrPlugin } = await import('./ssr.ts');
    await fastify.register(ssrPlugin, { ...options.ssr, inlineStylesheet });
  }
}

/**
 * What starts background work once the app is ready, `delayMs` later: after a restart, the first
 * visitors and health checks are answered before that work queues its queries on the database (the
 * embedded one has a single connection). Work whose time has not come when the app closes never starts.
 */
function backgroundStarter(fastify: FastifyInstance, delayMs: number) {
  const starts: (() => void)[] = [];
  let timer: NodeJS.Timeout | undefined;
  fastify.addHook('onReady', (done) => {
    const startAll = () => starts.forEach((start) => start());
    if (delayMs === 0) startAll();
    else timer = setTimeout(startAll, delayMs);
    done();
  });
  fastify.addHook('preClose', (done) => {
    clearTimeout(timer);
    done();
  });
  return (start: () => void) => void starts.push(start);
}

/** A sweep at start and then at each interval; a sweep under way finishes before the database closes. */
function scheduleSweeps(
  fastify: FastifyInstance,
  db: DatabaseHandle['db'],
  intervalMs: number,
  startInBackground: (start: () => void) => void,
): void {
  let running: Promise<void> | undefined;
  const sweep = () => {
    if (running) return;
    running = sweepExpired(db)
      .then((result) => {
        if (result.spamLeads || result.spamReviews || result.rateLimits)
          fastify.log.info(result, 'deleted old spam and expired limit counters');
      })
      .catch((error: unknown) => fastify.log.warn({ err: error }, 'sweep of old spam failed'))
      .finally(() => (running = undefined));
  };
  let timer: NodeJS.Timeout | undefined;
  startInBackground(() => {
    sweep();
    timer = setInterval(sweep, intervalMs).unref();
  });
  fastify.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

/** Not encapsulated: the server and tests see the decorations (db, config, leadNotifier) on their instance. */
export const app = fastifyPlugin(buildApp, { name: 'plumbing-app', fastify: '5.x' });

function contentSecurityPolicy(inlineStylesheet: InlineStylesheet | null) {
  return {
    defaultSrc: ["'self'"],
    // The one inline script, which adds a page's scripts once the page is painted (script-priority.ts).
    scriptSrc: ["'self'", PAGE_SCRIPT_LOADER_CSP],
    // The inlined stylesheet and the maintenance page's by their hashes, and no other <style> element.
    // Style attributes (a photo's background, a chart's bar widths) are allowed on their own.
    styleSrc: [
      "'self'",
      ...(inlineStylesheet ? [inlineStylesheet.cspSource] : []),
      cspSourceOf(MAINTENANCE_STYLESHEET),
    ],
    styleSrcAttr: ["'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'https:'],
    mediaSrc: ["'self'", 'https:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    // The contact page embeds a map.
    frameSrc: ['https://www.google.com', 'https://maps.google.com'],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  };
}

/** A write from another site's page: a foreign Origin header, or the browser saying so. */
export function isCrossOrigin(
  origin: string | undefined,
  fetchSite: string | string[] | undefined,
  publicUrl: string,
  host: string,
  protocol: string,
): boolean {
  if (fetchSite === 'cross-site') return true;
  if (!origin) return false;
  if (origin === 'null') return true;
  return origin !== new URL(publicUrl).origin && origin !== `${protocol}://${host}`;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route's own words for a failure on our side (e.g. 'Failed to send message'),
     * sent instead of the generic sentence; client errors (4xx) keep their own message.
     */
    serverFailure?: { message: string; error?: string };
  }
}

function handleError(
  this: FastifyInstance,
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { status, message, fieldErrors, expose } = describeError(error);
  // A body refused before it was read in full (too large, wrongly encoded): the answer goes out first
  // and the rest of the body is read and dropped, so the client, still sending, can read the answer.
  if (!request.raw.complete) answerThenClose(request.raw, reply.raw);
  const retryAfter = status === 503 ? RETRY_AFTER_SECONDS : retryAfterOf(error);
  if (retryAfter) reply.header('retry-after', String(retryAfter));
  if (status >= 500 && !expose) {
    request.log.error({ err: error }, 'request failed');
    return reply.status(status).send({
      success: false,
      ...(request.routeOptions.config?.serverFailure ?? { message: INTERNAL_ERROR_MESSAGE }),
    });
  }
  if (status >= 500) {
    request.log.warn({ err: error }, 'request failed: %s', message);
    // A route's own words for a failure still apply when the database is away; a full disk is news.
    const own = status === 503 ? request.routeOptions.config?.serverFailure : undefined;
    return reply.status(status).send({ success: false, ...(own ?? { message }) });
  }
  return reply
    .status(status)
    .send({ success: false, message, ...(fieldErrors ? { errors: fieldErrors } : {}) });
}

/** Seconds a refused client should wait, when a limit refused it. */
export function retryAfterOf(error: unknown): number | undefined {
  const cause = error instanceof TRPCError ? error.cause : error;
  return cause instanceof TooManyRequestsError ? cause.retryAfterSeconds : undefined;
}

interface DescribedError {
  status: number;
  message: string;
  fieldErrors?: Record<string, string[]>;
  /** A server-side failure the client should hear about as is (a full disk, a database away). */
  expose?: boolean;
}

function describeDomainError(error: DomainError): DescribedError {
  const fieldErrors =
    error instanceof InvalidInputError && Object.keys(error.fieldErrors).length
      ? error.fieldErrors
      : undefined;
  const status = httpStatusFor(error);
  return { status, message: error.message, fieldErrors, expose: status >= 500 && status !== 500 };
}

/** The status, message and field errors any error answers with; the page-answered form posts use it too. */
export function describeError(error: FastifyError | Error): DescribedError {
  if (error instanceof TRPCError) {
    const cause = error.cause;
    if (cause instanceof core.$ZodError) {
      const invalid = InvalidInputError.fromZod(cause);
      return { status: 400, message: invalid.message, fieldErrors: invalid.fieldErrors };
    }
    const recognised = recogniseError(cause);
    if (recognised) return describeDomainError(recognised);
    return { status: getHTTPStatusCodeFromError(error), message: error.message };
  }
  if (error instanceof DomainError) return describeDomainError(error);
  const fastifyError = error as FastifyError;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: 'The request body is not valid JSON' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return {
        status: 415,
        message: 'Unsupported content type: send JSON (or multipart/form-data for uploads)',
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
      return { status: 413, message: 'The request is too large' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, message: 'The request body length does not match its Content-Length' };
  }
  const recognised = recogniseError(error);
  if (recognised) return describeDomainError(recognised);
  if (fastifyError.statusCode === 429) return { status: 429, message: fastifyError.message };
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return { status: fastifyError.statusCode, message: fastifyError.message };
  }
  return { status: 500, message: INTERNAL_ERROR_MESSAGE };
}
