import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import type { Observability, ReadinessCheck } from './metrics.ts';
import { registerObservabilityRoutes } from './routes.ts';

export interface WorkerHttpServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * The worker process's own small HTTP server (WORKER_HTTP_PORT): /metrics (its registry: webhook attempt counters, pool
 * gauges, queue depth, process metrics), /healthz and /readyz (its database answers and `readinessChecks` pass, e.g.
 * the worker loop runs). Nothing else is served on it.
 */
export async function startWorkerHttpServer(deps: {
  host: string;
  port: number;
  observability: Observability;
  metricsToken?: string | undefined;
  readinessChecks?: ReadinessCheck[];
  log?: FastifyBaseLogger;
}): Promise<WorkerHttpServer> {
  const app: FastifyInstance = Fastify({ loggerInstance: deps.log });
  app.setErrorHandler((error, request, reply) => {
    request.log.error({ err: error }, 'worker http: unhandled error');
    return reply.code(500).send({ error: 'Something went wrong on our side.' });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'Not found: this port serves /metrics, /healthz and /readyz.' }));
  registerObservabilityRoutes(app, { observability: deps.observability, metricsToken: deps.metricsToken, readinessChecks: deps.readinessChecks });
  await app.listen({ host: deps.host, port: deps.port });
  const port = (app.server.address() as AddressInfo).port;
  const host = deps.host === '0.0.0.0' || deps.host === '::' ? '127.0.0.1' : deps.host;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    close: () => app.close(),
  };
}
