import type { FastifyReply, FastifyRequest } from 'fastify';
import { createRequestContext } from '../request-context.ts';
import { createCaller } from '../trpc/app-router.ts';

/**
 * The REST paths of SPEC section 7 call the very procedures tRPC serves, so input checks and
 * role checks are written once; REST only reshapes the answers.
 */
export function callerFor(request: FastifyRequest, reply: FastifyReply) {
  return createCaller(createRequestContext(request, reply));
}
