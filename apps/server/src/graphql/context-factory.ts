// The per-request GraphQL context, apart from the plugin: the CSV export (a route of the transactions module) builds
// the same context, and importing plugin.ts there would close an import circle through the module list.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Env } from '../config/env.ts';
import { loadSession, tokensMatch, type LoadedSession } from '../modules/identity/session-store.ts';
import type { Services } from '../services.ts';
import type { GraphQLContext } from './context.ts';

export function sessionCookieName(config: Env): string {
  // The __Host- prefix needs Secure, which browsers only honour over https.
  return config.PUBLIC_URL.startsWith('https:') ? '__Host-rampart_session' : 'rampart_session';
}

/** The cookie naming the browser that started a single sign-on (modules/sso): httpOnly, so page scripts cannot read it. */
export function ssoBrowserCookieName(config: Env): string {
  return config.PUBLIC_URL.startsWith('https:') ? '__Host-rampart_sso' : 'rampart_sso';
}

/**
 * Builds the per-request GraphQL context: the session from the cookie, kept only when X-CSRF-TOKEN matches it.
 * Exported so the benchmark serves the same schema through Apollo Server with identical context semantics.
 */
export function createContextFactory(deps: { config: Env; services: Services; pool: pg.Pool }) {
  const { config, services, pool } = deps;
  const cookieName = sessionCookieName(config);
  const ssoCookieName = ssoBrowserCookieName(config);
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
      ssoBrowserCookie: {
        value: request.cookies[ssoCookieName] ?? null,
        set(value, expiresAt) {
          reply.setCookie(ssoCookieName, value, { path: '/', httpOnly: true, secure, sameSite: 'lax', expires: expiresAt });
        },
      },
    };
  };
}
