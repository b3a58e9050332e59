import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ApiClient, errorCode, startTestApp, STRONG_PASSWORD, totpNow, uniqueEmail, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'error' });
});
afterAll(async () => {
  await t.close();
});

const SIGNUP = `mutation Signup($firstName: String!, $lastName: String!, $jobTitle: String!, $email: String!, $password: String!, $referralLink: String) {
  signup(firstName: $firstName, lastName: $lastName, jobTitle: $jobTitle, email: $email, password: $password, referralLink: $referralLink) { email }
}`;
const CONFIRM = `mutation($email: String!, $code: String!) { confirmSignupEmail(email: $email, confirmationCode: $code) { csrfToken expiryDate user { id email name isEmailVerified } } }`;
const ME = `{ me { id email name isOtpEnabled adminRole permissions preferredCurrencyCode memberships { id } } }`;

async function userCount(email: string): Promise<number> {
  const result = await t.database.pool.query('select count(*)::int as n from users where lower(email) = lower($1)', [email]);
  return result.rows[0].n;
}

function codeFrom(text: string): string {
  const match = /code is (\d{6})/.exec(text);
  if (!match) throw new Error(`no code in ${text}`);
  return match[1]!;
}

function linkFrom(text: string, path: string): string {
  const match = new RegExp(`https?://[^\\s]+${path.replace('?', '\\?')}[^\\s]*`).exec(text);
  if (!match) throw new Error(`no ${path} link in ${text}`);
  return match[0];
}

/** Signs a new user up through the real flow, up to the e-mailed confirmation code (not entered yet). */
async function signedUpAwaitingCode(prefix?: string, password = STRONG_PASSWORD) {
  const email = uniqueEmail(prefix);
  const client = t.client();
  await client.ok(SIGNUP, { firstName: 'Ada', lastName: 'Lovelace', jobTitle: 'Software Engineer', email, password });
  const code = codeFrom((await t.smtp.waitFor(email, /confirmation code/)).text);
  return { email, client, code };
}

/** Signs a new user up through the real flow and returns a signed-in client. */
async function signedUpUser(password = STRONG_PASSWORD) {
  const { email, client, code } = await signedUpAwaitingCode(undefined, password);
  const data = await client.ok<{ confirmSignupEmail: { csrfToken: string } }>(CONFIRM, { email, code });
  client.csrfToken = data.confirmSignupEmail.csrfToken;
  return { email, client, password };
}

