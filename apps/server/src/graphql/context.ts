import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../config/env.ts';
import type { LoadedSession } from '../modules/identity/session-store.ts';
import type { Services } from '../services.ts';
import { unauthenticated } from './errors.ts';
import type { AccountGrant } from './grant.ts';

export interface SessionCookieControl {
  set(cookieValue: string, expiresAt: Date): void;
  clear(): void;
}

/** The cookie binding single sign-on attempts to the browser that started them (startSsoSignIn). */
export interface SsoBrowserCookieControl {
  /** The cookie's value as the browser sent it, or null. */
  value: string | null;
  set(value: string, expiresAt: Date): void;
}

export interface GraphQLContext {
  config: Env;
  services: Services;
  log: FastifyBaseLogger;
  requestId: string;
  ipAddress: string;
  userAgent: string | null;
  /** The signed-in session, present only when the cookie is valid and X-CSRF-TOKEN matches it. */
  session: LoadedSession | null;
  /** The live session the cookie names, with or without the CSRF token: only signing out uses it, to end it. */
  cookieSessionId: string | null;
  sessionCookie: SessionCookieControl;
  ssoBrowserCookie: SsoBrowserCookieControl;
  /** Set for @account and @entity fields: how the caller reached the account. */
  grant?: AccountGrant;
}

export function requireGrant(context: GraphQLContext): AccountGrant {
  if (!context.grant) throw new Error('requireGrant called outside an @account or @entity field');
  return context.grant;
}

export function requireSession(context: GraphQLContext): LoadedSession {
  if (!context.session) throw unauthenticated();
  return context.session;
}
