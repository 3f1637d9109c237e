// The few errors services throw; http-errors.ts maps them to HTTP statuses and tRPC codes in one place.
import type { core } from 'zod';

export class DomainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFoundError extends DomainError {}
export class UnauthorizedError extends DomainError {}
export class ForbiddenError extends DomainError {}
export class ConflictError extends DomainError {}
export class PayloadTooLargeError extends DomainError {}
export class UnsupportedMediaError extends DomainError {}
export class TooManyRequestsError extends DomainError {
  constructor(
    message: string,
    /** Seconds until a new try may succeed, sent as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
/** The disk is full: nothing can be saved until someone frees space. */
export class InsufficientStorageError extends DomainError {}
/** The database cannot be reached or did not answer in time; it is worth trying again shortly. */
export class ServiceUnavailableError extends DomainError {}

export class InvalidInputError extends DomainError {
  constructor(
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
  }

  /**
   * The first issue becomes the message, so a form can show it as is; all issues stay by field.
   * Takes the errors of `zod` and `zod/mini` alike: both are a core $ZodError.
   */
  static fromZod(error: core.$ZodError): InvalidInputError {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of error.issues) {
      const field = issue.path.join('.') || '_';
      (fieldErrors[field] ??= []).push(issue.message);
    }
    return new InvalidInputError(error.issues[0]?.message ?? 'Invalid input', fieldErrors);
  }
}
