import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider, { errors, type Account, type Configuration } from 'oidc-provider';
import { developmentIssuer, runsDevelopmentIdentityProvider, type Env } from '../../config/env.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { spendPasswordCheckTime, verifyPassword } from '../../lib/password-policy.ts';
import { createClassicAuthn } from './classic-authn.ts';
import { createMemoryAdapterFactory } from './dev-idp-store.ts';
import { createDevIdpUsers, type DevIdpUser, type DevIdpUsers } from './dev-idp-users.ts';
import { createMyAccountApi, MY_ACCOUNT_SCOPES } from './my-account-api.ts';
import { displayNameOf } from './my-account/profile.ts';
import { createUserinfoEndpoint, SCOPE_CLAIMS } from './userinfo.ts';
import { codeEntryPage, codeRequestPage, errorPage, loginPage, logoutPage, signedOutPage } from './dev-identity-provider-pages.ts';

/** Where `npm run dev` serves the web app (Vite); allowed beside PUBLIC_URL so SSO works there too. */
const VITE_DEV_ORIGIN = 'http://localhost:5173';
const MAX_FORM_BYTES = 16 * 1024;
/**
 * The resource every access token is issued for. okta-auth-js reads access tokens as JWTs (Okta issues
 * them so), and oidc-provider issues JWT access tokens only for a resource server, never for its own userinfo:
 * the provider's userinfo endpoint is ours (userinfo.ts) and reads the OpenID scopes these tokens carry too.
 */
export const DEV_IDP_RESOURCE = 'urn:rampart:dashboard';
/** The OpenID scopes an access token carries beside the MyAccount ones, as Okta's do, so it also reaches userinfo. */
const OPENID_SCOPES = ['openid', 'email', 'profile'] as const;

export interface DevelopmentIdentityProvider {
  issuer: string;
  /** oidc-provider itself: its models' stores (tests age a session's sign-in instead of waiting on the clock). */
  provider: Provider;
  close(): Promise<void>;
}

export interface DevelopmentIdentityProviderDeps {
  config: Env;
  database: DatabaseHandle;
  /** Sends the e-mail challenges of the MyAccount API (the development mailbox when no SMTP server is set). */
  mailer: Mailer;
  /** A private RS256 JWK with kid; a fresh one per start when omitted (tests pass one to sign their own tokens). */
  signingKey?: JWK;
}

/** A fresh RS256 signing key; tokens from an earlier run stop verifying, which suits a development provider. */
export async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

/** The user's claims: its own profile and PRIMARY e-mail, read when a token is issued or userinfo asked. */
async function claimsOf(user: DevIdpUser, store: DevIdpUsers) {
  const primary = await store.primaryEmail(user.id);
  return {
    sub: user.id,
    ...(primary ? { email: primary.email, email_verified: true } : {}),
    name: displayNameOf(user.profile),
    given_name: user.profile.firstName ?? undefined,
    family_name: user.profile.lastName ?? undefined,
  };
}

/** The provider's account. */
function accountFor(user: DevIdpUser, store: DevIdpUsers): Account {
  return { accountId: user.id, claims: () => claimsOf(user, store) };
}

/** The browser origins of the Rampart web app: the served app and the Vite dev server. */
export function appOrigins(config: Pick<Env, 'PUBLIC_URL'>): string[] {
  return [...new Set([new URL(config.PUBLIC_URL).origin, VITE_DEV_ORIGIN])];
}

