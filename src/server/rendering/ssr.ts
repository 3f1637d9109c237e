// https://vike.dev/renderPage and https://vike.dev/createDevMiddleware : Vike as a Fastify catch-all.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { projectRoot } from '../project-root.ts';
import { getSettingsOrDefaults, publicSettingsOf } from '../services/settings.ts';
import { setCompanyTimeZone } from '../../shared/company-time.ts';
import { listSeoOverrides } from '../services/seo-overrides.ts';
import type { SeoOverride } from '../../shared/schemas/seo-override.ts';
import { maintenancePage, MAINTENANCE_RETRY_AFTER_SECONDS } from './maintenance-page.ts';
import {
  isDegraded,
  isKeptForTheMinute,
  pageTextForPage,
  serviceLinksForPage,
} from '../services/page-data.ts';
import {
  answerWithCachedPage,
  etagOf,
  isNotModified,
  keepEncoded,
  liveAnswerKey,
  SHARED_CACHE_CONTROL,
  type CachedPage,
} from '../caching/page-cache.ts';
import { encodeBodyOffThread, encodingHeaders, preferredEncoding } from '../http/content-encoding.ts';
import type { FormPostOutcome } from '../../shared/form-post.ts';
import { formStamper } from '../http/form-stamp.ts';
import { formPostRoutes } from '../http/form-posts.ts';
import { RenderQueue } from './render-queue.ts';
import { loadOnFirstUse } from '../../shared/load-on-first-use.ts';
import type { PageStylesheets } from './inline-stylesheet.ts';
import { assemblePage } from './page-assembly.ts';
import { declaredTables, QueryParamsByPath } from '../caching/page-reads.ts';
import { ServiceUnavailableError } from '../errors.ts';
import { recogniseError, RETRY_AFTER_SECONDS } from '../http/http-errors.ts';

/**
 * Vike's server runtime and the built pages it loads take a tenth of a second or more to load: started
 * once the server listens, not before, so that a restart answers its health check sooner. A visitor who
 * comes in the first moments waits for it.
 */
const vikeServer = loadOnFirstUse(() => import('vike/server'));

/**
 * Renders under way at once. Four keep the main thread busy while one waits for the database or for
 * its compression on another thread; more only hold more memory.
 */
const RENDERS_AT_ONCE = 4;

export interface SsrOptions {
  mode: 'development' | 'production';
}

/** Where a live page's answer is kept, and the time of the render it is kept from. */
interface LiveRender {
  key: string;
  now: Date;
}

interface SsrPluginOptions extends SsrOptions {
  /** Each page's stylesheets, written into its head in place of the links Vike writes (inline-stylesheet.ts). */
  pageStylesheets?: PageStylesheets | null;
}

