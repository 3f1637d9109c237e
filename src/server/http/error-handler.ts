// One answer for every failure, whichever transport carried the request: the status, the message and
// the field errors a client can act on, and a Retry-After where waiting helps.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { core } from 'zod';
import { DomainError, InvalidInputError, TooManyRequestsError } from '../errors.ts';
import { httpStatusFor, INTERNAL_ERROR_MESSAGE, recogniseError, RETRY_AFTER_SECONDS } from './http-errors.ts';
import { answerThenClose } from './request-bodies.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route's own words for a failure on our side (e.g. 'Failed to send message'),
     * sent instead of the generic sentence; client errors (4xx) keep their own message.
     */
    serverFailure?: { message: string; error?: string };
  }
}

/** Fastify's error handler: REST routes, uploads, health and anything else outside tRPC and pages. */
export function handleError(
  this: FastifyInstance,
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { status, message, fieldErrors, expose } = describeError(error);
  // A body refused before it was read in full (too large, wrongly encoded): the answer goes out first
  // and the rest of the body is read and dropped, so the client, still sending, can read the answer.
  if (!request.raw.complete) answerThenClose(request.raw, reply.raw);
  const retryAfter = retryAfterSecondsFor(error, status);
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

/** The Retry-After of a tRPC answer: the longest any of its (batched) errors asks for. */
export function retryAfterSecondsForTrpc(errors: TRPCError[]): number | undefined {
  const seconds = errors
    .map((error) => retryAfterSecondsFor(error, getHTTPStatusCodeFromError(error)))
    .filter((value) => value !== undefined);
  return seconds.length ? Math.max(...seconds) : undefined;
}

/**
 * Seconds a refused client should wait before trying again: what the limit that refused it says, or,
 * for any 503, long enough for a database restart to finish.
 */
export function retryAfterSecondsFor(error: unknown, status: number): number | undefined {
  const cause = error instanceof TRPCError ? error.cause : error;
  if (cause instanceof TooManyRequestsError) return cause.retryAfterSeconds;
  return status === 503 ? RETRY_AFTER_SECONDS : undefined;
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
