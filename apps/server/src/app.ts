import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import { runsDevelopmentIdentityProvider, type Env } from './config/env.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { Mailer } from './mail/mailer.ts';
import { registerDevMailbox } from './dev/mailbox.ts';
import { registerDevSms } from './dev/sms.ts';
import { registerGraphQL } from './graphql/plugin.ts';
import { PAYLOAD_TOO_LARGE_MESSAGE, RateLimitedRequest } from './graphql/errors.ts';
import { genRequestId } from './lib/rest/request-id.ts';
import { createServices, type Services } from './services.ts';
import { modules } from './modules/index.ts';
import { webDist } from './lib/paths.ts';
import { registerWebApp } from './lib/static-assets.ts';
import { prewarmWorkers } from './lib/bounded-worker.ts';
import { registerGraphQLUploads } from './lib/graphql-uploads.ts';
import { KYB_MAX_FILE_BYTES } from '@rampart/shared/kyb';
import type { EvmChain } from './lib/chain/evm-chain.ts';
import { startChain } from './boot.ts';
import { createObservability, type Observability } from './lib/observability/metrics.ts';
import { observeGraphQLOperations, observeHttpRequests, registerObservabilityRoutes } from './lib/observability/routes.ts';
import { createErrorReporter, reportRequestError } from './lib/error-reporting.ts';
import { INTERCOM_CSP } from './lib/intercom-csp.ts';

export interface AppDependencies {
  config: Env;
  database: DatabaseHandle;
  mailer: Mailer;
  /** Directory of the built web app; the SPA is not served when it is missing (API-only tests). */
  webRoot?: string | null;
  /** The EVM chain (boot.ts startChain); absent: connected here from EVM_RPC_URL (tests), which must then be set. */
  chain?: EvmChain | null;
  /** Seeds the reference data (feature flags, currencies, default pricing rules); false: the database already holds it (test databases copied from a seeded template). */
  seedReferenceData?: boolean;
}

export interface RampartApp extends FastifyInstance {
  services: Services;
  /** Metrics and readiness (lib/observability): server.ts marks it draining on SIGTERM; the worker serves its metrics. */
  observability: Observability;
}

