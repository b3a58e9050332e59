import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import mercurius from 'mercurius';
import {
  GraphQLError,
  Kind,
  NoSchemaIntrospectionCustomRule,
  OperationTypeNode,
  type DocumentNode,
  type GraphQLFormattedError,
  type ValidationRule,
} from 'graphql';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import type { Env } from '../config/env.ts';
import type { Services } from '../services.ts';
import type pg from 'pg';
import { replicaMonitorOf } from '../db/client.ts';
import { currentReadRouting, formatLsn, parseLsn, runWithReadRouting } from '../db/replica.ts';
import { AppError, PAYLOAD_TOO_LARGE_MESSAGE, RateLimitedRequest } from './errors.ts';
import { describeBadInput } from './input-guard.ts';
import { buildResolvers, loadTypeDefs } from './schema.ts';
import { compressGraphQLAnswers } from './compress-answers.ts';
import { trimGraphQLAnswerHeaders } from './answer-headers.ts';
import { createContextFactory } from './context-factory.ts';
import { reportRequestError, type ReportingContext } from '../lib/error-reporting.ts';
import { isUuid } from '../lib/uuid.ts';
import type { GraphQLContext } from './context.ts';

// Where they were first written (the benchmark and tests import them from here).
export { createContextFactory, sessionCookieName, ssoBrowserCookieName } from './context-factory.ts';

export const GRAPHQL_LIMITS = { depth: 10, aliases: 15, cost: 5000, directives: 20 } as const;

/** Set after a mutation when lists read from a replica: until the replica has replayed this WAL position, reads go to the primary. */
export const READ_AFTER_COOKIE = 'rampart_read_after';
/** Long enough for any sane replica lag; a replica further behind is not read from at all (REPLICA_MAX_LAG_SECONDS). */
export const READ_AFTER_MAX_AGE_SECONDS = 60;

/** The WAL position in a read-after cookie; anything but `X/X` (hex) is ignored. */
export function readAfterOf(cookieValue: unknown): bigint | null {
  return parseLsn(cookieValue);
}

function isMutation(document: DocumentNode): boolean {
  return document.definitions.some((definition) => definition.kind === Kind.OPERATION_DEFINITION && definition.operation === OperationTypeNode.MUTATION);
}

/**
 * Read-your-writes with a replica: every request carries its read routing (db/replica.ts); a mutation reads from the
 * primary (its response shows what it changed), and once it has committed the browser gets the primary's WAL position
 * in a cookie, so its next requests read from the primary until the replica has replayed that far. Nothing is
 * registered without a replica.
 */
function registerReadRouting(app: FastifyInstance, deps: { pool: pg.Pool }) {
  if (!replicaMonitorOf(deps.pool)) return;
  // Callback style, so the rest of the request (handler, resolvers) runs inside this routing state. Added before the
  // routes (GraphQL, the CSV export, the REST APIs), so every route gets it.
  app.addHook('preHandler', (request, _reply, done) => {
    runWithReadRouting({ primary: false, readAfter: readAfterOf(request.cookies[READ_AFTER_COOKIE]) }, done);
  });
}

/** After a mutation (when there is a replica): the read-after cookie with the primary's WAL position once committed. */
function registerReadYourWrites(app: FastifyInstance, deps: { config: Env; pool: pg.Pool }) {
  if (!replicaMonitorOf(deps.pool)) return;
  const secure = deps.config.PUBLIC_URL.startsWith('https:');
  const mutations = new WeakSet<object>();
  app.graphql.addHook('preExecution', async (_schema, document, context) => {
    if (!isMutation(document)) return;
    mutations.add(context);
    const routing = currentReadRouting();
    if (routing) routing.primary = true;
  });
  app.graphql.addHook('onResolution', async (execution, context) => {
    if (!mutations.has(context)) return;
    // Refused before it ran (nothing to read back).
    if (!execution.data || Object.values(execution.data).every((value) => value === null)) return;
    try {
      // The unit of work has committed by now: its WAL is at or before this position.
      const result = await deps.pool.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      const lsn = parseLsn(result.rows[0]?.lsn);
      if (lsn !== null)
        context.reply.setCookie(READ_AFTER_COOKIE, formatLsn(lsn), { path: '/', httpOnly: true, secure, sameSite: 'lax', maxAge: READ_AFTER_MAX_AGE_SECONDS });
    } catch (error) {
      // The change is made; only the next list may be a moment behind.
      context.reply.request.log.warn({ err: error }, 'could not read the WAL position for read-your-writes');
    }
  });
}

type FormattedError = GraphQLFormattedError & { extensions: Record<string, unknown> };

