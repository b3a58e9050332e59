import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JWK } from 'jose';
import type { DevIdpUsers } from '../dev-idp-users.ts';
import { bearerChallenge, OktaApiError, type Caller, type Context } from './http.ts';

export const MISSING_ACCESS_TOKEN = 'AccessToken is required to request MyAccount API endpoints.';

/**
 * The MyAccount and Sessions APIs' bearer tokens: access tokens this provider issued for their resource, with a scope
 * the route needs; and the step-up a sensitive change asks for.
 */
export function createAccessTokenCheck(deps: { issuer: string; resource: string; signingKey: JWK; store: DevIdpUsers; stepUpMaxAgeSeconds: number }) {
  const { issuer, store, stepUpMaxAgeSeconds } = deps;
  const publicJwk: JWK = { kty: deps.signingKey.kty, n: deps.signingKey.n, e: deps.signingKey.e, kid: deps.signingKey.kid, alg: 'RS256', use: 'sig' };
  const keySet = createLocalJWKSet({ keys: [publicJwk] });

  async function verifyAccessToken(ctx: Context, scopes: readonly string[] | null): Promise<Caller> {
    const header = ctx.get('authorization');
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) {
      throw new OktaApiError(401, 'E0000011', MISSING_ACCESS_TOKEN, [], { 'WWW-Authenticate': 'Bearer realm="IdpMyAccountAPI"' });
    }
    const invalid = (why: string) =>
      new OktaApiError(401, 'E0000011', `Invalid token provided: ${why}`, [], {
        'WWW-Authenticate': bearerChallenge('invalid_token', why.replace(/[^\w .,:/-]/g, '')),
      });
    let claims: Caller['claims'];
    try {
      ({ payload: claims } = await jwtVerify(match[1]!, keySet, { issuer, audience: deps.resource, algorithms: ['RS256'] }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw invalid('The access token has expired.');
      throw invalid('The access token is not one this identity provider issued for the MyAccount API.');
    }
    if (!claims.sub) throw invalid('The access token has no subject.');
    const granted = new Set(typeof claims.scope === 'string' ? claims.scope.split(' ') : []);
    if (scopes && !scopes.some((scope) => granted.has(scope))) {
      throw new OktaApiError(
        403,
        'E0000006',
        `You do not have permission to perform the requested action: the access token lacks the ${scopes.join(' or ')} scope.`,
        [],
        {
          'WWW-Authenticate': bearerChallenge('insufficient_scope', `The access token must contain the ${scopes[0]} scope`, `, scope="${scopes[0]}"`),
        },
      );
    }
    const user = await store.provision(claims.sub);
    if (!user) throw invalid('The user of this access token no longer exists.');
    return { user, claims };
  }

  /** Sensitive changes need a recent sign-in; okta-auth-js reads max_age from this header and starts a step-up. */
  function requireRecentSignIn(caller: Caller) {
    const authTime = typeof caller.claims.auth_time === 'number' ? caller.claims.auth_time : 0;
    if (Date.now() / 1000 - authTime <= stepUpMaxAgeSeconds) return;
    throw new OktaApiError(
      403,
      'E0000006',
      'This change needs a more recent sign-in.',
      [{ errorSummary: `Sign in again: this change needs a sign-in within the last ${Math.round(stepUpMaxAgeSeconds / 60)} minutes.` }],
      {
        'WWW-Authenticate': bearerChallenge(
          'insufficient_authentication_context',
          'The resource request requires a more recent authentication',
          `, max_age=${stepUpMaxAgeSeconds}`,
        ),
      },
    );
  }

  return { verifyAccessToken, requireRecentSignIn };
}
