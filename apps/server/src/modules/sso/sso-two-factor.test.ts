import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { startTestAppWithProvider } from '../../../test/identity-provider.ts';
import { sessionFor } from '../../../test/accounts-helper.ts';
import { users } from '../../db/schema/identity.ts';
import { hashPassword } from '../../lib/password-policy.ts';
import { generateTotpSecret } from '../identity/totp.ts';
import type { DevelopmentIdentityProvider } from '../../dev/identity-provider/dev-identity-provider.ts';
import { errorCode, STRONG_PASSWORD, totpNow, uniqueEmail, type ApiClient, type TestApp } from '../../../test/harness.ts';

// Single sign-on honours Rampart's two-factor authentication: the provider's proof of a multi-factor sign-in
// (amr / acr, OIDC_MFA_AMR_VALUES / OIDC_MFA_ACR_VALUES) or the code, as a password sign-in asks for it.

const LOGIN_WITH_OKTA = `mutation($token: String!, $otpToken: String) {
  loginWithOkta(token: $token, otpToken: $otpToken) { preAuthenticated csrfToken expiryDate user { id } }
}`;

let t: TestApp;
let idp: DevelopmentIdentityProvider;
let signingKey: JWK;

beforeAll(async () => {
  ({ t, idp, signingKey } = await startTestAppWithProvider({ OIDC_MFA_ACR_VALUES: 'urn:okta:loa:2fa:any' }));
});

afterAll(async () => {
  await idp?.close();
  await t?.close();
});

async function totpUser() {
  const secret = generateTotpSecret();
  const email = uniqueEmail('sso-2fa');
  const [row] = await t.database.db
    .insert(users)
    .values({
      firstName: 'Tess',
      lastName: 'Factor',
      email,
      passwordHash: await hashPassword(STRONG_PASSWORD),
      isEmailVerified: true,
      isOtpEnabled: true,
      otpSecret: secret,
    })
    .returning();
  return { ...row!, secret };
}

/** Starts a sign-in as the web client does and answers an ID token the provider signed for it, with these claims. */
async function signedInAtProvider(email: string, claims: JWTPayload = {}): Promise<{ client: ApiClient; token: string }> {
  const client = t.client();
  const { startSsoSignIn } = await client.ok(`mutation { startSsoSignIn { nonce } }`);
  const token = await new SignJWT({ email, email_verified: true, nonce: startSsoSignIn.nonce, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: signingKey.kid })
    .setIssuer(idp.issuer)
    .setAudience(t.config.OIDC_CLIENT_ID)
    .setSubject(crypto.randomUUID())
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(await importJWK(signingKey, 'RS256'));
  return { client, token };
}

const sessionsOf = async (userId: string) => Number((await t.database.pool.query(`select count(*) from sessions where user_id = $1`, [userId])).rows[0].count);
const failuresOf = async (email: string) =>
  Number((await t.database.pool.query(`select count(*) from login_failures where email = lower($1)`, [email])).rows[0].count);
const hasSession = (client: ApiClient) => Boolean(client.cookie?.startsWith('rampart_session='));

