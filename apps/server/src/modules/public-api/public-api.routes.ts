import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { accessForRoute, allows, restrictionMessage, type ApiAccess } from '@rampart/shared/api-keys';
import type { DatabaseHandle } from '../../db/client.ts';
import type { Services } from '../../services.ts';
import { isUuid } from '../../lib/uuid.ts';
import { FORBIDDEN_CHARACTERS_MESSAGE, hasForbiddenCharacters } from '../../lib/text.ts';
import { createTransactionsRepository, type TransactionRow } from '../transactions/transactions.repository.ts';
import { registerTestHelperRoutes } from '../widget/test-helper.routes.ts';

/** Requests a key may make per minute. */
export const PUBLIC_API_RATE_PER_MINUTE = 300;

interface KeyContext {
  id: string;
  accountId: string;
  liveMode: boolean;
  lastUsedAt: Date | null;
}

/** At most this much of a path goes into the request log. */
const LOGGED_PATH_MAX = 512;

declare module 'fastify' {
  interface FastifyRequest {
    apiKey?: KeyContext;
  }
}

function problem(reply: FastifyReply, status: number, type: string, message: string, details?: Record<string, string>) {
  return reply.code(status).send({ error: { type, message, ...(details ? { details } : {}) } });
}

/** A text parameter we pass on to a query: bounded, and without characters no column can hold. */
const textParameter = (name: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} is a single text value`) })
    .max(200, `${name} has at most 200 characters`)
    .refine((value) => !hasForbiddenCharacters(value), `${name} ${FORBIDDEN_CHARACTERS_MESSAGE}`);

const listQuery = z.object({
  type: z.enum(['buy', 'sell', 'swap', 'balance'], { message: 'type is one of buy, sell, swap, balance' }).default('buy'),
  externalTransactionId: textParameter('externalTransactionId').optional(),
  externalCustomerId: textParameter('externalCustomerId').optional(),
  createdAfter: z.iso.datetime({ offset: true, message: 'createdAfter is an ISO-8601 date-time, e.g. 2026-01-31T00:00:00Z' }).optional(),
  createdBefore: z.iso.datetime({ offset: true, message: 'createdBefore is an ISO-8601 date-time, e.g. 2026-01-31T00:00:00Z' }).optional(),
  limit: z.coerce.number({ message: 'limit is a number' }).int().min(1, 'limit is at least 1').max(100, 'limit is at most 100').default(20),
  offset: z.coerce.number({ message: 'offset is a number' }).int().min(0, 'offset cannot be negative').max(1_000_000).default(0),
});

function fieldErrors(error: z.ZodError): Record<string, string> {
  return Object.fromEntries(error.issues.map((issue) => [issue.path.join('.') || 'query', issue.message]));
}

function invalidQuery(reply: FastifyReply, error: z.ZodError) {
  const details = fieldErrors(error);
  return problem(reply, 400, 'invalid_request_error', `Some query parameters are not valid: ${Object.keys(details).join(', ')}.`, details);
}

/** What a transaction looks like on the public API: amounts as decimal strings, no internal columns. */
function present(row: TransactionRow) {
  const { accountId: _accountId, ...rest } = row as TransactionRow & { accountId: string };
  return rest;
}

/**
 * The public REST API under /v1, for partners' servers: `Authorization: Api-Key sk_…`, answering in the key's mode,
 * rate limited per key, with JSON errors `{ error: { type, message, details? } }`.
 */
export async function registerPublicApi(app: FastifyInstance, deps: { database: DatabaseHandle; services: Services }) {
  const repository = createTransactionsRepository(deps.database.db, deps.database.readDb);

  await app.register(
    async (api) => {
      api.addHook('onRequest', async (request, reply) => {
        const header = request.headers.authorization ?? '';
        const match = /^Api-Key\s+(\S+)$/i.exec(header);
        if (!match) return problem(reply, 401, 'authentication_error', 'Send your secret key as "Authorization: Api-Key sk_…".');
        const key = match[1]!;
        if (/^pk_(test|live)_/.test(key)) return problem(reply, 401, 'authentication_error', 'Publishable keys cannot call the API: use a secret key (sk_…) from your server.');
        if (!/^[sr]k_(test|live)_[A-Za-z0-9]{16,64}$/.test(key)) return problem(reply, 401, 'authentication_error', 'This API key is not valid.');
        const found = await deps.services.developers.findBySecret(key);
        if (!found || (found.type !== 'secret' && found.type !== 'restricted')) {
          return problem(reply, 401, 'authentication_error', 'This API key is not valid, or it was rolled or deleted and has stopped working.');
        }
        // From here on the request is the key's: logged in onResponse, whatever its status.
        request.apiKey = { id: found.id, accountId: found.accountId, liveMode: found.liveMode, lastUsedAt: found.lastUsedAt };
        if (found.type === 'restricted') {
          // Routing has happened: routeOptions.url is the route's pattern. Unknown routes fall through to the 404 handler.
          const needed = request.routeOptions.url ? accessForRoute(request.method, request.routeOptions.url) : null;
          if (needed && !allows(found.restrictions as Record<string, ApiAccess> | null, needed.resource.id, needed.access)) {
            return problem(reply, 403, 'permission_error', restrictionMessage(needed.resource, needed.access));
          }
        }
      });

      api.addHook('onResponse', async (request, reply) => {
        const apiKey = request.apiKey;
        if (!apiKey) return;
        const entry = {
          apiKey,
          method: request.method,
          // Without the query string: its values can hold customer data.
          path: request.url.split('?')[0]!.slice(0, LOGGED_PATH_MAX),
          status: reply.statusCode,
          latencyMs: Math.max(0, Math.round(reply.elapsedTime)),
          requestId: String(request.id).slice(0, 200),
          ipAddress: request.ip || null,
        };
        // Not awaited: the response is already sent, and a failed log write must not fail anything.
        deps.services.developers.recordRequest(entry).catch((error: unknown) => request.log.error({ err: error }, 'could not write the API request log'));
      });

      const rateLimit = {
        max: PUBLIC_API_RATE_PER_MINUTE,
        timeWindow: '1 minute',
        keyGenerator: (request: FastifyRequest) => crypto.createHash('sha256').update(request.headers.authorization ?? request.ip).digest('hex'),
        errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => ({
          statusCode: 429,
          error: { type: 'rate_limit_error', message: `Too many requests for this key. Try again in ${Math.ceil(context.ttl / 1000)} seconds.` },
        }),
      };

      api.get('/transactions', { config: { rateLimit } }, async (request, reply) => {
        const parsed = listQuery.safeParse(request.query);
        if (!parsed.success) return invalidQuery(reply, parsed.error);
        const { type, limit, offset, ...filters } = parsed.data;
        const { accountId, liveMode } = request.apiKey!;
        const rows = await repository.page(
          {
            accountId,
            liveMode,
            kind: type,
            externalTransactionId: filters.externalTransactionId ?? null,
            externalCustomerId: filters.externalCustomerId ?? null,
            minCreatedAt: filters.createdAfter ?? null,
            maxCreatedAt: filters.createdBefore ?? null,
          },
          'createdAt_DESC',
          offset,
          limit,
        );
        return { data: rows.map(present), limit, offset, liveMode };
      });

      api.get<{ Params: { id: string } }>('/transactions/:id', { config: { rateLimit } }, async (request, reply) => {
        const row = isUuid(request.params.id) ? await repository.find(request.params.id) : undefined;
        const { accountId, liveMode } = request.apiKey!;
        // Another account's or the other mode's transaction does not exist for this key.
        if (!row || row.accountId !== accountId || row.liveMode !== liveMode) return problem(reply, 404, 'not_found', 'No transaction with this id.');
        return present(row);
      });

      api.get<{ Params: { id: string } }>('/customers/:id', { config: { rateLimit } }, async (request, reply) => {
        const { accountId, liveMode } = request.apiKey!;
        const byId = isUuid(request.params.id);
        const customer = byId ? await repository.customer(accountId, liveMode, { id: request.params.id }) : undefined;
        if (!customer) return problem(reply, 404, 'not_found', 'No customer with this id.');
        return customer;
      });

      api.get('/customers', { config: { rateLimit } }, async (request, reply) => {
        const parsed = z.object({ externalCustomerId: textParameter('externalCustomerId').refine((value) => value.length > 0, 'externalCustomerId is required') }).safeParse(request.query);
        if (!parsed.success) return invalidQuery(reply, parsed.error);
        const { accountId, liveMode } = request.apiKey!;
        const customer = await repository.customer(accountId, liveMode, { externalCustomerId: parsed.data.externalCustomerId });
        if (!customer) return problem(reply, 404, 'not_found', 'No customer with this external id.');
        return customer;
      });

      registerTestHelperRoutes(api, { services: deps.services, rateLimit });

      api.setNotFoundHandler((request, reply) => problem(reply, 404, 'not_found', `No route ${request.method} ${request.url}.`));
    },
    { prefix: '/v1' },
  );
}
