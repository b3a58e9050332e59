import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { accessForRoute, allows, restrictionMessage, unlistedRouteMessage } from '@rampart/shared/api-keys';
import { accountAllowsTraffic, accountStatusErrorCode, accountStatusMessage } from '@rampart/shared/account-status';
import { CURRENT_API_VERSION } from '@rampart/shared/api-versions';
import type { Env } from '../../config/env.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { Services } from '../../services.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { TransactionFilter } from '../transactions/transactions.repository.ts';
import { registerTestHelperRoutes } from './test-helper.routes.ts';
import { CursorError } from '../../lib/rest/cursor.ts';
import { ApiError, apiErrorHandler, sendApiError, zodValidatorCompiler } from '../../lib/rest/errors.ts';
import { registerIdempotency } from '../../lib/rest/idempotency.ts';
import { registerOpenApi } from '../../lib/rest/openapi.ts';
import { OPENAPI_PATH, RAMPART_API_DEFINITION } from './openapi-definition.ts';
import { REQUEST_ID_HEADER } from '../../lib/rest/request-id.ts';
import { Customer, customerLookupQuery, ErrorBody, idParams, Transaction, TransactionList, TransactionListV20260601, transactionListQuery } from './schemas.ts';
import { presentCustomer, presentTransaction as present } from './present.ts';
import { echoVersion, pinnedVersion, requestedVersion } from './versions.ts';

/** Requests a key may make per minute, unless config.PUBLIC_API_RATE_PER_MINUTE says otherwise. */
export const PUBLIC_API_RATE_PER_MINUTE = 300;

/** The key of an Authorization header as the key check reads it (any case of Api-Key, any whitespace). */
const KEY_HEADER = /^Api-Key\s+(\S+)$/i;

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

/** Routes under /v1 that need no key (every other route needs one, and a restricted key only the routes of its resources). */
export const PUBLIC_ROUTES: readonly string[] = [`GET ${OPENAPI_PATH}`, `HEAD ${OPENAPI_PATH}`];

/** Every route and method registered under /v1 (HEAD ones Fastify adds included), as `METHOD /v1/path`, per app. */
const registeredRoutes = new WeakMap<FastifyInstance, string[]>();
export function publicApiRoutes(app: FastifyInstance): readonly string[] {
  return registeredRoutes.get(app) ?? [];
}

const authError = (code: string, message: string) => new ApiError(401, 'authentication_error', code, message);

/**
 * The public REST API under /v1, for partners' servers: `Authorization: Api-Key sk_…`, answering in the key's mode,
 * rate limited per key. Every route declares its schemas once (zod, schemas.ts): they validate requests and make the
 * OpenAPI document at /v1/openapi.json. Every response carries Request-Id and Rampart-Version; errors answer
 * `{ error: { type, code, message, param?, request_id, details? } }` (lib/rest/errors.ts).
 */