/** Reads an url-encoded form body; null when it is larger than any login form could be. */
async function readForm(req: IncomingMessage): Promise<URLSearchParams | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_FORM_BYTES) return null;
    chunks.push(buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * Builds (but does not start) panva's oidc-provider configured for the Rampart web client:
 * a public client with PKCE, refresh tokens, revocation and RP-initiated logout, its own users
 * (copied from Rampart's the first time they are seen), a small login page, the MyAccount and
 * Sessions APIs (my-account-api.ts), and classic authn with the session-cookie hand-off (classic-authn.ts).
 */
export async function createDevelopmentIdentityProvider(deps: DevelopmentIdentityProviderDeps & { issuer: string }): Promise<Provider> {
  const { config, database, issuer } = deps;
  const db = database.db;
  const signingKey = deps.signingKey ?? (await generateSigningKey());

  const store = createDevIdpUsers(db);
  const adapter = createMemoryAdapterFactory();
  const sessionTtlSeconds = 14 * 24 * 60 * 60;

  const origins = appOrigins(config);
  const configuration: Configuration = {
    adapter,
    clients: [
      {
        client_id: config.OIDC_CLIENT_ID,
        client_name: 'Rampart',
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: origins.map((origin) => `${origin}/login/okta_callback`),
        post_logout_redirect_uris: origins.map((origin) => `${origin}/login`),
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: Object.fromEntries(Object.entries(SCOPE_CLAIMS).map(([scope, claims]) => [scope, [...claims]])),
    scopes: ['openid', 'email', 'profile', 'offline_access'],
    // Rampart reads the e-mail from the ID token, so scope claims go into it, not only into userinfo.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    // okta-auth-js renews with refresh tokens; issue them to this public client without offline_access.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    clientBasedCORS: (_ctx, origin) => origins.includes(origin),
    ttl: {
      AccessToken: 60 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: sessionTtlSeconds,
      Grant: 14 * 24 * 60 * 60,
      RefreshToken: 14 * 24 * 60 * 60,
    },
    async findAccount(_ctx, sub) {
      const user = await store.provision(sub);
      return user ? accountFor(user, store) : undefined;
    },
    // The MyAccount API checks how recent the sign-in was (step-up) and the Sessions API which session a token belongs to.
    extraTokenClaims: async (ctx, token) => {
      if (token.kind !== 'AccessToken') return undefined;
      const source = ctx.oidc.entities.AuthorizationCode ?? ctx.oidc.entities.RefreshToken;
      const authTime = source?.authTime;
      // sid names the provider session (its uid, also the Sessions API's id), so a token finds its session.
      return { ...(typeof authTime === 'number' ? { auth_time: authTime } : {}), ...(token.sessionUid ? { sid: token.sessionUid } : {}) };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: async (_ctx, _client, oneOf) => oneOf ?? DEV_IDP_RESOURCE,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resourceIndicator) => {
          if (resourceIndicator !== DEV_IDP_RESOURCE) throw new errors.InvalidTarget();
          return {
            scope: [...OPENID_SCOPES, ...MY_ACCOUNT_SCOPES].join(' '),
            audience: DEV_IDP_RESOURCE,
            accessTokenFormat: 'jwt',
            accessTokenTTL: 60 * 60,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = 'html';
          ctx.body = signedOutPage();
        },
      },
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(String(out.error), typeof out.error_description === 'string' ? out.error_description : undefined);
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.use(
    createUserinfoEndpoint({
      issuer,
      resource: DEV_IDP_RESOURCE,
      signingKey,
      origins,
      claimsOf: async (sub) => {
        const user = await store.provision(sub);
        return user ? claimsOf(user, store) : undefined;
      },
    }),
  );
  provider.use(
    createMyAccountApi({
      issuer,
      resource: DEV_IDP_RESOURCE,
      signingKey,
      store,
      mailer: deps.mailer,
      origins,
      stepUpMaxAgeSeconds: config.DEV_IDP_STEP_UP_MAX_AGE_SECONDS,
      provider,
      sessionTtlSeconds,
    }),
  );
  provider.use(createClassicAuthn({ issuer, store, provider, origins, sessionTtlSeconds }));

  /** Grants this first-party client every scope it asked for, so no consent screen is shown. */
  async function autoConsent(accountId: string, existingGrantId: string | undefined, clientId: string, scope: string) {
    const existing = existingGrantId ? await provider.Grant.find(existingGrantId) : undefined;
    const grant = existing ?? new provider.Grant({ accountId, clientId });
    grant.addOIDCScope(scope);
    const resourceScopes = [...OPENID_SCOPES, ...MY_ACCOUNT_SCOPES] as readonly string[];
    grant.addResourceScope(
      DEV_IDP_RESOURCE,
      scope
        .split(' ')
        .filter((value) => resourceScopes.includes(value))
        .join(' '),
    );
    return grant.save();
  }

  const interactionPath = /^\/interaction\/([\w-]+)(\/login|\/abort|\/code|\/code\/verify)?$/;

  provider.use(async (ctx, next) => {
    const match = interactionPath.exec(ctx.path);
    if (!match) {
      await next();
      return;
    }
    ctx.set('cache-control', 'no-store');
    const action = match[2];
    try {
      const details = await provider.interactionDetails(ctx.req, ctx.res);
      const clientId = typeof details.params.client_id === 'string' ? details.params.client_id : '';
      const scope = typeof details.params.scope === 'string' ? details.params.scope : 'openid';

      const finish = async (result: Parameters<Provider['interactionResult']>[2]) => {
        const returnTo = await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: false });
        ctx.status = 303;
        ctx.redirect(returnTo);
      };

      if (action === '/abort' && ctx.method === 'GET') {
        return finish({ error: 'access_denied', error_description: 'Sign-in was cancelled.' });
      }

      if (action === '/login' && ctx.method === 'POST') {
        const form = await readForm(ctx.req);
        if (!form) {
          ctx.status = 413;
          return;
        }
        const email = (form.get('email') ?? '').trim();
        const password = form.get('password') ?? '';
        // The provider's own records: its PRIMARY e-mail and its password (a Rampart user is copied in when first seen).
        const user = email ? await store.findUserForLogin(email) : undefined;
        const passwordOk = user?.passwordHash ? await verifyPassword(user.passwordHash, password) : (await spendPasswordCheckTime(password), false);
        if (!user || !passwordOk) {
          ctx.status = 401;
          ctx.type = 'html';
          ctx.body = loginPage({ uid: details.uid, clientName: 'Rampart', email, error: 'The e-mail address or password is not correct.' });
          return;
        }
        const grantId = await autoConsent(user.id, details.grantId, clientId, scope);
        return finish({ login: { accountId: user.id }, consent: { grantId } });
      }

      // Signing in with an e-mailed code: how a user without a password (removed through MyAccount) gets in.
      if (action === '/code' && ctx.method === 'GET') {
        ctx.type = 'html';
        ctx.body = codeRequestPage({ uid: details.uid });
        return;
      }
      if ((action === '/code' || action === '/code/verify') && ctx.method === 'POST') {
        const form = await readForm(ctx.req);
        if (!form) {
          ctx.status = 413;
          return;
        }
        const email = (form.get('email') ?? '').trim().slice(0, 254);
        const user = email ? await store.findUserForLogin(email) : undefined;
        const target = user ? `signin:${user.id}` : '';
        if (action === '/code') {
          // The same page whether or not the address is known, so it tells no one who has an account.
          if (user) {
            const { code } = await store.createChallenge(user.id, 'email', target);
            await deps.mailer.send({
              to: email,
              subject: 'Your sign-in code',
              text: `Your sign-in code is ${code}\n\nEnter it to sign in at the Rampart development identity provider. It expires in 5 minutes.\n\nIf you did not ask for this, ignore this message.`,
            });
          }
          ctx.type = 'html';
          ctx.body = codeEntryPage({ uid: details.uid, email });
          return;
        }
        const code = (form.get('code') ?? '').trim();
        const challenge = user && /^\d{6}$/.test(code) ? await store.latestChallenge(user.id, target) : undefined;
        const outcome = challenge ? await store.checkCode(challenge.id, code) : 'wrong';
        if (!user || outcome !== 'verified') {
          const messages = {
            wrong: 'This code is not correct.',
            expired: 'This code has expired. Send a new code.',
            exhausted: 'Too many wrong codes. Send a new code.',
            already: 'This code was already used. Send a new code.',
          };
          ctx.status = 401;
          ctx.type = 'html';
          ctx.body = codeEntryPage({ uid: details.uid, email, error: messages[outcome === 'verified' ? 'wrong' : outcome] });
          return;
        }
        const grantId = await autoConsent(user.id, details.grantId, clientId, scope);
        return finish({ login: { accountId: user.id, amr: ['email'] }, consent: { grantId } });
      }

      if (!action && ctx.method === 'GET') {
        if (details.prompt.name === 'consent' && details.session?.accountId) {
          const grantId = await autoConsent(details.session.accountId, details.grantId, clientId, scope);
          return finish({ consent: { grantId } });
        }
        ctx.type = 'html';
        ctx.body = loginPage({ uid: details.uid, clientName: 'Rampart' });
        return;
      }
      ctx.status = 405;
    } catch (error) {
      if (error instanceof errors.SessionNotFound) {
        ctx.status = 400;
        ctx.type = 'html';
        ctx.body = errorPage('session_not_found', 'This sign-in attempt has expired. Go back to Rampart and start again.');
        return;
      }
      throw error;
    }
  });

  return provider;
}

/**
 * Starts the development identity provider on DEV_IDP_PORT (127.0.0.1) when no OIDC issuer is configured,
 * so SSO works out of the box; returns null with an external issuer, with SSO off, and always in production.
 */
export async function startDevelopmentIdentityProvider(deps: DevelopmentIdentityProviderDeps): Promise<DevelopmentIdentityProvider | null> {
  const { config } = deps;
  if (!runsDevelopmentIdentityProvider(config)) return null;

  // Port 0 (tests) picks a free port; the issuer must name the real one, so bind first.
  const route: { handler?: (req: IncomingMessage, res: ServerResponse) => void } = {};
  const server: Server = createServer((req, res) => {
    if (route.handler) route.handler(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.DEV_IDP_PORT, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = developmentIssuer(port);
  const provider = await createDevelopmentIdentityProvider({ ...deps, issuer });
  const callback = provider.callback();
  route.handler = (req, res) => void callback(req, res);

  return {
    issuer,
    provider,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
