import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestApp, STRONG_PASSWORD, totpNow, uniqueEmail, type GraphQLResult, type TestApp } from '../../../test/harness.ts';
import { LIMITS } from './identity.service.ts';

// Hundreds of attempts arrive at once; the limits must hold however they interleave. Each test sends from its own
// loopback address (as X-Forwarded-For), so the per-IP limit of one test does not reach the others.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'error' });
});
afterAll(async () => {
  await t.close();
});

const SIGNUP = `mutation($email: String!, $password: String!) {
  signup(firstName: "Brute", lastName: "Force", jobTitle: "Other", email: $email, password: $password) { email }
}`;
const CONFIRM = 'mutation($email: String!, $code: String!) { confirmSignupEmail(email: $email, confirmationCode: $code) { csrfToken } }';
const LOGIN =
  'mutation($email: String!, $password: String!, $otpToken: String) { login(email: $email, password: $password, otpToken: $otpToken) { csrfToken preAuthenticated } }';

function codeFrom(text: string): string {
  const match = /code is (\d{6})/.exec(text);
  if (!match) throw new Error(`no code in ${text}`);
  return match[1]!;
}

async function signedUpUser() {
  const email = uniqueEmail('limits');
  const client = t.client();
  await client.ok(SIGNUP, { email, password: STRONG_PASSWORD });
  const code = codeFrom((await t.smtp.waitFor(email, /confirmation code/)).text);
  client.csrfToken = (await client.ok<{ confirmSignupEmail: { csrfToken: string } }>(CONFIRM, { email, code })).confirmSignupEmail.csrfToken;
  return { email, client };
}

/** Sends every request before awaiting any of them. */
function together(count: number, send: (index: number) => Promise<GraphQLResult>): Promise<GraphQLResult[]> {
  return Promise.all(Array.from({ length: count }, (_, index) => send(index)));
}

/** How many answers said the secret was checked and wrong (matching `wrong`), and how many were refused unchecked. */
function tally(results: GraphQLResult[], wrong: RegExp, refused: RegExp = /Too many/) {
  const count = (predicate: (result: GraphQLResult) => boolean) => results.filter(predicate).length;
  return {
    checkedWrong: count((result) => errorCode(result) === 'BAD_USER_INPUT' && wrong.test(result.errors![0]!.message)),
    refused: count((result) => refused.test(result.errors?.[0]?.message ?? '')),
    succeeded: count((result) => !result.errors && result.data !== null),
  };
}

async function failuresOf(column: 'email' | 'ip_address', value: string): Promise<number> {
  const result = await t.database.pool.query(`select count(*)::int as n from login_failures where ${column} = $1`, [value]);
  return result.rows[0].n;
}

describe('passwords', () => {
  it('checks at most 10 passwords of one account when 300 wrong ones arrive at once', async () => {
    const { email } = await signedUpUser();
    const ip = '127.10.0.1';
    const results = await together(300, (i) => t.client(ip).gql(LOGIN, { email, password: `wrong-password-${i}-x` }));
    const answers = tally(results, /e-mail or password is incorrect/);
    expect(answers).toEqual({ checkedWrong: LIMITS.failuresPerEmail, refused: 300 - LIMITS.failuresPerEmail, succeeded: 0 });
    expect(results.filter((result) => errorCode(result) === 'RATE_LIMITED')).toHaveLength(300 - LIMITS.failuresPerEmail);
    expect(await failuresOf('email', email)).toBe(LIMITS.failuresPerEmail);
  });

  it('checks at most 100 passwords from one IP when 150 arrive at once for different accounts', async () => {
    const ip = '127.10.0.2';
    const results = await together(150, (i) => t.client(ip).gql(LOGIN, { email: uniqueEmail(`nobody-${i}`), password: 'wrong-password-123' }));
    expect(tally(results, /e-mail or password is incorrect/)).toEqual({
      checkedWrong: LIMITS.failuresPerIp,
      refused: 150 - LIMITS.failuresPerIp,
      succeeded: 0,
    });
    expect(await failuresOf('ip_address', ip)).toBe(LIMITS.failuresPerIp);
  });

  it('39 wrong passwords sent with the right one: at most 10 wrong ones are checked, and the right one only among them', async () => {
    const { email } = await signedUpUser();
    const ip = '127.10.0.3';
    const wrong = Array.from({ length: 39 }, (_, i) => t.client(ip).gql(LOGIN, { email, password: `wrong-password-${i}-y` }));
    const right = t.client(ip).gql(LOGIN, { email, password: STRONG_PASSWORD });
    const results = await Promise.all([...wrong, right]);
    const answers = tally(results, /e-mail or password is incorrect/);
    expect(answers.checkedWrong + answers.refused + answers.succeeded).toBe(40);
    // Exactly 10 attempts get a reservation. If the right one was among them it succeeds and, being right, releases
    // its reservation, which one later wrong attempt may then take: 9 or 10 wrong ones checked, never more.
    if (answers.succeeded === 1) expect([LIMITS.failuresPerEmail - 1, LIMITS.failuresPerEmail]).toContain(answers.checkedWrong);
    else expect(answers.checkedWrong).toBe(LIMITS.failuresPerEmail);
    expect(await failuresOf('email', email)).toBeLessThanOrEqual(LIMITS.failuresPerEmail);
  });

  it('a signed-in session checks at most 10 current passwords when 100 wrong ones arrive at once', async () => {
    const { client } = await signedUpUser();
    const ip = '127.10.0.8';
    const session = Object.assign(t.client(ip), { cookie: client.cookie, csrfToken: client.csrfToken });
    const results = await together(100, (i) =>
      session.gql('mutation($p: String!) { updateUser(currentPassword: $p, password: "fresh-password-for-brute-1") { id } }', { p: `wrong-current-${i}-z` }),
    );
    expect(tally(results, /current password is not correct/)).toEqual({
      checkedWrong: LIMITS.failuresPerEmail,
      refused: 100 - LIMITS.failuresPerEmail,
      succeeded: 0,
    });
  });
});

