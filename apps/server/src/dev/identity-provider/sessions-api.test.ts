import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeCode, startTestAppWithProvider } from '../../../test/identity-provider.ts';
import { decodeJwt } from 'jose';
import { users } from '../../db/schema/identity.ts';
import { hashPassword } from '../../lib/password-policy.ts';
import { STRONG_PASSWORD, uniqueEmail, type TestApp } from '../../../test/harness.ts';
import { DEV_IDP_RESOURCE, type DevelopmentIdentityProvider } from './dev-identity-provider.ts';
import { MY_ACCOUNT_SCOPES } from './my-account-api.ts';
import { ProviderBrowser } from '../../../test/provider-browser.ts';

// The provider session through real sign-ins: access tokens carrying the MyAccount scopes, auth_time and sid,
// the Sessions API (cookie or bearer), step-up with max_age, and signing in with what the MyAccount API changed.

const APP_ORIGIN = 'http://localhost:3000';
const REDIRECT_URI = `${APP_ORIGIN}/login/okta_callback`;
const ACCEPT = 'application/json; okta-version=1.0.0';
const SCOPE = ['openid', 'email', 'profile', ...MY_ACCOUNT_SCOPES].join(' ');

let t: TestApp;
let idp: DevelopmentIdentityProvider;

beforeAll(async () => {
  ({ t, idp } = await startTestAppWithProvider({ PUBLIC_URL: APP_ORIGIN }));
});

afterAll(async () => {
  await idp?.close();
  await t?.close();
});

async function newUser() {
  const email = uniqueEmail('session');
  const [row] = await t.database.db
    .insert(users)
    .values({ firstName: 'Sid', lastName: 'Session', email, passwordHash: await hashPassword(STRONG_PASSWORD), isEmailVerified: true })
    .returning();
  return { id: row!.id, email, password: STRONG_PASSWORD };
}

interface TokenSet {
  id_token: string;
  access_token: string;
  refresh_token?: string;
}

/** The provider's authorization URL as okta-auth-js builds it: PKCE (S256) with this challenge. */
function authorizeUrl(codeChallenge: string, extra: Record<string, string> = {}): string {
  const url = new URL(`${idp.issuer}/auth`);
  url.search = new URLSearchParams({
    client_id: t.config.OIDC_CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: SCOPE,
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
    ...extra,
  }).toString();
  return url.toString();
}