describe('SSO sign-in of a user with two-factor authentication on', () => {
  it('without the provider’s multi-factor proof answers that the code is needed and opens no session', async () => {
    const user = await totpUser();
    for (const claims of [{}, { amr: ['pwd'] }, { amr: ['otp'] }, { acr: 'urn:okta:loa:1fa:any' }]) {
      const { client, token } = await signedInAtProvider(user.email, claims);
      const data = await client.ok(LOGIN_WITH_OKTA, { token });
      expect(data.loginWithOkta).toEqual({ preAuthenticated: true, csrfToken: null, expiryDate: null, user: null });
      expect(hasSession(client)).toBe(false);
    }
    expect(await sessionsOf(user.id)).toBe(0);
  });

  it('with the right code (the same ID token again) opens an SSO session, once', async () => {
    const user = await totpUser();
    const { client, token } = await signedInAtProvider(user.email);
    expect((await client.ok(LOGIN_WITH_OKTA, { token })).loginWithOkta.preAuthenticated).toBe(true);
    const data = await client.ok(LOGIN_WITH_OKTA, { token, otpToken: totpNow(user.secret) });
    expect(data.loginWithOkta).toMatchObject({ preAuthenticated: false, user: { id: user.id } });
    expect(data.loginWithOkta.csrfToken).toBeTruthy();
    expect(hasSession(client)).toBe(true);
    const sessions = await t.database.pool.query(`select auth_method from sessions where user_id = $1`, [user.id]);
    expect(sessions.rows).toEqual([{ auth_method: 'sso' }]);
    const again = await t.client().gql(LOGIN_WITH_OKTA, { token, otpToken: totpNow(user.secret, 1) });
    expect(errorCode(again)).toBe('BAD_USER_INPUT');
    expect(await sessionsOf(user.id)).toBe(1);
  });

  it('counts a wrong code as a failed sign-in and opens no session', async () => {
    const user = await totpUser();
    const { client, token } = await signedInAtProvider(user.email);
    const nearby = new Set([-2, -1, 0, 1, 2].map((offset) => totpNow(user.secret, offset)));
    const wrong = [10, 11, 12].map((offset) => totpNow(user.secret, offset)).find((code) => !nearby.has(code))!;
    const result = await client.gql(LOGIN_WITH_OKTA, { token, otpToken: wrong });
    expect(errorCode(result)).toBe('BAD_USER_INPUT');
    expect(result.errors?.[0]?.extensions?.fields).toEqual({ otpToken: 'This code is not correct. Check your authenticator app and try again.' });
    expect(await failuresOf(user.email)).toBe(1);
    expect(await sessionsOf(user.id)).toBe(0);
    // The sign-in is not spent by a wrong code: the right one still finishes it.
    expect((await client.ok(LOGIN_WITH_OKTA, { token, otpToken: totpNow(user.secret) })).loginWithOkta.csrfToken).toBeTruthy();
  });

  it('accepts one of the user’s recovery codes instead of the code, once (issue 36)', async () => {
    const user = await totpUser();
    const session = await sessionFor(t, user.id);
    const made = await session.ok('mutation($c: String!) { regenerateRecoveryCodes(otpToken: $c) }', { c: totpNow(user.secret) });
    const codes = made.regenerateRecoveryCodes as string[];
    const LOGIN_WITH_RECOVERY_CODE = `mutation($token: String!, $recoveryCode: String) {
      loginWithOkta(token: $token, recoveryCode: $recoveryCode) { preAuthenticated csrfToken recoveryCodesRemaining }
    }`;
    const first = await signedInAtProvider(user.email);
    const data = await first.client.ok(LOGIN_WITH_RECOVERY_CODE, { token: first.token, recoveryCode: codes[0] });
    expect(data.loginWithOkta).toMatchObject({ preAuthenticated: false, recoveryCodesRemaining: 9 });
    expect(hasSession(first.client)).toBe(true);
    const second = await signedInAtProvider(user.email);
    const reused = await second.client.gql(LOGIN_WITH_RECOVERY_CODE, { token: second.token, recoveryCode: codes[0] });
    expect(reused.errors?.[0]?.extensions?.fields).toEqual({ recoveryCode: 'This recovery code is not correct or was already used.' });
    expect(await failuresOf(user.email)).toBe(1);
    const sso = await t.database.pool.query(`select count(*)::int as n from sessions where user_id = $1 and auth_method = 'sso'`, [user.id]);
    expect(sso.rows[0].n).toBe(1);
  });

  it('signs in directly when the ID token’s amr or acr proves a multi-factor sign-in', async () => {
    const user = await totpUser();
    for (const claims of [{ amr: ['pwd', 'mfa', 'otp'] }, { acr: 'urn:okta:loa:2fa:any' }]) {
      const { client, token } = await signedInAtProvider(user.email, claims);
      const data = await client.ok(LOGIN_WITH_OKTA, { token });
      expect(data.loginWithOkta).toMatchObject({ preAuthenticated: false, user: { id: user.id } });
      expect(hasSession(client)).toBe(true);
    }
    expect(await sessionsOf(user.id)).toBe(2);
  });
});