export async function ssrPlugin(app: FastifyInstance, options: SsrPluginOptions) {
  if (options.mode === 'development') {
    const { createDevMiddleware } = await import('vike/server');
    const { devMiddleware, viteServer } = await createDevMiddleware({
      root: projectRoot,
      viteConfig: { server: { hmr: { server: app.server } } },
    });
    // Its file watchers and dependency optimizer would outlive the app (a test's app.close(), a dev restart).
    app.addHook('onClose', () => viteServer.close());
    await app.register(import('@fastify/middie'));
    app.use(devMiddleware);
  } else {
    // The built scripts and styles, under names that change with their content. One route for the folder:
    // a route for each file (the plugin's `wildcard: false`) cost a tenth of a second of every start
    // listing and registering them. The site's pictures have their own route (site-images-route.ts).
    await app.register(import('@fastify/static'), {
      root: join(projectRoot, 'dist', 'client', 'assets'),
      prefix: '/assets/',
      // The .br and .gz twins written at build time (scripts/precompress-assets.ts).
      preCompressed: true,
      maxAge: '365d',
      immutable: true,
    });
  }

  // Signs the time each form is rendered, for the fill time of a form sent without script. A new key
  // per start: a stamp from before a restart reads as "no fill time", never as a bot.
  const formStampKey = randomBytes(32);
  const stampForms = formStamper(formStampKey);

  // The renders of shareable pages under way, by cache key.
  const rendersInFlight = new Map<string, Promise<unknown>>();
  // Renders take turns: a burst of staff reloads or of different pages at once holds a few pages'
  // memory, not one page per waiting request, and is rendered in the order it came.
  const renderQueue = new RenderQueue(RENDERS_AT_ONCE);
  const render = (...args: Parameters<typeof renderAndSend>) => renderQueue.run(() => renderAndSend(...args));

  // Which query parameters each page reads (its +config.ts), learnt once, before the first page is
  // rendered and so before any is cached: the cache keys every request by them.
  const knowPages = loadOnFirstUse(async () => {
    const { getGlobalContextAsync } = await vikeServer.get();
    const { pages } = await getGlobalContextAsync(options.mode === 'production');
    app.pageCache.knowPages(
      new QueryParamsByPath(
        Object.entries(pages).map(([pageId, page]) => ({ pageId, route: page.route, config: page.config })),
      ),
    );
  });

  /**
   * Renders the page at the request's path and sends it. `formPost` is the outcome of a form sent without
   * script: the page shows it with this status, and such an answer is never cached.
   */
  async function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    formPost?: { outcome: FormPostOutcome; statusCode: number },
  ) {
    if (!formPost && !request.auth && isLivePath(request.url)) return sendLivePage(request, reply);
    // A cached page was answered before this route (page-cache.ts). Only anonymous views are stored: a
    // signed-in owner may see drafts previewed at an article's address.
    const cacheable = !formPost && !request.auth && !isAdminPath(request.url) && !isPersonalPath(request.url);
    if (!cacheable) return render(request, reply, false, formPost);
    await knowPages.get();
    const key = app.pageCache.keyFor(request.url);
    // A visitor who came this far with a cookie that is no session, or reloading past the cache, is
    // still a visitor: the page already rendered is theirs too, so no request forces a render.
    return keptOrRenderedOnce(
      key,
      () => app.pageCache.get(key),
      (page) => answerCached(request, reply, page),
      () => render(request, reply, true),
    );
  }

  /**
   * The answer kept under `key`, or else one render for every request asking for it meanwhile: after
   * an edit empties the cache, a burst of visitors costs one render (and one render's memory), not one
   * each. A request that waited for a render that was not kept (a fallback, an error, a page not
   * found) gets a render of its own.
   */
  async function keptOrRenderedOnce(
    key: string,
    kept: () => CachedPage | undefined,
    answer: (page: CachedPage) => unknown,
    renderOwn: () => Promise<unknown>,
  ) {
    const known = kept();
    if (known) return answer(known);
    const underWay = rendersInFlight.get(key);
    if (underWay) {
      await underWay.catch(() => undefined);
      const rendered = kept();
      return rendered ? answer(rendered) : renderOwn();
    }
    const rendering = renderOwn();
    rendersInFlight.set(key, rendering);
    try {
      return await rendering;
    } finally {
      rendersInFlight.delete(key);
    }
  }

  /**
   * A live page for a visitor: the answer rendered for the same address within this minute of the
   * company clock, unless a change it reads came since (app.liveAnswers is emptied with the page cache),
   * or a render of its own. The answer is written as a cached page is, with the private headers it was
   * rendered with: it is kept here, never shared.
   */
  async function sendLivePage(request: FastifyRequest, reply: FastifyReply) {
    await knowPages.get();
    const now = app.clock();
    const key = liveAnswerKey(app.pageCache, request.url, now);
    // As for cached pages, a burst of visitors at the start of a minute costs one render.
    return keptOrRenderedOnce(
      `live ${key}`,
      () => app.liveAnswers.get(key),
      (page) => answerCached(request, reply, page),
      () => render(request, reply, false, undefined, { key, now }),
    );
  }

  function answerCached(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
    reply.hijack();
    answerWithCachedPage(page, app.securityHeaders, request.raw, reply.raw, app.analytics);
  }

  async function renderAndSend(
    request: FastifyRequest,
    reply: FastifyReply,
    cacheable: boolean,
    formPost?: { outcome: FormPostOutcome; statusCode: number },
    live?: LiveRender,
  ) {
    const generation = app.pageCache.generation;
    const liveGeneration = app.liveAnswers.generation;

    const { settings, degraded: settingsDegraded } = await getSettingsOrDefaults(
      app.db,
      request.log,
      app.readCache,
    );
    // Every date the page shows is in the zone of the settings it is rendered with.
    setCompanyTimeZone(settings.timeZone);
    // Maintenance closes the public site only: the owner must still reach /admin to switch it off.
    if (settings.maintenanceMode && !isAdminPath(request.url)) {
      return reply
        .status(503)
        .header('retry-after', String(MAINTENANCE_RETRY_AFTER_SECONDS))
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(maintenancePage(settings));
    }

    // What every page's frame shows, read side by side rather than one after another.
    const reader = { db: app.db, log: request.log, readCache: app.readCache };
    const [
      { seoOverride, degraded: seoDegraded },
      { serviceLinks, degraded: servicesDegraded },
      { text: footerText, degraded: footerDegraded },
    ] = await Promise.all([
      findSeoOverrideOrNull(app, request.url),
      serviceLinksForPage(reader),
      pageTextForPage(reader, 'footer', settings.companyName),
    ]);
    const { renderPage } = await vikeServer.get();
    const pageContext = await renderPage({
      urlOriginal: request.url,
      headersOriginal: request.headers,
      db: app.db,
      log: request.log,
      readCache: app.readCache,
      now: live?.now ?? app.clock(),
      bookingPhotoLimits: app.bookingPhotoLimits,
      inlineStylesheet: Boolean(options.pageStylesheets),
      publicUrl: app.config.publicUrl,
      // passToClient puts these in every page's HTML: the public view only.
      settings: publicSettingsOf(settings),
      footerLine: footerText.line,
      seoOverride,
      serviceLinks,
      user: request.auth ? { username: request.auth.user.username, role: request.auth.user.role } : null,
      formPost: formPost?.outcome ?? null,
      formStamp: stampForms(),
    });
    const { httpResponse } = pageContext;
    if (!httpResponse) return reply.callNotFound();
    // Unavailable: a page without a stand-in said so (post-pages.ts), or a render failed because the
    // database is away. Either way the visitor is asked to come back shortly; a 500 would say the site
    // is broken.
    const unavailable =
      httpResponse.statusCode === 503 ||
      (httpResponse.statusCode === 500 &&
        recogniseError(pageContext.errorWhileRendering) instanceof ServiceUnavailableError);
    const statusCode = unavailable ? 503 : httpResponse.statusCode;
    reply.status(formPost && statusCode === 200 ? formPost.statusCode : statusCode);
    if (unavailable) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    if (typeof httpResponse.body !== 'string') {
      for (const [name, value] of httpResponse.headers) reply.header(name, value);
      return reply.send(httpResponse.body);
    }
    const { body, stylesheet } = assemblePage(
      httpResponse.body,
      pageContext.pageHtml ?? '',
      options.pageStylesheets,
    );
    // A page showing a fallback because a read failed (default settings, no posts, the sample reviews,
    // 'Post not found') is served but not kept: the next visitor gets the real page once the database answers.
    const degraded =
      settingsDegraded || seoDegraded || servicesDegraded || footerDegraded || isDegraded(pageContext.data);
    // The same page for every visitor without a session: a CDN may share it, and a browser revalidates
    // it with its ETag. What one visitor typed is theirs alone, and staff see their own view: no-store.
    const shared = cacheable && !degraded && httpResponse.statusCode === 200;
    const headers: [string, string][] = httpResponse.headers.map(([name, value]) =>
      name.toLowerCase() === 'cache-control'
        ? [name, shared ? SHARED_CACHE_CONTROL : 'no-store']
        : [name, value],
    );
    // The policy allowing this page's own stylesheet, kept with the page so that an answer from the
    // cache carries it too (page-cache.ts lets a page's headers override the site's).
    if (stylesheet) headers.push(['content-security-policy', stylesheet.contentSecurityPolicy]);
    for (const [name, value] of headers) reply.header(name, value);
    // A customer's booking page holds its secret link: no page it links to is told the address.
    if (request.url.startsWith('/booking/')) reply.header('referrer-policy', 'no-referrer');
    let stored: CachedPage | undefined;
    // A live page's answer, kept as it is sent (no-store: for this visitor's browser only).
    if (live && !degraded && httpResponse.statusCode === 200 && isKeptForTheMinute(pageContext.data))
      stored = app.liveAnswers.set(
        live.key,
        { statusCode: 200, headers, body, storedAt: Date.now(), tables: declaredTables(pageContext.config) },
        liveGeneration,
      );
    if (shared) {
      stored = app.pageCache.set(
        app.pageCache.keyFor(request.url),
        { statusCode: 200, headers, body, storedAt: Date.now(), tables: declaredTables(pageContext.config) },
        generation,
      );
      // The entry kept has worked it out already; a page not kept (a change came meanwhile) has not.
      const etag = stored?.etag ?? etagOf(body);
      reply.header('etag', etag);
      if (isNotModified(request.raw, etag)) {
        app.analytics.notePageView(request.raw);
        return reply.status(304).headers(encodingHeaders('identity')).send();
      }
    }
    // Views by signed-in staff are not counted: the owner reading their own site is no visitor.
    if (cacheable && httpResponse.statusCode === 200) app.analytics.notePageView(request.raw);
    const asked = preferredEncoding(request.headers['accept-encoding']);
    const encoded = await encodeBodyOffThread(body, asked);
    if (stored) keepEncoded(stored, asked, encoded);
    return reply.headers(encodingHeaders(encoded.encoding)).send(encoded.body);
  }

  app.get('/*', (request, reply) => sendPage(request, reply));
  if (options.mode === 'production')
    app.addHook('onListen', async () => {
      // A failure here is met again, and reported, by the first render.
      knowPages.warm();
    });

  // The public forms sent without script: the same procedures as the JSON calls, answered with a page.
  await app.register(formPostRoutes, { sendPage, formStampKey });
}

