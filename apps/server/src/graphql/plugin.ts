import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import mercurius from 'mercurius';
import { GraphQLError, NoSchemaIntrospectionCustomRule, type GraphQLFormattedError, type ValidationRule } from 'graphql';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import type { Env } from '../config/env.ts';
import { loadSession, tokensMatch, type LoadedSession } from '../modules/identity/session-store.ts';
import type { Services } from '../services.ts';
import type pg from 'pg';
import { AppError, PAYLOAD_TOO_LARGE_MESSAGE, RateLimitedRequest } from './errors.ts';
import { describeBadInput } from './input-guard.ts';
import type { GraphQLContext } from './context.ts';
import { buildResolvers, loadTypeDefs } from './schema.ts';

export const GRAPHQL_LIMITS = { depth: 10, aliases: 15, cost: 5000, directives: 20 } as const;

export function sessionCookieName(config: Env): string {
  // The __Host- prefix needs Secure, which browsers only honour over https.
  return config.PUBLIC_URL.startsWith('https:') ? '__Host-rampart_session' : 'rampart_session';
}

type FormattedError = GraphQLFormattedError & { extensions: Record<string, unknown> };

/** One error as the client sees it, and the HTTP status it calls for when it refuses the whole request. */
function formatError(error: GraphQLError, requestId: string, log: FastifyRequest['log']): { body: FormattedError; status?: number } {
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
    const message = /must be object/.test(original.message)
      ? 'Batched requests are not accepted: send one GraphQL operation per request.'
      : original.message;
    return { body: { message, extensions: { code: 'BAD_REQUEST' } }, status: 400 };
  }
  log.error({ err: original, path: error.path }, 'unexpected error in a resolver');
  return {
    body: {
      message: `Something went wrong on our side and the team has been notified. Reference: ${requestId}.`,
      path: error.path,
      extensions: { code: 'INTERNAL_SERVER_ERROR', requestId },
    },
  };
}

/**
 * Builds the per-request GraphQL context: the session from the cookie, kept only when X-CSRF-TOKEN matches it.
 * Exported so the benchmark serves the same schema through Apollo Server with identical context semantics.
 */
export function createContextFactory(deps: { config: Env; services: Services; pool: pg.Pool }) {
  const { config, services, pool } = deps;
  const cookieName = sessionCookieName(config);
  const secure = config.PUBLIC_URL.startsWith('https:');
  return async (request: FastifyRequest, reply: FastifyReply): Promise<GraphQLContext> => {
    const cookieValue = request.cookies[cookieName];
    let session: LoadedSession | null = null;
    let cookieSessionId: string | null = null;
    if (cookieValue && cookieValue.length <= 100) {
      const loaded = await loadSession(pool, cookieValue);
      cookieSessionId = loaded?.id ?? null;
      const header = request.headers['x-csrf-token'];
      if (loaded && tokensMatch(loaded.csrfToken, typeof header === 'string' ? header : undefined)) session = loaded;
    }
    return {
      config,
      services,
      log: request.log,
      requestId: String(request.id),
      ipAddress: request.ip,
      userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
      session,
      cookieSessionId,
      sessionCookie: {
        set(value, expiresAt) {
          reply.setCookie(cookieName, value, { path: '/', httpOnly: true, secure, sameSite: 'lax', expires: expiresAt });
        },
        clear() {
          reply.clearCookie(cookieName, { path: '/', httpOnly: true, secure, sameSite: 'lax' });
        },
      },
    };
  };
}

/** Alias, cost and directive limits, and no introspection unless enabled (depth is Mercurius' queryDepth). */
export function buildValidationRules(config: Env): ValidationRule[] {
  const validationRules: ValidationRule[] = [
    maxAliasesRule({ n: GRAPHQL_LIMITS.aliases }) as unknown as ValidationRule,
    costLimitRule({ maxCost: GRAPHQL_LIMITS.cost }) as unknown as ValidationRule,
    maxDirectivesRule({ n: GRAPHQL_LIMITS.directives }) as unknown as ValidationRule,
  ];
  if (!config.GRAPHQL_INTROSPECTION) validationRules.push(NoSchemaIntrospectionCustomRule);
  return validationRules;
}

export async function registerGraphQL(app: FastifyInstance, deps: { config: Env; services: Services; pool: pg.Pool }) {
  const { config, services } = deps;
  const createContext = createContextFactory(deps);

  const validationRules = buildValidationRules(config);

  // Only POST, and only with a header a cross-site form cannot send, so every browser request is preflighted.
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url !== '/graphql') return;
    if (request.method !== 'POST') {
      return reply.code(405).header('allow', 'POST').send({ errors: [{ message: 'Use POST for GraphQL requests.', extensions: { code: 'METHOD_NOT_ALLOWED' } }] });
    }
    if (!request.headers['apollo-require-preflight'] && !request.headers['x-rampart-client']) {
      return reply.code(400).send({
        errors: [{ message: 'Missing the apollo-require-preflight header that protects against cross-site requests.', extensions: { code: 'CSRF_PREVENTED' } }],
      });
    }
  });

  await app.register(mercurius, {
    schema: loadTypeDefs(),
    resolvers: buildResolvers(services) as never,
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
      const errors = execution.errors
        .flatMap((error) => {
          const nested = (error.originalError as { errors?: GraphQLError[] } | undefined)?.errors;
          return Array.isArray(nested) ? nested : [error];
        })
        .map((error) => formatError(error instanceof GraphQLError ? error : new GraphQLError(String((error as Error).message), { originalError: error as Error }), requestId, log));
      // A request refused as a whole (nothing executed) answers with its HTTP status; errors from execution with 200.
      const refusedStatus = errors[0]?.status;
      const statusCode = !execution.data && refusedStatus && errors.every((error) => error.status === refusedStatus) ? refusedStatus : 200;
      return { statusCode, response: { data: execution.data ?? null, errors: errors.map((error) => error.body) } };
    },
  });
}
