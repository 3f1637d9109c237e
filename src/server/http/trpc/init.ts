// https://trpc.io/docs/server/routers : initTRPC once; procedures and helpers exported from here.
import { initTRPC, TRPCError } from '@trpc/server';
import { core } from 'zod';
import type { RequestContext } from '../request-context.ts';
import { DomainError, InvalidInputError } from '../../errors.ts';
import { assertRecentlyAuthenticated } from '../../services/sessions.ts';
import { INTERNAL_ERROR_MESSAGE, recogniseError, trpcCodeFor } from '../http-errors.ts';

const t = initTRPC.context<RequestContext>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    const fieldErrors =
      cause instanceof core.$ZodError
        ? InvalidInputError.fromZod(cause).fieldErrors
        : cause instanceof InvalidInputError
          ? cause.fieldErrors
          : undefined;
    const message =
      cause instanceof core.$ZodError ? (cause.issues[0]?.message ?? shape.message) : shape.message;
    // A 500's own text may name internals; the client gets a plain sentence. A recognised failure of
    // the disk or the database keeps its message, which says what to do.
    const safeMessage =
      shape.data.httpStatus >= 500 && !(cause instanceof DomainError) ? INTERNAL_ERROR_MESSAGE : message;
    return { ...shape, message: safeMessage, data: { ...shape.data, stack: undefined, fieldErrors } };
  },
});

// Services throw domain errors, and the database or the disk may fail under them; here both become tRPC
// codes (the REST side maps them in http-errors.ts).
const mapDomainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  const cause = result.ok ? undefined : recogniseError(result.error.cause);
  if (cause) throw new TRPCError({ code: trpcCodeFor(cause), message: cause.message, cause });
  return result;
});

// A change made by staff may alter a public page: the rendered pages kept in memory are dropped.
// Visitors' own sends (a lead, a sign-in, a review) clear only what they change, where they are handled.
const clearPagesAfterMutation = t.middleware(async ({ ctx, type, next }) => {
  const result = await next();
  if (type === 'mutation' && result.ok) ctx.contentChanged();
  return result;
});

// A change may have queued a security email (a new browser, a password changed): sent now, not at the
// next poll.
const sendSecurityEmails = t.middleware(async ({ ctx, type, next }) => {
  const result = await next();
  if (type === 'mutation') ctx.securityMailer.wake();
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(sendSecurityEmails).use(mapDomainErrors);

export const SET_UP_TWO_STEP_MESSAGE = 'Set up two-step sign-in to continue';

/** What a session sent to set up two-step sign-in may call: that set-up, and who it is. */
const twoStepSetupPaths = new Set([
  'account.me',
  'account.twoStep',
  'account.beginTotpSetup',
  'account.confirmTotpSetup',
  'account.passkeys',
  'account.beginPasskeyRegistration',
  'account.finishPasskeyRegistration',
  'account.reauthenticate',
  'account.recentlyAuthenticated',
]);

const signedInProcedure = publicProcedure.use(({ ctx, path, next }) => {
  if (!ctx.auth) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to continue' });
  if (ctx.auth.session.twoStepSetupRequired && !twoStepSetupPaths.has(path))
    throw new TRPCError({ code: 'FORBIDDEN', message: SET_UP_TWO_STEP_MESSAGE });
  return next({ ctx: { ...ctx, auth: ctx.auth } });
});

export const ADMIN_ONLY_MESSAGE = 'Only an admin may do this';

const adminOnly = t.middleware(({ ctx, next }) => {
  if (ctx.auth?.user.role !== 'admin')
    throw new TRPCError({ code: 'FORBIDDEN', message: ADMIN_ONLY_MESSAGE });
  return next();
});

/** Signed in as admin or editor: posts and uploads. Every change clears the page cache. */
export const staffProcedure = signedInProcedure.use(clearPagesAfterMutation);

/** Signed in as admin: settings. Every change clears the page cache. */
export const adminProcedure = staffProcedure.use(adminOnly);

/**
 * Signed in as admin or editor, for what visitors never see (leads, one's own account) or where the
 * procedure clears the few pages it changes itself (review moderation).
 */
export const staffInternalProcedure = signedInProcedure;

/** Signed in as admin, for what visitors never see: accounts. */
export const adminInternalProcedure = signedInProcedure.use(adminOnly);

/**
 * A sensitive change (passwords, accounts, a backup, the leads export): the session must have proved who
 * is there within the last five minutes, whichever transport carries the call; otherwise 403 with
 * "Confirm your password to continue", and the client asks for the password and tries again.
 */
const recentlyAuthenticated = t.middleware(({ ctx, next }) => {
  if (ctx.auth) assertRecentlyAuthenticated(ctx.auth.session, ctx.now());
  return next();
});

/** Signed in as admin, recently re-authenticated: accounts and roles. */
export const recentAdminProcedure = adminInternalProcedure.use(recentlyAuthenticated);

/** Signed in as admin or editor, recently re-authenticated: the leads export, one's own sessions. */
export const recentStaffProcedure = staffInternalProcedure.use(recentlyAuthenticated);