/** One error as the client sees it, and the HTTP status it calls for when it refuses the whole request. */
function formatError(
  error: GraphQLError,
  requestId: string,
  log: FastifyRequest['log'],
  report: { request: FastifyRequest | undefined; context: ReportingContext; configured: boolean },
): { body: FormattedError; status?: number } {
  const badInput = describeBadInput(error);
  if (badInput) return { body: { message: badInput.message, locations: error.locations, extensions: { code: 'BAD_USER_INPUT', fields: badInput.fields } } };
  const original = error.originalError;
  if (original instanceof AppError) {
    return { body: { message: original.message, path: error.path, extensions: original.extensions } };
  }
  if (original instanceof RateLimitedRequest) {
    log.info({ retryAfterSeconds: original.retryAfterSeconds }, 'request rate limit reached');
    return { body: { message: original.message, extensions: { code: 'RATE_LIMITED', retryAfterSeconds: original.retryAfterSeconds } }, status: 429 };
  }
  if (!original || (original instanceof GraphQLError && !original.originalError)) {
    // Parse and validation errors describe the query itself and are safe to show.
    return { body: { message: error.message, locations: error.locations, path: error.path, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }, status: 400 };
  }
  const status = (original as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Fastify refused the HTTP request itself: bad JSON, a batch (an array body), a wrong content type, a body too large.
    if (status === 413) return { body: { message: PAYLOAD_TOO_LARGE_MESSAGE, extensions: { code: 'PAYLOAD_TOO_LARGE' } }, status };
    const message = /must be object/.test(original.message) ? 'Batched requests are not accepted: send one GraphQL operation per request.' : original.message;
    return { body: { message, extensions: { code: 'BAD_REQUEST' } }, status: 400 };
  }
  log.error({ err: original, path: error.path }, 'unexpected error in a resolver');
  if (report.request) reportRequestError(report.request, original, report.context);
  return {
    body: {
      // "Notified" only when a reporter (Sentry) takes the error; otherwise the reference finds it in the log.
      message: report.configured
        ? `Something went wrong on our side and the team has been notified. Reference: ${requestId}.`
        : `Something went wrong on our side. Reference: ${requestId}.`,
      path: error.path,
      extensions: { code: 'INTERNAL_SERVER_ERROR', requestId },
    },
  };
}

/** The signed-in user, and the account the operation names (its `accountId` variable), for an error's report. */
function reportingContextOf(context: Partial<GraphQLContext>, request: FastifyRequest | undefined): ReportingContext {
  const variables = (request?.body as { variables?: Record<string, unknown> } | undefined)?.variables;
  const accountId = typeof variables?.accountId === 'string' && isUuid(variables.accountId) ? variables.accountId : null;
  return { userId: context.session?.user.id ?? null, accountId };
}

/** Alias, cost and directive limits, and no introspection unless enabled (depth is Mercurius' queryDepth). */
export function buildValidationRules(config: Env): ValidationRule[] {
  const validationRules: ValidationRule[] = [
    maxAliasesRule({ n: GRAPHQL_LIMITS.aliases }),
    // A fragment groups fields; it is not a level of the answer, so it must not multiply their cost.
    costLimitRule({ maxCost: GRAPHQL_LIMITS.cost, flattenFragments: true }),
    maxDirectivesRule({ n: GRAPHQL_LIMITS.directives }),
  ];
  if (!config.GRAPHQL_INTROSPECTION) validationRules.push(NoSchemaIntrospectionCustomRule);
  return validationRules;
}

export async function registerGraphQL(app: FastifyInstance, deps: { config: Env; services: Services; pool: pg.Pool }) {
  const { config, services } = deps;
  const createContext = createContextFactory(deps);

  const validationRules = buildValidationRules(config);

  // Only POST, and only with a header a cross-site form cannot send, so every browser request is preflighted.
  // Callback style: it runs on every request of every route, and an async hook costs a promise each time (issue 40).
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.url !== '/graphql') return done();
    if (request.method !== 'POST') {
      return reply
        .code(405)
        .header('allow', 'POST')
        .send({ errors: [{ message: 'Use POST for GraphQL requests.', extensions: { code: 'METHOD_NOT_ALLOWED' } }] });
    }
    if (!request.headers['apollo-require-preflight'] && !request.headers['x-rampart-client']) {
      return reply.code(400).send({
        errors: [{ message: 'Missing the apollo-require-preflight header that protects against cross-site requests.', extensions: { code: 'CSRF_PREVENTED' } }],
      });
    }
    done();
  });

  registerReadRouting(app, deps);
  compressGraphQLAnswers(app);
  trimGraphQLAnswerHeaders(app);
  await app.register(mercurius, {
    schema: loadTypeDefs(),
    resolvers: buildResolvers(services) as never, // codegen's Resolvers and Mercurius' IResolvers differ only in how they type the context
    path: '/graphql',
    graphiql: config.GRAPHQL_IDE ? 'graphiql' : false,
    allowBatchedQueries: false,
    queryDepth: GRAPHQL_LIMITS.depth,
    jit: 1,
    validationRules,
    context: createContext,
    errorFormatter: (execution, context) => {
      const reply = (context as unknown as { reply?: FastifyReply }).reply;
      const request = reply?.request;
      const requestId = String(request?.id ?? crypto.randomUUID());
      const log = request?.log ?? app.log;
      const report = { request, context: reportingContextOf(context as unknown as Partial<GraphQLContext>, request), configured: app.errorReporter.configured };
      const errors = execution.errors
        .flatMap((error) => {
          const nested = (error.originalError as { errors?: GraphQLError[] } | undefined)?.errors;
          return Array.isArray(nested) ? nested : [error];
        })
        .map((error) =>
          formatError(
            error instanceof GraphQLError ? error : new GraphQLError(String((error as Error).message), { originalError: error as Error }),
            requestId,
            log,
            report,
          ),
        );
      // A request refused as a whole (nothing executed) answers with its HTTP status; errors from execution with 200.
      const refusedStatus = errors[0]?.status;
      const statusCode = !execution.data && refusedStatus && errors.every((error) => error.status === refusedStatus) ? refusedStatus : 200;
      return { statusCode, response: { data: execution.data ?? null, errors: errors.map((error) => error.body) } };
    },
  });
  registerReadYourWrites(app, deps);
}
