import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../../db/client.ts';
import type { Session } from '../../../db/schema/index.ts';
import type { AppConfig } from '../env.ts';
import type { LoginThrottle } from '../services/login-throttle.ts';
import type { PageCache } from '../caching/page-cache.ts';
import type { ReadCache } from '../caching/read-cache.ts';
import type { LeadNotifier } from '../services/lead-notifier.ts';
import { newBrowserId, type SecurityMailer } from '../services/security-mailer.ts';
import type { ReviewRequestMailer } from '../services/review-request-mailer.ts';
import type { BookingMailer } from '../services/booking-mailer.ts';
import type { AnalyticsRecorder } from '../services/analytics.ts';
import type { SessionUser } from '../services/sessions.ts';
import type { OwnSessionRequest } from '../services/account-sessions.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { ImageVariantMaker } from '../services/image-variants.ts';
import type { BookingPhotoLimits, ReceivedPhotos } from '../services/booking-photos.ts';

export const SESSION_COOKIE = 'session';
/** A random id telling this browser apart for a year, so a sign-in from another one can be told of. */
export const BROWSER_COOKIE = 'browser';
const BROWSER_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export interface Auth {
  user: SessionUser;
  session: Session;
}

/** What every procedure, REST handler and page sees of the request; built the same way for all. */
export interface RequestContext {
  db: Database;
  config: AppConfig;
  auth: Auth | null;
  /** A sign-in whose password was right, waiting for its second step; grants nothing else. */
  pendingSignIn: Auth | null;
  clientAddress: string;
  /** The browser's user agent and the page the request came from, for counting a lead. */
  userAgent: string | undefined;
  referer: string | undefined;
  host: string;
  analytics: AnalyticsRecorder;
  loginThrottle: LoginThrottle;
  leadNotifier: LeadNotifier;
  /** Sends the security emails services queue; woken after a change that queued one. */
  securityMailer: SecurityMailer;
  /** This browser's id (the browser cookie), or a new one that `rememberBrowserCookie` sets. */
  browserId: string;
  rememberBrowserCookie(): void;
  /** Sends review requests; its clock is the time requests and review links are counted by. */
  reviewRequestMailer: ReviewRequestMailer;
  /** Sends booking emails; woken after a change that queued one. */
  bookingMailer: BookingMailer;
  /** Where uploaded files are kept (deleting an upload removes its files). */
  fileStore: FileStore;
  /**
   * The photos a multipart booking post carried, read by the HTTP edge before the procedure runs
   * (booking-photo-parts.ts); null for every other request, so a JSON call can never name a file.
   */
  receivedPhotos: ReceivedPhotos | null;
  /** The time sessions, re-authentication and the activity log go by (a test may move it). */
  now(): Date;
  setSessionCookie(token: string, expiresAt: Date): void;
  clearSessionCookie(): void;
  /**
   * Called after a successful change, so no visitor is served a page rendered before it: every page,
   * or only the pages read from `tables` (the database announces the change too, a moment later).
   */
  contentChanged(tables?: readonly string[]): void;
  /** Public reads kept until a change to what they read (caching/read-cache.ts). */
  readCache: ReadCache;
}

/** The signed-in person behind a request, where from and when: what services that log are handed. */
export function actingRequest(
  ctx: Pick<RequestContext, 'clientAddress' | 'userAgent' | 'now'> & { auth: Auth },
): OwnSessionRequest & { username: string } {
  return {
    actor: { userId: ctx.auth.user.id, username: ctx.auth.user.username },
    username: ctx.auth.user.username,
    from: { clientAddress: ctx.clientAddress, userAgent: ctx.userAgent },
    at: ctx.now(),
    sessionId: ctx.auth.session.id,
  };
}

export function sessionCookieOptions(config: AppConfig, expiresAt?: Date) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: config.publicUrl.startsWith('https://'),
    ...(expiresAt ? { expires: expiresAt } : {}),
  };
}

export function createRequestContext(request: FastifyRequest, reply: FastifyReply): RequestContext {
  const app = request.server;
  const cookieBrowserId = request.cookies[BROWSER_COOKIE];
  const browserId =
    cookieBrowserId && /^[A-Za-z0-9_-]{20,64}$/.test(cookieBrowserId) ? cookieBrowserId : newBrowserId();
  return {
    db: app.db,
    config: app.config,
    auth: request.auth,
    pendingSignIn: request.pendingSignIn,
    clientAddress: request.ip,
    userAgent: request.headers['user-agent'],
    referer: request.headers.referer,
    host: request.host,
    analytics: app.analytics,
    loginThrottle: app.loginThrottle,
    leadNotifier: app.leadNotifier,
    securityMailer: app.securityMailer,
    browserId,
    rememberBrowserCookie: () => {
      reply.setCookie(BROWSER_COOKIE, browserId, {
        ...sessionCookieOptions(app.config),
        maxAge: BROWSER_COOKIE_MAX_AGE_S,
      });
    },
    reviewRequestMailer: app.reviewRequestMailer,
    bookingMailer: app.bookingMailer,
    fileStore: app.fileStore,
    receivedPhotos: request.bookingPhotos,
    now: app.clock,
    setSessionCookie: (token, expiresAt) => {
      reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(app.config, expiresAt));
    },
    clearSessionCookie: () => {
      reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(app.config));
    },
    contentChanged: (tables) => app.pageCache.clear(tables),
    readCache: app.readCache,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: AppConfig;
    loginThrottle: LoginThrottle;
    pageCache: PageCache;
    /** Live pages' answers, each kept for the minute it was rendered in; emptied with the page cache. */
    liveAnswers: PageCache;
    /** The public content pages read, kept as long as the rendered pages (read-cache.ts). */
    readCache: ReadCache;
    /** helmet's headers, worked out once at start (security-headers.ts). */
    securityHeaders: Record<string, string>;
    leadNotifier: LeadNotifier;
    securityMailer: SecurityMailer;
    reviewRequestMailer: ReviewRequestMailer;
    bookingMailer: BookingMailer;
    databaseKind: 'pglite' | 'postgres';
    analytics: AnalyticsRecorder;
    /** Where uploaded files are kept. */
    fileStore: FileStore;
    /** What a visitor may attach to a booking. */
    bookingPhotoLimits: BookingPhotoLimits;
    /** Makes the smaller copies of uploaded photos, after their upload has answered. */
    imageVariants: ImageVariantMaker;
    /** The time sessions, re-authentication and the activity log go by. */
    clock: () => Date;
  }
  interface FastifyRequest {
    auth: Auth | null;
    pendingSignIn: Auth | null;
  }
}
