import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isAppError } from '../../graphql/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Services } from '../../services.ts';
import { ApiError, sendApiError, type ApiErrorType } from '../../lib/rest/errors.ts';
import { presentTransaction } from './present.ts';
import { ErrorBody, idParams, testStatusBody, testTransactionBody, Transaction } from './schemas.ts';

const STATUS_OF: Record<string, [number, ApiErrorType, string]> = {
  BAD_USER_INPUT: [400, 'invalid_request_error', 'parameter_invalid'],
  // Types as before the error codes existed (a client may branch on them); 'conflict' was not one of the API's types.
  FORBIDDEN_ERROR: [403, 'invalid_request_error', 'forbidden'],
  NOT_FOUND: [404, 'not_found', 'resource_missing'],
  CONFLICT: [409, 'invalid_request_error', 'status_transition_invalid'],
};

function fail(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (!isAppError(error)) throw error;
  const [status, type, code] = STATUS_OF[error.code] ?? [400, 'invalid_request_error', 'invalid_request'];
  const fields = (error.extensions as { fields?: Record<string, string> }).fields;
  return sendApiError(
    request,
    reply,
    new ApiError(status, type, code, error.message, { ...(fields ? { details: fields, param: Object.keys(fields)[0] } : {}) }),
  );
}

/**
 * The REST test helpers (`/v1/test/...`), like Stripe's test triggers: create a test transaction, move it along its
 * state machine. Registered inside the public API's scope (its key check, rate limit, validation and OpenAPI
 * document); a test secret key only.
 */
export function registerTestHelperRoutes(scope: FastifyInstance, deps: { services: Services; rateLimit: object }) {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const { processing } = deps.services.widget;
  const testKeyOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.apiKey?.liveMode !== false)
      return sendApiError(request, reply, new ApiError(403, 'invalid_request_error', 'test_key_required', 'Test helpers need a test secret key (sk_test_…).'));
  };

  api.post(
    '/test/transactions',
    {
      config: { rateLimit: deps.rateLimit },
      // Before validation: a live key is refused whatever its body.
      onRequest: testKeyOnly,
      schema: {
        operationId: 'createTestTransaction',
        summary: 'Create a test transaction',
        description: 'A test-mode transaction in its first state, as the widget would create it (test secret keys only).',
        tags: ['Test helpers'],
        body: testTransactionBody,
        response: { 201: Transaction },
      },
    },
    async (request, reply) => {
      try {
        const row = await processing.create(request.apiKey!.accountId, false, request.body);
        return reply.code(201).send(presentTransaction(row));
      } catch (error) {
        return fail(request, reply, error);
      }
    },
  );

  api.post(
    '/test/transactions/:id/status',
    {
      config: { rateLimit: deps.rateLimit },
      onRequest: testKeyOnly,
      schema: {
        operationId: 'updateTestTransactionStatus',
        summary: 'Move a test transaction to a status',
        description: 'Moves a test transaction along its state machine to the status given (through the states between).',
        tags: ['Test helpers'],
        params: idParams,
        body: testStatusBody,
        response: { 200: Transaction, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const { accountId } = request.apiKey!;
      const owner = isUuid(request.params.id) ? await deps.services.transactions.accountOf(request.params.id, null) : null;
      // Another account's transaction does not exist for this key.
      if (owner !== accountId)
        return sendApiError(request, reply, new ApiError(404, 'not_found', 'resource_missing', 'No transaction with this id.', { param: 'id' }));
      try {
        const row = await processing.moveTo(request.params.id, request.body.status, request.body.failureReason ?? null);
        return presentTransaction(row);
      } catch (error) {
        return fail(request, reply, error);
      }
    },
  );
}
