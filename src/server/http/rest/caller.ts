import type { FastifyReply, FastifyRequest } from 'fastify';
import { createRequestContext } from '../request-context.ts';
import { createCaller } from '../trpc/app-router.ts';

/**
 * The public and admin REST paths call the very procedures tRPC serves, so input checks and
 * role checks are written once; REST only reshapes the answers.
 */
export function callerFor(request: FastifyRequest, reply: FastifyReply) {
  return createCaller(createRequestContext(request, reply));
}
