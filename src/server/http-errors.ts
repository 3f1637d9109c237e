import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import type { DomainError } from './errors.ts';
import {
  ConflictError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  PayloadTooLargeError,
  TooManyRequestsError,
  UnauthorizedError,
  UnsupportedMediaError,
} from './errors.ts';

const table: Array<[new (...args: never[]) => DomainError, number, TRPC_ERROR_CODE_KEY]> = [
  [InvalidInputError, 400, 'BAD_REQUEST'],
  [UnauthorizedError, 401, 'UNAUTHORIZED'],
  [ForbiddenError, 403, 'FORBIDDEN'],
  [NotFoundError, 404, 'NOT_FOUND'],
  [ConflictError, 409, 'CONFLICT'],
  [PayloadTooLargeError, 413, 'PAYLOAD_TOO_LARGE'],
  [UnsupportedMediaError, 415, 'UNSUPPORTED_MEDIA_TYPE'],
  [TooManyRequestsError, 429, 'TOO_MANY_REQUESTS'],
];

export function httpStatusFor(error: DomainError): number {
  return table.find(([type]) => error instanceof type)?.[1] ?? 500;
}

export function trpcCodeFor(error: DomainError): TRPC_ERROR_CODE_KEY {
  return table.find(([type]) => error instanceof type)?.[2] ?? 'INTERNAL_SERVER_ERROR';
}

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';
