import type { AccessToken, OktaAuth } from '@okta/okta-auth-js/core';
import { loadOktaAuth, rememberSsoConfig, type SsoConfig } from './okta-auth';
import { MISSING_ACCESS_TOKEN, MyAccountError, toMyAccountError } from './my-account-errors';
import { startSsoAttempt, type SsoAttempt } from './sso-attempt';

// The identity provider's account-management API (Okta's MyAccount API, spec §7) through okta-auth-js's own
// functions. Each call sends the stored access token (renewed first when it has expired, and once more when the
// provider refuses it) with `Accept: …; okta-version=1.0.0`.

/** The version header every MyAccount and session call carries (okta-auth-js sends `*\/*;okta-version=1.0.0`). */
export const MY_ACCOUNT_ACCEPT = 'application/json; okta-version=1.0.0';

const loadMyAccountFunctions = () => import('@okta/okta-auth-js/myaccount');
const loadAuthnFunctions = () => import('@okta/okta-auth-js/authn');

export type EmailRole = 'PRIMARY' | 'SECONDARY';
export type VerificationStatus = 'VERIFIED' | 'UNVERIFIED';

export interface AccountProfile {
  createdAt: string | null;
  modifiedAt: string | null;
  profile: Record<string, unknown>;
}

export interface AccountEmail {
  id: string;
  email: string;
  roles: EmailRole[];
  status: VerificationStatus;
}

export interface EmailChallenge {
  id: string;
  emailId: string;
  email: string;
  expiresAt: string | null;
}

export interface AccountPhone {
  id: string;
  phoneNumber: string;
  status: VerificationStatus;
}

export interface PhoneChallenge {
  phoneId: string;
  phoneNumber: string;
  expiresAt: string | null;
}

export interface AccountPassword {
  status: 'ACTIVE' | 'NOT_ENROLLED';
  created: string | null;
  lastUpdated: string | null;
  canEnroll: boolean;
  canChange: boolean;
  canRemove: boolean;
}

export interface ProviderSession {
  id: string;
  login: string | null;
  createdAt: string | null;
  expiresAt: string | null;
  lastPasswordVerification: string | null;
  amr: string[];
  status: string;
}

interface Link {
  href?: string;
  hints?: { allow?: string[] };
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value ? value : null;
}

