import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  InsufficientStorageError,
  InvalidInputError,
  NotFoundError,
  PayloadTooLargeError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
  UnsupportedMediaError,
} from '../errors.ts';

const table: Array<[new (...args: never[]) => DomainError, number, TRPC_ERROR_CODE_KEY]> = [
  [InvalidInputError, 400, 'BAD_REQUEST'],
  [UnauthorizedError, 401, 'UNAUTHORIZED'],
  [ForbiddenError, 403, 'FORBIDDEN'],
  [NotFoundError, 404, 'NOT_FOUND'],
  [ConflictError, 409, 'CONFLICT'],
  [PayloadTooLargeError, 413, 'PAYLOAD_TOO_LARGE'],
  [UnsupportedMediaError, 415, 'UNSUPPORTED_MEDIA_TYPE'],
  [TooManyRequestsError, 429, 'TOO_MANY_REQUESTS'],
  [ServiceUnavailableError, 503, 'SERVICE_UNAVAILABLE'],
  // tRPC has no code of its own for a full disk; uploads go through REST, which answers 507.
  [InsufficientStorageError, 507, 'SERVICE_UNAVAILABLE'],
];

export function httpStatusFor(error: DomainError): number {
  return table.find(([type]) => error instanceof type)?.[1] ?? 500;
}

export function trpcCodeFor(error: DomainError): TRPC_ERROR_CODE_KEY {
  return table.find(([type]) => error instanceof type)?.[2] ?? 'INTERNAL_SERVER_ERROR';
}

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';
export const STORAGE_FULL_MESSAGE =
  'Not enough storage space on the server to save this file. Free some space (delete unused media) and try again.';
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The site is briefly unable to reach its data. Please try again in a moment.';
/** Seconds a client is asked to wait after a 503: long enough for a database restart to finish. */
export const RETRY_AFTER_SECONDS = 5;

// Node's codes for a failed socket, and postgres.js's own for a connection it gave up on.
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  // db/client.ts: a query the database did not answer in time.
  'QUERY_TIMEOUT',
]);

/**
 * PostgreSQL's answers that mean "not now" rather than "wrong": statement timeout or cancel (57014),
 * shutting down or starting up (57P01..57P03), too many connections (53300), and every connection
 * exception (class 08).
 */
function isUnavailableSqlState(code: string): boolean {
  return /^(57014|57P0[1-3]|53300|08...)$/.test(code);
}

/** The errors (and what they wrap: Drizzle wraps the driver's error in its own) a failure consists of. */
function* causeChain(error: unknown): Generator<unknown> {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/**
 * Turns a failure of what the app stands on (disk, database, a request body that cannot be read) into
 * the domain error a client can act on, so REST and tRPC answer it alike; anything else is a bug and
 * stays a 500.
 */
export function recogniseError(error: unknown): DomainError | undefined {
  for (const cause of causeChain(error)) {
    if (cause instanceof DomainError) return cause;
    // sharp reports a failed write in its message only.
    if (cause instanceof Error && /no space left on device/i.test(cause.message))
      return new InsufficientStorageError(STORAGE_FULL_MESSAGE);
    const code = (cause as { code?: unknown }).code;
    if (typeof code !== 'string') continue;
    if (code === 'ENOSPC' || code === 'EDQUOT') return new InsufficientStorageError(STORAGE_FULL_MESSAGE);
    if (CONNECTION_ERROR_CODES.has(code) || isUnavailableSqlState(code))
      return new ServiceUnavailableError(DATABASE_UNAVAILABLE_MESSAGE);
  }
  return multipartError(error);
}

/**
 * What busboy (behind @fastify/multipart) throws for a body that is not a well-formed multipart form:
 * the browser would never send these, so they are the client's mistake, told plainly.
 */
function multipartError(error: unknown): DomainError | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return undefined;
  if (/boundary not found/i.test(error.message))
    return new InvalidInputError('The upload is not a valid multipart form: its boundary is missing');
  if (
    /unexpected end of (form|multipart data)|malformed part header|part terminated early/i.test(error.message)
  )
    return new InvalidInputError(
      'The upload was cut off before its end; nothing was saved. Please send the file again.',
    );
  return undefined;
}
