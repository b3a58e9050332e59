import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestAppWithProvider } from '../../../test/identity-provider.ts';
import { importJWK, SignJWT, type JWK } from 'jose';
import { desc, eq } from 'drizzle-orm';
import { users } from '../../db/schema/identity.ts';
import { devIdpChallenges, devIdpSmsMessages } from '../../db/schema/dev-identity-provider.ts';
import { hashPassword } from '../../lib/password-policy.ts';
import { STRONG_PASSWORD, uniqueEmail, type TestApp } from '../../../test/harness.ts';
import { DEV_IDP_RESOURCE, generateSigningKey, type DevelopmentIdentityProvider } from './dev-identity-provider.ts';
import { MY_ACCOUNT_SCOPES } from './my-account-api.ts';
import { MISSING_ACCESS_TOKEN } from './my-account/access-tokens.ts';

// The MyAccount API of the development identity provider, over real HTTP, with access tokens signed by its own key.

const APP_ORIGIN = 'http://localhost:3000';
const ACCEPT = '*/*;okta-version=1.0.0'; // what okta-auth-js sends
const ALL_SCOPES = MY_ACCOUNT_SCOPES.join(' ');

let t: TestApp;
let idp: DevelopmentIdentityProvider;
let signingKey: JWK;

beforeAll(async () => {
  ({ t, idp, signingKey } = await startTestAppWithProvider({ PUBLIC_URL: APP_ORIGIN }));
});

afterAll(async () => {
  await idp?.close();
  await t?.close();
});

/** A Rampart user; the provider copies it in on its first API call. */
async function newUser(prefix = 'myaccount') {
  const email = uniqueEmail(prefix);
  const [row] = await t.database.db
    .insert(users)
    .values({ firstName: 'Mia', lastName: 'Account', email, passwordHash: await hashPassword(STRONG_PASSWORD), isEmailVerified: true })
    .returning();
  return { id: row!.id, email };
}

interface TokenOptions {
  scope?: string;
  authTime?: number;
  expiresAt?: number;
  audience?: string;
  issuer?: string;
  key?: JWK;
}

/** An access token as the provider issues them (at+jwt, RS256, its key), with the claims a test needs. */
async function token(sub: string, options: TokenOptions = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ scope: options.scope ?? ALL_SCOPES, auth_time: options.authTime ?? now, client_id: t.config.OIDC_CLIENT_ID })
    .setProtectedHeader({ alg: 'RS256', kid: signingKey.kid, typ: 'at+jwt' })
    .setIssuer(options.issuer ?? idp.issuer)
    .setAudience(options.audience ?? DEV_IDP_RESOURCE)
    .setSubject(sub)
    .setIssuedAt(now)
    .setExpirationTime(options.expiresAt ?? now + 600)
    .sign(await importJWK(options.key ?? signingKey, 'RS256'));
}

interface CallOptions {
  token?: string | null;
  body?: unknown;
  accept?: string | null;
  origin?: string;
}

async function call(method: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = {};
  if (options.accept !== null) headers.accept = options.accept ?? ACCEPT;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.origin) headers.origin = options.origin;
  const response = await fetch(`${idp.issuer}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await response.text();
  // The tests read the JSON freely.
  const json: any = text ? JSON.parse(text) : null;
  return { status: response.status, headers: response.headers, json };
}

/** Adds an e-mail address as the user (a fresh token): POST /emails with this body. */
async function addEmail(userId: string, body: Record<string, unknown>) {
  return call('POST', '/idp/myaccount/emails', { token: await token(userId), body });
}

/** Adds a phone number as the user (a fresh token): POST /phones with this body. */
async function addPhone(userId: string, body: Record<string, unknown>) {
  return call('POST', '/idp/myaccount/phones', { token: await token(userId), body });
}

function expectOktaError(result: Awaited<ReturnType<typeof call>>, status: number, errorCode: string) {
  expect(result.status).toBe(status);
  expect(result.json).toMatchObject({
    errorCode,
    errorLink: errorCode,
    errorSummary: expect.any(String),
    errorId: expect.any(String),
    errorCauses: expect.any(Array),
  });
}

async function codeFromMail(to: string): Promise<string> {
  const mail = await t.smtp.waitFor(to, /Confirm your e-mail address/);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in ${mail.text}`);
  return code;
}