/** The authorization-code flow with PKCE as okta-auth-js walks it; `loginShown` tells whether the password was asked. */
async function authorize(browser: ProviderBrowser, credentials: { email: string; password: string }, extra: Record<string, string> = {}) {
  const verifier = randomBytes(48).toString('base64url');
  const url = authorizeUrl(createHash('sha256').update(verifier).digest('base64url'), {
    state: 'state',
    nonce: randomBytes(8).toString('hex'),
    ...extra,
  });
  let result = await browser.follow(await browser.request(url));
  let loginShown = false;
  if (!result.leftTo) {
    const html = await result.response.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no login form: ${html.slice(0, 300)}`);
    loginShown = true;
    const submitted = await browser.request(new URL(action, idp.issuer).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(credentials).toString(),
    });
    if (submitted.status === 401) return { loginShown, rejected: true as const };
    result = await browser.follow(submitted);
  }
  const code = result.leftTo?.searchParams.get('code');
  if (!code) throw new Error(`no code: ${result.leftTo?.href}`);
  const tokens = await exchangeCode(idp.issuer, { code, verifier, clientId: t.config.OIDC_CLIENT_ID, redirectUri: REDIRECT_URI });
  expect(tokens.status).toBe(200);
  return { loginShown, tokens: (await tokens.json()) as TokenSet };
}

async function signIn(browser: ProviderBrowser, credentials: { email: string; password: string }) {
  const result = await authorize(browser, credentials);
  if (!('tokens' in result) || !result.tokens) throw new Error('sign-in refused');
  return result.tokens;
}

async function sessionsMe(method: string, options: { browser?: ProviderBrowser; token?: string; path?: string } = {}) {
  const url = `${idp.issuer}/api/v1/sessions/me${options.path ?? ''}`;
  const headers: Record<string, string> = { accept: ACCEPT, origin: APP_ORIGIN };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = options.browser ? await options.browser.request(url, { method, headers }) : await fetch(url, { method, headers });
  const text = await response.text();
  // The tests read the JSON freely.
  return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : null };
}

describe('access tokens for the MyAccount API', () => {
  it('carry the granted MyAccount scopes, auth_time and sid, and work on the API', async () => {
    const user = await newUser();
    const tokens = await signIn(new ProviderBrowser(idp.issuer), user);
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({ aud: DEV_IDP_RESOURCE, iss: idp.issuer, sub: user.id, sid: expect.any(String), auth_time: expect.any(Number) });
    expect(String(claims.scope).split(' ')).toEqual(expect.arrayContaining([...MY_ACCOUNT_SCOPES]));
    expect(Math.abs(Number(claims.auth_time) - Date.now() / 1000)).toBeLessThan(60);

    const profile = await fetch(`${idp.issuer}/idp/myaccount/profile`, { headers: { accept: ACCEPT, authorization: `Bearer ${tokens.access_token}` } });
    expect(profile.status).toBe(200);

    // Renewed with the refresh token (okta-auth-js' renewTokens): auth_time stays the sign-in's.
    const renewed = await fetch(`${idp.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: t.config.OIDC_CLIENT_ID }),
    });
    const renewedClaims = decodeJwt(((await renewed.json()) as TokenSet).access_token);
    expect(renewedClaims.auth_time).toBe(claims.auth_time);
    expect(renewedClaims.sid).toBe(claims.sid);
  });

  it('puts the provider’s names and PRIMARY e-mail into the ID token', async () => {
    const user = await newUser();
    const browser = new ProviderBrowser(idp.issuer);
    const first = await signIn(browser, user);
    await fetch(`${idp.issuer}/idp/myaccount/profile`, {
      method: 'PUT',
      headers: { accept: ACCEPT, authorization: `Bearer ${first.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ profile: { firstName: 'Sidney', displayName: 'Sid the Tester' } }),
    });
    const again = await signIn(browser, user);
    expect(decodeJwt(again.id_token)).toMatchObject({
      sub: user.id,
      email: user.email,
      email_verified: true,
      given_name: 'Sidney',
      family_name: 'Session',
      name: 'Sid the Tester',
    });
  });
});

describe('GET/DELETE /api/v1/sessions/me', () => {
  it('describes the session of the browser’s cookie and of a bearer token, with CORS for the app', async () => {
    const user = await newUser();
    const browser = new ProviderBrowser(idp.issuer);
    const tokens = await signIn(browser, user);

    const byCookie = await sessionsMe('GET', { browser });
    expect(byCookie.status).toBe(200);
    expect(byCookie.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(byCookie.headers.get('access-control-allow-credentials')).toBe('true');
    expect(byCookie.json).toMatchObject({
      id: expect.any(String),
      login: user.email,
      userId: user.id,
      status: 'ACTIVE',
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      lastPasswordVerification: expect.any(String),
      amr: expect.any(Array),
      idp: { type: 'OKTA' },
      mfaActive: false,
      _links: {
        self: { href: `${idp.issuer}/api/v1/sessions/me`, hints: { allow: ['GET', 'DELETE'] } },
        refresh: { href: `${idp.issuer}/api/v1/sessions/me/lifecycle/refresh`, hints: { allow: ['POST'] } },
      },
    });
    expect(Date.parse(byCookie.json.expiresAt)).toBeGreaterThan(Date.now());

    const byToken = await sessionsMe('GET', { token: tokens.access_token });
    expect(byToken.status).toBe(200);
    expect(byToken.json.id).toBe(byCookie.json.id);

    const refreshed = await sessionsMe('POST', { browser, path: '/lifecycle/refresh' });
    expect(refreshed.status).toBe(200);
    expect(Date.parse(refreshed.json.expiresAt)).toBeGreaterThanOrEqual(Date.parse(byCookie.json.expiresAt));
  });

  it('answers 404 E0000007 without a session, and refuses a token without sessions.manage', async () => {
    const none = await sessionsMe('GET');
    expect(none.status).toBe(404);
    expect(none.json).toMatchObject({ errorCode: 'E0000007', errorSummary: 'Not found: Resource not found: me (Session)' });

    const invalid = await sessionsMe('GET', { token: 'not-a-token' });
    expect(invalid.status).toBe(401);
    expect(invalid.headers.get('www-authenticate')).toMatch(/invalid_token/);

    const user = await newUser();
    const browser = new ProviderBrowser(idp.issuer);
    const verifier = await authorize(browser, user, { scope: 'openid email profile okta.myAccount.profile.read' });
    if (!('tokens' in verifier) || !verifier.tokens) throw new Error('sign-in refused');
    const noScope = await sessionsMe('GET', { token: verifier.tokens.access_token });
    expect(noScope.status).toBe(403);
    expect(noScope.json.errorCode).toBe('E0000006');
    expect(noScope.headers.get('www-authenticate')).toMatch(/insufficient_scope/);

    const wrongMethod = await sessionsMe('PUT', { browser });
    expect(wrongMethod.status).toBe(405);
  });

  it('ends the provider session: the token’s session is gone and the next sign-in asks for the password', async () => {
    const user = await newUser();
    const browser = new ProviderBrowser(idp.issuer);
    const tokens = await signIn(browser, user);
    // Still signed in: no password asked.
    expect((await authorize(browser, user)).loginShown).toBe(false);

    const ended = await sessionsMe('DELETE', { token: tokens.access_token });
    expect(ended.status).toBe(204);
    expect((await sessionsMe('GET', { token: tokens.access_token })).status).toBe(404);
    expect((await sessionsMe('GET', { browser })).status).toBe(404);
    expect((await authorize(browser, user)).loginShown).toBe(true);
  });

  it('asks for the password again when max_age has passed (the step-up sign-in)', async () => {
    const user = await newUser();
    const browser = new ProviderBrowser(idp.issuer);
    await signIn(browser, user);
    // oidc-provider compares max_age with the real clock: the sign-in is made 2 s older in the development store (which
    // hands back the stored payload) instead of waited for.
    const session = await idp.provider.Session.adapter.find(browser.cookie('_session') ?? '');
    if (!session?.loginTs) throw new Error('no provider session after the sign-in');
    session.loginTs -= 2;
    const stepUp = await authorize(browser, user, { max_age: '1' });
    expect(stepUp.loginShown).toBe(true);
    if (!('tokens' in stepUp) || !stepUp.tokens) throw new Error('step-up refused');
    expect(Math.abs(Number(decodeJwt(stepUp.tokens.access_token).auth_time) - Date.now() / 1000)).toBeLessThan(5);
  });
});

describe('classic authn and the session-cookie hand-off', () => {
  const VERIFICATION = `${APP_ORIGIN}/login/okta_verification?returnTo=%2Fprofile%2Fsecurity`;
  const authn = (body: unknown) =>
    fetch(`${idp.issuer}/api/v1/authn`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', origin: APP_ORIGIN },
      body: JSON.stringify(body),
    });
  const handOff = (browser: ProviderBrowser, token: string, redirectUrl: string) =>
    browser.request(`${idp.issuer}/login/sessionCookieRedirect?${new URLSearchParams({ checkAccountSetupComplete: 'true', token, redirectUrl }).toString()}`);

  it('trades the session token of POST /api/v1/authn for the provider’s session cookie, once, and returns to redirectUrl', async () => {
    const user = await newUser();
    const answer = await authn({ username: user.email, password: user.password, options: { warnBeforePasswordExpired: true } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    const body = (await answer.json()) as { sessionToken: string; expiresAt: string };
    expect(body).toMatchObject({
      status: 'SUCCESS',
      sessionToken: expect.stringMatching(/^[\w-]{20,}$/),
      _embedded: { user: { id: user.id, profile: { login: user.email, firstName: 'Sid', lastName: 'Session' } } },
    });
    expect(Date.parse(body.expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);

    const browser = new ProviderBrowser(idp.issuer);
    const redirected = await handOff(browser, body.sessionToken, VERIFICATION);
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('location')).toBe(VERIFICATION);
    expect(browser.cookie('_session')).toBeTruthy();
    const session = await sessionsMe('GET', { browser });
    expect(session.status).toBe(200);
    expect(session.json).toMatchObject({ userId: user.id, login: user.email, status: 'ACTIVE', amr: ['pwd'] });
    // The cookie is the provider's sign-in: single sign-on from /login/okta_verification asks no password.
    expect((await authorize(browser, user)).loginShown).toBe(false);

    // One-time: spent tokens and made-up ones are refused, and set no cookie.
    const again = new ProviderBrowser(idp.issuer);
    const reused = await handOff(again, body.sessionToken, VERIFICATION);
    expect(reused.status).toBe(401);
    expect(reused.headers.get('location')).toBeNull();
    expect(await reused.text()).toContain('This sign-in link has expired or was already used.');
    expect((await handOff(again, 'made-up-token', VERIFICATION)).status).toBe(401);
    expect(again.cookie('_session')).toBeUndefined();
  });

  it('refuses a redirectUrl outside the app (an open redirect) without spending the token', async () => {
    const user = await newUser();
    const { sessionToken } = (await (await authn({ username: user.email, password: user.password })).json()) as { sessionToken: string };
    const browser = new ProviderBrowser(idp.issuer);
    for (const redirectUrl of ['https://evil.example/login/okta_verification', `${APP_ORIGIN}@evil.example/`, '//evil.example/', 'javascript:alert(1)', '']) {
      const refused = await handOff(browser, sessionToken, redirectUrl);
      expect(refused.status).toBe(400);
      expect(refused.headers.get('location')).toBeNull();
      expect(await refused.text()).toContain('The redirectUrl must be an address of the Rampart app this provider serves.');
    }
    expect(browser.cookie('_session')).toBeUndefined();
    expect((await handOff(browser, sessionToken, `${APP_ORIGIN}/profile/security`)).headers.get('location')).toBe(`${APP_ORIGIN}/profile/security`);
  });

  it('answers wrong credentials with E0000004 and missing ones with E0000001, as Okta does', async () => {
    const user = await newUser();
    const wrong = await authn({ username: user.email, password: 'not-the-password-at-all' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ errorCode: 'E0000004', errorSummary: 'Authentication failed', errorCauses: [] });
    const unknown = await authn({ username: uniqueEmail('nobody'), password: user.password });
    expect(unknown.status).toBe(401);
    const missing = await authn({ username: user.email });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ errorCode: 'E0000001', errorCauses: [{ location: 'password' }] });
    const notJson = await fetch(`${idp.issuer}/api/v1/authn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(notJson.status).toBe(400);
    expect((await fetch(`${idp.issuer}/api/v1/authn`)).status).toBe(405);
  });
});

describe('signing in with what the MyAccount API changed', () => {
  it('signs in with the new PRIMARY e-mail and the new password only', async () => {
    const user = await newUser();
    const tokens = await signIn(new ProviderBrowser(idp.issuer), user);
    const headers = { accept: ACCEPT, authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' };
    const next = uniqueEmail('moved');
    const added = (await (
      await fetch(`${idp.issuer}/idp/myaccount/emails`, { method: 'POST', headers, body: JSON.stringify({ profile: { email: next }, role: 'PRIMARY' }) })
    ).json()) as {
      _links: { verify: { href: string } };
    };
    const mail = await t.smtp.waitFor(next, /Confirm your e-mail address/);
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    expect((await fetch(added._links.verify.href, { method: 'POST', headers, body: JSON.stringify({ verificationCode: code }) })).status).toBe(204);
    const password = 'a-brand-new-passphrase-19';
    expect((await fetch(`${idp.issuer}/idp/myaccount/password`, { method: 'PUT', headers, body: JSON.stringify({ profile: { password } }) })).status).toBe(200);

    expect(await authorize(new ProviderBrowser(idp.issuer), { email: user.email, password })).toMatchObject({ rejected: true });
    expect(await authorize(new ProviderBrowser(idp.issuer), { email: next, password: user.password })).toMatchObject({ rejected: true });
    const signedIn = await signIn(new ProviderBrowser(idp.issuer), { email: next, password });
    expect(decodeJwt(signedIn.id_token)).toMatchObject({ sub: user.id, email: next });
  });
});

describe('signing in without a password', () => {
  it('e-mails a sign-in code to the primary address once the password is removed', async () => {
    const user = await newUser();
    const tokens = await signIn(new ProviderBrowser(idp.issuer), user);
    const removed = await fetch(`${idp.issuer}/idp/myaccount/password`, {
      method: 'DELETE',
      headers: { accept: ACCEPT, authorization: `Bearer ${tokens.access_token}` },
    });
    expect(removed.status).toBe(204);
    expect(await authorize(new ProviderBrowser(idp.issuer), user)).toMatchObject({ rejected: true });

    const browser = new ProviderBrowser(idp.issuer);
    const login = await browser.follow(await browser.request(authorizeUrl('x'.repeat(43))));
    const loginHtml = await login.response.text();
    const codeLink = /href="(\/interaction\/[\w-]+\/code)"/.exec(loginHtml)?.[1];
    expect(loginHtml).toContain('E-mail me a sign-in code instead');
    const requestPage = await browser.request(new URL(codeLink!, idp.issuer).toString());
    expect(await requestPage.text()).toContain('<label for="email">E-mail</label>');
    const form = (body: Record<string, string>) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body).toString(),
    });
    const entry = await browser.request(new URL(codeLink!, idp.issuer).toString(), form({ email: user.email }));
    const entryHtml = await entry.text();
    expect(entryHtml).toContain('<label for="code">Sign-in code</label>');
    const mail = await t.smtp.waitFor(user.email, /Your sign-in code/);
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;

    // An unknown address gets the same page and no mail.
    const stranger = uniqueEmail('nobody');
    const unknown = await browser.request(new URL(codeLink!, idp.issuer).toString(), form({ email: stranger }));
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toContain('<label for="code">Sign-in code</label>');
    expect(t.smtp.countTo(stranger)).toBe(0);

    const wrong = await browser.request(
      new URL(`${codeLink}/verify`, idp.issuer).toString(),
      form({ email: user.email, code: code === '000000' ? '111111' : '000000' }),
    );
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('This code is not correct.');
    const right = await browser.request(new URL(`${codeLink}/verify`, idp.issuer).toString(), form({ email: user.email, code }));
    const back = await browser.follow(right);
    expect(back.leftTo?.searchParams.get('code')).toBeTruthy();
  });
});

describe('/dev/sms', () => {
  it('lists the texts newest first as HTML and JSON', async () => {
    const user = await newUser();
    const tokens = await signIn(new ProviderBrowser(idp.issuer), user);
    const number = `+4477009${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;
    const added = await fetch(`${idp.issuer}/idp/myaccount/phones`, {
      method: 'POST',
      headers: { accept: ACCEPT, authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ profile: { phoneNumber: number }, sendCode: true, method: 'SMS' }),
    });
    expect(added.status).toBe(201);

    // The app serves it whenever the development provider runs, SMTP or not (this app has an SMTP server).
    const list = (await (await fetch(`${t.baseUrl}/dev/sms.json`)).json()) as Array<{ id: string; to: string; body: string; sentAt: string }>;
    const mine = list.find((message) => message.to === number);
    expect(mine).toMatchObject({
      id: expect.any(String),
      body: expect.stringMatching(/code is \d{6}\. It expires in 5 minutes\./),
      sentAt: expect.any(String),
    });
    const times = list.map((message) => Date.parse(message.sentAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const page = await fetch(`${t.baseUrl}/dev/sms`);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('<h1>Development SMS outbox</h1>');
    expect(html).toContain(`To ${number}`);
    expect(html).toContain(mine!.body);
  });
});