function object(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

function verification(value: unknown): VerificationStatus {
  return value === 'VERIFIED' ? 'VERIFIED' : 'UNVERIFIED';
}

function toEmail(raw: unknown): AccountEmail {
  const value = object(raw);
  const roles = Array.isArray(value.roles) ? value.roles.filter((role): role is EmailRole => role === 'PRIMARY' || role === 'SECONDARY') : [];
  return { id: String(value.id), email: text(object(value.profile).email) ?? '', roles, status: verification(value.status) };
}

function toPhone(raw: unknown): AccountPhone {
  const value = object(raw);
  return { id: String(value.id), phoneNumber: text(object(value.profile).phoneNumber) ?? '', status: verification(value.status) };
}

/**
 * The password resource with what the provider allows: `_links.self.hints.allow` (PUT changes, DELETE removes) and
 * the `enroll` link. A provider that sends no hints gets okta-auth-js's reading: an active password can be changed
 * and removed, a missing one enrolled.
 */
export function toPassword(raw: unknown): AccountPassword {
  const value = object(raw);
  const status = value.status === 'ACTIVE' ? 'ACTIVE' : 'NOT_ENROLLED';
  const links = object(value._links) as Record<string, Link | undefined>;
  const selfAllow = links.self?.hints?.allow;
  const allows = (method: string) => (selfAllow ? selfAllow.includes(method) : true);
  return {
    status,
    created: text(value.created),
    lastUpdated: text(value.lastUpdated),
    canEnroll: status === 'NOT_ENROLLED' && (links.enroll ? (links.enroll.hints?.allow?.includes('POST') ?? true) : !selfAllow || selfAllow.includes('POST')),
    canChange: status === 'ACTIVE' && allows('PUT'),
    canRemove: status === 'ACTIVE' && allows('DELETE'),
  };
}

export function toProviderSession(raw: unknown): ProviderSession {
  const value = object(raw);
  return {
    id: String(value.id),
    login: text(value.login),
    createdAt: text(value.createdAt),
    expiresAt: text(value.expiresAt),
    lastPasswordVerification: text(value.lastPasswordVerification),
    amr: Array.isArray(value.amr) ? value.amr.filter((item): item is string => typeof item === 'string') : [],
    status: text(value.status) ?? 'ACTIVE',
  };
}

export interface MyAccountClient {
  /** The provider's host, for "Managed by your identity provider (host)". */
  readonly host: string;
  /** Whether this browser holds tokens from an SSO sign-in (an access token, or a refresh token to get one). */
  hasTokens(): boolean;
  getProfile(): Promise<AccountProfile>;
  getProfileSchema(): Promise<Record<string, unknown>>;
  updateProfile(profile: Record<string, unknown>): Promise<AccountProfile>;
  getEmails(): Promise<AccountEmail[]>;
  /** Adds an address as a secondary one without mailing it; `sendEmailChallenge` sends the code. */
  addEmail(email: string): Promise<AccountEmail>;
  /** Makes a verified secondary address the primary one (POST /emails with role PRIMARY). */
  makePrimaryEmail(email: string): Promise<AccountEmail>;
  deleteEmail(id: string): Promise<void>;
  sendEmailChallenge(email: AccountEmail): Promise<EmailChallenge>;
  verifyEmailChallenge(challenge: EmailChallenge, code: string): Promise<void>;
  getPhones(): Promise<AccountPhone[]>;
  addPhone(phoneNumber: string): Promise<AccountPhone>;
  deletePhone(id: string): Promise<void>;
  /** Texts a code to the number; `retry` asks for a new one. */
  sendPhoneChallenge(phone: AccountPhone, retry: boolean): Promise<PhoneChallenge>;
  verifyPhoneChallenge(phoneId: string, code: string): Promise<void>;
  getPassword(): Promise<AccountPassword>;
  enrollPassword(password: string): Promise<void>;
  updatePassword(password: string): Promise<void>;
  deletePassword(): Promise<void>;
  /** The provider's session (GET /api/v1/sessions/me); null when there is none (404). */
  getSession(): Promise<ProviderSession | null>;
  endSession(): Promise<void>;
  /** Extends the provider's session (POST /api/v1/sessions/me/lifecycle/refresh, by its cookie); null when there is none. */
  refreshSession(): Promise<ProviderSession | null>;
  /** The login the SSO sign-in's ID token names (its e-mail), to sign in at the provider with. */
  signedInAs(): string | null;
  /**
   * Signs in at the provider with a password (classic authn, POST /api/v1/authn), then leaves through its
   * session-cookie redirect, which sets the provider's session cookie and comes back to `returnTo`.
   */
  startSession(username: string, password: string, returnTo: string): Promise<void>;
  /** Renews the tokens and answers the new ID token, whose claims carry what the provider now holds. */
  renewIdToken(): Promise<string>;
  /** Leaves for the provider to sign in again (with the step-up's max_age / acr_values), returning to `returnTo`. */
  signInAgain(returnTo: string, stepUp?: MyAccountError): Promise<void>;
}

/**
 * `startAttempt` starts a sign-in at the server before signInAgain leaves (its nonce and state go into the
 * authorization request, so the ID token coming back is accepted); without it the request carries okta-auth-js' own.
 */
export function createMyAccountClient(oktaAuth: OktaAuth, host: string, startAttempt?: () => Promise<SsoAttempt>): MyAccountClient {
  const issuerOrigin = oktaAuth.getIssuerOrigin();

  async function currentAccessToken(): Promise<AccessToken> {
    const { accessToken, refreshToken } = oktaAuth.tokenManager.getTokensSync();
    if (accessToken && !oktaAuth.tokenManager.hasExpired(accessToken)) return accessToken;
    if (!accessToken && !refreshToken) throw new MyAccountError('missing-token', MISSING_ACCESS_TOKEN);
    return renewAccessToken();
  }

  async function renewAccessToken(): Promise<AccessToken> {
    try {
      const renewed = await oktaAuth.tokenManager.renew('accessToken');
      if (renewed && 'accessToken' in renewed) return renewed;
    } catch (error) {
      console.info('Renewing the access token failed', error);
    }
    throw new MyAccountError('missing-token', MISSING_ACCESS_TOKEN);
  }

  /** Runs a call with a fresh access token; a refused token (401) is renewed once and the call repeated. */
  async function call<T>(run: (accessToken: string) => Promise<T>): Promise<T> {
    let token = await currentAccessToken();
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await run(token.accessToken);
      } catch (caught) {
        const error = toMyAccountError(caught, host);
        if (error.kind !== 'invalid-token' || attempt > 0) throw error;
        token = await renewAccessToken();
      }
    }
  }

  async function raw(method: 'GET' | 'DELETE', path: string, accessToken: string): Promise<unknown> {
    const { httpRequest } = await loadMyAccountFunctions();
    return httpRequest(oktaAuth, { url: `${issuerOrigin}${path}`, method, accessToken, withCredentials: true, headers: { Accept: MY_ACCOUNT_ACCEPT } });
  }

  return {
    host,
    hasTokens: () => {
      const { accessToken, refreshToken } = oktaAuth.tokenManager.getTokensSync();
      return !!(accessToken || refreshToken);
    },
    getProfile: () =>
      call(async (accessToken) => {
        const { getProfile } = await loadMyAccountFunctions();
        const result = await getProfile(oktaAuth, { accessToken });
        return { createdAt: text(result.createdAt), modifiedAt: text(result.modifiedAt), profile: { ...result.profile } };
      }),
    getProfileSchema: () =>
      call(async (accessToken) => {
        const { getProfileSchema } = await loadMyAccountFunctions();
        return { ...(await getProfileSchema(oktaAuth, { accessToken })).properties };
      }),
    updateProfile: (profile) =>
      call(async (accessToken) => {
        const { updateProfile } = await loadMyAccountFunctions();
        const result = await updateProfile(oktaAuth, { accessToken, payload: { profile } });
        return { createdAt: text(result.createdAt), modifiedAt: text(result.modifiedAt), profile: { ...result.profile } };
      }),
    getEmails: () =>
      call(async (accessToken) => {
        const { getEmails } = await loadMyAccountFunctions();
        return (await getEmails(oktaAuth, { accessToken })).map(toEmail);
      }),
    addEmail: (email) =>
      call(async (accessToken) => {
        const { addEmail, EmailRole } = await loadMyAccountFunctions();
        return toEmail(await addEmail(oktaAuth, { accessToken, payload: { profile: { email }, sendEmail: false, role: EmailRole.SECONDARY } }));
      }),
    makePrimaryEmail: (email) =>
      call(async (accessToken) => {
        const { addEmail, EmailRole } = await loadMyAccountFunctions();
        return toEmail(await addEmail(oktaAuth, { accessToken, payload: { profile: { email }, sendEmail: false, role: EmailRole.PRIMARY } }));
      }),
    deleteEmail: (id) =>
      call(async (accessToken) => {
        const { deleteEmail } = await loadMyAccountFunctions();
        await deleteEmail(oktaAuth, { id, accessToken });
      }),
    sendEmailChallenge: (email) =>
      call(async (accessToken) => {
        const { sendEmailChallenge } = await loadMyAccountFunctions();
        const challenge = await sendEmailChallenge(oktaAuth, { id: email.id, accessToken });
        return { id: challenge.id, emailId: email.id, email: email.email, expiresAt: text(challenge.expiresAt) };
      }),
    verifyEmailChallenge: (challenge, verificationCode) =>
      call(async (accessToken) => {
        const { verifyEmailChallenge } = await loadMyAccountFunctions();
        await verifyEmailChallenge(oktaAuth, { emailId: challenge.emailId, challengeId: challenge.id, payload: { verificationCode }, accessToken });
      }),
    getPhones: () =>
      call(async (accessToken) => {
        const { getPhones } = await loadMyAccountFunctions();
        return (await getPhones(oktaAuth, { accessToken })).map(toPhone);
      }),
    addPhone: (phoneNumber) =>
      call(async (accessToken) => {
        const { addPhone } = await loadMyAccountFunctions();
        return toPhone(await addPhone(oktaAuth, { accessToken, payload: { profile: { phoneNumber }, sendCode: false, method: 'SMS' } }));
      }),
    deletePhone: (id) =>
      call(async (accessToken) => {
        const { deletePhone } = await loadMyAccountFunctions();
        await deletePhone(oktaAuth, { id, accessToken });
      }),
    sendPhoneChallenge: (phone, retry) =>
      call(async (accessToken) => {
        const { sendPhoneChallenge } = await loadMyAccountFunctions();
        // Okta's challenge takes `retry: true` to send a new code; okta-auth-js's payload type names only `method`.
        const payload: { method: string; retry?: boolean } = retry ? { method: 'SMS', retry: true } : { method: 'SMS' };
        const result: unknown = await sendPhoneChallenge(oktaAuth, { id: phone.id, accessToken, payload });
        return { phoneId: phone.id, phoneNumber: phone.phoneNumber, expiresAt: text(object(result).expiresAt) };
      }),
    verifyPhoneChallenge: (id, verificationCode) =>
      call(async (accessToken) => {
        const { verifyPhoneChallenge } = await loadMyAccountFunctions();
        await verifyPhoneChallenge(oktaAuth, { id, payload: { verificationCode }, accessToken });
      }),
    // okta-auth-js's PasswordTransaction drops `_links`, whose hints say which changes the provider allows, so the
    // password is read with its HTTP client directly (same headers, same errors).
    getPassword: () => call(async (accessToken) => toPassword(await raw('GET', '/idp/myaccount/password', accessToken))),
    enrollPassword: (password) =>
      call(async (accessToken) => {
        const { enrollPassword } = await loadMyAccountFunctions();
        await enrollPassword(oktaAuth, { accessToken, payload: { profile: { password } } });
      }),
    updatePassword: (password) =>
      call(async (accessToken) => {
        const { updatePassword } = await loadMyAccountFunctions();
        await updatePassword(oktaAuth, { accessToken, payload: { profile: { password } } });
      }),
    deletePassword: () =>
      call(async (accessToken) => {
        const { deletePassword } = await loadMyAccountFunctions();
        await deletePassword(oktaAuth, { accessToken });
      }),
    getSession: async () => {
      try {
        return await call(async (accessToken) => toProviderSession(await raw('GET', '/api/v1/sessions/me', accessToken)));
      } catch (caught) {
        if (caught instanceof MyAccountError && caught.kind === 'not-found') return null;
        throw caught;
      }
    },
    endSession: async () => {
      try {
        await call((accessToken) => raw('DELETE', '/api/v1/sessions/me', accessToken));
      } catch (caught) {
        if (!(caught instanceof MyAccountError && caught.kind === 'not-found')) throw caught;
      }
    },
    refreshSession: async () => {
      try {
        return toProviderSession(await oktaAuth.session.refresh());
      } catch (caught) {
        const error = toMyAccountError(caught, host);
        if (error.kind === 'not-found') return null;
        throw error;
      }
    },
    signedInAs: () => {
      const email = oktaAuth.tokenManager.getTokensSync().idToken?.claims.email;
      return typeof email === 'string' && email ? email : null;
    },
    startSession: async (username, password, returnTo) => {
      const { createAuthnTransactionAPI } = await loadAuthnFunctions();
      let transaction: Awaited<ReturnType<ReturnType<typeof createAuthnTransactionAPI>['postToTransaction']>>;
      try {
        transaction = await createAuthnTransactionAPI(oktaAuth).postToTransaction('/api/v1/authn', { username, password });
      } catch (caught) {
        const error = toMyAccountError(caught, host);
        // E0000004 "Authentication failed": wrong credentials, not a refused access token.
        if (error.status === 401)
          throw new MyAccountError('request', 'The e-mail address or password is not correct.', {
            status: 401,
            fields: { password: 'The e-mail address or password is not correct.' },
          });
        throw error;
      }
      if (transaction.status !== 'SUCCESS' || !transaction.sessionToken) {
        throw new MyAccountError('request', `Your identity provider asks for a further step (${transaction.status}) that Rampart does not offer here.`);
      }
      oktaAuth.session.setCookieAndRedirect(transaction.sessionToken, new URL(returnTo, window.location.origin).toString());
    },
    renewIdToken: async () => {
      try {
        const renewed = await oktaAuth.tokenManager.renew('idToken');
        if (renewed && 'idToken' in renewed) return renewed.idToken;
      } catch (error) {
        console.info('Renewing the ID token failed', error);
      }
      throw new MyAccountError('missing-token', MISSING_ACCESS_TOKEN);
    },
    signInAgain: async (returnTo, stepUp) =>
      oktaAuth.signInWithRedirect({
        originalUri: returnTo,
        ...(startAttempt ? await startAttempt() : {}),
        ...(stepUp?.maxAge != null ? { maxAge: stepUp.maxAge } : {}),
        ...(stepUp?.acrValues ? { acrValues: stepUp.acrValues } : {}),
      }),
  };
}

/** The account-management client for the configured provider, with okta-auth-js loaded on first use. */
export async function loadMyAccountClient(config: SsoConfig): Promise<MyAccountClient> {
  const oktaAuth = await loadOktaAuth(config);
  const client = createMyAccountClient(oktaAuth, new URL(config.issuer).host, startSsoAttempt);
  return {
    ...client,
    signInAgain: (returnTo, stepUp) => {
      // Token renewal and sign-out after this sign-in read the configuration from storage, as after the first one.
      rememberSsoConfig(config);
      return client.signInAgain(returnTo, stepUp);
    },
  };
}
