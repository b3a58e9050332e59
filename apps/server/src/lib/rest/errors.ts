import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PAYLOAD_TOO_LARGE_MESSAGE, RateLimitedRequest } from '../../graphql/errors.ts';
import { reportRequestError } from '../error-reporting.ts';

/** The `type` of a /v1 error: what kind of problem it is (a client branches on it; `code` says which one). */
export const API_ERROR_TYPES = [
  'invalid_request_error',
  'authentication_error',
  'permission_error',
  'rate_limit_error',
  'not_found',
  'idempotency_error',
  'api_error',
] as const;
export type ApiErrorType = (typeof API_ERROR_TYPES)[number];

/**
 * An error answered by the public API as `{ error: { type, code, message, param?, request_id, details? } }`. Throw it
 * from a hook or handler in the /v1 scope (the scope's error handler answers it), or send it with sendApiError.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: ApiErrorType,
    readonly code: string,
    message: string,
    readonly extra: { param?: string; details?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiErrorBody {
  error: { type: ApiErrorType; code: string; message: string; param?: string; request_id: string; details?: Record<string, string> };
}

/** What an error answer says, whichever REST API answers it. */
export interface RestErrorFields<Type extends string = string, Details = Record<string, unknown>> {
  type: Type;
  code: string;
  message: string;
  param?: string | undefined;
  details?: Details | undefined;
}

/**
 * The error envelope of both REST APIs (/v1 and /passes-api/v1, decision 0020):
 * `{ error: { type, code, message, param?, request_id, details? } }`, keys in this order.
 */
export function restErrorBody<Type extends string, Details>(request: FastifyRequest, fields: RestErrorFields<Type, Details>) {
  const { type, code, message, param, details } = fields;
  return { error: { type, code, message, ...(param ? { param } : {}), request_id: String(request.id), ...(details ? { details } : {}) } };
}

export function errorBody(request: FastifyRequest, error: ApiError): ApiErrorBody {
  return restErrorBody(request, { type: error.type, code: error.code, message: error.message, ...error.extra });
}

export function sendApiError(request: FastifyRequest, reply: FastifyReply, error: ApiError) {
  return reply.code(error.status).send(errorBody(request, error));
}

/** Where a request part failed validation, for its message: the query string or the body. */
type RequestPart = 'querystring' | 'body' | 'params' | 'headers';

/** A message per field of a zod failure (the first one per field); `fallback` names a failure of the whole part. */
export function zodIssueDetails(error: z.ZodError, fallback: string): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const name of issue.keys) details[[...issue.path, name].join('.')] ??= `${name} is not a field of this request`;
    } else details[issue.path.join('.') || fallback] ??= issue.message;
  }
  return details;
}

/** The message of a validation failure naming its fields: a body has fields, the rest query parameters. */
export function validationMessage(part: string | undefined, names: string[]): string {
  return part === 'body' ? `Some fields are not valid: ${names.join(', ')}.` : `Some query parameters are not valid: ${names.join(', ')}.`;
}

/** A zod validation failure of one request part, answered 400 with a message per field (`details`) and the first as `param`. */
export function validationError(part: RequestPart, error: z.ZodError): ApiError {
  const details = zodIssueDetails(error, part === 'body' ? 'body' : 'query');
  const names = Object.keys(details);
  return new ApiError(400, 'invalid_request_error', 'parameter_invalid', validationMessage(part, names), { param: names[0], details });
}

/**
 * The /v1 scope's validator compiler: zod schemas parse the query, params and body (the parsed values replace them);
 * a failure is an ApiError naming the fields, whatever part failed.
 */
export function zodValidatorCompiler({ schema, httpPart }: { schema: unknown; httpPart?: string }) {
  const zodSchema = schema as z.ZodType;
  return (data: unknown) => {
    const result = zodSchema.safeParse(httpPart === 'body' ? (data ?? {}) : data);
    if (result.success) return { value: result.data };
    return { error: validationError((httpPart ?? 'querystring') as RequestPart, result.error) };
  };
}

/** Everything thrown in the /v1 scope, answered in the API's error shape (429s, 413s, bad JSON, and a masked 500). */
export function apiErrorHandler(error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApiError) return sendApiError(request, reply, error);
  if (error instanceof RateLimitedRequest) {
    request.log.info({ retryAfterSeconds: error.retryAfterSeconds }, 'request rate limit reached');
    return sendApiError(request, reply, new ApiError(429, 'rate_limit_error', 'rate_limited', error.message));
  }
  // G's cursor errors (and any error carrying the API's own fields).
  const typed = error as unknown as { status?: number; type?: string; code?: string; param?: string; message: string };
  if (typeof typed.status === 'number' && typed.type && (API_ERROR_TYPES as readonly string[]).includes(typed.type) && typed.code) {
    return sendApiError(
      request,
      reply,
      new ApiError(
        typed.status,
        typed.type as ApiErrorType,
        typed.code,
        typed.message,
        typed.param ? { param: typed.param, details: { [typed.param]: typed.message } } : {},
      ),
    );
  }
  const answer = frameworkErrorAnswer(error, request, { tooLargeMessage: PAYLOAD_TOO_LARGE_MESSAGE, logMessage: 'unhandled error' });
  return sendApiError(request, reply, new ApiError(answer.status, answer.type, answer.code, answer.message));
}

/** The error types both REST APIs answer framework errors with. */
export type FrameworkErrorType = 'rate_limit_error' | 'api_error' | 'invalid_request_error';

/**
 * How both REST APIs answer what is not their own error: the per-key limiter's 429, a masked (and logged) 500, a body
 * too large (413: each API says its own limit), not JSON (415) or not valid JSON (400), else the framework's 4xx.
 */
export function frameworkErrorAnswer(
  error: FastifyError,
  request: FastifyRequest,
  options: { tooLargeMessage: string; logMessage: string },
): { status: number; type: FrameworkErrorType; code: string; message: string } {
  // The per-key limiter throws the body its builder made.
  const built = error as unknown as { statusCode?: number; error?: { message?: string } };
  if (built.statusCode === 429) return { status: 429, type: 'rate_limit_error', code: 'rate_limited', message: built.error?.message ?? error.message };
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) {
    request.log.error({ err: error }, options.logMessage);
    reportRequestError(request, error);
    return { status, type: 'api_error', code: 'internal_error', message: `Something went wrong on our side. Reference: ${request.id}.` };
  }
  if (status === 413) return { status, type: 'invalid_request_error', code: 'body_too_large', message: options.tooLargeMessage };
  if (status === 415)
    return { status, type: 'invalid_request_error', code: 'unsupported_media_type', message: 'Send JSON bodies with content-type: application/json.' };
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (status === 400 && /JSON/i.test(error.message))) {
    return { status: 400, type: 'invalid_request_error', code: 'invalid_json', message: 'The request body is not valid JSON.' };
  }
  return { status, type: 'invalid_request_error', code: 'invalid_request', message: error.message };
}
