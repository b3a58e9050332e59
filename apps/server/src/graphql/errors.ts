import { GraphQLError } from 'graphql';

export type ErrorCode =
  'UNAUTHENTICATED' | 'FORBIDDEN_ERROR' | 'STAFF_TWO_FACTOR_REQUIRED' | 'BAD_USER_INPUT' | 'NOT_FOUND' | 'CONFLICT' | 'RATE_LIMITED' | 'INTERNAL_SERVER_ERROR';

/** An error whose message is written for the user; everything else is masked before it leaves the server. */
export class AppError extends GraphQLError {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string, extra: Record<string, unknown> = {}) {
    super(message, { extensions: { code, ...extra } });
    this.code = code;
  }
}

export const unauthenticated = (message = 'You are not signed in, or your session has ended. Please sign in again.') =>
  new AppError('UNAUTHENTICATED', message);

export const forbidden = (message = 'You do not have permission to do this.') => new AppError('FORBIDDEN_ERROR', message);

/** A staff user whose admin role would allow this, before they have turned on two-factor authentication (issue 32). */
export const staffTwoFactorRequired = () =>
  new AppError(
    'STAFF_TWO_FACTOR_REQUIRED',
    'Rampart staff must turn on two-factor authentication before their first staff action. Turn it on under Profile › Security, then try again.',
  );

/**
 * "Transaction not found." — `what` names the thing, with or without an article ("The transaction", "this account",
 * "API key"); the message leads with it so it reads the same for every entity.
 */
export const notFound = (what: string) => {
  const thing = what.trim().replace(/^(the|this|a|an)\s+/i, '');
  return new AppError('NOT_FOUND', `${thing.charAt(0).toUpperCase()}${thing.slice(1)} not found.`);
};

/** Bad input with one message per field, so forms can show each next to its field. */
export function badInput(fields: Record<string, string>, message?: string): AppError {
  const summary = message ?? Object.values(fields)[0] ?? 'The input is not valid.';
  return new AppError('BAD_USER_INPUT', summary, { fields });
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** The request rate limit refused a request: HTTP 429 with Retry-After, an expected event rather than a fault. */
export class RateLimitedRequest extends Error {
  readonly statusCode = 429;
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many requests. Try again in ${retryAfterSeconds} seconds.`);
  }
}

export const PAYLOAD_TOO_LARGE_MESSAGE = 'The request body is larger than the 1 MiB limit.';
