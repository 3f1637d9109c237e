// Who is asking: the session behind the cookie, remembered by this instance until the database
// announces a change to sessions or users (caching in session-memory.ts).
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../../db/client.ts';
import type { AppConfig } from '../env.ts';
import { SESSION_COOKIE, sessionCookieOptions } from './request-context.ts';
import { followSessionChanges, SessionMemory } from '../caching/session-memory.ts';
import { SAFE_METHODS } from './security.ts';

export async function identifyRequests(
  fastify: FastifyInstance,
  database: DatabaseHandle,
  config: AppConfig,
) {
  const sessionMemory = new SessionMemory(database);
  const stopFollowingSessions = await followSessionChanges(database, sessionMemory);
  fastify.addHook('onClose', () => stopFollowingSessions());
  fastify.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const result = await sessionMemory.validate(token, fastify.clock());
    if (!result) {
      reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(config));
      return;
    }
    // A sign-in waiting for its second step is no session yet: only the second step may use it.
    if (result.session.secondStepPending)
      request.pendingSignIn = { user: result.user, session: result.session };
    else request.auth = { user: result.user, session: result.session };
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
    // Every account must use two-step sign-in and this one has not set it up: only its set-up (tRPC).
    if (request.url.startsWith('/api/admin') && request.auth?.session.twoStepSetupRequired) {
      return reply.status(403).send({ success: false, message: 'Set up two-step sign-in to continue' });
    }
  });
}