export async function registerPublicApi(app: FastifyInstance, deps: { config: Env; database: DatabaseHandle; services: Services }) {
  const repository = deps.services.transactions.repository;

  await app.register(
    async (scope) => {
      const routes: string[] = [];
      registeredRoutes.set(app, routes);
      scope.addHook('onRoute', (route) => {
        for (const method of [route.method].flat()) routes.push(`${method} ${route.url}`);
      });
      const api = scope.withTypeProvider<ZodTypeProvider>();
      api.setValidatorCompiler(zodValidatorCompiler);
      // Responses are plain JSON: their schemas document them (openapi.test.ts checks every answer against the document).
      api.setSerializerCompiler(() => (data) => JSON.stringify(data));
      api.setErrorHandler(apiErrorHandler);
      await registerOpenApi(api, { publicUrl: deps.config.PUBLIC_URL, definition: RAMPART_API_DEFINITION });

      api.addHook('onRequest', async (request, reply) => {
        reply.header(REQUEST_ID_HEADER, String(request.id));
        // Until the version is known (a refusal before it says the current one).
        echoVersion(request, reply);
        if (request.routeOptions.url && PUBLIC_ROUTES.includes(`${request.method} ${request.routeOptions.url}`)) {
          request.apiVersion = requestedVersion(request) ?? CURRENT_API_VERSION;
          return echoVersion(request, reply);
        }
        const header = request.headers.authorization ?? '';
        const match = KEY_HEADER.exec(header);
        if (!match) throw authError('api_key_missing', 'Send your secret key as "Authorization: Api-Key sk_…".');
        const key = match[1]!;
        if (/^pk_(test|live)_/.test(key))
          throw authError('publishable_key_used', 'Publishable keys cannot call the API: use a secret key (sk_…) from your server.');
        if (!/^[sr]k_(test|live)_[A-Za-z0-9]{16,64}$/.test(key)) throw authError('api_key_invalid', 'This API key is not valid.');
        const found = await deps.services.developers.findBySecret(key);
        if (!found || (found.type !== 'secret' && found.type !== 'restricted')) {
          throw authError('api_key_invalid', 'This API key is not valid, or it was rolled or deleted and has stopped working.');
        }
        // From here on the request is the key's: logged in onResponse, whatever its status.
        request.apiKey = { id: found.id, accountId: found.accountId, liveMode: found.liveMode, lastUsedAt: found.lastUsedAt };
        // Staff closed the account, or made it dormant (no live traffic): its keys stop, with a code saying why.
        if (!accountAllowsTraffic(found.accountStatus, found.liveMode))
          throw new ApiError(403, 'permission_error', accountStatusErrorCode(found.accountStatus), accountStatusMessage(found.accountStatus));
        const [asked, pinned] = await Promise.all([
          Promise.resolve().then(() => requestedVersion(request)),
          pinnedVersion(deps.database.pool, found.accountId),
        ]);
        request.apiVersion = asked ?? pinned;
        echoVersion(request, reply);
        // Routing has happened: routeOptions.url is the route's pattern. Unknown routes fall through to the 404 handler.
        if (found.type === 'restricted' && request.routeOptions.url) {
          // Deny by default: every method of every route (HEAD as its GET) needs a resource the key was given.
          const needed = accessForRoute(request.method, request.routeOptions.url);
          if (!needed) throw new ApiError(403, 'permission_error', 'api_key_restricted', unlistedRouteMessage(request.method, request.routeOptions.url));
          if (!allows(found.restrictions, needed.resource.id, needed.access)) {
            throw new ApiError(403, 'permission_error', 'api_key_restricted', restrictionMessage(needed.resource, needed.access));
          }
        }
      });

      // Idempotency-Key on every POST (lib/rest/idempotency.ts): after the key check, per secret key.
      registerIdempotency(api, { database: deps.database, keyOf: (request) => request.apiKey?.id });

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
        max: deps.config.PUBLIC_API_RATE_PER_MINUTE ?? PUBLIC_API_RATE_PER_MINUTE,
        timeWindow: '1 minute',
        // The parsed key, not the raw header: "api-key  sk_…" is the same key (and bucket) as "Api-Key sk_…".
        keyGenerator: (request: FastifyRequest) => {
          const key = KEY_HEADER.exec(request.headers.authorization ?? '')?.[1];
          return crypto
            .createHash('sha256')
            .update(key ? `key:${key}` : `ip:${request.ip}`)
            .digest('hex');
        },
        errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => ({
          statusCode: 429,
          error: { type: 'rate_limit_error', message: `Too many requests for this key. Try again in ${Math.ceil(context.ttl / 1000)} seconds.` },
        }),
      };

      api.get(OPENAPI_PATH.slice('/v1'.length), { schema: { hide: true } }, async () => scope.swagger());

      api.get(
        '/transactions',
        {
          config: { rateLimit },
          schema: {
            operationId: 'listTransactions',
            summary: 'List transactions',
            description:
              'Transactions of one kind, newest first (created time, then id). Version 2026-11-23 pages with cursors: pass `next_cursor` as `starting_after` for the next page, `previous_cursor` as `ending_before` for the previous one. `offset` keeps working but cannot be combined with a cursor.',
            tags: ['Transactions'],
            querystring: transactionListQuery,
            response: { 200: TransactionList.or(TransactionListV20260601) },
          },
        },
        async (request) => {
          const { type, limit, offset, starting_after: startingAfter, ending_before: endingBefore, ...filters } = request.query;
          const { accountId, liveMode } = request.apiKey!;
          const filter: TransactionFilter = {
            accountId,
            liveMode,
            kind: type,
            externalTransactionId: filters.externalTransactionId ?? null,
            externalCustomerId: filters.externalCustomerId ?? null,
            minCreatedAt: filters.createdAfter ?? null,
            maxCreatedAt: filters.createdBefore ?? null,
          };
          if (request.apiVersion === '2026-06-01') {
            if (startingAfter !== undefined || endingBefore !== undefined) {
              const param = startingAfter !== undefined ? 'starting_after' : 'ending_before';
              throw new ApiError(
                400,
                'invalid_request_error',
                'parameter_unknown',
                `${param} needs Rampart-Version 2026-11-23 or later: this request is answered in 2026-06-01, which pages with offset.`,
                {
                  param,
                  details: { [param]: `${param} needs Rampart-Version 2026-11-23 or later` },
                },
              );
            }
            const rows = await repository.page(filter, 'createdAt_DESC', offset ?? 0, limit);
            const body: z.infer<typeof TransactionListV20260601> = { data: rows.map(present), limit, offset: offset ?? 0, liveMode };
            return body;
          }
          const url = '/v1/transactions';
          if (offset !== undefined) {
            if (startingAfter !== undefined || endingBefore !== undefined)
              throw new CursorError('offset', 'offset cannot be combined with starting_after or ending_before: page one way.');
          }
          // Offset paging (kept for existing callers) answers cursors from its page on, so a caller can switch to them.
          const page =
            offset !== undefined
              ? await repository.pageByOffset(filter, offset, limit)
              : await repository.pageByCursor(filter, { startingAfter: startingAfter ?? null, endingBefore: endingBefore ?? null, limit });
          const body: z.infer<typeof TransactionList> = {
            object: 'list',
            url,
            data: page.rows.map(present),
            has_more: page.hasMore,
            next_cursor: page.nextCursor,
            previous_cursor: page.previousCursor,
            liveMode,
          };
          return body;
        },
      );

      api.get(
        '/transactions/:id',
        {
          config: { rateLimit },
          schema: {
            operationId: 'getTransaction',
            summary: 'Retrieve a transaction',
            tags: ['Transactions'],
            params: idParams,
            response: { 200: Transaction, 404: ErrorBody },
          },
        },
        async (request, reply) => {
          const row = isUuid(request.params.id) ? await repository.find(request.params.id) : undefined;
          const { accountId, liveMode } = request.apiKey!;
          // Another account's or the other mode's transaction does not exist for this key.
          if (!row || row.accountId !== accountId || row.liveMode !== liveMode)
            return sendApiError(request, reply, new ApiError(404, 'not_found', 'resource_missing', 'No transaction with this id.', { param: 'id' }));
          return present(row);
        },
      );

      api.get(
        '/customers/:id',
        {
          config: { rateLimit },
          schema: {
            operationId: 'getCustomer',
            summary: 'Retrieve a customer',
            tags: ['Customers'],
            params: idParams,
            response: { 200: Customer, 404: ErrorBody },
          },
        },
        async (request, reply) => {
          const { accountId, liveMode } = request.apiKey!;
          const customer = isUuid(request.params.id) ? await repository.customer(accountId, liveMode, { id: request.params.id }) : undefined;
          if (!customer) return sendApiError(request, reply, new ApiError(404, 'not_found', 'resource_missing', 'No customer with this id.', { param: 'id' }));
          return presentCustomer(customer);
        },
      );

      api.get(
        '/customers',
        {
          config: { rateLimit },
          schema: {
            operationId: 'findCustomer',
            summary: 'Find a customer by your id',
            description: "The customer with this externalCustomerId (your id of the customer), in the key's mode.",
            tags: ['Customers'],
            querystring: customerLookupQuery,
            response: { 200: Customer, 404: ErrorBody },
          },
        },
        async (request, reply) => {
          const { accountId, liveMode } = request.apiKey!;
          const customer = await repository.customer(accountId, liveMode, { externalCustomerId: request.query.externalCustomerId });
          if (!customer)
            return sendApiError(
              request,
              reply,
              new ApiError(404, 'not_found', 'resource_missing', 'No customer with this external id.', { param: 'externalCustomerId' }),
            );
          return presentCustomer(customer);
        },
      );

      registerTestHelperRoutes(api, { services: deps.services, rateLimit });

      api.setNotFoundHandler((request, reply) =>
        sendApiError(request, reply, new ApiError(404, 'not_found', 'route_not_found', `No route ${request.method} ${request.url}.`)),
      );
    },
    { prefix: '/v1' },
  );
}
