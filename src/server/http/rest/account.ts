import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { callerFor } from './caller.ts';
import { ok, okWithMessage, serviceResult, typed } from './typed.ts';
import { ForbiddenError } from '../../errors.ts';
import { ADMIN_ONLY_MESSAGE } from '../trpc/init.ts';
import { changeEmailInputSchema, reauthenticateInputSchema } from '../../../shared/schemas/account.ts';
import { addPasskeyInputSchema, passkeyNameInputSchema } from '../../../shared/schemas/passkey.ts';
import type { PasskeyListEntry } from '../../services/passkeys.ts';
import type { StaffAccount } from '../../services/users.ts';
import { activityFilterSchema } from '../../../shared/schemas/activity.ts';
import { activityToCsv, type ActivityEntry } from '../../services/activity-log.ts';
import type { SessionListEntry } from '../../services/sessions.ts';

const sessionIdParams = z.object({ id: z.string() });
const passkeyIdParams = z.object({ id: z.string() });
type RegistrationOptions = Awaited<
  ReturnType<ReturnType<typeof callerFor>['account']['beginPasskeyRegistration']>
>;

function adminOnly(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) {
  done(request.auth?.user.role === 'admin' ? undefined : new ForbiddenError(ADMIN_ONLY_MESSAGE));
}

// One's own sessions, the password asked again before a sensitive change, and the activity log. The
// hook in session-hook.ts answers 401 before any of these runs without a session.
export async function accountRestRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.get(
    '/api/admin/account/sessions',
    { schema: { response: { 200: z.object({ ...ok, sessions: serviceResult<SessionListEntry[]>() }) } } },
    async (request, reply) => {
      const sessions = await callerFor(request, reply).account.sessions();
      return { success: true as const, sessions };
    },
  );

  app.delete(
    '/api/admin/account/sessions/:id',
    { schema: { params: sessionIdParams, response: { 200: z.object(okWithMessage) } } },
    async (request, reply) => {
      const ended = await callerFor(request, reply).account.endSession(request.params);
      return { success: true as const, message: ended.current ? 'Signed out' : 'Session signed out' };
    },
  );

  app.post(
    '/api/admin/account/sessions/revoke-others',
    { schema: { response: { 200: z.object({ ...okWithMessage, ended: z.number() }) } } },
    async (request, reply) => {
      const { ended } = await callerFor(request, reply).account.endOtherSessions();
      return { success: true as const, ended, message: 'Signed out everywhere else' };
    },
  );

  app.post(
    '/api/admin/account/reauthenticate',
    { schema: { body: reauthenticateInputSchema, response: { 200: z.object(okWithMessage) } } },
    async (request, reply) => {
      await callerFor(request, reply).account.reauthenticate(request.body);
      return { success: true as const, message: 'Password confirmed' };
    },
  );

  app.put(
    '/api/admin/account/email',
    {
      schema: {
        body: changeEmailInputSchema,
        response: { 200: z.object({ ...okWithMessage, account: serviceResult<StaffAccount>() }) },
      },
    },
    async (request, reply) => {
      const account = await callerFor(request, reply).account.changeEmail(request.body);
      return { success: true as const, account, message: 'Email address changed' };
    },
  );

  // Passkeys: the list, the options for adding one (a challenge the server keeps), the browser's answer.
  app.get(
    '/api/admin/account/passkeys',
    { schema: { response: { 200: z.object({ ...ok, passkeys: serviceResult<PasskeyListEntry[]>() }) } } },
    async (request, reply) => ({
      success: true as const,
      passkeys: await callerFor(request, reply).account.passkeys(),
    }),
  );

  app.post(
    '/api/admin/account/passkeys/options',
    { schema: { response: { 200: z.object({ ...ok, options: serviceResult<RegistrationOptions>() }) } } },
    async (request, reply) => ({
      success: true as const,
      options: await callerFor(request, reply).account.beginPasskeyRegistration(),
    }),
  );

  app.post(
    '/api/admin/account/passkeys',
    {
      schema: {
        body: addPasskeyInputSchema,
        response: { 201: z.object({ ...okWithMessage, passkey: serviceResult<PasskeyListEntry>() }) },
      },
    },
    async (request, reply) => {
      const passkey = await callerFor(request, reply).account.finishPasskeyRegistration(request.body);
      return reply.status(201).send({ success: true, passkey, message: 'Passkey added' });
    },
  );

  app.patch(
    '/api/admin/account/passkeys/:id',
    {
      schema: {
        params: passkeyIdParams,
        body: passkeyNameInputSchema,
        response: { 200: z.object({ ...okWithMessage, passkey: serviceResult<PasskeyListEntry>() }) },
      },
    },
    async (request, reply) => {
      const passkey = await callerFor(request, reply).account.renamePasskey({
        id: request.params.id,
        name: request.body.name,
      });
      return { success: true as const, passkey, message: 'Passkey renamed' };
    },
  );

  app.delete(
    '/api/admin/account/passkeys/:id',
    { schema: { params: passkeyIdParams, response: { 200: z.object(okWithMessage) } } },
    async (request, reply) => {
      await callerFor(request, reply).account.removePasskey(request.params);
      return { success: true as const, message: 'Passkey removed' };
    },
  );

  app.get(
    '/api/admin/activity',
    {
      preValidation: adminOnly,
      schema: {
        querystring: activityFilterSchema,
        response: { 200: z.object({ ...ok, entries: serviceResult<ActivityEntry[]>() }) },
      },
    },
    async (request, reply) => {
      const entries = await callerFor(request, reply).activity.list(request.query);
      return { success: true as const, entries };
    },
  );

  // The Activity tab's "Export CSV": the same filter as the list on screen, an editor's own entries only.
  app.get(
    '/api/admin/activity.csv',
    { schema: { querystring: activityFilterSchema, response: { 200: z.string() } } },
    async (request, reply) => {
      const entries = await callerFor(request, reply).activity.list({ limit: 1000, ...request.query });
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="activity-${date}.csv"`)
        .header('cache-control', 'no-store')
        .send(activityToCsv(entries));
    },
  );
}
