// https://trpc.io/docs/server/routers : initTRPC once; procedures and helpers exported from here.
import { initTRPC, TRPCError } from '@trpc/server';
import { core } from 'zod';
import type { RequestContext } from '../request-context.ts';
import { DomainError, InvalidInputError } from '../errors.ts';
import { trpcCodeFor } from '../http-errors.ts';

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
    // A 500's own text may name internals; the client gets a plain sentence.
    const safeMessage =
      shape.data.httpStatus >= 500 ? 'Something went wrong on our side. Please try again.' : message;
    return { ...shape, message: safeMessage, data: { ...shape.data, stack: undefined, fieldErrors } };
  },
});

// Services throw domain errors; here they become tRPC codes (the REST side maps them in http-errors.ts).
const mapDomainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: trpcCodeFor(cause), message: cause.message, cause });
  }
  return result;
});

// Any change that succeeds may alter a public page: drop the rendered pages kept in memory.
const invalidatePagesAfterMutation = t.middleware(async ({ ctx, type, next }) => {
  const result = await next();
  if (type === 'mutation' && result.ok) ctx.contentChanged();
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(mapDomainErrors).use(invalidatePagesAfterMutation);

/** Signed in as admin or editor: posts and uploads. */
export const staffProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.auth) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to continue' });
  return next({ ctx: { ...ctx, auth: ctx.auth } });
});

export const ADMIN_ONLY_MESSAGE = 'Only an admin may do this';

/** Signed in as admin: settings and accounts. */
export const adminProcedure = staffProcedure.use(({ ctx, next }) => {
  if (ctx.auth.user.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: ADMIN_ONLY_MESSAGE });
  return next();
});
