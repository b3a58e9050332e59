import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JWK, type JWTPayload } from 'jose';
import type Provider from 'oidc-provider';

// The development identity provider's userinfo endpoint for the access tokens it issues. Every access token is a JWT for
// the dashboard resource (okta-auth-js reads them as JWTs, as Okta issues them), and oidc-provider's own userinfo refuses
// any token with an audience, so it answered 401 to every token an independent client got from the token endpoint.
// Here, as at Okta, the token's scopes decide: `openid` reaches userinfo, `email` and `profile` add their claims.

type Middleware = Parameters<Provider['use']>[0];
type Context = Parameters<Middleware>[0];

/** The claims each OpenID scope releases (the provider's `claims` configuration). */
export const SCOPE_CLAIMS: Record<string, readonly string[]> = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  profile: ['name', 'given_name', 'family_name'],
};

export interface UserinfoDeps {
  issuer: string;
  /** The resource the access tokens are issued for (their audience). */
  resource: string;
  signingKey: JWK;
  origins: string[];
  /** The account's claims, or undefined when the user no longer exists. */
  claimsOf(sub: string): Promise<Record<string, unknown> | undefined>;
}

export function createUserinfoEndpoint(deps: UserinfoDeps): Middleware {
  const { signingKey } = deps;
  const keySet = createLocalJWKSet({ keys: [{ kty: signingKey.kty, n: signingKey.n, e: signingKey.e, kid: signingKey.kid, alg: 'RS256', use: 'sig' }] });
  const path = new URL(`${deps.issuer}/me`).pathname;

  function refuse(ctx: Context, status: 401 | 403, error: 'invalid_token' | 'insufficient_scope', description: string) {
    ctx.status = status;
    ctx.set(
      'WWW-Authenticate',
      `Bearer realm="${deps.issuer}", error="${error}", error_description="${description}"${status === 403 ? ', scope="openid"' : ''}`,
    );
    ctx.body = { error, error_description: description };
  }

  return async (ctx, next) => {
    if (ctx.path !== path || (ctx.method !== 'GET' && ctx.method !== 'POST')) {
      await next();
      return;
    }
    const token = /^Bearer\s+([\w-]+\.[\w-]+\.[\w-]+)$/i.exec(ctx.get('authorization'))?.[1];
    // Anything but a JWT in the Authorization header (an opaque token, a token in the body) stays oidc-provider's.
    if (!token) {
      await next();
      return;
    }
    ctx.set('Cache-Control', 'no-store');
    const origin = ctx.get('origin');
    if (origin && deps.origins.includes(origin)) {
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.set('Access-Control-Expose-Headers', 'WWW-Authenticate');
      ctx.vary('Origin');
    }
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(token, keySet, { issuer: deps.issuer, audience: deps.resource, algorithms: ['RS256'], requiredClaims: ['sub'] }));
    } catch (error) {
      return refuse(ctx, 401, 'invalid_token', error instanceof joseErrors.JWTExpired ? 'the access token has expired' : 'invalid token provided');
    }
    const scopes = new Set(typeof claims.scope === 'string' ? claims.scope.split(' ') : []);
    if (!scopes.has('openid')) return refuse(ctx, 403, 'insufficient_scope', 'the access token lacks the openid scope');
    const account = await deps.claimsOf(claims.sub!);
    if (!account) return refuse(ctx, 401, 'invalid_token', 'the user of this access token no longer exists');
    const released = new Set([...scopes].flatMap((scope) => SCOPE_CLAIMS[scope] ?? []));
    ctx.status = 200;
    ctx.type = 'application/json';
    ctx.body = Object.fromEntries(Object.entries({ ...account, sub: claims.sub }).filter(([name, value]) => released.has(name) && value !== undefined));
  };
}
