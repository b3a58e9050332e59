import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isAppError } from '../../graphql/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Services } from '../../services.ts';

const STATUS_OF: Record<string, [number, string]> = {
  BAD_USER_INPUT: [400, 'invalid_request_error'],
  FORBIDDEN_ERROR: [403, 'invalid_request_error'],
  NOT_FOUND: [404, 'not_found'],
  CONFLICT: [409, 'conflict'],
};

const code = z.string().trim().min(1).max(40);
const testTransactionBody = z.object({
  kind: z.enum(['buy', 'sell', 'swap'], { message: 'kind is one of buy, sell, swap' }),
  cryptoCurrencyCode: code,
  quoteCryptoCurrencyCode: code.nullish(),
  fiatCurrencyCode: code.nullish(),
  amount: z.string().trim().max(40).nullish(),
  paymentMethod: code.nullish(),
  country: z.string().trim().max(2).nullish(),
  email: z.email('email is not a valid e-mail address').max(254).nullish(),
  externalCustomerId: z.string().trim().max(200).nullish(),
  externalTransactionId: z.string().trim().max(200).nullish(),
  walletAddress: z.string().trim().max(256).nullish(),
});
const statusBody = z.object({ status: z.string().trim().min(1, 'status is required').max(64), failureReason: z.string().trim().max(64).nullish() });

function problem(reply: FastifyReply, status: number, type: string, message: string, details?: Record<string, string>) {
  return reply.code(status).send({ error: { type, message, ...(details ? { details } : {}) } });
}

function fail(reply: FastifyReply, error: unknown) {
  if (!isAppError(error)) throw error;
  const [status, type] = STATUS_OF[error.code] ?? [400, 'invalid_request_error'];
  const fields = (error.extensions as { fields?: Record<string, string> }).fields;
  return problem(reply, status, type, error.message, fields);
}

/**
 * The REST test helpers (`/v1/test/...`), like Stripe's test triggers: create a test transaction, move it along its
 * state machine. Registered inside the public API's scope (its key check and rate limit); a test secret key only.
 */
export function registerTestHelperRoutes(api: FastifyInstance, deps: { services: Services; rateLimit: object }) {
  const { processing } = deps.services.widget;
  const testKeyOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.apiKey?.liveMode !== false) return problem(reply, 403, 'invalid_request_error', 'Test helpers need a test secret key (sk_test_…).');
  };

  api.post('/test/transactions', { config: { rateLimit: deps.rateLimit }, preHandler: testKeyOnly }, async (request, reply) => {
    const parsed = testTransactionBody.safeParse(request.body ?? {});
    if (!parsed.success) {
      const details = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.') || 'body', issue.message]));
      return problem(reply, 400, 'invalid_request_error', `Some fields are not valid: ${Object.keys(details).join(', ')}.`, details);
    }
    try {
      const row = await processing.create(request.apiKey!.accountId, false, parsed.data);
      const { accountId: _accountId, ...rest } = row;
      return reply.code(201).send(rest);
    } catch (error) {
      return fail(reply, error);
    }
  });

  api.post<{ Params: { id: string } }>('/test/transactions/:id/status', { config: { rateLimit: deps.rateLimit }, preHandler: testKeyOnly }, async (request, reply) => {
    const { accountId } = request.apiKey!;
    const owner = isUuid(request.params.id) ? await deps.services.transactions.accountOf(request.params.id, null) : null;
    // Another account's transaction does not exist for this key.
    if (owner !== accountId) return problem(reply, 404, 'not_found', 'No transaction with this id.');
    const parsed = statusBody.safeParse(request.body ?? {});
    if (!parsed.success) {
      const details = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.') || 'body', issue.message]));
      return problem(reply, 400, 'invalid_request_error', `Some fields are not valid: ${Object.keys(details).join(', ')}.`, details);
    }
    try {
      const row = await processing.moveTo(request.params.id, parsed.data.status, parsed.data.failureReason ?? null);
      const { accountId: _accountId, ...rest } = row;
      return rest;
    } catch (error) {
      return fail(reply, error);
    }
  });
}
