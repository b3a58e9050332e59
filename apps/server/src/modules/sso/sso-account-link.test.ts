import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestAppWithProvider } from '../../../test/identity-provider.ts';
import { importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { users } from '../../db/schema/identity.ts';
import { hashPassword } from '../../lib/password-policy.ts';
import type { DevelopmentIdentityProvider } from '../../dev/identity-provider/dev-identity-provider.ts';
import { errorCode, STRONG_PASSWORD, uniqueEmail, type TestApp } from '../../../test/harness.ts';
import { createSsoService } from './sso.service.ts';

// How Rampart's user follows the identity provider: linked by subject at the first SSO sign-in, taking
// the provider's names and primary e-mail at each sign-in and on syncUserWithIdentityProvider.

const LOGIN_WITH_OKTA = `mutation($token: String!) { loginWithOkta(token: $token) { csrfToken user { id email firstName lastName } } }`;
const SYNC = `mutation($idToken: String!) { syncUserWithIdentityProvider(idToken: $idToken) { id email firstName lastName name } }`;
const CURRENT_SESSION = `{ currentSession { id isCurrent authMethod } }`;

let t: TestApp;
let idp: DevelopmentIdentityProvider;
let signingKey: JWK;

beforeAll(async () => {
  ({ t, idp, signingKey } = await startTestAppWithProvider());
});

afterAll(async () => {
  await idp?.close();
  await t?.close();
});

async function idToken(subject: string, claims: JWTPayload) {
  const key = await importJWK(signingKey, 'RS256');
  return new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: signingKey.kid })
    .setIssuer(idp.issuer)
    .setAudience(t.config.OIDC_CLIENT_ID)
    .setSubject(subject)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(key);
}

async function newUser(prefix: string) {
  const email = uniqueEmail(prefix);
  const [row] = await t.database.db
    .insert(users)
    .values({ firstName: 'Ada', lastName: 'Lovelace', email, passwordHash: await hashPassword(STRONG_PASSWORD), isEmailVerified: true })
    .returning();
  return row!;
}

/** Signs in as the web client does: starts a sign-in (its nonce, bound to this client's cookie), then sends the ID token. */
async function ssoClient(subject: string, claims: JWTPayload) {
  const client = t.client();
  const { startSsoSignIn } = await client.ok(`mutation { startSsoSignIn { nonce } }`);
  const data = await client.ok(LOGIN_WITH_OKTA, { token: await idToken(subject, { ...claims, nonce: startSsoSignIn.nonce }) });
  client.csrfToken = data.loginWithOkta.csrfToken;
  return { client, user: data.loginWithOkta.user };
}

describe('linking a Rampart user to the identity provider', () => {
  it('links the subject at the first SSO sign-in and follows a new primary e-mail and names at the next', async () => {
    const user = await newUser('link');
    const subject = randomUUID();
    await ssoClient(subject, { email: user.email, given_name: 'Ada', family_name: 'Lovelace' });
    const linked = await t.database.pool.query(`select sso_issuer, sso_subject from users where id = $1`, [user.id]);
    expect(linked.rows[0]).toEqual({ sso_issuer: idp.issuer, sso_subject: subject });

    const newEmail = uniqueEmail('moved');
    const { user: after } = await ssoClient(subject, { email: newEmail, given_name: 'Augusta', family_name: 'King' });
    expect(after).toMatchObject({ id: user.id, email: newEmail, firstName: 'Augusta', lastName: 'King' });
  });

  it('keeps the Rampart e-mail when another user has the new one, and still signs the user in', async () => {
    const user = await newUser('keep');
    const other = await newUser('taken');
    const subject = randomUUID();
    await ssoClient(subject, { email: user.email });
    const { user: after } = await ssoClient(subject, { email: other.email });
    expect(after).toMatchObject({ id: user.id, email: user.email });
  });
});

describe('syncUserWithIdentityProvider', () => {
  it('copies the names and e-mail of a fresh ID token of the signed-in user', async () => {
    const user = await newUser('sync');
    const subject = randomUUID();
    const { client } = await ssoClient(subject, { email: user.email });
    const newEmail = uniqueEmail('synced');
    const data = await client.ok(SYNC, { idToken: await idToken(subject, { email: newEmail, given_name: 'Grace', family_name: 'Hopper' }) });
    expect(data.syncUserWithIdentityProvider).toMatchObject({ id: user.id, email: newEmail, firstName: 'Grace', lastName: 'Hopper', name: 'Grace Hopper' });
  });

  it('refuses an ID token of another provider user, an e-mail another Rampart user has, and a forged token, changing nothing', async () => {
    const user = await newUser('guard');
    const other = await newUser('guard-other');
    const subject = randomUUID();
    const { client } = await ssoClient(subject, { email: user.email });

    const strangers = await client.gql(SYNC, { idToken: await idToken(randomUUID(), { email: uniqueEmail('stranger'), given_name: 'Eve' }) });
    expect(errorCode(strangers)).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(strangers.errors)).toContain('belongs to a different user of the identity provider');

    const taken = await client.gql(SYNC, { idToken: await idToken(subject, { email: other.email }) });
    expect(errorCode(taken)).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(taken.errors)).toContain(`Another Rampart user already has the e-mail address ${other.email}`);

    const forged = await client.gql(SYNC, { idToken: 'not-a-token' });
    expect(errorCode(forged)).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(forged.errors)).toContain('not a valid ID token');

    const row = await t.database.pool.query(`select email, first_name from users where id = $1`, [user.id]);
    expect(row.rows[0]).toEqual({ email: user.email, first_name: 'Ada' });
  });

  it('needs a signed-in user', async () => {
    const result = await t.client().gql(SYNC, { idToken: await idToken(randomUUID(), { email: uniqueEmail('nobody') }) });
    expect(errorCode(result)).toBe('UNAUTHENTICATED');
  });
});

describe('currentSession', () => {
  it('says how the session was signed in', async () => {
    const user = await newUser('current');
    const { client } = await ssoClient(randomUUID(), { email: user.email });
    expect((await client.ok(CURRENT_SESSION)).currentSession).toMatchObject({ isCurrent: true, authMethod: 'sso' });

    const password = t.client();
    const login = await password.ok(`mutation($e: String!, $p: String!) { login(email: $e, password: $p) { csrfToken } }`, {
      e: user.email,
      p: STRONG_PASSWORD,
    });
    password.csrfToken = login.login.csrfToken;
    expect((await password.ok(CURRENT_SESSION)).currentSession).toMatchObject({ isCurrent: true, authMethod: 'password' });
  });
});

describe('ssoConfiguration.accountManagement', () => {
  it('requests the MyAccount scopes only when account management is on', async () => {
    const on = await createSsoService({ config: { ...t.config, OIDC_ISSUER: undefined } }).configuration();
    expect(on.accountManagement).toBe(true);
    expect(on.scopes).toEqual(expect.arrayContaining(['okta.myAccount.email.manage', 'okta.myAccount.phone.manage', 'okta.myAccount.password.manage']));
    const off = await createSsoService({ config: { ...t.config, OIDC_ISSUER: undefined, OIDC_ACCOUNT_MANAGEMENT: false } }).configuration();
    expect(off.accountManagement).toBe(false);
    expect(off.scopes).toEqual(['openid', 'email', 'profile']);
  });
});
