import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { getOperationAST, type DocumentNode } from 'graphql';
import type { Observability, ReadinessCheck } from './metrics.ts';

/** The probe routes: not rate limited, no session, logged only at warn and above (HAProxy checks every second or two). */
const PROBE_ROUTE: RouteShorthandOptions = { logLevel: 'warn', config: { rateLimit: false } };

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

interface OperationLabels {
  name: string;
  type: string;
}
const operations = new WeakMap<FastifyRequest, OperationLabels>();

/**
 * Times every request into rampart_http_request_duration_seconds. Added on the root instance before any route or
 * plugin, so it covers them all. The route label is Fastify's route pattern (`/v1/transactions/:id`), never the URL;
 * requests that matched no route share "unmatched".
 */
export function observeHttpRequests(app: FastifyInstance, observability: Observability): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    let operation: OperationLabels = { name: '', type: '' };
    if (route === '/graphql') operation = operations.get(request) ?? { name: 'none', type: 'none' };
    observability.observeHttpRequest(
      {
        method: KNOWN_METHODS.has(request.method) ? request.method : 'OTHER',
        route,
        status_code: String(reply.statusCode),
        operation_name: operation.name,
        operation_type: operation.type,
      },
      reply.elapsedTime / 1000,
    );
  });
}

/**
 * Labels /graphql requests with the operation Mercurius is about to execute, from the document it parsed (or cached):
 * its name (unnamed: "anonymous"; beyond the cap of distinct names: "other") and type. A request refused before
 * execution (bad query, validation, rate limit) keeps "none". Call after registerGraphQL.
 */
export function observeGraphQLOperations(app: FastifyInstance, observability: Observability): void {
  const graphql = (app as unknown as { graphql?: { addHook(name: 'preExecution', hook: (...args: unknown[]) => Promise<void>): void } }).graphql;
  if (!graphql) return;
  graphql.addHook('preExecution', async (_schema, document, context) => {
    const request = (context as { reply?: FastifyReply }).reply?.request;
    if (!request) return;
    const body = request.body as { operationName?: unknown } | undefined;
    const operationName = typeof body?.operationName === 'string' ? body.operationName : undefined;
    const operation = getOperationAST(document as DocumentNode, operationName);
    operations.set(request, {
      name: observability.operationNameLabel(operation?.name?.value),
      type: operation?.operation ?? 'none',
    });
  });
}

/** Equal without telling how much of it matched: both sides are hashed first, so lengths leak nothing either. */
function tokenMatches(presented: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(presented).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * GET /healthz (liveness: the process answers), GET /readyz (readiness: see Observability.readiness; 503 with the
 * reason otherwise) and GET /metrics (Prometheus text; with `metricsToken`, only for `Authorization: Bearer <token>`).
 */
export function registerObservabilityRoutes(
  app: FastifyInstance,
  deps: { observability: Observability; metricsToken?: string | undefined; readinessChecks?: ReadinessCheck[] },
): void {
  const { observability, metricsToken } = deps;
  app.get('/healthz', PROBE_ROUTE, async () => ({ status: 'ok' }));
  app.get('/readyz', PROBE_ROUTE, async (_request, reply) => {
    const readiness = await observability.readiness(deps.readinessChecks);
    reply.header('cache-control', 'no-store');
    if (readiness.ready) return { status: 'ready' };
    return reply.code(503).send({ status: 'unavailable', reason: readiness.reason });
  });
  app.get('/metrics', PROBE_ROUTE, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (metricsToken) {
      const header = request.headers.authorization ?? '';
      const presented = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? '';
      if (!tokenMatches(presented, metricsToken)) {
        return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ error: 'A valid bearer token is required for /metrics.' });
      }
    }
    const text = await observability.metrics();
    return reply.type(observability.contentType).send(text);
  });
}
