import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PAYLOAD_TOO_LARGE_MESSAGE, RateLimitedRequest } from '../../graphql/errors.ts';

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

export function errorBody(request: FastifyRequest, error: ApiError): ApiErrorBody {
  const { param, details } = error.extra;
  return {
    error: {
      type: error.type,
      code: error.code,
      message: error.message,
      ...(param ? { param } : {}),
      request_id: String(request.id),
      ...(details ? { details } : {}),
    },
  };
}

export function sendApiError(request: FastifyRequest, reply: FastifyReply, error: ApiError) {
  return reply.code(error.status).send(errorBody(request, error));
}

/** Where a request part failed validation, for its message: the query string or the body. */
type RequestPart = 'querystring' | 'body' | 'params' | 'headers';

/** A zod validation failure of one request part, answered 400 with a message per field (`details`) and the first as `param`. */
export function validationError(part: RequestPart, error: z.ZodError): ApiError {
  const fallback = part === 'body' ? 'body' : 'query';
  const details: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const name of issue.keys) details[[...issue.path, name].join('.')] ??= `${name} is not a field of this request`;
    } else details[issue.path.join('.') || fallback] ??= issue.message;
  }
  const names = Object.keys(details);
  const message = part === 'body' ? `Some fields are not valid: ${names.join(', ')}.` : `Some query parameters are not valid: ${names.join(', ')}.`;
  return new ApiError(400, 'invalid_request_error', 'parameter_invalid', message, { param: names[0], details });
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
  // The per-key limiter throws the body its builder made.
  const built = error as unknown as { statusCode?: number; error?: { message?: string } };
  if (built.statusCode === 429)
    return sendApiError(request, reply, new ApiError(429, 'rate_limit_error', 'rate_limited', built.error?.message ?? error.message));
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) {
    request.log.error({ err: error }, 'unhandled error');
    return sendApiError(request, reply, new ApiError(500, 'api_error', 'internal_error', `Something went wrong on our side. Reference: ${request.id}.`));
  }
  if (status === 413) return sendApiError(request, reply, new ApiError(413, 'invalid_request_error', 'body_too_large', PAYLOAD_TOO_LARGE_MESSAGE));
  if (status === 415)
    return sendApiError(
      request,
      reply,
      new ApiError(415, 'invalid_request_error', 'unsupported_media_type', 'Send JSON bodies with content-type: application/json.'),
    );
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (status === 400 && /JSON/i.test(error.message))) {
    return sendApiError(request, reply, new ApiError(400, 'invalid_request_error', 'invalid_json', 'The request body is not valid JSON.'));
  }
  return sendApiError(request, reply, new ApiError(status, 'invalid_request_error', 'invalid_request', error.message));
}
