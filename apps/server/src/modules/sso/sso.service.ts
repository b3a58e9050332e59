import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { developmentIssuer, type Env } from '../../config/env.ts';
import { AppError, badInput, isAppError, notFound } from '../../graphql/errors.ts';
import { withAuditChange } from '../../lib/audit-words.ts';
import { sha256 } from '../../lib/sha256.ts';
import type { UserRow } from '../identity/identity.repository.ts';
import type { IdentityService, RequestMeta, SsoIdentity, SsoLoginResult } from '../identity/identity.service.ts';
import { ACCOUNT_MANAGEMENT_SCOPES, parseIdentityClientConfig, SSO_SCOPES } from './sso-config.ts';
import type { SsoRepository } from './sso.repository.ts';

/** What the web client needs to run the authorization-code flow with PKCE (the `SsoConfiguration` type). */
export interface SsoConfiguration {
  issuer: string;
  clientId: string;
  scopes: string[];
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  revokeUrl: string;
  logoutUrl: string;
  isDevelopmentProvider: boolean;
  accountManagement: boolean;
}

/** The parts of an OpenID Provider's discovery document Rampart uses. */
const providerMetadataSchema = z.object({
  issuer: z.string().min(1),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  userinfo_endpoint: z.url(),
  revocation_endpoint: z.url(),
  end_session_endpoint: z.url(),
  jwks_uri: z.url(),
});
type ProviderMetadata = z.infer<typeof providerMetadataSchema>;

/** Tokens this long are not ID tokens; refusing them early keeps the verifier away from junk. */
const MAX_TOKEN_LENGTH = 16 * 1024;
const CLOCK_TOLERANCE_SECONDS = 60;
/** How long a started sign-in (its nonce) may take: the provider's login, and Rampart's code when it asks for one. */
export const SSO_ATTEMPT_TTL_MINUTES = 15;
/** The browser cookie binding attempts to the browser that started them: 32 random bytes, base64url. */
const BROWSER_SECRET = /^[A-Za-z0-9_-]{43}$/;
const RESTART = 'Start single sign-on again from the sign-in page.';

/** A sign-in started by startSsoSignIn: what the authorization request carries, and the browser's cookie value. */
export interface SsoSignInAttempt {
  nonce: string;
  state: string;
  expiresAt: Date;
  browserSecret: string;
}