describe('sign-up', () => {
  it('e-mails a code that confirms the address and opens a session', async () => {
    const email = uniqueEmail('signup');
    const client = t.client();
    const jobTitles = await client.ok<{ jobTitles: string[] }>('{ jobTitles }');
    expect(jobTitles.jobTitles).toContain('Software Engineer');
    const signup = await client.ok(SIGNUP, {
      firstName: 'Grace',
      lastName: 'Hopper',
      jobTitle: 'Software Engineer',
      email,
      password: STRONG_PASSWORD,
      referralLink: 'https://partner.example/ref/42',
    });
    expect(signup.signup.email).toBe(email);
    expect(errorCode(await client.gql(ME))).toBe('UNAUTHENTICATED');

    const mail = await t.smtp.waitFor(email, /confirmation code/);
    const confirmed = await client.ok(CONFIRM, { email, code: codeFrom(mail.text) });
    expect(confirmed.confirmSignupEmail.user).toMatchObject({ email, name: 'Grace Hopper', isEmailVerified: true });
    expect(new Date(confirmed.confirmSignupEmail.expiryDate).getTime()).toBeGreaterThan(Date.now());
    expect(client.cookie).toMatch(/^rampart_session=/);
    client.csrfToken = confirmed.confirmSignupEmail.csrfToken;
    const me = await client.ok(ME);
    expect(me.me).toMatchObject({ email, adminRole: null, permissions: [], preferredCurrencyCode: 'usd', memberships: [] });
  });

  it.each([
    ['a malformed e-mail', { email: 'not-an-email' }, 'email', /valid e-mail/],
    ['a short password', { password: 'short-pass' }, 'password', /at least 12/],
    ['a common password', { password: '123456qwerty' }, 'password', /most common passwords/],
    ['a password over 128 characters', { password: 'x'.repeat(129) }, 'password', /at most 128/],
    ['an oversized first name', { firstName: 'A'.repeat(1000) }, 'firstName', /at most 100/i],
    ['an oversized e-mail', { email: `${'a'.repeat(300)}@example.com` }, 'email', /at most 254/],
    ['an unknown job title', { jobTitle: 'Wizard' }, 'jobTitle', /job title/],
    ['an empty last name', { lastName: '   ' }, 'lastName', /Required/],
  ])('refuses %s with a field error and creates nothing', async (_label, change, field, message) => {
    const email = uniqueEmail('bad');
    const variables = { firstName: 'Bad', lastName: 'Input', jobTitle: 'Other', email, password: STRONG_PASSWORD, ...change };
    const result = await t.client().gql(SIGNUP, variables);
    expect(result.status).toBe(200);
    expect(errorCode(result)).toBe('BAD_USER_INPUT');
    expect(result.errors![0]!.extensions!.fields![field]).toMatch(message);
    expect(JSON.stringify(result)).not.toMatch(/at .*\.ts:\d+|stack/i);
    expect(await userCount(String(variables.email))).toBe(0);
  });

  it('gives the same answer for an e-mail that already has an account, and tells its owner by mail', async () => {
    const { email } = await signedUpUser();
    const before = t.smtp.countTo(email);
    const again = await t.client().ok(SIGNUP, { firstName: 'Eve', lastName: 'Intruder', jobTitle: 'Other', email, password: 'another-strong-password-1' });
    expect(again.signup.email).toBe(email);
    await t.smtp.waitFor(email, /already have/);
    expect(t.smtp.countTo(email)).toBe(before + 1);
    // The original password still works: the second sign-up changed nothing.
    const client = t.client();
    expect((await client.login(email, STRONG_PASSWORD)).csrfToken).toBeTruthy();
  });

  it('refuses a wrong code, an expired code and a replaced code', async () => {
    const { email, client, code: first } = await signedUpAwaitingCode('codes');
    const wrong = first === '000000' ? '111111' : '000000';
    const wrongResult = await client.gql(CONFIRM, { email, code: wrong });
    expect(errorCode(wrongResult)).toBe('BAD_USER_INPUT');
    expect(wrongResult.errors![0]!.message).toMatch(/not correct/);
    expect(errorCode(await client.gql(CONFIRM, { email, code: '12ab' }))).toBe('BAD_USER_INPUT');

    await client.ok('mutation($email: String!) { resendSignupEmail(email: $email) }', { email });
    await t.smtp.waitFor(email, /confirmation code/);
    const mails = t.smtp.messages.filter((mail) => mail.to === email);
    const second = codeFrom(mails[mails.length - 1]!.text);
    const replaced = await client.gql(CONFIRM, { email, code: first });
    expect(errorCode(replaced)).toBe('BAD_USER_INPUT');

    await t.database.pool.query(
      `update user_tokens set expires_at = now() - interval '1 minute' where user_id = (select id from users where email = $1) and used_at is null`,
      [email],
    );
    const expired = await client.gql(CONFIRM, { email, code: second });
    expect(expired.errors![0]!.message).toMatch(/expired/);
    expect((await t.database.pool.query('select is_email_verified from users where email = $1', [email])).rows[0].is_email_verified).toBe(false);
  });

  it('locks a code after five wrong attempts', async () => {
    const { email, client, code } = await signedUpAwaitingCode('attempts');
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i += 1) await client.gql(CONFIRM, { email, code: wrong });
    const locked = await client.gql(CONFIRM, { email, code });
    expect(locked.errors![0]!.message).toMatch(/Too many wrong attempts/);
  });
});

