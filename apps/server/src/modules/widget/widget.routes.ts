import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAppError, PAYLOAD_TOO_LARGE_MESSAGE, RateLimitedRequest } from '../../graphql/errors.ts';
import type { Services } from '../../services.ts';
import { refusalCsp, refusalPage, widgetCsp, widgetHtmlSource, widgetPage } from './widget-pages.ts';
import { WidgetPageRefusal } from './widget-refusal.ts';

/** Widget API requests a session (or, without one, an IP) may make per minute. */

const STATUS_OF: Record<string, [number, string]> = {
  BAD_USER_INPUT: [400, 'invalid_request'],
  UNAUTHENTICATED: [401, 'unauthorized'],
  FORBIDDEN_ERROR: [403, 'forbidden'],
  NOT_FOUND: [404, 'not_found'],
  CONFLICT: [409, 'conflict'],
  RATE_LIMITED: [429, 'rate_limited'],
};

function sessionToken(request: FastifyRequest): string | null {
  const match = /^Widget\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match ? match[1]! : null;
}

/** The widget's JSON errors: `{ error: { type, message, details?, action? } }`; never a 500 for bad input. */
function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (isAppError(error)) {
    const [status, type] = STATUS_OF[error.code] ?? [400, 'invalid_request'];
    const extensions = error.extensions as { fields?: Record<string, string>; type?: string; action?: string };
    return reply.code(status).send({
      error: {
        type: extensions.type ?? type,
        message: error.message,
        ...(extensions.fields ? { details: extensions.fields } : {}),
        ...(extensions.action ? { action: extensions.action } : {}),
      },
    });
  }
  if (error instanceof RateLimitedRequest) {
    return reply.code(429).send({ error: { type: 'rate_limited', message: error.message } });
  }
  const built = error as { statusCode?: number; error?: unknown };
  if (built.statusCode === 429 && built.error) return reply.code(429).send({ error: built.error });
  const status = typeof built.statusCode === 'number' && built.statusCode >= 400 && built.statusCode < 500 ? built.statusCode : 500;
  if (status === 500) {
    request.log.error({ err: error }, 'widget API error');
    return reply.code(500).send({ error: { type: 'api_error', message: `Something went wrong on our side. Reference: ${request.id}.` } });
  }
  const message = status === 413 ? PAYLOAD_TOO_LARGE_MESSAGE : status === 400 ? 'The request body is not valid JSON.' : (error as Error).message;
  return reply.code(status).send({ error: { type: 'invalid_request', message } });
}

/**
 * The widget pages (`GET /widget/{buy|sell|swap}`) and their JSON API (`/widget-api/*`). Widget assets are files under
 * /widget/assets/, served by the static plugin: `/widget/:flow` matches one path segment only, so it never takes them.
 */
export async function registerWidget(app: FastifyInstance, deps: { services: Services; webRoot: string | null; ratePerMinute: number }) {
  const { widget } = deps.services;
  const builtHtml = widgetHtmlSource(deps.webRoot);

  app.get<{ Params: { flow: string } }>('/widget/:flow', async (request, reply) => {
    // Helmet's app-wide headers forbid framing; a widget page is framed by the account's allowed origins instead.
    reply.removeHeader('x-frame-options');
    reply.header('cache-control', 'no-store');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    const rawUrl = request.raw.url ?? '';
    const rawQuery = rawUrl.includes('?') ? rawUrl.slice(rawUrl.indexOf('?')) : '';
    try {
      const opened = await widget.open(request.params.flow, rawQuery, request.query as Record<string, unknown>, request.headers['user-agent'] ?? null);
      if (opened.ignored.length) request.log.info({ ignored: opened.ignored, sessionId: opened.sessionId }, 'widget parameters ignored');
      const nonce = crypto.randomBytes(16).toString('base64');
      reply.header('content-security-policy', widgetCsp(opened.frameAncestors, nonce, opened.fontHosts));
      return reply.type('text/html; charset=utf-8').send(widgetPage(builtHtml(), opened.bootstrap, nonce));
    } catch (error) {
      if (!(error instanceof WidgetPageRefusal)) throw error;
      request.log.info({ status: error.status, title: error.title }, 'widget link refused');
      reply.header('content-security-policy', refusalCsp(error.frameAncestors));
      return reply
        .code(error.status)
        .type('text/html; charset=utf-8')
        .send(refusalPage(error.title, error.message, error.status));
    }
  });

  await app.register(
    async (api) => {
      api.setErrorHandler((error, request, reply) => sendError(request, reply, error));
      api.setNotFoundHandler((request, reply) => reply.code(404).send({ error: { type: 'not_found', message: `No route ${request.method} ${request.url}.` } }));
      api.addHook('onRequest', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });
      const rateLimit = {
        max: deps.ratePerMinute,
        timeWindow: '1 minute',
        keyGenerator: (request: FastifyRequest) =>
          crypto
            .createHash('sha256')
            .update(sessionToken(request) ?? `ip:${request.ip}`)
            .digest('hex'),
        errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => ({
          statusCode: 429,
          error: { type: 'rate_limited', message: `Too many requests from this widget. Try again in ${Math.ceil(context.ttl / 1000)} seconds.` },
        }),
      };
      const config = { rateLimit };
      type WithId = { Params: { id: string } };
      const agent = (request: FastifyRequest) => request.headers['user-agent']?.slice(0, 500) ?? null;

      api.post('/quote', { config }, async (request) => widget.quote(sessionToken(request), request.body ?? {}));
      api.post('/transactions', { config }, async (request, reply) =>
        reply.code(201).send(await widget.createTransaction(sessionToken(request), request.body ?? {}, agent(request))),
      );
      api.get<WithId>('/transactions/:id', { config }, async (request) => widget.transaction(sessionToken(request), request.params.id));
      api.post<WithId>('/transactions/:id/payment', { config }, async (request) => widget.pay(sessionToken(request), request.params.id, request.body ?? {}));
      api.post<WithId>('/transactions/:id/confirm', { config }, async (request) =>
        widget.confirm(sessionToken(request), request.params.id, request.body ?? {}),
      );
      api.post<WithId>('/transactions/:id/deposit', { config }, async (request) => widget.deposit(sessionToken(request), request.params.id));
    },
    { prefix: '/widget-api' },
  );
}