/** The owner's metadata for this page; a failed read leaves the page's own metadata (degraded), never a 500. */
async function findSeoOverrideOrNull(
  app: FastifyInstance,
  url: string,
): Promise<{ seoOverride: SeoOverride | null; degraded: boolean }> {
  try {
    // A handful of rows: read whole once, then looked up by path for every page rendered after.
    const overrides = await app.readCache.remember(
      'seo overrides',
      async () =>
        new Map<string, SeoOverride>(
          (await listSeoOverrides(app.db)).map((override) => [override.page, override]),
        ),
    );
    return { seoOverride: overrides.get(url.split('?')[0]!) ?? null, degraded: false };
  } catch (error) {
    app.log.warn({ err: error }, 'reading the SEO override failed; using the page defaults');
    return { seoOverride: null, degraded: true };
  }
}

/**
 * Pages opened by a personal link of a review request email: each is one customer's (their name, the
 * link's state, which changes once used), so none is kept for other visitors or shared by a CDN.
 */
export function isPersonalPath(url: string): boolean {
  return /^\/(review|unsubscribe|booking)(\/|$)/.test(url) || isLivePath(url);
}

/**
 * The booking page: its windows' room changes with every booking and with the clock, and each step
 * shows what one visitor chose, so it is rendered for each request, never kept.
 */
export function isLivePath(url: string): boolean {
  return /^\/book(\/|\?|$)/.test(url);
}

export function isAdminPath(url: string): boolean {
  return (
    url === '/admin' ||
    url.startsWith('/admin/') ||
    url.startsWith('/admin?') ||
    url.startsWith('/admin-login')
  );
}
