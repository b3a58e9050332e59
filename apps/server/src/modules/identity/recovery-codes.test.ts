import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, STRONG_PASSWORD, totpNow, uniqueEmail, type ApiClient, type TestApp, startTestApp } from '../../../test/harness.ts';
import { sessionFor } from '../../../test/accounts-helper.ts';
import { hashPassword } from '../../lib/password-policy.ts';
import { LIMITS } from './identity.service.ts';

// Two-factor recovery codes (issue 36): ten made when two-factor authentication is turned on, shown once, kept as
// hashes, each accepted once at sign-in instead of the authenticator's code, made again from the profile.

let t: TestApp;
let passwordHash: string;
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'error' });
  passwordHash = await hashPassword(STRONG_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

const REGISTER = 'mutation($c: String!) { registerOtp(otpToken: $c) { user { isOtpEnabled recoveryCodesRemaining } recoveryCodes } }';
const REGENERATE = 'mutation($c: String!) { regenerateRecoveryCodes(otpToken: $c) }';
const LOGIN = `mutation($e: String!, $p: String!, $o: String, $r: String) {
  login(email: $e, password: $p, otpToken: $o, recoveryCode: $r) { preAuthenticated csrfToken recoveryCodesRemaining }
}`;
const REMAINING = '{ me { recoveryCodesRemaining } }';
const CODE_SHAPE = /^[a-hj-km-np-z2-9]{5}-[a-hj-km-np-z2-9]{5}$/;

let ipCounter = 0;
/** Each sign-in from its own address, so the per-IP limit of one test does not reach the others. */
const freshIp = () => `127.36.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

/** A user with a password and a session, who turns two-factor authentication on through the API. */
async function userWithRecoveryCodes() {
  const email = uniqueEmail('recovery');
  const row = await t.database.pool.query<{ id: string }>(
    `insert into users (email, first_name, last_name, is_email_verified, password_hash) values ($1, 'Rae', 'Covery', true, $2) returning id`,
    [email, passwordHash],
  );
  const userId = row.rows[0]!.id;
  const client: ApiClient = await sessionFor(t, userId);
  const secret = (await client.ok<{ initializeOtp: { secret: string } }>('mutation { initializeOtp { secret } }')).initializeOtp.secret;
  const registered = await client.ok(REGISTER, { c: totpNow(secret) });
  return { email, userId, client, secret, codes: registered.registerOtp.recoveryCodes as string[], registered: registered.registerOtp };
}

/** A well-formed authenticator code that is not right now. */
function wrongCode(secret: string): string {
  const nearby = new Set([-2, -1, 0, 1, 2].map((offset) => totpNow(secret, offset)));
  return [10, 11, 12].map((offset) => totpNow(secret, offset)).find((code) => !nearby.has(code))!;
}

const login = (email: string, variables: { o?: string; r?: string }, ip = freshIp()) => t.client(ip).gql(LOGIN, { e: email, p: STRONG_PASSWORD, ...variables });

describe('recovery codes', () => {
  it('come with turning two-factor on: ten distinct codes, kept only as hashes', async () => {
    const { userId, codes, registered } = await userWithRecoveryCodes();
    expect(registered.user).toEqual({ isOtpEnabled: true, recoveryCodesRemaining: 10 });
    expect(codes).toHaveLength(LIMITS.recoveryCodes);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(CODE_SHAPE);
    const stored = await t.database.pool.query(`select * from recovery_codes where user_id = $1`, [userId]);
    expect(stored.rows).toHaveLength(10);
    const everything = JSON.stringify(stored.rows);
    for (const code of codes) {
      expect(everything).not.toContain(code);
      expect(everything).not.toContain(code.replace('-', ''));
    }
  });

  it('are never returned again: the profile shows how many remain, not the codes', async () => {
    const { client } = await userWithRecoveryCodes();
    expect(await client.ok(REMAINING)).toEqual({ me: { recoveryCodesRemaining: 10 } });
    const asked = await client.gql('{ me { recoveryCodes } }');
    expect(errorCode(asked)).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('sign in instead of the authenticator code, once each, and say how many remain; the audit trail tells', async () => {
    const { email, codes, client } = await userWithRecoveryCodes();
    const first = await login(email, { r: codes[0]!.toUpperCase().replace('-', ' ') });
    expect(first.errors).toBeUndefined();
    expect(first.data).toMatchObject({ login: { preAuthenticated: false, recoveryCodesRemaining: 9 } });
    expect(typeof (first.data as { login: { csrfToken: unknown } }).login.csrfToken).toBe('string');
    expect(await client.ok(REMAINING)).toEqual({ me: { recoveryCodesRemaining: 9 } });

    const again = await login(email, { r: codes[0]! });
    expect(errorCode(again)).toBe('BAD_USER_INPUT');
    expect(again.errors![0]!.extensions!.fields).toEqual({ recoveryCode: 'This recovery code is not correct or was already used.' });

    const audit = await t.database.pool.query(
      `select outcome, changes from audit_events where operation = 'login' and actor_email = $1 order by occurred_at, outcome desc`,
      [email],
    );
    expect(audit.rows.map((row) => row.outcome)).toEqual(['success', 'failure']);
    expect(audit.rows[0].changes.recoveryCode).toBe('[redacted]');
    expect(JSON.stringify(audit.rows)).not.toContain(codes[0]!.replace('-', ''));
    const trail = t.app.services.audit.describe({ operation: 'login', kind: 'mutation', changes: audit.rows[0].changes });
    expect(trail).toBe('Signed in with a two-factor recovery code (9 left)');
    // An ordinary sign-in still reads as one.
    expect(t.app.services.audit.describe({ operation: 'login', kind: 'mutation', changes: { email, recoveryCode: '[redacted]' } })).toBe('Signed in');
  });

  it('refuse a wrong or malformed code with a clear message, spending nothing', async () => {
    const { email, userId, codes } = await userWithRecoveryCodes();
    const wrong = await login(email, { r: 'abcde-fghjk' });
    expect(wrong.errors![0]!.extensions!.fields).toEqual({ recoveryCode: 'This recovery code is not correct or was already used.' });
    const malformed = await login(email, { r: 'not a code!' });
    expect(errorCode(malformed)).toBe('BAD_USER_INPUT');
    expect(malformed.errors![0]!.extensions!.fields).toEqual({ recoveryCode: 'Enter a recovery code: 10 letters and digits, such as abcde-23456' });
    // Another user's code is wrong here too: codes belong to their user.
    const other = await userWithRecoveryCodes();
    expect(errorCode(await login(email, { r: other.codes[0]! }))).toBe('BAD_USER_INPUT');
    const sessions = await t.database.pool.query(`select count(*)::int as n from sessions where user_id = $1`, [userId]);
    expect(sessions.rows[0].n).toBe(1);
    expect((await login(email, { r: codes[1]! })).errors).toBeUndefined();
  });

  it('share the sign-in limit with the authenticator code: ten wrong answers of either kind, then even a right code waits', async () => {
    const { email, userId, secret, codes } = await userWithRecoveryCodes();
    const wrongTotp = wrongCode(secret);
    for (let i = 0; i < LIMITS.failuresPerEmail; i++) {
      const answer = await login(email, i % 2 === 0 ? { o: wrongTotp } : { r: `abcde-fghj${'kmnpq'[i >> 1]}` });
      expect(errorCode(answer)).toBe('BAD_USER_INPUT');
    }
    const limited = await login(email, { r: codes[0]! });
    expect(errorCode(limited)).toBe('RATE_LIMITED');
    const unused = await t.database.pool.query(`select count(*)::int as n from recovery_codes where user_id = $1 and used_at is null`, [userId]);
    expect(unused.rows[0].n).toBe(10);
  });

  it('are made again from the profile with the authenticator code: the old set stops working', async () => {
    const { email, client, secret, codes } = await userWithRecoveryCodes();
    expect((await login(email, { r: codes[0]! })).errors).toBeUndefined();
    expect(await client.ok(REMAINING)).toEqual({ me: { recoveryCodesRemaining: 9 } });

    const wrong = await client.gql(REGENERATE, { c: wrongCode(secret) });
    expect(wrong.errors![0]!.extensions!.fields).toEqual({ otpToken: 'This code is not correct or was already used.' });
    const withRecoveryCode = await client.gql(REGENERATE, { c: codes[1]! });
    expect(errorCode(withRecoveryCode)).toBe('BAD_USER_INPUT');

    const fresh = (await client.ok(REGENERATE, { c: totpNow(secret, 1) })).regenerateRecoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => codes.includes(code))).toEqual([]);
    expect(await client.ok(REMAINING)).toEqual({ me: { recoveryCodesRemaining: 10 } });
    expect(errorCode(await login(email, { r: codes[1]! }))).toBe('BAD_USER_INPUT');
    expect((await login(email, { r: fresh[0]! })).data).toMatchObject({ login: { recoveryCodesRemaining: 9 } });
  });

  it('need two-factor authentication on, and go when it is turned off', async () => {
    const { client, secret, userId } = await userWithRecoveryCodes();
    await client.ok('mutation($c: String!) { disableOtp(otpToken: $c) { isOtpEnabled } }', { c: totpNow(secret, 1) });
    expect(await client.ok(REMAINING)).toEqual({ me: { recoveryCodesRemaining: 0 } });
    const stored = await t.database.pool.query(`select count(*)::int as n from recovery_codes where user_id = $1`, [userId]);
    expect(stored.rows[0].n).toBe(0);
    const refused = await client.gql(REGENERATE, { c: totpNow(secret, 2) });
    expect(errorCode(refused)).toBe('CONFLICT');
  });
});