async function userWithOtp() {
  const user = await signedUpUser();
  const secret = (await user.client.ok<{ initializeOtp: { secret: string } }>('mutation { initializeOtp { secret } }')).initializeOtp.secret;
  await user.client.ok('mutation($c: String!) { registerOtp(otpToken: $c) { user { isOtpEnabled } } }', { c: totpNow(secret) });
  const nearby = new Set([-2, -1, 0, 1, 2].map((offset) => totpNow(secret, offset)));
  const wrongCode = [10, 11, 12].map((offset) => totpNow(secret, offset)).find((code) => !nearby.has(code))!;
  return { ...user, wrongCode };
}

describe('two-factor codes', () => {
  it('checks at most 10 codes when 100 sign-ins with the right password and wrong codes arrive at once', async () => {
    const { email, wrongCode } = await userWithOtp();
    const ip = '127.10.0.4';
    const results = await together(100, () => t.client(ip).gql(LOGIN, { email, password: STRONG_PASSWORD, otpToken: wrongCode }));
    expect(tally(results, /code is not correct/)).toEqual({ checkedWrong: LIMITS.failuresPerEmail, refused: 100 - LIMITS.failuresPerEmail, succeeded: 0 });
  });

  it('a signed-in session checks at most 10 codes when 100 attempts to turn two-factor off arrive at once', async () => {
    const { client, wrongCode } = await userWithOtp();
    const session = Object.assign(t.client('127.10.0.9'), { cookie: client.cookie, csrfToken: client.csrfToken });
    const results = await together(100, () => session.gql('mutation($c: String!) { disableOtp(otpToken: $c) { isOtpEnabled } }', { c: wrongCode }));
    expect(tally(results, /code is not correct/)).toEqual({ checkedWrong: LIMITS.failuresPerEmail, refused: 100 - LIMITS.failuresPerEmail, succeeded: 0 });
  });
});

describe('e-mailed sign-up codes', () => {
  it('compares at most 5 codes when 200 wrong ones arrive at once, and the right one is refused after them', async () => {
    const email = uniqueEmail('code-race');
    await t.client().ok(SIGNUP, { email, password: STRONG_PASSWORD });
    const code = codeFrom((await t.smtp.waitFor(email, /confirmation code/)).text);
    const wrong = code === '999999' ? '999998' : '999999';
    const results = await together(200, () => t.client('127.10.0.5').gql(CONFIRM, { email, code: wrong }));
    expect(tally(results, /code is not correct/, /Too many wrong attempts/)).toEqual({
      checkedWrong: LIMITS.codeAttempts,
      refused: 200 - LIMITS.codeAttempts,
      succeeded: 0,
    });
    const attempts = await t.database.pool.query(
      `select attempts from user_tokens where user_id = (select id from users where email = $1) and purpose = 'signup_confirmation'`,
      [email],
    );
    expect(attempts.rows).toEqual([{ attempts: LIMITS.codeAttempts }]);
    const right = await t.client('127.10.0.5').gql(CONFIRM, { email, code });
    expect(right.errors![0]!.message).toMatch(/Too many wrong attempts/);
  });
});

describe('links and invitations', () => {
  it('looks up at most 100 made-up password reset links from one IP when 300 arrive at once', async () => {
    const ip = '127.10.0.6';
    const results = await together(300, (i) =>
      t
        .client(ip)
        .gql('mutation($t: String!) { resetPassword(token: $t, password: "a-brand-new-long-password-1") }', { t: `made-up-reset-token-${i}-abcdefgh` }),
    );
    expect(tally(results, /link is invalid/)).toEqual({ checkedWrong: LIMITS.failuresPerIp, refused: 300 - LIMITS.failuresPerIp, succeeded: 0 });
    expect(results.filter((result) => errorCode(result) === 'RATE_LIMITED')).toHaveLength(300 - LIMITS.failuresPerIp);
    expect(await failuresOf('ip_address', ip)).toBe(LIMITS.failuresPerIp);
  });

  it('looks up at most 100 made-up invitation tokens from one IP when 300 arrive at once', async () => {
    const ip = '127.10.0.7';
    const results = await together(300, (i) =>
      t.client(ip).gql('query($t: String!) { membershipInvite(inviteToken: $t) { email } }', { t: `made-up-invite-token-${i}-abcdefgh` }),
    );
    expect(tally(results, /invitation is not valid/)).toEqual({ checkedWrong: LIMITS.failuresPerIp, refused: 300 - LIMITS.failuresPerIp, succeeded: 0 });
    expect(results.filter((result) => errorCode(result) === 'RATE_LIMITED')).toHaveLength(300 - LIMITS.failuresPerIp);
  });
});