/** oidc-provider's default routes, which the development identity provider keeps. */
function developmentMetadata(issuer: string): ProviderMetadata {
  return {
    issuer,
    authorization_endpoint: `${issuer}/auth`,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/me`,
    revocation_endpoint: `${issuer}/token/revocation`,
    end_session_endpoint: `${issuer}/session/end`,
    jwks_uri: `${issuer}/jwks`,
  };
}

function parseMetadata(issuer: string, body: unknown): ProviderMetadata {
  const parsed = providerMetadataSchema.safeParse(body);
  if (!parsed.success) throw new Error(`the discovery document is incomplete: ${parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')}`);
  if (parsed.data.issuer !== issuer) throw new Error(`the discovery document names issuer ${parsed.data.issuer}, not ${issuer}`);
  return parsed.data;
}

const tokenError = (message: string) => badInput({ token: message }, message);

/** Turns what jose reports into a message a person can act on. */
function describeVerificationError(error: unknown): AppError {
  if (error instanceof joseErrors.JWTExpired) return tokenError('The sign-in token has expired. Sign in again.');
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return tokenError('The sign-in token was not issued by the configured identity provider.');
    if (error.claim === 'aud') return tokenError('The sign-in token was issued for a different application.');
    if (error.claim === 'nbf' || error.claim === 'iat')
      return tokenError('The sign-in token is not valid yet. Check the clock of this computer and sign in again.');
    return tokenError(`The sign-in token is not valid (${error.claim}).`);
  }
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return tokenError('The sign-in token signature is not valid.');
  if (error instanceof joseErrors.JWKSNoMatchingKey) return tokenError('The sign-in token was not signed with a key of the configured identity provider.');
  if (error instanceof joseErrors.JWKSTimeout || error instanceof joseErrors.JWKSInvalid || error instanceof TypeError) {
    return new AppError('BAD_USER_INPUT', 'The identity provider could not be reached to check the sign-in token. Try again shortly.', { fields: {} });
  }
  return tokenError('The sign-in token is not a valid ID token.');
}

export interface SsoServiceDeps {
  config: Pick<Env, 'OIDC_ISSUER' | 'OIDC_CLIENT_ID' | 'DEV_IDP_PORT'> &
    Partial<Pick<Env, 'OIDC_ACCOUNT_MANAGEMENT' | 'SSO_ENABLED' | 'OIDC_MFA_AMR_VALUES' | 'OIDC_MFA_ACR_VALUES'>>;
  /** The sign-in attempts and used ID tokens; needed to sign in (not to describe the configuration). */
  repository?: SsoRepository;
  /** Injected for tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

/**
 * Single sign-on with an OpenID Connect issuer: the external one in OIDC_ISSUER, or the development
 * identity provider started beside the app when none is configured.
 */
export function createSsoService(deps: SsoServiceDeps) {
  const { config } = deps;
  const fetchImpl = deps.fetch ?? fetch;
  const isDevelopmentProvider = !config.OIDC_ISSUER;
  const accountManagement = config.OIDC_ACCOUNT_MANAGEMENT ?? true;
  const { issuer, scopes } = parseIdentityClientConfig({
    issuer: config.OIDC_ISSUER ?? developmentIssuer(config.DEV_IDP_PORT),
    scopes: accountManagement ? [...SSO_SCOPES, ...ACCOUNT_MANAGEMENT_SCOPES] : [...SSO_SCOPES],
  });
  const clientId = config.OIDC_CLIENT_ID;
  const mfaAmrValues = new Set(config.OIDC_MFA_AMR_VALUES ?? ['mfa']);
  const mfaAcrValues = new Set(config.OIDC_MFA_ACR_VALUES ?? []);

  function repository(): SsoRepository {
    if (!deps.repository) throw new Error('the SSO service was built without its repository');
    return deps.repository;
  }

  /** The provider vouches for a multi-factor sign-in: an amr value or the acr the settings name (OIDC_MFA_*_VALUES). */
  function provesMultiFactor(claims: JWTPayload): boolean {
    const amr = Array.isArray(claims.amr) ? claims.amr.filter((value): value is string => typeof value === 'string') : [];
    return amr.some((value) => mfaAmrValues.has(value)) || (typeof claims.acr === 'string' && mfaAcrValues.has(claims.acr));
  }

  /**
   * The open attempt whose nonce the ID token carries, started in this browser (its cookie). Nothing is spent here: a
   * sign-in that still needs Rampart's code comes back with the same token.
   */
  async function attemptFor(claims: JWTPayload, browserSecret: string | null) {
    const nonce = typeof claims.nonce === 'string' ? claims.nonce : '';
    if (!nonce) throw tokenError(`The sign-in token carries no nonce, so it does not belong to a sign-in started here. ${RESTART}`);
    const attempt = await repository().findAttemptByNonce(sha256(nonce));
    // Another browser's attempt is answered as an unknown one: the nonce alone must not tell anything.
    if (!attempt || !browserSecret || !BROWSER_SECRET.test(browserSecret) || attempt.browserHash !== sha256(browserSecret)) {
      throw tokenError(`The sign-in token does not belong to a sign-in started in this browser. ${RESTART}`);
    }
    if (attempt.usedAt) throw tokenError(`This sign-in token was already used. ${RESTART}`);
    if (attempt.expiresAt <= new Date()) throw tokenError(`This sign-in took too long and has expired. ${RESTART}`);
    return attempt;
  }

  /** An ID token is named by its issuer and jti when it has one, else by the whole token. */
  const usedTokenKey = (token: string, claims: JWTPayload) => sha256(typeof claims.jti === 'string' && claims.jti ? `${issuer} ${claims.jti}` : token.trim());

  let metadataPromise: Promise<ProviderMetadata> | undefined;
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

  async function fetchMetadata(): Promise<ProviderMetadata> {
    const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    const response = await fetchImpl(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return parseMetadata(issuer, await response.json());
  }

  /** The issuer's endpoints: read once from its discovery document (a failed read is retried next time). */
  function metadata(): Promise<ProviderMetadata> {
    if (isDevelopmentProvider) return Promise.resolve(developmentMetadata(issuer));
    metadataPromise ??= fetchMetadata().catch((error: unknown) => {
      metadataPromise = undefined;
      throw error;
    });
    return metadataPromise;
  }

  async function metadataOrError(): Promise<ProviderMetadata> {
    // Every SSO operation starts here: with SSO_ENABLED=false there is no provider to ask.
    if (config.SSO_ENABLED === false)
      throw new AppError('BAD_USER_INPUT', 'Single sign-on is turned off on this server. Sign in with your e-mail and password.', { fields: {} });
    try {
      return await metadata();
    } catch {
      throw new AppError('BAD_USER_INPUT', `Single sign-on is unavailable: the identity provider at ${issuer} could not be reached. Try again shortly.`, {
        fields: {},
      });
    }
  }

  /**
   * Verifies an ID token against the issuer's JWKS (signature, issuer, audience, expiry) and returns
   * its verified e-mail address.
   */
  async function verifyIdToken(token: string, field = 'token'): Promise<{ email: string; claims: JWTPayload }> {
    try {
      return await verifyIdTokenAs(token);
    } catch (error) {
      if (field !== 'token' && isAppError(error) && error.code === 'BAD_USER_INPUT') throw badInput({ [field]: error.message }, error.message);
      throw error;
    }
  }

  async function verifyIdTokenAs(token: string): Promise<{ email: string; claims: JWTPayload }> {
    const trimmed = token.trim();
    if (!trimmed) throw tokenError('The sign-in token is missing.');
    if (trimmed.length > MAX_TOKEN_LENGTH) throw tokenError('The sign-in token is too long to be an ID token.');
    const endpoints = await metadataOrError();
    jwks ??= createRemoteJWKSet(new URL(endpoints.jwks_uri), { timeoutDuration: 5000 });
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(trimmed, jwks, {
        issuer,
        audience: clientId,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['exp', 'iat', 'sub'],
      }));
    } catch (error) {
      throw describeVerificationError(error);
    }
    const email = typeof claims.email === 'string' ? claims.email.trim() : '';
    if (!email) throw tokenError('The identity provider did not share an e-mail address. Ask your administrator to allow the "email" scope.');
    if (claims.email_verified !== true) throw tokenError('The identity provider has not verified this e-mail address, so it cannot be used to sign in.');
    return { email, claims };
  }

  function ssoIdentity({ email, claims }: { email: string; claims: JWTPayload }): SsoIdentity {
    const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
    return { issuer, subject: String(claims.sub), email, givenName: text(claims.given_name), familyName: text(claims.family_name) };
  }

  /** Why SSO cannot be required yet, as a CONFLICT naming the reason; nothing when it can. */
  async function assertMayRequire(viewer: { sessionId: string; user: Pick<UserRow, 'ssoIssuer' | 'ssoSubject'> }) {
    const refuse = (reason: string, message: string) => new AppError('CONFLICT', message, { reason });
    if (config.SSO_ENABLED === false)
      throw refuse('SSO_NOT_CONFIGURED', 'Single sign-on is turned off on this server, so it cannot be required. Ask Rampart support to set it up.');
    // Verified now, not from the cached endpoints: the provider must answer for this issuer at this moment.
    try {
      await fetchMetadata();
    } catch {
      throw refuse(
        'SSO_NOT_VERIFIED',
        `The identity provider at ${issuer} could not be verified (its discovery document did not answer for this issuer), so single sign-on cannot be required. Try again once it answers.`,
      );
    }
    const linked = viewer.user.ssoIssuer === issuer && Boolean(viewer.user.ssoSubject);
    if (!linked || (await repository().sessionAuthMethod(viewer.sessionId)) !== 'sso')
      throw refuse(
        'ADMINISTRATOR_NOT_SIGNED_IN_WITH_SSO',
        'Sign in with single sign-on first: only an administrator signed in through the identity provider can require it, so that nobody is locked out.',
      );
  }

  return {
    verifyIdToken,

    async configuration(): Promise<SsoConfiguration> {
      const endpoints = await metadataOrError();
      return {
        issuer,
        clientId,
        scopes: [...scopes],
        authorizeUrl: endpoints.authorization_endpoint,
        tokenUrl: endpoints.token_endpoint,
        userinfoUrl: endpoints.userinfo_endpoint,
        revokeUrl: endpoints.revocation_endpoint,
        logoutUrl: endpoints.end_session_endpoint,
        isDevelopmentProvider,
        accountManagement,
      };
    },

    /**
     * Starts a sign-in in this browser: a nonce for the authorization request, stored hashed with the browser's cookie
     * (kept when the browser already has one, so sign-ins started in two tabs both work). The state is the client's to
     * check on return and is not stored. Expired attempts and used-token records are deleted here.
     */
    async startSignIn(browserSecret: string | null): Promise<SsoSignInAttempt> {
      if (config.SSO_ENABLED === false)
        throw new AppError('BAD_USER_INPUT', 'Single sign-on is turned off on this server. Sign in with your e-mail and password.', { fields: {} });
      const secret = browserSecret && BROWSER_SECRET.test(browserSecret) ? browserSecret : randomBytes(32).toString('base64url');
      const nonce = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + SSO_ATTEMPT_TTL_MINUTES * 60_000);
      await repository().purgeExpired();
      await repository().insertAttempt({ nonceHash: sha256(nonce), browserHash: sha256(secret), expiresAt });
      return { nonce, state: randomBytes(16).toString('base64url'), expiresAt, browserSecret: secret };
    },

    /**
     * Verifies the ID token, checks it answers a sign-in started in this browser and was never used, and opens a
     * session for the user linked to its subject, or with its verified e-mail. A user with two-factor authentication
     * on needs the provider's proof of a multi-factor sign-in or Rampart's code (otpToken): without either the answer
     * is preAuthenticated and nothing is spent, so the same token comes back with the code.
     */
    async loginWithIdToken(
      input: { token: string; otpToken?: string | null; recoveryCode?: string | null },
      browserSecret: string | null,
      meta: RequestMeta,
      identity: Pick<IdentityService, 'loginWithSsoIdentity'>,
    ): Promise<SsoLoginResult> {
      const verified = await verifyIdToken(input.token);
      const attempt = await attemptFor(verified.claims, browserSecret);
      const tokenKey = usedTokenKey(input.token, verified.claims);
      if (await repository().isTokenUsed(tokenKey)) throw tokenError(`This sign-in token was already used. ${RESTART}`);
      const spend = async () => {
        const tokenExpiry = new Date(((verified.claims.exp ?? 0) + CLOCK_TOLERANCE_SECONDS) * 1000);
        // Both in the mutation's transaction: a concurrent second use waits on the attempt's row, then finds it spent.
        if (!(await repository().consumeAttempt(attempt.id)) || !(await repository().markTokenUsed(tokenKey, tokenExpiry))) {
          throw tokenError(`This sign-in token was already used. ${RESTART}`);
        }
      };
      try {
        return await identity.loginWithSsoIdentity(ssoIdentity(verified), meta, {
          multiFactorProven: provesMultiFactor(verified.claims),
          otpToken: input.otpToken ?? null,
          recoveryCode: input.recoveryCode ?? null,
          beforeSession: spend,
        });
      } catch (error) {
        // Shown on the callback page: an UNAUTHENTICATED code would send the browser to /login instead.
        if (isAppError(error) && error.code === 'UNAUTHENTICATED') throw tokenError(error.message);
        throw error;
      }
    },

    /**
     * Turns the organization's "Require SSO" on or off. On only when single sign-on is on here, its provider answers
     * for the configured issuer now, and the administrator is signed in through it (so nobody locks themselves out);
     * then the members' sessions opened without SSO end. The audit row records before and after.
     */
    async setRequireSso(viewer: { sessionId: string; user: Pick<UserRow, 'ssoIssuer' | 'ssoSubject'> }, accountId: string, required: boolean) {
      const organization = await repository().organizationOfAccount(accountId);
      if (!organization) throw notFound('The account');
      if (required && !organization.requireSso) await assertMayRequire(viewer);
      const updated = organization.requireSso === required ? organization : await repository().setRequireSso(organization.id, required);
      if (required) await repository().endSessionsWithoutSso(organization.id);
      const words = (value: boolean) => (value ? 'required' : 'not required');
      return withAuditChange({ ...updated }, { before: words(organization.requireSso), after: words(required) });
    },

    /** Verifies a fresh ID token and copies the provider's name and e-mail onto the signed-in user. */
    async syncUser(userId: string, token: string, identity: Pick<IdentityService, 'syncWithSsoIdentity'>) {
      const verified = await verifyIdToken(token, 'idToken');
      return identity.syncWithSsoIdentity(userId, ssoIdentity(verified));
    },
  };
}

export type SsoService = ReturnType<typeof createSsoService>;
