import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorEvent } from '@sentry/node';
import type { Env } from '../config/env.ts';

/** Who a request acted for, as far as it is known when it fails: the event's user and account. */
export interface ReportingContext {
  userId?: string | null;
  accountId?: string | null;
}

/**
 * Unexpected server errors (a masked 500, a resolver's INTERNAL_SERVER_ERROR, an unhandled rejection) go to Sentry when
 * SENTRY_SERVER_DSN or SENTRY_DSN is set; otherwise only to the log. `configured` lets messages say which.
 */
export interface ErrorReporter {
  readonly configured: boolean;
  capture(error: unknown, options?: { request?: FastifyRequest; context?: ReportingContext }): void;
  /** Waits (at most `timeoutMs`) until the events captured so far are sent. */
  flush(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    errorReporter: ErrorReporter;
  }
}

const FILTERED = '[Filtered]';
/** Names whose values never leave: headers, query parameters, and keys anywhere in an event. */
const SECRET_NAME = /pass(word)?|secret|token|authori[sz]ation|cookie|csrf|signature|api[-_]?key|otp|private[-_]?key|session|credential/i;

/** Reports an unexpected error of a request through its app's reporter (a no-op when Sentry is not configured). */
export function reportRequestError(request: FastifyRequest, error: unknown, context?: ReportingContext): void {
  const reporter = (request.server as FastifyInstance & { errorReporter?: ErrorReporter }).errorReporter;
  // A REST request authenticated by an API key acts for the key's account.
  const apiKeyAccount = (request as { apiKey?: { accountId?: string } }).apiKey?.accountId;
  reporter?.capture(error, { request, context: { ...(apiKeyAccount ? { accountId: apiKeyAccount } : {}), ...context } });
}

export const unconfiguredReporter: ErrorReporter = {
  configured: false,
  capture: () => undefined,
  flush: async () => true,
  close: async () => undefined,
};

/** The DSN the server reports to: its own project when SENTRY_SERVER_DSN is set, else the web app's SENTRY_DSN. */
export function serverDsn(config: Pick<Env, 'SENTRY_DSN' | 'SENTRY_SERVER_DSN'>): string | null {
  return config.SENTRY_SERVER_DSN ?? config.SENTRY_DSN ?? null;
}

function scrubObject(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrubObject(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, inner]) => [key, SECRET_NAME.test(key) ? FILTERED : scrubObject(inner, depth + 1)]),
  );
}

function scrubQuery(query: string): string {
  const params = new URLSearchParams(query);
  for (const name of [...params.keys()]) if (SECRET_NAME.test(name)) params.set(name, FILTERED);
  return params.toString();
}

/** Drizzle's query errors end in the bound parameters (e-mails, hashes of tokens): the query stays, they go. */
function scrubMessage(message: string): string {
  return message.replace(/\nparams: [\s\S]*$/, `\nparams: ${FILTERED}`);
}

/** beforeSend: no cookies, request bodies, credentials or secret-named values leave the server. */
export function scrubEvent(event: ErrorEvent): ErrorEvent {
  if (event.request) {
    const { cookies: _cookies, data: _data, headers, query_string: query, ...request } = event.request;
    event.request = {
      ...request,
      ...(headers ? { headers: scrubObject(headers) as Record<string, string> } : {}),
      ...(typeof query === 'string' ? { query_string: scrubQuery(query) } : {}),
    };
  }
  for (const exception of event.exception?.values ?? []) if (exception.value) exception.value = scrubMessage(exception.value);
  if (event.message) event.message = scrubMessage(event.message);
  if (event.extra) event.extra = scrubObject(event.extra) as typeof event.extra;
  if (event.contexts) event.contexts = scrubObject(event.contexts) as typeof event.contexts;
  for (const breadcrumb of event.breadcrumbs ?? []) if (breadcrumb.data) breadcrumb.data = scrubObject(breadcrumb.data) as typeof breadcrumb.data;
  return event;
}

