import { createHash, randomBytes } from 'node:crypto';
import type Provider from 'oidc-provider';
import { spendPasswordCheckTime, verifyPassword } from '../../lib/password-policy.ts';
import type { DevIdpUsers } from './dev-idp-users.ts';
import { errorPage } from './dev-identity-provider-pages.ts';
import { cause, isRecord, json, noContent, OktaApiError, readJson, sendError, validationFailed, type Context, type Middleware } from './my-account/http.ts';
import { displayNameOf } from './my-account/profile.ts';

// Okta's classic Authentication API (POST /api/v1/authn, primary authentication only) and the session-cookie hand-off
// (GET /login/sessionCookieRedirect) that trades its one-time session token for the provider's session cookie.

/** Okta's session tokens are one-time and short-lived; five minutes, like the provider's e-mailed codes. */
export const SESSION_TOKEN_TTL_MS = 5 * 60 * 1000;
const MAX_TOKENS = 10_000;

export interface ClassicAuthnDeps {
  issuer: string;
  store: DevIdpUsers;
  provider: Provider;
  /** The app origins: CORS for the authn call, and where sessionCookieRedirect may send the browser. */
  origins: string[];
  sessionTtlSeconds: number;
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The redirectUrl, when it goes to the app or back to this provider; anything else is an open redirect and refused. */
export function allowedRedirect(value: string | null, allowedOrigins: readonly string[]): URL | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  return allowedOrigins.includes(url.origin) ? url : null;
}

export function createClassicAuthn(deps: ClassicAuthnDeps): Middleware {
  const { store, provider, origins } = deps;
  const redirectOrigins = [...origins, new URL(deps.issuer).origin];
  /** Unredeemed session tokens by hash (in memory, like the provider's sessions). */
  const tokens = new Map<string, { userId: string; expiresAt: number }>();

  function issueSessionToken(userId: string) {
    const now = Date.now();
    for (const [key, entry] of tokens) if (entry.expiresAt <= now) tokens.delete(key);
    if (tokens.size >= MAX_TOKENS) tokens.delete(tokens.keys().next().value!);
    const token = randomBytes(30).toString('base64url');
    const expiresAt = now + SESSION_TOKEN_TTL_MS;
    tokens.set(hash(token), { userId, expiresAt });
    return { token, expiresAt };
  }

  /** The user a session token names, once: the token is spent whether or not it is still valid. */
  function redeem(token: string): string | null {
    const key = hash(token);
    const entry = tokens.get(key);
    tokens.delete(key);
    return entry && entry.expiresAt > Date.now() ? entry.userId : null;
  }

  function setCors(ctx: Context) {
    const origin = ctx.get('origin');
    if (!origin || !origins.includes(origin)) return;
    ctx.set('Access-Control-Allow-Origin', origin);
    ctx.set('Access-Control-Allow-Credentials', 'true');
    ctx.vary('Origin');
  }

  async function authn(ctx: Context) {
    const body = await readJson(ctx.req);
    if (!isRecord(body)) throw validationFailed([cause('request', 'The body must be a JSON object.')]);
    if ('stateToken' in body) {
      // Only primary authentication: no factor or recovery transaction is ever started, so there is none to resume.
      throw new OktaApiError(403, 'E0000011', 'Invalid token provided');
    }
    const username = typeof body.username === 'string' ? body.username.trim().slice(0, 254) : '';
    const password = typeof body.password === 'string' ? body.password.slice(0, 1024) : '';
    const missing = [
      ...(username ? [] : [cause('username', 'The field cannot be left blank')]),
      ...(password ? [] : [cause('password', 'The field cannot be left blank')]),
    ];
    if (missing.length > 0) throw validationFailed(missing);
    const user = await store.findUserForLogin(username);
    const passwordOk = user?.passwordHash ? await verifyPassword(user.passwordHash, password) : (await spendPasswordCheckTime(password), false);
    if (!user || !passwordOk) throw new OktaApiError(401, 'E0000004', 'Authentication failed');
    const primary = await store.primaryEmail(user.id);
    const { token, expiresAt } = issueSessionToken(user.id);
    json(ctx, 200, {
      expiresAt: new Date(expiresAt).toISOString(),
      status: 'SUCCESS',
      sessionToken: token,
      _embedded: {
        user: {
          id: user.id,
          passwordChanged: (user.passwordUpdatedAt ?? user.passwordCreatedAt)?.toISOString() ?? null,
          profile: {
            login: primary?.email ?? username,
            firstName: user.profile.firstName ?? null,
            lastName: user.profile.lastName ?? null,
            displayName: displayNameOf(user.profile),
          },
        },
      },
    });
  }

  async function sessionCookieRedirect(ctx: Context) {
    const redirectUrl = allowedRedirect(ctx.query.redirectUrl === undefined ? null : String(ctx.query.redirectUrl), redirectOrigins);
    if (!redirectUrl) {
      // Checked before the token is spent: a refused hand-off leaves it for a correct one.
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = errorPage('invalid_redirect_url', 'The redirectUrl must be an address of the Rampart app this provider serves.');
      return;
    }
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    const userId = token ? redeem(token) : null;
    if (!userId) {
      ctx.status = 401;
      ctx.type = 'html';
      ctx.body = errorPage('invalid_session_token', 'This sign-in link has expired or was already used. Go back to Rampart and sign in again.');
      return;
    }
    // A fresh session, whatever this browser held before; its cookie holds the session's id (jti), as oidc-provider's does.
    const session = new provider.Session();
    session.loginAccount({ accountId: userId, amr: ['pwd'] });
    await session.save(deps.sessionTtlSeconds);
    ctx.cookies.set(provider.cookieName('session'), session.jti, {
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.secure,
      expires: new Date(session.exp * 1000),
    });
    ctx.status = 302;
    ctx.redirect(redirectUrl.toString());
  }

  return async (ctx, next) => {
    if (ctx.path === '/login/sessionCookieRedirect') {
      ctx.set('Cache-Control', 'no-store');
      if (ctx.method !== 'GET') {
        ctx.status = 405;
        ctx.set('Allow', 'GET');
        return;
      }
      await sessionCookieRedirect(ctx);
      return;
    }
    if (ctx.path !== '/api/v1/authn') {
      await next();
      return;
    }
    ctx.set('Cache-Control', 'no-store');
    setCors(ctx);
    if (ctx.method === 'OPTIONS') {
      if (origins.includes(ctx.get('origin'))) {
        ctx.set('Access-Control-Allow-Methods', 'POST, OPTIONS');
        ctx.set('Access-Control-Allow-Headers', 'Content-Type, Accept, X-Okta-User-Agent-Extended, X-Device-Fingerprint');
        ctx.set('Access-Control-Max-Age', '600');
      }
      noContent(ctx);
      return;
    }
    try {
      if (ctx.method !== 'POST') {
        ctx.set('Allow', 'POST');
        throw new OktaApiError(405, 'E0000022', 'The endpoint does not support the provided HTTP method');
      }
      await authn(ctx);
    } catch (error) {
      if (error instanceof OktaApiError) return sendError(ctx, error);
      throw error;
    }
  };
}