async function codeFromSms(to: string): Promise<string> {
  const [newest] = await t.database.db
    .select()
    .from(devIdpSmsMessages)
    .where(eq(devIdpSmsMessages.toNumber, to))
    .orderBy(desc(devIdpSmsMessages.createdAt))
    .limit(1);
  const code = newest ? /\b(\d{6})\b/.exec(newest.body)?.[1] : undefined;
  if (!code) throw new Error(`no text message to ${to}`);
  return code;
}

/** A unique E.164 number (the 555 range). */
const phoneNumber = () => `+1415555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;

describe('the version header, the access token and its scopes', () => {
  it('asks for the okta-version in Accept', async () => {
    const user = await newUser();
    for (const accept of [null, 'application/json']) {
      const result = await call('GET', '/idp/myaccount/profile', { token: await token(user.id), accept });
      expectOktaError(result, 406, 'E0000001');
      expect(result.json.errorSummary).toMatch(/okta-version=1\.0\.0/);
    }
    const ok = await call('GET', '/idp/myaccount/profile', { token: await token(user.id), accept: 'application/json; okta-version=1.0.0' });
    expect(ok.status).toBe(200);
  });

  it('answers a call without an access token with the SDK’s message', async () => {
    const result = await call('GET', '/idp/myaccount/emails');
    expectOktaError(result, 401, 'E0000011');
    expect(result.json.errorSummary).toBe(MISSING_ACCESS_TOKEN);
    expect(result.headers.get('www-authenticate')).toMatch(/^Bearer realm="IdpMyAccountAPI"/);
  });

  it('refuses an expired, foreign, mis-addressed or malformed token with invalid_token', async () => {
    const user = await newUser();
    const now = Math.floor(Date.now() / 1000);
    const other = await generateSigningKey();
    const tokens = {
      expired: await token(user.id, { expiresAt: now - 60 }),
      'signed by another key': await token(user.id, { key: { ...other, kid: signingKey.kid } }),
      'for another audience': await token(user.id, { audience: 'urn:someone-else' }),
      'from another issuer': await token(user.id, { issuer: 'https://evil.example' }),
      garbage: 'not-a-jwt',
    };
    for (const [name, value] of Object.entries(tokens)) {
      const result = await call('GET', '/idp/myaccount/profile', { token: value });
      expectOktaError(result, 401, 'E0000011');
      expect(result.headers.get('www-authenticate'), name).toMatch(/error="invalid_token"/);
    }
    const expired = await call('GET', '/idp/myaccount/profile', { token: tokens.expired });
    expect(expired.json.errorSummary).toMatch(/expired/);
  });

  it('refuses a token without the endpoint’s scope with insufficient_scope', async () => {
    const user = await newUser();
    const readOnly = await token(user.id, { scope: 'okta.myAccount.profile.read okta.myAccount.email.read' });
    const put = await call('PUT', '/idp/myaccount/profile', { token: readOnly, body: { profile: { firstName: 'No' } } });
    expectOktaError(put, 403, 'E0000006');
    expect(put.headers.get('www-authenticate')).toMatch(/error="insufficient_scope"/);
    expect(put.json.errorSummary).toMatch(/okta\.myAccount\.profile\.manage/);

    const phones = await call('GET', '/idp/myaccount/phones', { token: readOnly });
    expectOktaError(phones, 403, 'E0000006');
    const password = await call('GET', '/idp/myaccount/password', { token: readOnly });
    expectOktaError(password, 403, 'E0000006');
    expect((await call('GET', '/idp/myaccount/emails', { token: readOnly })).status).toBe(200);
    // manage covers reading
    expect((await call('GET', '/idp/myaccount/phones', { token: await token(user.id, { scope: 'okta.myAccount.phone.manage' }) })).status).toBe(200);
  });

  it('answers unknown paths and methods clearly', async () => {
    const user = await newUser();
    expectOktaError(await call('GET', '/idp/myaccount/nothing-here', { token: await token(user.id) }), 404, 'E0000007');
    const wrongMethod = await call('PATCH', '/idp/myaccount/profile', { token: await token(user.id) });
    expectOktaError(wrongMethod, 405, 'E0000022');
    expect(wrongMethod.headers.get('allow')).toBe('GET, PUT');
  });

  it('allows the app origins with credentials and exposes WWW-Authenticate', async () => {
    const preflight = await fetch(`${idp.issuer}/idp/myaccount/emails`, {
      method: 'OPTIONS',
      headers: { origin: APP_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization.*Content-Type.*Accept.*X-Okta-User-Agent-Extended/);
    expect(preflight.headers.get('access-control-allow-methods')).toMatch(/DELETE/);

    const refused = await call('GET', '/idp/myaccount/emails', { origin: APP_ORIGIN });
    expect(refused.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(refused.headers.get('access-control-expose-headers')).toMatch(/WWW-Authenticate/);

    const stranger = await fetch(`${idp.issuer}/idp/myaccount/emails`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('profile', () => {
  it('reads the profile copied from the Rampart user, and its schema', async () => {
    const user = await newUser();
    const result = await call('GET', '/idp/myaccount/profile', { token: await token(user.id) });
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({
      createdAt: expect.any(String),
      modifiedAt: expect.any(String),
      profile: { login: user.email, email: user.email, firstName: 'Mia', lastName: 'Account', displayName: null },
      _links: { self: { href: `${idp.issuer}/idp/myaccount/profile` }, describedBy: { href: `${idp.issuer}/idp/myaccount/profile/schema` } },
    });

    const schema = await call('GET', '/idp/myaccount/profile/schema', { token: await token(user.id, { scope: 'okta.myAccount.profile.read' }) });
    expect(schema.status).toBe(200);
    expect(schema.json.properties.firstName).toMatchObject({
      title: 'First name',
      type: 'string',
      required: true,
      minLength: 1,
      maxLength: 100,
      permissions: [{ principal: 'SELF', action: 'READ_WRITE' }],
    });
    expect(schema.json.properties.email.permissions).toEqual([{ principal: 'SELF', action: 'READ_ONLY' }]);
    expect(schema.json.properties.login.permissions).toEqual([{ principal: 'SELF', action: 'READ_ONLY' }]);
    expect(schema.json.properties.displayName).toMatchObject({ type: 'string', maxLength: 100 });
  });

  it('updates the editable fields, and the ID token claims follow', async () => {
    const user = await newUser();
    const result = await call('PUT', '/idp/myaccount/profile', {
      token: await token(user.id),
      body: { profile: { firstName: ' Nova ', displayName: 'Nova the Builder', title: null } },
    });
    expect(result.status).toBe(200);
    expect(result.json.profile).toMatchObject({ firstName: 'Nova', lastName: 'Account', displayName: 'Nova the Builder', title: null });
    const again = await call('GET', '/idp/myaccount/profile', { token: await token(user.id) });
    expect(again.json.profile.displayName).toBe('Nova the Builder');
    expect(Date.parse(again.json.modifiedAt)).toBeGreaterThanOrEqual(Date.parse(again.json.createdAt));
  });

  it('validates against the schema, one cause per field', async () => {
    const user = await newUser();
    const result = await call('PUT', '/idp/myaccount/profile', {
      token: await token(user.id),
      body: { profile: { firstName: '', lastName: 'x'.repeat(101), email: 'someone@else.example', favouriteColour: 'blue', displayName: 42 } },
    });
    expectOktaError(result, 400, 'E0000001');
    const locations = (result.json.errorCauses as Array<{ location: string; errorSummary: string }>).map((entry) => entry.location).sort();
    expect(locations).toEqual(['displayName', 'email', 'favouriteColour', 'firstName', 'lastName']);
    const summaries = (result.json.errorCauses as Array<{ errorSummary: string }>).map((entry) => entry.errorSummary).join(' | ');
    expect(summaries).toMatch(/firstName: First name is required/);
    expect(summaries).toMatch(/lastName: Last name has at most 100 characters/);
    expect(summaries).toMatch(/email: Primary e-mail is read-only/);
    expect(summaries).toMatch(/not defined in the profile schema/);
    // Nothing was saved.
    expect((await call('GET', '/idp/myaccount/profile', { token: await token(user.id) })).json.profile.firstName).toBe('Mia');
  });

  it('refuses a body that is not JSON or has no profile object', async () => {
    const user = await newUser();
    const response = await fetch(`${idp.issuer}/idp/myaccount/profile`, {
      method: 'PUT',
      headers: { accept: ACCEPT, authorization: `Bearer ${await token(user.id)}`, 'content-type': 'application/json' },
      body: '{"profile":',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errorCode: string }).errorCode).toBe('E0000003');
    expectOktaError(await call('PUT', '/idp/myaccount/profile', { token: await token(user.id), body: { firstName: 'x' } }), 400, 'E0000001');
  });
});

describe('e-mail addresses', () => {
  it('lists the primary address, verified, which cannot be removed', async () => {
    const user = await newUser();
    const result = await call('GET', '/idp/myaccount/emails', { token: await token(user.id) });
    expect(result.status).toBe(200);
    expect(result.json).toHaveLength(1);
    const [primary] = result.json;
    expect(primary).toMatchObject({ status: 'VERIFIED', roles: ['PRIMARY'], profile: { email: user.email } });
    expect(primary._links.self).toEqual({ href: `${idp.issuer}/idp/myaccount/emails/${primary.id}`, hints: { allow: ['GET'] } });
    expect((await call('GET', `/idp/myaccount/emails/${primary.id}`, { token: await token(user.id) })).json.id).toBe(primary.id);

    const removed = await call('DELETE', `/idp/myaccount/emails/${primary.id}`, { token: await token(user.id) });
    expectOktaError(removed, 400, 'E0000001');
    expect(removed.json.errorSummary).toBe('The primary e-mail address cannot be removed. Make another verified address primary first.');
    expect((await call('GET', '/idp/myaccount/emails', { token: await token(user.id) })).json).toHaveLength(1);
  });

  it('adds a secondary address, e-mails a code, verifies it and removes it', async () => {
    const user = await newUser();
    const second = uniqueEmail('second');
    const added = await addEmail(user.id, { profile: { email: second }, sendEmail: true, role: 'SECONDARY' });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ status: 'UNVERIFIED', roles: ['SECONDARY'], profile: { email: second } });
    expect(added.json._links.challenge).toEqual({ href: `${idp.issuer}/idp/myaccount/emails/${added.json.id}/challenge`, hints: { allow: ['POST'] } });
    expect(added.json._links.verify.href).toMatch(/\/challenge\/[\w-]+\/verify$/);
    const firstCode = await codeFromMail(second);

    // A fresh challenge replaces the first code.
    const challenge = await call('POST', `/idp/myaccount/emails/${added.json.id}/challenge`, { token: await token(user.id) });
    expect(challenge.status).toBe(201);
    expect(challenge.json).toMatchObject({ id: expect.any(String), status: 'VERIFY', profile: { email: second } });
    const expiresIn = Date.parse(challenge.json.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(4 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(5 * 60_000);
    expect(challenge.json._links.verify).toEqual({
      href: `${idp.issuer}/idp/myaccount/emails/${added.json.id}/challenge/${challenge.json.id}/verify`,
      hints: { allow: ['POST'] },
    });
    const code = await (async () => {
      for (let i = 0; i < 50; i += 1) {
        const latest = await codeFromMail(second);
        if (t.smtp.countTo(second) >= 2) return latest;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('no second code');
    })();

    const poll = await call('POST', `/idp/myaccount/emails/${added.json.id}/challenge/${challenge.json.id}`, { token: await token(user.id) });
    expect(poll.json.status).toBe('VERIFY');
    const verifyPath = `/idp/myaccount/emails/${added.json.id}/challenge/${challenge.json.id}/verify`;
    if (firstCode !== code)
      expectOktaError(await call('POST', verifyPath, { token: await token(user.id), body: { verificationCode: firstCode } }), 400, 'E0000001');
    const verified = await call('POST', verifyPath, { token: await token(user.id), body: { verificationCode: code } });
    expect(verified.status).toBe(204);
    const polled = await call('GET', `/idp/myaccount/emails/${added.json.id}/challenge/${challenge.json.id}`, { token: await token(user.id) });
    expect(polled.json.status).toBe('VERIFIED');

    const emails = await call('GET', '/idp/myaccount/emails', { token: await token(user.id) });
    const secondary = emails.json.find((entry: { profile: { email: string } }) => entry.profile.email === second);
    expect(secondary).toMatchObject({ status: 'VERIFIED', roles: ['SECONDARY'] });
    expect(secondary._links.self.hints.allow).toEqual(['GET', 'DELETE']);

    const removed = await call('DELETE', `/idp/myaccount/emails/${added.json.id}`, { token: await token(user.id) });
    expect(removed.status).toBe(204);
    expectOktaError(await call('GET', `/idp/myaccount/emails/${added.json.id}`, { token: await token(user.id) }), 404, 'E0000007');
  });

  it('makes an address added as PRIMARY primary once verified, and a verified secondary primary at once', async () => {
    const user = await newUser();
    const next = uniqueEmail('next-primary');
    const added = await addEmail(user.id, { profile: { email: next }, role: 'PRIMARY' });
    expect(added.status).toBe(201);
    expect(added.json.roles).toEqual(['SECONDARY']); // until verified
    const verify = await call('POST', new URL(added.json._links.verify.href).pathname, {
      token: await token(user.id),
      body: { verificationCode: await codeFromMail(next) },
    });
    expect(verify.status).toBe(204);

    let emails = (await call('GET', '/idp/myaccount/emails', { token: await token(user.id) })).json as Array<{
      id: string;
      roles: string[];
      status: string;
      profile: { email: string };
    }>;
    expect(emails.map((entry) => [entry.profile.email, entry.roles[0], entry.status])).toEqual([
      [next, 'PRIMARY', 'VERIFIED'],
      [user.email, 'SECONDARY', 'VERIFIED'],
    ]);
    expect((await call('GET', '/idp/myaccount/profile', { token: await token(user.id) })).json.profile.email).toBe(next);

    // "Make primary": the verified secondary posted again with role PRIMARY.
    const back = await addEmail(user.id, { profile: { email: user.email }, role: 'PRIMARY' });
    expect(back.status).toBe(200);
    expect(back.json).toMatchObject({ roles: ['PRIMARY'], status: 'VERIFIED' });
    emails = (await call('GET', '/idp/myaccount/emails', { token: await token(user.id) })).json;
    expect(emails.find((entry) => entry.roles[0] === 'PRIMARY')?.profile.email).toBe(user.email);
  });

  it('refuses an address another provider user signs in with, a duplicate, and a malformed one', async () => {
    const user = await newUser();
    const other = await newUser('other');
    await call('GET', '/idp/myaccount/profile', { token: await token(other.id) }); // provisions the other user
    const taken = await addEmail(user.id, { profile: { email: other.email.toUpperCase() }, role: 'SECONDARY' });
    expectOktaError(taken, 400, 'E0000001');
    expect(taken.json.errorCauses[0].errorSummary).toMatch(/Another account at this identity provider signs in with this address/);

    const own = await addEmail(user.id, { profile: { email: user.email }, role: 'SECONDARY' });
    expect(own.json.errorCauses[0].errorSummary).toMatch(/already your primary/);
    const malformed = await addEmail(user.id, { profile: { email: 'not-an-address' }, role: 'SECONDARY' });
    expectOktaError(malformed, 400, 'E0000001');
    expect(malformed.json.errorCauses[0].location).toBe('email');
    const noRole = await addEmail(user.id, { profile: { email: uniqueEmail('x') } });
    expect(noRole.json.errorCauses[0].location).toBe('role');
  });

  it('refuses a wrong code, stops after 5 attempts, and refuses an expired code', async () => {
    const user = await newUser();
    const address = uniqueEmail('codes');
    const added = await addEmail(user.id, { profile: { email: address }, role: 'SECONDARY' });
    const code = await codeFromMail(address);
    const verifyPath = new URL(added.json._links.verify.href).pathname;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const result = await call('POST', verifyPath, { token: await token(user.id), body: { verificationCode: wrong } });
      expectOktaError(result, 400, 'E0000001');
      expect(result.json.errorCauses[0]).toMatchObject({ location: 'verificationCode', errorSummary: 'verificationCode: This code is not correct.' });
    }
    const fifth = await call('POST', verifyPath, { token: await token(user.id), body: { verificationCode: wrong } });
    expect(fifth.json.errorCauses[0].errorSummary).toMatch(/Too many wrong codes/);
    const late = await call('POST', verifyPath, { token: await token(user.id), body: { verificationCode: code } });
    expect(late.json.errorCauses[0].errorSummary).toMatch(/Too many wrong codes/);
    expectOktaError(await call('POST', verifyPath, { token: await token(user.id), body: { verificationCode: '12' } }), 400, 'E0000001');

    // A new challenge, then its code expires.
    const challenge = await call('POST', `/idp/myaccount/emails/${added.json.id}/challenge`, { token: await token(user.id) });
    await t.database.db
      .update(devIdpChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(devIdpChallenges.id, challenge.json.id));
    const expired = await call('POST', `/idp/myaccount/emails/${added.json.id}/challenge/${challenge.json.id}/verify`, {
      token: await token(user.id),
      body: { verificationCode: '123456' },
    });
    expectOktaError(expired, 400, 'E0000001');
    expect(expired.json.errorSummary).toBe('The verification code has expired.');
    expect(expired.json.errorCauses[0].errorSummary).toMatch(/expired\. Send a new code/);
  });

  it('asks for a recent sign-in before removing an address', async () => {
    const user = await newUser();
    const address = uniqueEmail('stepup');
    const added = await addEmail(user.id, { profile: { email: address }, sendEmail: false, role: 'SECONDARY' });
    const stale = await token(user.id, { authTime: Math.floor(Date.now() / 1000) - 3600 });
    const refused = await call('DELETE', `/idp/myaccount/emails/${added.json.id}`, { token: stale });
    expectOktaError(refused, 403, 'E0000006');
    expect(refused.headers.get('www-authenticate')).toBe(
      'Bearer realm="IdpMyAccountAPI", error="insufficient_authentication_context", error_description="The resource request requires a more recent authentication", max_age=900',
    );
  });
});

describe('phone numbers', () => {
  it('adds a number, texts a code to the outbox, verifies and removes it', async () => {
    const user = await newUser();
    const number = phoneNumber();
    const added = await addPhone(user.id, { profile: { phoneNumber: number }, sendCode: true, method: 'SMS' });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ status: 'UNVERIFIED', profile: { phoneNumber: number } });
    expect(added.json._links).toMatchObject({
      self: { href: `${idp.issuer}/idp/myaccount/phones/${added.json.id}`, hints: { allow: ['GET', 'DELETE'] } },
      challenge: { hints: { allow: ['POST'] } },
      verify: { href: `${idp.issuer}/idp/myaccount/phones/${added.json.id}/verify`, hints: { allow: ['POST'] } },
    });
    const code = await codeFromSms(number);

    // Another code within 30 seconds is refused.
    const tooSoon = await call('POST', `/idp/myaccount/phones/${added.json.id}/challenge`, {
      token: await token(user.id),
      body: { method: 'SMS', retry: true },
    });
    expectOktaError(tooSoon, 429, 'E0000047');
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(0);

    const wrong = await call('POST', `/idp/myaccount/phones/${added.json.id}/verify`, {
      token: await token(user.id),
      body: { verificationCode: code === '000000' ? '111111' : '000000' },
    });
    expectOktaError(wrong, 400, 'E0000001');
    const verified = await call('POST', `/idp/myaccount/phones/${added.json.id}/verify`, { token: await token(user.id), body: { verificationCode: code } });
    expect(verified.status).toBe(204);
    const listed = await call('GET', '/idp/myaccount/phones', { token: await token(user.id, { scope: 'okta.myAccount.phone.read' }) });
    expect(listed.json).toEqual([expect.objectContaining({ id: added.json.id, status: 'VERIFIED', profile: { phoneNumber: number } })]);
    expect(listed.json[0]._links.verify).toBeUndefined();

    const stale = await token(user.id, { authTime: Math.floor(Date.now() / 1000) - 3600 });
    expectOktaError(await call('DELETE', `/idp/myaccount/phones/${added.json.id}`, { token: stale }), 403, 'E0000006');
    expect((await call('DELETE', `/idp/myaccount/phones/${added.json.id}`, { token: await token(user.id) })).status).toBe(204);
    expect((await call('GET', '/idp/myaccount/phones', { token: await token(user.id) })).json).toEqual([]);
  });

  it('sends a code on challenge, and refuses an expired one', async () => {
    const user = await newUser();
    const number = phoneNumber();
    const added = await addPhone(user.id, { profile: { phoneNumber: number }, sendCode: false, method: 'SMS' });
    expectOktaError(
      await call('POST', `/idp/myaccount/phones/${added.json.id}/verify`, { token: await token(user.id), body: { verificationCode: '123456' } }),
      400,
      'E0000001',
    );
    const challenge = await call('POST', `/idp/myaccount/phones/${added.json.id}/challenge`, { token: await token(user.id), body: { method: 'SMS' } });
    expect(challenge.status).toBe(200);
    expect(challenge.json._links.verify.href).toBe(`${idp.issuer}/idp/myaccount/phones/${added.json.id}/verify`);
    expect(Date.parse(challenge.json.expiresAt) - Date.now()).toBeGreaterThan(4 * 60_000);
    const code = await codeFromSms(number);
    await t.database.db
      .update(devIdpChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(devIdpChallenges.targetId, added.json.id));
    const expired = await call('POST', `/idp/myaccount/phones/${added.json.id}/verify`, { token: await token(user.id), body: { verificationCode: code } });
    expect(expired.json.errorSummary).toBe('The verification code has expired.');
  });

  it('refuses numbers not in E.164, CALL, duplicates and other users’ numbers by id', async () => {
    const user = await newUser();
    const bad = await addPhone(user.id, { profile: { phoneNumber: '0415 555 0100' }, method: 'SMS' });
    expectOktaError(bad, 400, 'E0000001');
    expect(bad.json.errorCauses[0]).toMatchObject({ location: 'phoneNumber', errorSummary: expect.stringMatching(/E\.164/) });
    const call_ = await addPhone(user.id, { profile: { phoneNumber: phoneNumber() }, method: 'CALL' });
    expect(call_.json.errorCauses[0].location).toBe('method');
    const number = phoneNumber();
    const first = await addPhone(user.id, { profile: { phoneNumber: number }, method: 'SMS' });
    expect(first.status).toBe(201);
    const duplicate = await addPhone(user.id, { profile: { phoneNumber: number }, method: 'SMS' });
    expect(duplicate.json.errorCauses[0].errorSummary).toMatch(/already on your account/);

    const stranger = await newUser('stranger');
    expectOktaError(await call('GET', `/idp/myaccount/phones/${first.json.id}`, { token: await token(stranger.id) }), 404, 'E0000007');
    expectOktaError(await call('DELETE', `/idp/myaccount/phones/${first.json.id}`, { token: await token(stranger.id) }), 404, 'E0000007');
  });
});

describe('password', () => {
  it('reads, changes with the policy, removes, and asks for a recent sign-in', async () => {
    const user = await newUser();
    const read = await call('GET', '/idp/myaccount/password', { token: await token(user.id) });
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ id: expect.any(String), status: 'ACTIVE', created: expect.any(String), lastUpdated: expect.any(String) });
    expect(read.json._links.self).toEqual({ href: `${idp.issuer}/idp/myaccount/password`, hints: { allow: ['GET', 'PUT', 'DELETE'] } });

    const weak = await call('PUT', '/idp/myaccount/password', { token: await token(user.id), body: { profile: { password: 'short' } } });
    expectOktaError(weak, 400, 'E0000001');
    expect(weak.json.errorCauses[0].errorSummary).toMatch(/at least 12 characters/);
    const common = await call('PUT', '/idp/myaccount/password', { token: await token(user.id), body: { profile: { password: '123456qwerty' } } });
    expect(common.json.errorCauses[0].errorSummary).toMatch(/most common passwords/);
    const wrongCurrent = await call('PUT', '/idp/myaccount/password', {
      token: await token(user.id),
      body: { profile: { password: 'a-new-long-passphrase-77', currentPassword: 'nope' } },
    });
    expect(wrongCurrent.json.errorCauses[0].location).toBe('currentPassword');

    const stale = await token(user.id, { authTime: Math.floor(Date.now() / 1000) - 1000 });
    const stepUp = await call('PUT', '/idp/myaccount/password', { token: stale, body: { profile: { password: 'a-new-long-passphrase-77' } } });
    expectOktaError(stepUp, 403, 'E0000006');
    expect(stepUp.headers.get('www-authenticate')).toMatch(/error="insufficient_authentication_context".*max_age=900$/);

    const changed = await call('PUT', '/idp/myaccount/password', { token: await token(user.id), body: { profile: { password: 'a-new-long-passphrase-77' } } });
    expect(changed.status).toBe(200);
    expect(Date.parse(changed.json.lastUpdated)).toBeGreaterThanOrEqual(Date.parse(read.json.lastUpdated));

    // Enrolling while a password is set is refused.
    expectOktaError(
      await call('POST', '/idp/myaccount/password', { token: await token(user.id), body: { profile: { password: 'another-long-passphrase-8' } } }),
      400,
      'E0000001',
    );

    expectOktaError(await call('DELETE', '/idp/myaccount/password', { token: stale }), 403, 'E0000006');
    expect((await call('DELETE', '/idp/myaccount/password', { token: await token(user.id) })).status).toBe(204);
    const after = await call('GET', '/idp/myaccount/password', { token: await token(user.id) });
    expect(after.json).toMatchObject({ status: 'NOT_ENROLLED', _links: { enroll: { hints: { allow: ['POST'] } } } });
    expectOktaError(await call('DELETE', '/idp/myaccount/password', { token: await token(user.id) }), 404, 'E0000007');
  });

  it('enrols a password for a user who has none', async () => {
    const email = uniqueEmail('nopassword');
    const [row] = await t.database.db
      .insert(users)
      .values({ firstName: 'No', lastName: 'Password', email, passwordHash: null, isEmailVerified: true })
      .returning();
    const read = await call('GET', '/idp/myaccount/password', { token: await token(row!.id) });
    expect(read.json).toMatchObject({
      status: 'NOT_ENROLLED',
      _links: { enroll: { href: `${idp.issuer}/idp/myaccount/password`, hints: { allow: ['POST'] } } },
    });
    expectOktaError(
      await call('PUT', '/idp/myaccount/password', { token: await token(row!.id), body: { profile: { password: 'a-new-long-passphrase-77' } } }),
      400,
      'E0000001',
    );
    const enrolled = await call('POST', '/idp/myaccount/password', {
      token: await token(row!.id),
      body: { profile: { password: 'a-new-long-passphrase-77' } },
    });
    expect(enrolled.status).toBe(201);
    expect(enrolled.json.status).toBe('ACTIVE');
  });
});