describe('login', () => {
  it('opens a session with a new id at every login and answers the same for unknown e-mails', async () => {
    const { email } = await signedUpUser();
    const a = t.client();
    const b = t.client();
    const first = await a.login(email, STRONG_PASSWORD);
    await b.login(email, STRONG_PASSWORD);
    expect(first.preAuthenticated).toBe(false);
    expect(a.cookie).not.toBe(b.cookie);
    expect((await a.ok(ME)).me.email).toBe(email);

    const wrongPassword = await t.client('10.0.0.1').gql('mutation { login(email: "' + email + '", password: "wrong-password-123") { csrfToken } }');
    const unknownEmail = await t
      .client('10.0.0.1')
      .gql('mutation { login(email: "' + uniqueEmail('ghost') + '", password: "wrong-password-123") { csrfToken } }');
    expect(errorCode(wrongPassword)).toBe('BAD_USER_INPUT');
    expect(wrongPassword.errors![0]!.message).toBe(unknownEmail.errors![0]!.message);
  });

  it('e-mails a new code to a user who signs in before confirming, and that code confirms the address', async () => {
    const email = uniqueEmail('unconfirmed');
    const client = t.client();
    await client.ok(SIGNUP, { firstName: 'Una', lastName: 'Confirmed', jobTitle: 'Software Engineer', email, password: STRONG_PASSWORD });
    await t.smtp.waitFor(email, /confirmation code/);
    const before = t.smtp.messages.filter((mail) => mail.to === email).length;
    const login = await client.gql('mutation($e: String!, $p: String!) { login(email: $e, password: $p) { csrfToken } }', { e: email, p: STRONG_PASSWORD });
    expect(login.errors?.[0]?.extensions?.emailNotVerified).toBe(true);
    await expect.poll(() => t.smtp.messages.filter((mail) => mail.to === email).length).toBe(before + 1);
    const latest = t.smtp.messages.filter((mail) => mail.to === email).at(-1)!;
    expect(latest.subject).toMatch(/confirmation code/);
    const data = await client.ok<{ confirmSignupEmail: { csrfToken: string } }>(CONFIRM, { email, code: codeFrom(latest.text) });
    expect(data.confirmSignupEmail.csrfToken).toBeTruthy();
  });

  it('refuses a malformed login with a field error', async () => {
    const result = await t.client().gql('mutation { login(email: "nope", password: "") { csrfToken } }');
    expect(errorCode(result)).toBe('BAD_USER_INPUT');
    expect(Object.keys(result.errors![0]!.extensions!.fields!)).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('throttles repeated failures per account, even with the right password', async () => {
    const { email } = await signedUpUser();
    for (let i = 0; i < 10; i += 1) {
      await t.client(`10.1.0.${i + 1}`).gql(`mutation { login(email: "${email}", password: "wrong-password-${i}x") { csrfToken } }`);
    }
    const blocked = await t.client('10.1.1.1').gql(`mutation { login(email: "${email}", password: "${STRONG_PASSWORD}") { csrfToken } }`);
    expect(errorCode(blocked)).toBe('RATE_LIMITED');
    expect(blocked.errors![0]!.message).toMatch(/Too many failed sign-in attempts/);
  });

  it('throttles repeated failures per IP address', async () => {
    const ip = '10.2.0.1';
    await t.database.pool.query(`insert into login_failures (email, ip_address) select 'x' || g || '@example.com', $1 from generate_series(1, 100) g`, [ip]);
    const { email } = await signedUpUser();
    const blocked = await t.client(ip).gql(`mutation { login(email: "${email}", password: "${STRONG_PASSWORD}") { csrfToken } }`);
    expect(errorCode(blocked)).toBe('RATE_LIMITED');
    expect((await t.client('10.2.0.2').login(email, STRONG_PASSWORD)).csrfToken).toBeTruthy();
  });

  it('signs out: the session stops working', async () => {
    const { client } = await signedUpUser();
    expect(await client.ok('mutation { logout }')).toEqual({ logout: true });
    expect(errorCode(await client.gql(ME))).toBe('UNAUTHENTICATED');
  });

  it('signs out without the CSRF header too: the session ends on the server, not only in the browser', async () => {
    const { client } = await signedUpUser();
    const { cookie, csrfToken } = client;
    client.csrfToken = '';
    expect(await client.ok('mutation { logout }')).toEqual({ logout: true });
    expect(client.cookie).toBeNull();
    // Someone who kept a copy of the cookie and the token cannot use them.
    client.cookie = cookie;
    client.csrfToken = csrfToken;
    expect(errorCode(await client.gql(ME))).toBe('UNAUTHENTICATED');
  });
});

describe('CSRF and request rules', () => {
  it('answers UNAUTHENTICATED when the CSRF token is missing or wrong, even with a valid cookie', async () => {
    const { client } = await signedUpUser();
    const token = client.csrfToken;
    client.csrfToken = '';
    expect(errorCode(await client.gql(ME))).toBe('UNAUTHENTICATED');
    client.csrfToken = `${token.slice(0, -1)}x`;
    expect(errorCode(await client.gql(ME))).toBe('UNAUTHENTICATED');
    client.csrfToken = token;
    expect((await client.ok(ME)).me.id).toBeTruthy();
  });

  it('requires the preflight header and POST', async () => {
    const noHeader = await fetch(`${t.baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ health }"}' });
    expect(noHeader.status).toBe(400);
    expect(((await noHeader.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]!.extensions.code).toBe('CSRF_PREVENTED');
    const get = await fetch(`${t.baseUrl}/graphql?query=%7Bhealth%7D`, { headers: { 'apollo-require-preflight': 'true' } });
    expect(get.status).toBe(405);
  });

  it('refuses batching, introspection, deep queries and alias floods', async () => {
    const batch = await fetch(`${t.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
      body: JSON.stringify([{ query: '{ health }' }, { query: '{ health }' }]),
    });
    expect(batch.status).toBeGreaterThanOrEqual(400);
    expect(batch.status).toBeLessThan(500);
    const client = t.client();
    const introspection = await client.gql('{ __schema { queryType { name } } }');
    expect(introspection.errors![0]!.message).toMatch(/introspection/i);
    const aliases = Array.from({ length: 20 }, (_, i) => `a${i}: health`).join(' ');
    const flood = await client.gql(`{ ${aliases} }`);
    expect(flood.errors![0]!.message).toMatch(/alias/i);
    const deep = await client.gql('{ me { memberships { account { organization { accounts { id } } } user { id } } } }');
    expect(deep.errors).toBeDefined();
  });

  it('masks unexpected errors and never answers 500 to bad JSON', async () => {
    const broken = await fetch(`${t.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
      body: '{"query": ',
    });
    expect(broken.status).toBe(400);
    const text = await broken.text();
    expect(text).not.toMatch(/node_modules|\.ts:\d+/);
  });
});

describe('two-factor authentication', () => {
  const INIT = 'mutation { initializeOtp { secret otpauthUrl qrCodeUrl } }';
  const REGISTER = 'mutation($code: String!) { registerOtp(otpToken: $code) { user { isOtpEnabled } } }';

  async function userWithOtp() {
    const user = await signedUpUser();
    const setup = await user.client.ok(INIT);
    expect(setup.initializeOtp.qrCodeUrl).toMatch(/^data:image\/png;base64,/);
    expect(setup.initializeOtp.otpauthUrl).toContain(`secret=${setup.initializeOtp.secret}`);
    const wrong = await user.client.gql(REGISTER, { code: totpNow(setup.initializeOtp.secret, 5) });
    expect(errorCode(wrong)).toBe('BAD_USER_INPUT');
    const registered = await user.client.ok(REGISTER, { code: totpNow(setup.initializeOtp.secret) });
    expect(registered.registerOtp.user.isOtpEnabled).toBe(true);
    return { ...user, secret: setup.initializeOtp.secret as string };
  }

  it('asks for the code after the password, accepts a fresh code once and refuses a reused one', async () => {
    const { email, secret } = await userWithOtp();
    const client = t.client('10.3.0.1');
    const step1 = await client.login(email, STRONG_PASSWORD);
    expect(step1).toEqual({ preAuthenticated: true, csrfToken: null });
    expect(errorCode(await client.gql(ME))).toBe('UNAUTHENTICATED');

    const wrong = await client.gql('mutation($e: String!, $p: String!, $o: String) { login(email: $e, password: $p, otpToken: $o) { csrfToken } }', {
      e: email,
      p: STRONG_PASSWORD,
      o: totpNow(secret, 4),
    });
    expect(wrong.errors![0]!.extensions!.fields!.otpToken).toMatch(/not correct/);

    // The code used to register is spent; the next step's code is fresh.
    const code = totpNow(secret, 1);
    const step2 = await client.login(email, STRONG_PASSWORD, code);
    expect(step2.csrfToken).toBeTruthy();
    expect((await client.ok(ME)).me.isOtpEnabled).toBe(true);

    const reuse = await t
      .client('10.3.0.2')
      .gql('mutation($e: String!, $p: String!, $o: String) { login(email: $e, password: $p, otpToken: $o) { csrfToken } }', {
        e: email,
        p: STRONG_PASSWORD,
        o: code,
      });
    expect(reuse.errors![0]!.extensions!.fields!.otpToken).toMatch(/already used/);
  });

  it('resets two-factor authentication through the e-mailed link, once', async () => {
    const { email, secret } = await userWithOtp();
    const visitor = t.client('10.4.0.1');
    await visitor.ok('mutation($e: String!, $p: String!) { requestResetTwoFactorAuth(email: $e, password: $p) }', { e: email, p: STRONG_PASSWORD });
    const mail = await t.smtp.waitFor(email, /two-factor/);
    const token = new URL(linkFrom(mail.text, '/reset_2fa?token=')).searchParams.get('token')!;
    expect(await visitor.ok('mutation($t: String!) { resetTwoFactorAuth(token: $t) }', { t: token })).toEqual({ resetTwoFactorAuth: true });
    const again = await visitor.gql('mutation($t: String!) { resetTwoFactorAuth(token: $t) }', { t: token });
    expect(again.errors![0]!.message).toMatch(/already been used/);
    const login = await visitor.login(email, STRONG_PASSWORD);
    expect(login.preAuthenticated).toBe(false);
    void secret;
  });

  it('sends no reset link for a wrong password', async () => {
    const { email } = await userWithOtp();
    const before = t.smtp.countTo(email);
    await t
      .client('10.4.0.9')
      .ok('mutation($e: String!, $p: String!) { requestResetTwoFactorAuth(email: $e, password: $p) }', { e: email, p: 'not-the-password-1' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.smtp.countTo(email)).toBe(before);
  });

  it('turns two-factor off only with a valid code', async () => {
    const { client, secret } = await userWithOtp();
    const DISABLE = 'mutation($c: String!) { disableOtp(otpToken: $c) { isOtpEnabled } }';
    expect(errorCode(await client.gql(DISABLE, { c: '123' }))).toBe('BAD_USER_INPUT');
    expect((await client.ok(DISABLE, { c: totpNow(secret, 1) })).disableOtp.isOtpEnabled).toBe(false);
  });
});

describe('password reset', () => {
  const RESET = 'mutation($t: String!, $p: String!) { resetPassword(token: $t, password: $p) }';

  it('resets through a single-use link and ends every session', async () => {
    const { email, client } = await signedUpUser();
    const visitor = t.client();
    expect(await visitor.ok('mutation($e: String!) { triggerPasswordReset(email: $e) }', { e: email })).toEqual({ triggerPasswordReset: true });
    const mail = await t.smtp.waitFor(email, /Reset your/);
    const token = new URL(linkFrom(mail.text, '/reset?token=')).searchParams.get('token')!;

    const weak = await visitor.gql(RESET, { t: token, p: '123456qwerty' });
    expect(weak.errors![0]!.extensions!.fields!.password).toMatch(/common/);

    const newPassword = 'a-brand-new-long-password-7';
    expect(await visitor.ok(RESET, { t: token, p: newPassword })).toEqual({ resetPassword: true });
    expect(errorCode(await client.gql(ME))).toBe('UNAUTHENTICATED');
    expect(errorCode(await visitor.gql(RESET, { t: token, p: 'yet-another-password-9' }))).toBe('BAD_USER_INPUT');
    expect(errorCode(await t.client('10.5.0.1').gql(`mutation { login(email: "${email}", password: "${STRONG_PASSWORD}") { csrfToken } }`))).toBe(
      'BAD_USER_INPUT',
    );
    expect((await t.client('10.5.0.2').login(email, newPassword)).csrfToken).toBeTruthy();
  });

  it('refuses an expired link and a made-up one, and says nothing about unknown e-mails', async () => {
    const { email } = await signedUpUser();
    const visitor = t.client();
    await visitor.ok('mutation($e: String!) { triggerPasswordReset(email: $e) }', { e: email });
    const token = new URL(linkFrom((await t.smtp.waitFor(email, /Reset your/)).text, '/reset?token=')).searchParams.get('token')!;
    await t.database.pool.query(
      `update user_tokens set expires_at = now() - interval '1 second' where purpose = 'password_reset' and used_at is null and user_id = (select id from users where email = $1)`,
      [email],
    );
    const expired = await visitor.gql(RESET, { t: token, p: 'a-brand-new-long-password-8' });
    expect(expired.errors![0]!.message).toMatch(/expired/);
    expect(errorCode(await visitor.gql(RESET, { t: 'made-up-token-made-up-token', p: 'a-brand-new-long-password-8' }))).toBe('BAD_USER_INPUT');

    const ghost = uniqueEmail('ghost');
    expect(await visitor.ok('mutation($e: String!) { triggerPasswordReset(email: $e) }', { e: ghost })).toEqual({ triggerPasswordReset: true });
    expect(t.smtp.countTo(ghost)).toBe(0);
    expect(errorCode(await visitor.gql('mutation { triggerPasswordReset(email: "nope") }'))).toBe('BAD_USER_INPUT');
  });
});

describe('profile, e-mail change and sessions', () => {
  it('changes the e-mail only after the confirmation link', async () => {
    const { email, client, password } = await signedUpUser();
    const newEmail = uniqueEmail('moved');
    const wrongPassword = await client.gql('mutation($e: String!) { updateUser(email: $e, currentPassword: "nope-nope-nope") { email } }', { e: newEmail });
    expect(wrongPassword.errors![0]!.extensions!.fields!.currentPassword).toMatch(/not correct/);
    const updated = await client.ok(
      'mutation($e: String!, $p: String!) { updateUser(email: $e, currentPassword: $p, name: "Ada King", preferredCurrencyCode: eur) { email name pendingEmail preferredCurrencyCode } }',
      { e: newEmail, p: password },
    );
    expect(updated.updateUser).toEqual({ email, name: 'Ada King', pendingEmail: newEmail, preferredCurrencyCode: 'eur' });
    const mail = await t.smtp.waitFor(newEmail, /Confirm your new/);
    const code = new URL(linkFrom(mail.text, '/confirm_email?code=')).searchParams.get('code')!;

    const stranger = (await signedUpUser()).client;
    expect(errorCode(await stranger.gql('mutation($c: String!) { confirmEmailAddress(confirmationCode: $c) { email } }', { c: code }))).toBe('BAD_USER_INPUT');

    const confirmed = await client.ok('mutation($c: String!) { confirmEmailAddress(confirmationCode: $c) { email pendingEmail } }', { c: code });
    expect(confirmed.confirmEmailAddress).toEqual({ email: newEmail, pendingEmail: null });
    expect(errorCode(await client.gql('mutation($c: String!) { confirmEmailAddress(confirmationCode: $c) { email } }', { c: code }))).toBe('BAD_USER_INPUT');
  });

  it('lists sessions and signs out one or all others', async () => {
    const { email, client } = await signedUpUser();
    const other = t.client();
    await other.login(email, STRONG_PASSWORD);
    const third = t.client();
    await third.login(email, STRONG_PASSWORD);
    const list = await client.ok('{ activeSessions { id isCurrent authMethod } }');
    expect(list.activeSessions).toHaveLength(3);
    expect(list.activeSessions.filter((s: { isCurrent: boolean }) => s.isCurrent)).toHaveLength(1);
    const otherId = (await other.ok('{ activeSessions { id isCurrent } }')).activeSessions.find((s: { isCurrent: boolean }) => s.isCurrent).id;
    expect(await client.ok('mutation($id: ID!) { revokeSession(id: $id) }', { id: otherId })).toEqual({ revokeSession: true });
    expect(errorCode(await other.gql(ME))).toBe('UNAUTHENTICATED');
    expect(errorCode(await client.gql('mutation { revokeSession(id: "unknown") }'))).toBe('BAD_USER_INPUT');
    expect(await client.ok('mutation { revokeOtherSessions }')).toEqual({ revokeOtherSessions: 1 });
    expect(errorCode(await third.gql(ME))).toBe('UNAUTHENTICATED');
    expect((await client.ok(ME)).me.email).toBe(email);
  });

  it('changing the password needs the current one and ends the other sessions', async () => {
    const { email, client, password } = await signedUpUser();
    const other = t.client();
    await other.login(email, password);
    const wrong = await client.gql('mutation { updateUser(currentPassword: "wrong-wrong-wrong", password: "fresh-password-for-ada-1") { id } }');
    expect(wrong.errors![0]!.extensions!.fields!.currentPassword).toBeDefined();
    expect((await other.ok(ME)).me.email).toBe(email);
    await client.ok('mutation($p: String!) { updateUser(currentPassword: $p, password: "fresh-password-for-ada-1") { id } }', { p: password });
    expect(errorCode(await other.gql(ME))).toBe('UNAUTHENTICATED');
    expect((await client.ok(ME)).me.email).toBe(email);
  });
});

describe('session storage', () => {
  it('keeps only a hash of the session cookie in the database', async () => {
    const { client } = await signedUpUser();
    const cookieValue = client.cookie!.split('=')[1]!;
    const rows = await t.database.db.execute(sql`select count(*)::int as n from sessions where id = ${cookieValue}`);
    expect(rows.rows[0]!.n).toBe(0);
  });
});

void ApiClient;