/** Builds the whole HTTP app; `server.ts` listens, tests call it over HTTP. */
export async function buildApp(deps: AppDependencies): Promise<RampartApp> {
  const { config, database, mailer } = deps;
  // Development conveniences: never in production, whatever the other settings say.
  const development = config.RAMPART_ENV === 'development';
  const devMailbox = development && mailer.usesDevelopmentMailbox;
  const devIdentityProvider = runsDevelopmentIdentityProvider(config);
  const app = Fastify({
    logger: { level: config.LOG_LEVEL, redact: ['req.headers.cookie', 'req.headers["x-csrf-token"]', 'req.headers.authorization'] },
    // /v1 requests get Stripe-like `req_…` ids (their Request-Id header); the rest UUIDs.
    genReqId: genRequestId,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1_048_576, // 1 MiB, as PAYLOAD_TOO_LARGE_MESSAGE tells the client
  });
  // Before any plugin or route, so the request timing covers them all (decision 0018).
  const observability = createObservability({ database, log: app.log });
  observeHttpRequests(app, observability);
  app.decorate('observability', observability);
  const errorReporter = await createErrorReporter(config);
  app.decorate('errorReporter', errorReporter);
  app.addHook('onClose', async () => errorReporter.close());

  // Scripts and styles: the app's own files, plus the dashboard page's inline ones under a per-response nonce
  // (lib/static-assets.ts); no 'unsafe-inline'. Third-party script hosts only for the adapters this server configures.
  // GA4: the hosts Google documents for it ("Use Tag Manager with a Content Security Policy", Google Analytics 4), only when
  // configured (lib/analytics.ts loads gtag.js after consent; Google signals stay off, so no doubleclick hosts).
  const ga4 = config.GA4_MEASUREMENT_ID
    ? {
        scripts: ['https://*.googletagmanager.com'],
        images: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
        connections: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
      }
    : { scripts: [], images: [], connections: [] };
  const thirdPartyScripts = [...ga4.scripts];
  // Intercom's Messenger: exactly the hosts Intercom documents, only when it is configured (lib/intercom-csp.ts).
  const intercom = config.INTERCOM_APP_ID ? INTERCOM_CSP : null;
  const embedFrameHosts = [
    ...(config.LOOKER_HOST && config.LOOKER_EMBED_SECRET ? [`https://${config.LOOKER_HOST}`] : []),
    ...(config.HYPERMINT_HOST && config.HYPERMINT_EMBED_SECRET ? [new URL(config.HYPERMINT_HOST).origin] : []),
    // SumSub's WebSDK frame (KYB), from the API host the token is for, only when SumSub is configured.
    ...(config.SUMSUB_APP_TOKEN && config.SUMSUB_SECRET_KEY ? [new URL(config.SUMSUB_BASE_URL).origin] : []),
    ...(intercom?.frameSrc ?? []),
  ];
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...thirdPartyScripts, ...(intercom?.scriptSrc ?? [])],
        // GA4's hosts are named although https: covers them: the policy says which third parties it expects.
        imgSrc: ["'self'", 'data:', 'https:', ...ga4.images, ...(intercom?.imgSrc ?? [])],
        connectSrc: [
          "'self'",
          'https:',
          ...ga4.connections,
          ...(devIdentityProvider ? [`http://localhost:${config.DEV_IDP_PORT}`, `http://127.0.0.1:${config.DEV_IDP_PORT}`] : []),
          ...(intercom?.connectSrc ?? []),
        ],
        styleSrc: ["'self'", ...(intercom?.styleSrc ?? [])],
        ...(intercom
          ? {
              fontSrc: ["'self'", 'https:', 'data:', ...intercom.fontSrc],
              mediaSrc: ["'self'", ...intercom.mediaSrc],
              formAction: ["'self'", ...intercom.formAction],
            }
          : {}),
        // Looker's signed embed iframe (analytics), only when this server signs its URLs.
        // The minting embed host (HYPERMINT_HOST, Rampart's signed format), SumSub's WebSDK (KYB) and Intercom's frames
        // likewise, only when configured.
        ...(embedFrameHosts.length > 0 ? { frameSrc: ["'self'", ...embedFrameHosts] } : {}),
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyRateLimit, {
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    // Thrown from onRequest: the GraphQL error formatter and the handler below both answer it as 429 (Retry-After is already set).
    errorResponseBuilder: (_request, context) => new RateLimitedRequest(Math.ceil(context.ttl / 1000)),
  });
  await app.register(fastifyCookie);

  const chain = deps.chain ?? (await connectConfiguredChain(config));
  const services = createServices({ database, mailer, config, chain });
  if (deps.seedReferenceData !== false) await seedReferenceData(services);
  app.addHook('onClose', async () => services.close());
  app.decorate('services', services);

  app.setErrorHandler((error: import('fastify').FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    const isApi = request.url.startsWith('/v1/');
    if (error instanceof RateLimitedRequest) {
      request.log.info({ retryAfterSeconds: error.retryAfterSeconds }, 'request rate limit reached');
      return reply
        .code(429)
        .send(
          isApi
            ? { error: { type: 'rate_limit_error', message: error.message } }
            : { errors: [{ message: error.message, extensions: { code: 'RATE_LIMITED', retryAfterSeconds: error.retryAfterSeconds } }] },
        );
    }
    // The public API's per-key limiter throws the REST-shaped body its builder made: send it as is.
    const built = error as unknown as { error?: unknown };
    if (status === 429 && built.error) return reply.code(429).send({ error: built.error });
    if (status === 500) {
      request.log.error({ err: error }, 'unhandled error');
      reportRequestError(request, error);
    }
    const message = status === 500 ? `Something went wrong on our side. Reference: ${request.id}.` : status === 413 ? PAYLOAD_TOO_LARGE_MESSAGE : error.message;
    if (isApi) return reply.code(status).send({ error: { type: status === 500 ? 'api_error' : 'invalid_request_error', message } });
    const code = status === 500 ? 'INTERNAL_SERVER_ERROR' : status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 429 ? 'RATE_LIMITED' : 'BAD_REQUEST';
    return reply.code(status).send({ errors: [{ message, extensions: { code } }] });
  });

  registerGraphQLUploads(app, { maxFileBytes: KYB_MAX_FILE_BYTES });
  // Modules' files parsed in worker threads (certificate files, logos): one is started now, with their parsers loaded.
  prewarmWorkers(modules.flatMap((module) => module.workerModules ?? []));
  await registerGraphQL(app, { config, services, pool: database.pool });
  const webRoot = deps.webRoot === undefined ? webDist : deps.webRoot;
  // Each module's routes outside GraphQL (REST APIs, file downloads, the widget), in the order of the list.
  for (const module of modules) await module.routes?.(app, { config, database, services, webRoot });
  observeGraphQLOperations(app, observability);
  registerObservabilityRoutes(app, { observability, metricsToken: config.METRICS_TOKEN });
  if (devMailbox) registerDevMailbox(app, mailer);
  // Text messages have no transport to configure: the outbox is their only delivery while the development provider runs.
  if (devIdentityProvider) registerDevSms(app, database.db);

  if (webRoot && fs.existsSync(path.join(webRoot, 'index.html'))) {
    await registerWebApp(app, {
      webRoot,
      runtimeConfig: {
        devMailbox,
        sso: config.SSO_ENABLED,
        sentryDsn: config.SENTRY_DSN ?? null,
        ga4MeasurementId: config.GA4_MEASUREMENT_ID ?? null,
        intercomAppId: config.INTERCOM_APP_ID ?? null,
        supportEmail: config.SUPPORT_EMAIL ?? null,
        featureFlagSource: services.accounts.flags.source,
      },
    });
  }
  return app as unknown as RampartApp;
}

/** Idempotent: brings the reference data every app needs up to the code's catalogues (each module's `seed`, in list order). */
export async function seedReferenceData(services: Services): Promise<void> {
  for (const module of modules) await module.seed?.(services);
}

async function connectConfiguredChain(config: Env): Promise<EvmChain> {
  if (!config.EVM_RPC_URL) throw new Error('buildApp needs a chain: pass the one startInfrastructure started, or set EVM_RPC_URL.');
  return (await startChain(config)).chain;
}
