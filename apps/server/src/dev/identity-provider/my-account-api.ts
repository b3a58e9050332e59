import type { JWK } from 'jose';
import type Provider from 'oidc-provider';
import type { Mailer } from '../../mail/mailer.ts';
import type { DevIdpUsers } from './dev-idp-users.ts';
import { ACCOUNT_MANAGEMENT_SCOPES } from '../../modules/sso/sso-config.ts';
import { createAccessTokenCheck } from './my-account/access-tokens.ts';
import { emailRoutes } from './my-account/emails.ts';
import { noContent, notFound, OktaApiError, sendError, type Context, type Middleware, type MyAccountContext, type Route } from './my-account/http.ts';
import { passwordRoutes } from './my-account/password.ts';
import { phoneRoutes } from './my-account/phones.ts';
import { profileRoutes } from './my-account/profile.ts';
import { createSessionsApi } from './my-account/sessions.ts';

// The development identity provider's MyAccount API (/idp/myaccount/*) and Sessions API (/api/v1/sessions/me),
// shaped as Okta documents them so okta-auth-js' account-management functions work against it (decision 0017).
// Each resource's routes are in my-account/ (profile, emails, phones, password, sessions); this file routes to them.

/** The scopes of the MyAccount and Sessions APIs, granted to the Rampart client on its resource server: the ones Rampart asks for. */
export const MY_ACCOUNT_SCOPES = ACCOUNT_MANAGEMENT_SCOPES;

const ALLOWED_HEADERS = 'Authorization, Content-Type, Accept, X-Okta-User-Agent-Extended';

export interface MyAccountApiDeps {
  issuer: string;
  resource: string;
  /** The provider's signing key (public part used) to verify the access tokens it issued. */
  signingKey: JWK;
  store: DevIdpUsers;
  mailer: Mailer;
  origins: string[];
  stepUpMaxAgeSeconds: number;
  provider: Provider;
  sessionTtlSeconds: number;
}

export function createMyAccountApi(deps: MyAccountApiDeps): Middleware {
  const { issuer, store, mailer } = deps;
  const { verifyAccessToken, requireRecentSignIn } = createAccessTokenCheck(deps);
  const resources: MyAccountContext = { base: `${issuer}/idp/myaccount`, store, mailer, requireRecentSignIn };
  const routes: Route[] = [...profileRoutes(resources), ...emailRoutes(resources), ...phoneRoutes(resources), ...passwordRoutes(resources)];
  const handleSessions = createSessionsApi({ ...deps, verifyAccessToken });

  function setCors(ctx: Context) {
    const origin = ctx.get('origin');
    if (!origin || !deps.origins.includes(origin)) return;
    ctx.set('Access-Control-Allow-Origin', origin);
    ctx.set('Access-Control-Allow-Credentials', 'true');
    ctx.set('Access-Control-Expose-Headers', 'WWW-Authenticate, Retry-After');
    ctx.vary('Origin');
  }

  const acceptsVersion = (accept: string) => /okta-version\s*=\s*"?1\.0\.0"?/i.test(accept);

  return async (ctx, next) => {
    const myAccount = /^\/idp\/myaccount(\/.*)?$/.exec(ctx.path);
    const sessions = /^\/api\/v1\/sessions\/me(\/.*)?$/.exec(ctx.path);
    if (!myAccount && !sessions) {
      await next();
      return;
    }
    ctx.set('Cache-Control', 'no-store');
    setCors(ctx);
    if (ctx.method === 'OPTIONS') {
      if (ctx.get('origin') && deps.origins.includes(ctx.get('origin'))) {
        ctx.set('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
        ctx.set('Access-Control-Allow-Headers', ALLOWED_HEADERS);
        ctx.set('Access-Control-Max-Age', '600');
      }
      noContent(ctx);
      return;
    }
    try {
      if (sessions) return await handleSessions(ctx, sessions[1] ?? '');
      const path = myAccount![1] ?? '';
      let match: RegExpExecArray | null = null;
      const route = routes.find((candidate) => (match = candidate.pattern.exec(path)) !== null);
      if (!route || !match) throw notFound(`${path || '/'} (MyAccount)`);
      const method = route.methods[ctx.method];
      if (!method) {
        ctx.set('Allow', Object.keys(route.methods).join(', '));
        throw new OktaApiError(405, 'E0000022', 'The endpoint does not support the provided HTTP method');
      }
      if (!acceptsVersion(ctx.get('accept'))) {
        throw new OktaApiError(
          406,
          'E0000001',
          'The Accept header must ask for version 1.0.0 of the MyAccount API, e.g. Accept: application/json; okta-version=1.0.0.',
        );
      }
      // A manage scope covers reading too.
      const scopes = method.scope.endsWith('.read') ? [method.scope, method.scope.replace(/\.read$/, '.manage')] : [method.scope];
      const caller = await verifyAccessToken(ctx, scopes);
      await method.handler(ctx, caller, (match as RegExpExecArray).slice(1));
    } catch (error) {
      if (error instanceof OktaApiError) return sendError(ctx, error);
      throw error;
    }
  };
}
