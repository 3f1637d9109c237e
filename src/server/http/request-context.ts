import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../../db/client.ts';
import type { Session } from '../../../db/schema/index.ts';
import type { AppConfig } from '../env.ts';
import type { LoginThrottle } from '../services/login-throttle.ts';
import type { PageCache } from '../caching/page-cache.ts';
import type { ReadCache } from '../caching/read-cache.ts';
import type { LeadNotifier } from '../services/lead-notifier.ts';
import type { ReviewRequestMailer } from '../services/review-request-mailer.ts';
import type { AnalyticsRecorder } from '../services/analytics.ts';
import type { SessionUser } from '../services/sessions.ts';
import type { OwnSessionRequest } from '../services/account-sessions.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { ImageVariantMaker } from '../services/image-variants.ts';

export const SESSION_COOKIE = 'session';

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
  /** Sends review requests; its clock is the time requests and review links are counted by. */
  reviewRequestMailer: ReviewRequestMailer;
  /** Where uploaded files are kept (deleting an upload removes its files). */
  fileStore: FileStore;
  /** The time sessions, re-authentication and the activity log go by (a test may move it). */
  now(): Date;
  setSessionCookie(token: string, expiresAt: Date): void;
  clearSessionCookie(): void;
  /**
   * Called after a successful change, so no visitor is served a page rendered before it: every page,
   * or only the pages read from `tables` (the database announces the change too, a moment later).
   */
  contentChanged(tables?: readonly string[]): void;
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
    reviewRequestMailer: app.reviewRequestMailer,
    fileStore: app.fileStore,
    now: app.clock,
    setSessionCookie: (token, expiresAt) => {
      reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(app.config, expiresAt));
    },
    clearSessionCookie: () => {
      reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(app.config));
    },
    contentChanged: (tables) => app.pageCache.clear(tables),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: AppConfig;
    loginThrottle: LoginThrottle;
    pageCache: PageCache;
    /** The public content pages read, kept as long as the rendered pages (read-cache.ts). */
    readCache: ReadCache;
    /** helmet's headers, worked out once at start (security-headers.ts). */
    securityHeaders: Record<string, string>;
    leadNotifier: LeadNotifier;
    reviewRequestMailer: ReviewRequestMailer;
    databaseKind: 'pglite' | 'postgres';
    analytics: AnalyticsRecorder;
    /** Where uploaded files are kept. */
    fileStore: FileStore;
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