/** Every string of the event with these exact values (a request's cookie, CSRF token, credentials) replaced. */
function withoutValues<T>(value: T, secrets: readonly string[], depth = 0): T {
  if (secrets.length === 0 || depth > 10) return value;
  if (typeof value === 'string') return secrets.reduce((text, secret) => text.split(secret).join(FILTERED), value as string) as T;
  if (Array.isArray(value)) return (value as unknown[]).map((item) => withoutValues(item, secrets, depth + 1)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withoutValues(inner, secrets, depth + 1)])) as T;
  }
  return value;
}

/** The values of a request's secret-named headers and cookies (at least 8 characters, so short words are not erased). */
function secretValuesOf(request: FastifyRequest): string[] {
  const values: string[] = [];
  for (const [name, value] of Object.entries(request.headers)) {
    if (!SECRET_NAME.test(name) || value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      values.push(item);
      // "Bearer sk_…", "name=value; other=value": the parts too.
      values.push(...item.split(/[\s;,=]+/));
    }
  }
  for (const value of Object.values(request.cookies ?? {})) if (value) values.push(value);
  return [...new Set(values.filter((value) => value.length >= 8))].sort((a, b) => b.length - a.length);
}

/** Sentry (@sentry/node) when a DSN is configured; loaded only then, so an unconfigured server never loads the SDK. */
export async function createErrorReporter(config: Pick<Env, 'SENTRY_DSN' | 'SENTRY_SERVER_DSN' | 'RAMPART_ENV'>): Promise<ErrorReporter> {
  const dsn = serverDsn(config);
  if (!dsn) return unconfiguredReporter;
  const Sentry = await import('@sentry/node');
  // A client of its own rather than Sentry.init: no global instrumentation, and each app (tests build several) its own DSN.
  const client = new Sentry.NodeClient({
    dsn,
    environment: config.RAMPART_ENV,
    sendDefaultPii: false,
    maxBreadcrumbs: 100,
    transport: Sentry.makeNodeTransport,
    stackParser: Sentry.defaultStackParser,
    integrations: [Sentry.linkedErrorsIntegration(), Sentry.dedupeIntegration(), Sentry.nodeContextIntegration()],
    beforeSend: scrubEvent,
  });
  client.init();
  const base = new Sentry.Scope();
  base.setClient(client);
  return {
    configured: true,
    capture(error, options = {}) {
      const scope = base.clone();
      const { request } = options;
      const context = options.context ?? {};
      if (context.userId) scope.setUser({ id: context.userId });
      if (context.accountId) {
        scope.setTag('account.id', context.accountId);
        scope.setContext('account', { id: context.accountId });
      }
      if (request) {
        const [path, query] = request.url.split('?', 2) as [string, string | undefined];
        scope.setTag('request.id', String(request.id));
        const secrets = secretValuesOf(request);
        scope.addEventProcessor((event) =>
          withoutValues(
            { ...event, request: { method: request.method, url: path, headers: request.headers as Record<string, string>, query_string: query } },
            secrets,
          ),
        );
      }
      scope.captureException(error);
    },
    flush: async (timeoutMs = 2_000) => client.flush(timeoutMs),
    close: async () => {
      await client.close(2_000);
    },
  };
}

/**
 * An unhandled rejection or uncaught exception still ends the process (Node's default), but first goes to the log and
 * to Sentry (flushed for at most 2 s). For the long-running entry points (server.ts).
 */
export function reportFatalErrors(reporter: ErrorReporter, log: { fatal: (object: object, message: string) => void }): void {
  const fatal = (origin: string) => (error: unknown) => {
    log.fatal({ err: error, origin }, `${origin}: the process stops`);
    reporter.capture(error);
    void reporter.flush(2_000).finally(() => process.exit(1));
  };
  process.on('unhandledRejection', fatal('unhandledRejection'));
  process.on('uncaughtException', fatal('uncaughtException'));
}
