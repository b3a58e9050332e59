import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestAppWithProvider } from '../../../test/identity-provider.ts';
import { importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/identity.ts';
import { hashPassword } from '../../lib/password-policy.ts';
import type { DevelopmentIdentityProvider } from '../../dev/identity-provider/dev-identity-provider.ts';
import { errorCode, freePort, STAFF_TOTP_SECRET, STRONG_PASSWORD, uniqueEmail, type TestApp } from '../../../test/harness.ts';
import { addMembership, sessionFor } from '../../../test/accounts-helper.ts';
import { sha256 } from '../../lib/sha256.ts';
import { createSsoRepository } from './sso.repository.ts';
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

describe('requiring single sign-on for an organization (issue 36)', () => {
  const SET_REQUIRE_SSO = `mutation($accountId: ID!, $required: Boolean!) { setRequireSso(accountId: $accountId, required: $required) { id requireSso } }`;
  const LOGIN = `mutation($email: String!, $password: String!) { login(email: $email, password: $password) { csrfToken preAuthenticated } }`;
  const ME = `{ me { id isSsoRequired isSsoLinked hasPassword } }`;

  /** An organization with one account and its administrator, who has a Rampart password. */
  async function organizationWithAdministrator(name: string) {
    const admin = await newUser(`${name}-admin`);
    const org = await t.database.pool.query<{ id: string }>(`insert into organizations (name, owner_id) values ($1, $2) returning id`, [name, admin.id]);
    const account = await t.database.pool.query<{ id: string }>(`insert into accounts (organization_id, name) values ($1, $2) returning id`, [
      org.rows[0]!.id,
      name,
    ]);
    const accountId = account.rows[0]!.id;
    await addMembership(t, accountId, admin.id, 'administrator');
    return { admin, accountId, organizationId: org.rows[0]!.id };
  }

  const requireSso = async (organizationId: string) =>
    (await t.database.pool.query(`select require_sso from organizations where id = $1`, [organizationId])).rows[0].require_sso as boolean;

  it('refuses to require it without a configured and verified connection, or for an administrator not signed in with it', async () => {
    const { admin, accountId, organizationId } = await organizationWithAdministrator('Unverified');

    const byPassword = await (await sessionFor(t, admin.id)).gql(SET_REQUIRE_SSO, { accountId, required: true });
    expect(errorCode(byPassword)).toBe('CONFLICT');
    expect(byPassword.errors?.[0]?.extensions?.reason).toBe('ADMINISTRATOR_NOT_SIGNED_IN_WITH_SSO');
    expect(byPassword.errors?.[0]?.message).toMatch(/Sign in with single sign-on first/);

    // The same administrator signed in with SSO, against a provider that does not answer, or with SSO turned off.
    const { client } = await ssoClient(randomUUID(), { email: admin.email });
    const { currentSession } = await client.ok(CURRENT_SESSION);
    const viewer = { sessionId: currentSession.id as string, user: (await t.database.db.select().from(users).where(eq(users.id, admin.id)))[0]! };
    const repository = createSsoRepository(t.database.db);
    const unreachable = createSsoService({ config: { ...t.config, OIDC_ISSUER: `http://127.0.0.1:${await freePort()}` }, repository });
    await expect(unreachable.setRequireSso(viewer, accountId, true)).rejects.toMatchObject({
      extensions: { code: 'CONFLICT', reason: 'SSO_NOT_VERIFIED' },
      message: expect.stringMatching(/could not be verified/),
    });
    const turnedOff = createSsoService({ config: { ...t.config, SSO_ENABLED: false }, repository });
    await expect(turnedOff.setRequireSso(viewer, accountId, true)).rejects.toMatchObject({ extensions: { code: 'CONFLICT', reason: 'SSO_NOT_CONFIGURED' } });
    expect(await requireSso(organizationId)).toBe(false);
  });

  it('refuses a role without the permission to manage single sign-on', async () => {
    const { accountId, organizationId } = await organizationWithAdministrator('Roles');
    const developer = await newUser('sso-developer');
    await addMembership(t, accountId, developer.id, 'developer');
    const { client } = await ssoClient(randomUUID(), { email: developer.email });
    expect(errorCode(await client.gql(SET_REQUIRE_SSO, { accountId, required: true }))).toBe('FORBIDDEN_ERROR');
    expect(await requireSso(organizationId)).toBe(false);
  });

  it('once required, refuses the members’ password paths and ends their password sessions; SSO, staff and other organizations are unaffected', async () => {
    const { admin, accountId, organizationId } = await organizationWithAdministrator('Required');
    const member = await newUser('sso-member');
    await addMembership(t, accountId, member.id, 'analyst');
    const memberPasswordSession = await sessionFor(t, member.id);
    const staff = await newUser('sso-staff');
    await t.database.pool.query(`update users set admin_role = 'ReadOnly', otp_secret = $2, is_otp_enabled = true where id = $1`, [
      staff.id,
      STAFF_TOTP_SECRET,
    ]);
    await addMembership(t, accountId, staff.id, 'analyst');
    const staffPasswordSession = await sessionFor(t, staff.id);
    const outsider = await newUser('sso-outsider');
    await organizationWithAdministrator('Elsewhere').then(({ accountId: otherAccount }) => addMembership(t, otherAccount, outsider.id, 'administrator'));
    const resetLink = randomUUID().replaceAll('-', '');
    await t.database.pool.query(
      `insert into user_tokens (user_id, purpose, token_hash, expires_at) values ($1, 'password_reset', $2, now() + interval '1 hour')`,
      [member.id, sha256(resetLink)],
    );

    const { client: adminClient } = await ssoClient(randomUUID(), { email: admin.email });
    expect((await adminClient.ok(SET_REQUIRE_SSO, { accountId, required: true })).setRequireSso).toMatchObject({ requireSso: true });
    expect(await requireSso(organizationId)).toBe(true);
    const audit = await t.database.pool.query(`select outcome, changes from audit_events where account_id = $1 and operation = 'setRequireSso'`, [accountId]);
    expect(audit.rows).toEqual([
      expect.objectContaining({
        outcome: 'success',
        changes: expect.objectContaining({ _subject: expect.objectContaining({ before: 'not required', after: 'required' }) }),
      }),
    ]);

    // The member's password session ended; the administrator's SSO session and the staff member's session did not.
    expect(errorCode(await memberPasswordSession.gql(ME))).toBe('UNAUTHENTICATED');
    expect((await adminClient.ok(ME)).me).toMatchObject({ id: admin.id, isSsoRequired: true, isSsoLinked: true, hasPassword: true });
    expect((await staffPasswordSession.ok(ME)).me).toMatchObject({ id: staff.id, isSsoRequired: false });

    const refused = await t.client().gql(LOGIN, { email: member.email, password: STRONG_PASSWORD });
    expect(errorCode(refused)).toBe('BAD_USER_INPUT');
    expect(refused.errors?.[0]?.extensions?.ssoRequired).toBe(true);
    expect(refused.errors?.[0]?.message).toMatch(/Your organization requires single sign-on: sign in with SSO/);
    const reset = await t.client().gql(`mutation($token: String!, $password: String!) { resetPassword(token: $token, password: $password) }`, {
      token: resetLink,
      password: `${STRONG_PASSWORD}-new`,
    });
    expect(reset.errors?.[0]?.extensions?.ssoRequired).toBe(true);
    expect((await t.client().ok(LOGIN, { email: outsider.email, password: STRONG_PASSWORD })).login.csrfToken).toBeTruthy();
    expect((await t.client().ok(LOGIN, { email: staff.email, password: STRONG_PASSWORD })).login.preAuthenticated).toBe(true);

    // Single sign-on still opens a session for the member, who cannot set a Rampart password from it.
    const { client: memberSso, user: signedIn } = await ssoClient(randomUUID(), { email: member.email });
    expect(signedIn.id).toBe(member.id);
    const setPassword = await memberSso.gql(`mutation($p: String!, $c: String!) { updateUser(password: $p, currentPassword: $c) { id } }`, {
      p: `${STRONG_PASSWORD}-new`,
      c: STRONG_PASSWORD,
    });
    expect(setPassword.errors?.[0]?.extensions?.ssoRequired).toBe(true);

    // Turned off again, the password works as before.
    await adminClient.ok(SET_REQUIRE_SSO, { accountId, required: false });
    expect((await t.client().ok(LOGIN, { email: member.email, password: STRONG_PASSWORD })).login.csrfToken).toBeTruthy();
  });
});
