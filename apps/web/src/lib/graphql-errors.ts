import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import type { GraphQLFormattedError } from 'graphql';

// Error codes of the API (errors[].extensions.code).
export type ApiErrorCode =
  'UNAUTHENTICATED' | 'FORBIDDEN_ERROR' | 'STAFF_TWO_FACTOR_REQUIRED' | 'BAD_USER_INPUT' | 'RATE_LIMITED' | 'NOT_FOUND' | 'INTERNAL_SERVER_ERROR';

export function errorCode(error: GraphQLFormattedError): string | undefined {
  const code = error.extensions?.['code'];
  return typeof code === 'string' ? code : undefined;
}

/** GraphQL errors from a GraphQL result, or from a non-2xx answer whose body still holds `errors`. */
export function graphQLErrorsOf(error: unknown): readonly GraphQLFormattedError[] {
  if (CombinedGraphQLErrors.is(error)) return error.errors;
  if (ServerError.is(error)) {
    try {
      const body: unknown = JSON.parse(error.bodyText);
      if (body && typeof body === 'object' && Array.isArray((body as { errors?: unknown }).errors)) {
        return (body as { errors: GraphQLFormattedError[] }).errors;
      }
    } catch {
      return [];
    }
  }
  return [];
}

export interface ApiErrorInfo {
  code: string | undefined;
  /** A sentence to show the user in a general alert. */
  message: string;
  /** Per-field messages from BAD_USER_INPUT's `extensions.fields`. */
  fields: Record<string, string>;
}

const GENERIC_MESSAGES: Record<string, string> = {
  RATE_LIMITED: 'Too many attempts. Wait a minute and try again.',
  INTERNAL_SERVER_ERROR: 'Something went wrong on our side. Try again in a moment.',
  FORBIDDEN_ERROR: 'You do not have permission to do that.',
};

/** Turns whatever a mutation threw into something a form can show. */
export function describeApiError(error: unknown): ApiErrorInfo {
  const errors = graphQLErrorsOf(error);
  const first = errors[0];
  if (!first) {
    return {
      code: undefined,
      message: 'We could not reach the server. Check your connection and try again.',
      fields: {},
    };
  }
  const code = errorCode(first);
  const rawFields = first.extensions?.['fields'];
  const fields: Record<string, string> = {};
  if (rawFields && typeof rawFields === 'object') {
    for (const [name, message] of Object.entries(rawFields as Record<string, unknown>)) {
      if (typeof message === 'string') fields[name] = message;
    }
  }
  const message = (code && GENERIC_MESSAGES[code]) ?? first.message ?? 'Something went wrong.';
  return { code, message, fields };
}
