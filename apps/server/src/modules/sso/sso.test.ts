import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeCode, startTestAppWithProvider } from '../../../test/identity-provider.ts';
import { decodeJwt, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { users } from '../../db/schema/identity.ts';
import { hashPassword } from '../../lib/password-policy.ts';
import { DEV_IDP_RESOURCE, type DevelopmentIdentityProvider } from '../../dev/identity-provider/dev-identity-provider.ts';
import { errorCode, freePort, STRONG_PASSWORD, uniqueEmail, type TestApp } from '../../../test/harness.ts';
import { ACCOUNT_MANAGEMENT_SCOPES } from './sso-config.ts';
import { createSsoService } from './sso.service.ts';
import { ProviderBrowser } from '../../../test/provider-browser.ts';

const APP_ORIGIN = 'http://localhost:3000';
const REDIRECT_URI = `${APP_ORIGIN}/login/okta_callback`;

const SSO_CONFIGURATION = `{ ssoConfiguration { issuer clientId scopes authorizeUrl tokenUrl userinfoUrl revokeUrl logoutUrl isDevelopmentProvider accountManagement } }`;
const LOGIN_WITH_OKTA = `mutation($token: String!) { loginWithOkta(token: $token) { csrfToken expiryDate user { id email } } }`;
const START_SSO = `mutation { startSsoSignIn { nonce state expiresAt } }`;
const ME = `{ me { id email } }`;

let t: TestApp;
let idp: DevelopmentIdentityProvider;
let signingKey: JWK;
const user = { email: uniqueEmail('sso'), password: STRONG_PASSWORD };

beforeAll(async () => {
  ({ t, idp, signingKey } = await startTestAppWithProvider({ PUBLIC_URL: APP_ORIGIN }));
  await t.database.db.insert(users).values({
    firstName: 'Sam',
    lastName: 'Single',
    email: user.email.toUpperCase(), // the provider matches e-mails case-insensitively
    passwordHash: await hashPassword(user.password),
    isEmailVerified: true,
  });
});

afterAll(async () => {
  await idp?.close();
  await t?.close();
});

function pkcePair() {
  const verifier = randomBytes(48).toString('base64url'); // 64 characters, within 43–128
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

interface TokenSet {
  id_token: string;
  access_token: string;
  refresh_token?: string;
}

/** Starts a sign-in as the web client does before leaving for the provider: the nonce and state, and the browser's cookie. */
async function startAttempt(client = t.client()) {
  const data = await client.ok(START_SSO);
  return { client, nonce: data.startSsoSignIn.nonce as string, state: data.startSsoSignIn.state as string };
}

/** Walks the authorization-code flow with PKCE the way okta-auth-js does, submitting the login form. */
async function signInAtProvider(
  credentials: { email: string; password: string },
  browser = new ProviderBrowser(idp.issuer),
  attempt: { nonce: string; state: string } = { nonce: randomBytes(16).toString('hex'), state: randomBytes(16).toString('hex') },
) {
  const { verifier, challenge } = pkcePair();
  const { state, nonce } = attempt;
  const authorize = new URL(`${idp.issuer}/auth`);
  authorize.search = new URLSearchParams({
    client_id: t.config.OIDC_CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();

  const loginPage = await browser.follow(await browser.request(authorize.toString()));
  expect(loginPage.response.status).toBe(200);
  const html = await loginPage.response.text();
  expect(html).toContain('<title>Rampart development identity provider</title>');
  expect(html).toMatch(/<label for="email">E-mail<\/label>/);
  expect(html).toMatch(/<label for="password">Password<\/label>/);
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('no login form');

  const submitted = await browser.request(new URL(action.replace(/&#38;/g, '&'), idp.issuer).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(credentials).toString(),
  });
  if (submitted.status === 401) return { rejected: await submitted.text() };
  const back = await browser.follow(submitted);
  if (!back.leftTo) throw new Error(`the provider did not redirect back (status ${back.response.status}): ${await back.response.text()}`);
  expect(`${back.leftTo.origin}${back.leftTo.pathname}`).toBe(REDIRECT_URI);
  expect(back.leftTo.searchParams.get('state')).toBe(state);
  const code = back.leftTo.searchParams.get('code');
  if (!code) throw new Error(`no code in ${back.leftTo.href}`);

  const tokenResponse = await exchangeCode(
    idp.issuer,
    { code, verifier, clientId: t.config.OIDC_CLIENT_ID, redirectUri: REDIRECT_URI },
    { origin: APP_ORIGIN },
  );
  expect(tokenResponse.status).toBe(200);
  expect(tokenResponse.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
  return { tokens: (await tokenResponse.json()) as TokenSet, browser };
}

/** A sign-in started by a Rampart client (its nonce) and completed at the provider: the tokens, and that client. */
async function signIn(client = t.client()) {
  const attempt = await startAttempt(client);
  const result = await signInAtProvider(user, new ProviderBrowser(idp.issuer), attempt);
  if (!result.tokens) throw new Error(`login refused: ${result.rejected}`);
  return { ...result, tokens: result.tokens, client, nonce: attempt.nonce };
}

/** True when the client holds a Rampart session cookie (the SSO attempt's cookie is not one). */
const hasSession = (client: { cookie: string | null }) => Boolean(client.cookie?.startsWith('rampart_session='));

/** Signs an ID token with the provider's own key (or another), for claims the provider would never issue. */
async function forgeIdToken(
  claims: JWTPayload,
  options: { key?: JWK; expiresIn?: string | number; issuedAt?: number; issuer?: string; audience?: string } = {},
) {
  const jwk = options.key ?? signingKey;
  const key = await importJWK(jwk, 'RS256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: signingKey.kid })
    .setIssuer(options.issuer ?? idp.issuer)
    .setAudience(options.audience ?? t.config.OIDC_CLIENT_ID)
    .setSubject('00000000-0000-4000-8000-000000000000')
    .setIssuedAt(options.issuedAt ?? now)
    .setExpirationTime(options.expiresIn ?? '10m')
    .sign(key);
}

describe('ssoConfiguration', () => {
  it('describes the development identity provider when no issuer is configured', async () => {
    const data = await t.client().ok(SSO_CONFIGURATION);
    expect(data.ssoConfiguration).toEqual({
      issuer: idp.issuer,
      clientId: 'rampart-dashboard',
      scopes: ['openid', 'email', 'profile', ...ACCOUNT_MANAGEMENT_SCOPES],
      authorizeUrl: `${idp.issuer}/auth`,
      tokenUrl: `${idp.issuer}/token`,
      userinfoUrl: `${idp.issuer}/me`,
      revokeUrl: `${idp.issuer}/token/revocation`,
      logoutUrl: `${idp.issuer}/session/end`,
      isDevelopmentProvider: true,
      accountManagement: true,
    });
  });

  it('matches what the provider publishes in its discovery document', async () => {
    const discovery = (await (await fetch(`${idp.issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    const { ssoConfiguration } = await t.client().ok(SSO_CONFIGURATION);
    expect(discovery).toMatchObject({
      issuer: ssoConfiguration.issuer,
      authorization_endpoint: ssoConfiguration.authorizeUrl,
      token_endpoint: ssoConfiguration.tokenUrl,
      userinfo_endpoint: ssoConfiguration.userinfoUrl,
      revocation_endpoint: ssoConfiguration.revokeUrl,
      end_session_endpoint: ssoConfiguration.logoutUrl,
      code_challenge_methods_supported: ['S256'],
    });
  });

  it('reads an external issuer’s endpoints from its discovery document', async () => {
    const service = createSsoService({ config: { ...t.config, OIDC_ISSUER: idp.issuer } });
    const configuration = await service.configuration();
    expect(configuration).toMatchObject({
      issuer: idp.issuer,
      isDevelopmentProvider: false,
      revokeUrl: `${idp.issuer}/token/revocation`,
      logoutUrl: `${idp.issuer}/session/end`,
    });
  });

  it('reports an unreachable external issuer clearly', async () => {
    const service = createSsoService({ config: { ...t.config, OIDC_ISSUER: `http://127.0.0.1:${await freePort()}` } });
    await expect(service.configuration()).rejects.toThrow(/could not be reached/);
  });
});

describe('loginWithOkta', () => {
  it('opens a session for the user with the verified e-mail of a real ID token', async () => {
    const { tokens, client } = await signIn();
    expect(tokens.id_token).toBeTruthy();
    expect(tokens.refresh_token).toBeTruthy(); // okta-auth-js renews with it
    expect(decodeJwt(tokens.access_token)).toMatchObject({ aud: DEV_IDP_RESOURCE, iss: idp.issuer }); // okta-auth-js decodes it
    expect(decodeJwt(tokens.id_token)).toMatchObject({
      aud: t.config.OIDC_CLIENT_ID,
      email: user.email.toUpperCase(),
      email_verified: true,
      name: 'Sam Single',
    });

    const data = await client.ok(LOGIN_WITH_OKTA, { token: tokens.id_token });
    expect(data.loginWithOkta.user.email.toLowerCase()).toBe(user.email.toLowerCase());
    expect(data.loginWithOkta.csrfToken).toBeTruthy();
    expect(hasSession(client)).toBe(true);
    client.csrfToken = data.loginWithOkta.csrfToken;
    const me = await client.ok(ME);
    expect(me.me.id).toBe(data.loginWithOkta.user.id);

    const sessions = await t.database.pool.query(`select auth_method from sessions where user_id = $1 order by created_at desc limit 1`, [me.me.id]);
    expect(sessions.rows[0]?.auth_method).toBe('sso');
  });

  it('refuses a wrong password on the provider’s login form', async () => {
    const result = await signInAtProvider({ email: user.email, password: 'not-the-right-password' });
    expect(result.rejected).toContain('The e-mail address or password is not correct.');
    expect(result.rejected).toContain('role="alert"');
  });

  // Each token carries the nonce of a sign-in the client started, so only the case itself is wrong.
  const cases: Array<[string, (nonce: string) => Promise<string>, RegExp]> = [
    ['garbage', async () => 'not-a-token', /not a valid ID token/],
    ['an empty token', async () => '  ', /missing/],
    ['a wrong audience', () => forgeIdToken({ email: user.email }, { audience: 'someone-else' }), /different application/],
    [
      'an expired token',
      () => forgeIdToken({ email: user.email }, { issuedAt: Math.floor(Date.now() / 1000) - 7200, expiresIn: Math.floor(Date.now() / 1000) - 3600 }),
      /expired/,
    ],
    ['a wrong issuer', () => forgeIdToken({ email: user.email }, { issuer: 'https://evil.example' }), /not issued by the configured identity provider/],
    [
      'a bad signature',
      async () => {
        const { privateKey } = await generateKeyPair('RS256', { extractable: true });
        return forgeIdToken({ email: user.email }, { key: { ...(await exportJWK(privateKey)), kid: signingKey.kid } });
      },
      /signature is not valid/,
    ],
    ['an unverified e-mail', () => forgeIdToken({ email: user.email, email_verified: false }), /has not verified this e-mail/],
    ['no e-mail', () => forgeIdToken({}), /did not share an e-mail/],
    ['an unknown e-mail', (nonce) => forgeIdToken({ email: uniqueEmail('stranger'), nonce }), /No Rampart user has this e-mail address/],
  ];

  for (const [name, makeToken, message] of cases) {
    it(`answers ${name} with a clear error and no session`, async () => {
      const { client, nonce } = await startAttempt();
      const result = await client.gql(LOGIN_WITH_OKTA, { token: await makeToken(nonce) });
      expect(result.status).toBe(200);
      expect(result.data).toBeNull();
      expect(errorCode(result)).toBe('BAD_USER_INPUT');
      expect(result.errors?.[0]?.message).toMatch(message);
      expect(hasSession(client)).toBe(false);
    });
  }

  it('refuses a token that is too long to be an ID token', async () => {
    const result = await t.client().gql(LOGIN_WITH_OKTA, { token: 'a'.repeat(20_000) });
    expect(errorCode(result)).toBe('BAD_USER_INPUT');
  });
});

describe('an ID token is accepted once, by the browser that started its sign-in', () => {
  const LOGIN_RESULT = `mutation($token: String!) { loginWithOkta(token: $token) { csrfToken user { id } } }`;
  const sessionCount = async (userId: string) =>
    Number((await t.database.pool.query(`select count(*) from sessions where user_id = $1`, [userId])).rows[0].count);

  it('refuses the same ID token a second time, in the same browser and in another', async () => {
    const { tokens, client } = await signIn();
    const ssoCookie = client.cookie;
    const first = (await client.ok(LOGIN_RESULT, { token: tokens.id_token })).loginWithOkta;
    expect(first.csrfToken).toBeTruthy();
    const before = await sessionCount(first.user.id);

    // The test client keeps one cookie (now the session's); a browser sends the sign-in cookie too.
    const again = await client.gql(LOGIN_RESULT, { token: tokens.id_token }, { cookie: `${ssoCookie}; ${client.cookie}` });
    expect(errorCode(again)).toBe('BAD_USER_INPUT');
    expect(again.errors?.[0]?.message).toMatch(/already used/);

    const { client: other } = await startAttempt();
    const elsewhere = await other.gql(LOGIN_RESULT, { token: tokens.id_token });
    expect(errorCode(elsewhere)).toBe('BAD_USER_INPUT');
    expect(hasSession(other)).toBe(false);
    expect(await sessionCount(first.user.id)).toBe(before);
  });

  it('refuses an ID token whose nonce no sign-in started, or without a nonce', async () => {
    const { client } = await startAttempt();
    const unknown = await client.gql(LOGIN_RESULT, { token: await forgeIdToken({ email: user.email, nonce: randomBytes(32).toString('base64url') }) });
    expect(unknown.errors?.[0]?.message).toMatch(/does not belong to a sign-in started in this browser/);
    const none = await client.gql(LOGIN_RESULT, { token: await forgeIdToken({ email: user.email }) });
    expect(none.errors?.[0]?.message).toMatch(/carries no nonce/);
    expect(hasSession(client)).toBe(false);
  });

  it('refuses an ID token of a sign-in another browser started, which can still finish it', async () => {
    const { tokens, client } = await signIn();
    const { client: attacker } = await startAttempt();
    const stolen = await attacker.gql(LOGIN_RESULT, { token: tokens.id_token });
    expect(stolen.errors?.[0]?.message).toMatch(/does not belong to a sign-in started in this browser/);
    const noCookie = await t.client().gql(LOGIN_RESULT, { token: tokens.id_token });
    expect(noCookie.errors?.[0]?.message).toMatch(/does not belong to a sign-in started in this browser/);
    expect(hasSession(attacker)).toBe(false);
    expect((await client.ok(LOGIN_RESULT, { token: tokens.id_token })).loginWithOkta.csrfToken).toBeTruthy();
  });

  it('accepts one of two simultaneous uses of the same ID token', async () => {
    const { tokens, client } = await signIn();
    const results = await Promise.all([client.gql(LOGIN_RESULT, { token: tokens.id_token }), client.gql(LOGIN_RESULT, { token: tokens.id_token })]);
    expect(results.filter((result) => !result.errors).length).toBe(1);
    expect(results.find((result) => result.errors)?.errors?.[0]?.message).toMatch(/already used/);
  });

  it('refuses a sign-in that took too long, and deletes expired attempts when the next one starts', async () => {
    const { client, nonce } = await startAttempt();
    const nonceHash = createHash('sha256').update(nonce).digest('hex');
    await t.database.pool.query(`update sso_sign_in_attempts set expires_at = now() - interval '1 minute' where nonce_hash = $1`, [nonceHash]);
    const late = await client.gql(LOGIN_RESULT, { token: await forgeIdToken({ email: user.email, nonce }) });
    expect(late.errors?.[0]?.message).toMatch(/has expired/);
    await startAttempt(client);
    const expired = await t.database.pool.query(`select count(*) from sso_sign_in_attempts where expires_at < now()`);
    expect(Number(expired.rows[0].count)).toBe(0);
  });

  it('keeps only hashes: neither the nonce nor the browser cookie is stored', async () => {
    const { client, nonce } = await startAttempt();
    const cookieValue = client.cookie!.split('=')[1]!;
    const stored = await t.database.pool.query(`select count(*) from sso_sign_in_attempts where nonce_hash = $1 or browser_hash = $2`, [nonce, cookieValue]);
    expect(Number(stored.rows[0].count)).toBe(0);
    expect(client.cookie).toMatch(/^rampart_sso=/);
  });
});

describe('userinfo', () => {
  it('answers the access token of a real sign-in with the user’s claims at the URL ssoConfiguration hands out', async () => {
    const { tokens } = await signIn();
    const { ssoConfiguration } = await t.client().ok(SSO_CONFIGURATION);
    const response = await fetch(ssoConfiguration.userinfoUrl, { headers: { authorization: `Bearer ${tokens.access_token}`, origin: APP_ORIGIN } });
    expect(response.status).toBe(200);
    expect(decodeJwt(tokens.access_token).scope).toEqual(expect.stringContaining('openid'));
    expect(response.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(await response.json()).toEqual({
      sub: decodeJwt(tokens.id_token).sub,
      email: user.email.toUpperCase(),
      email_verified: true,
      name: 'Sam Single',
      given_name: 'Sam',
      family_name: 'Single',
    });
  });

  it('refuses a token it did not issue, as invalid_token', async () => {
    const { ssoConfiguration } = await t.client().ok(SSO_CONFIGURATION);
    const forged = await forgeIdToken({ email: user.email }, { audience: DEV_IDP_RESOURCE });
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const foreign = await forgeIdToken({ scope: 'openid' }, { audience: DEV_IDP_RESOURCE, key: { ...(await exportJWK(privateKey)), kid: signingKey.kid } });
    for (const token of [foreign, 'not.a.token']) {
      const response = await fetch(ssoConfiguration.userinfoUrl, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toContain('invalid_token');
    }
    // Signed by the provider for the resource, but without the openid scope.
    const noOpenid = await fetch(ssoConfiguration.userinfoUrl, { headers: { authorization: `Bearer ${forged}` } });
    expect(noOpenid.status).toBe(403);
    expect(noOpenid.headers.get('www-authenticate')).toContain('insufficient_scope');
  });
});

describe('signing out of the provider', () => {
  it('revokes the refresh token', async () => {
    const { tokens } = await signIn();
    const form = (token: string, extra: Record<string, string> = {}) => new URLSearchParams({ token, client_id: t.config.OIDC_CLIENT_ID, ...extra }).toString();
    const revoked = await fetch(`${idp.issuer}/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: APP_ORIGIN },
      body: form(tokens.refresh_token!, { token_type_hint: 'refresh_token' }),
    });
    expect(revoked.status).toBe(200);
    const refresh = await fetch(`${idp.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: t.config.OIDC_CLIENT_ID }).toString(),
    });
    expect(refresh.status).toBe(400);
  });

  it('ends the provider session with the id token hint and returns to the post-logout address', async () => {
    const { tokens, browser } = await signIn();
    const endSession = new URL(`${idp.issuer}/session/end`);
    endSession.search = new URLSearchParams({ id_token_hint: tokens.id_token, post_logout_redirect_uri: `${APP_ORIGIN}/login`, state: 'bye' }).toString();
    const page = await browser.request(endSession.toString());
    expect(page.status).toBe(200);
    const html = await page.text();
    // The confirmation submits itself: the app already decided to sign out.
    expect(html).toContain(`document.getElementById('op.logoutForm').submit()`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]));
    expect(fields.logout).toBe('yes');
    const confirmed = await browser.request(new URL(action!, idp.issuer).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    const back = await browser.follow(confirmed);
    expect(back.leftTo?.toString()).toBe(`${APP_ORIGIN}/login?state=bye`);

    // Signed out at the provider: the next authorization asks for the password again.
    const again = await signInAtProvider(user, browser);
    expect(again.tokens?.id_token).toBeTruthy();
  });
});
