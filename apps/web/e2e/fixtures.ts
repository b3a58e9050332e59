import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import { test as base, expect, type BrowserContextOptions, type Page } from '@playwright/test';
import pg from 'pg';
import { E2E } from './e2e-env.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now()}-${counter}@example.com`;
}

export const STRONG_PASSWORD = 'correct-horse-battery-staple-42';

async function readMailbox(to: string): Promise<Mail[]> {
  const response = await fetch(`http://127.0.0.1:${E2E.mailApiPort}/?to=${encodeURIComponent(to)}`);
  return (await response.json()) as Mail[];
}

/** Reads what the app sent through SMTP: the newest mail to `to` matching `subject`, ignoring the first `after` mails. */
export async function waitForMail(to: string, subject: RegExp, after = 0): Promise<Mail> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mails = (await readMailbox(to)).slice(after);
    const found = mails.reverse().find((mail) => subject.test(mail.subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail to ${to} matching ${subject}`);
}

export async function mailCount(to: string): Promise<number> {
  return (await readMailbox(to)).length;
}

export function codeIn(mail: Mail): string {
  const match = /code is (\d{6})/.exec(mail.text);
  if (!match) throw new Error(`No code in: ${mail.text}`);
  return match[1]!;
}

export function linkIn(mail: Mail, pathPrefix: string): string {
  const match = new RegExp(`https?://\\S+${pathPrefix.replace(/[?]/g, '\\?')}\\S*`).exec(mail.text);
  if (!match) throw new Error(`No ${pathPrefix} link in: ${mail.text}`);
  return match[0];
}

export interface GraphqlResult<T> {
  data: T | null;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
  cookie: string | null;
}

/** Calls the API the way the web client does, for setting up state quickly. */
export async function graphql<T>(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<GraphqlResult<T>> {
  const response = await fetch(`${E2E.appUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true', 'x-csrf-token': '', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data: T | null; errors?: GraphqlResult<T>['errors'] };
  return { ...body, cookie: response.headers.getSetCookie()[0]?.split(';')[0] ?? null };
}

// Users for tests that need someone signed in, not the sign-up itself (signup.spec.ts, kyb.spec.ts and team.spec.ts's
// invitation keep those flows end to end): the rows sign-up, confirmation and sign-in leave, written straight into the
// run's database. That skips two argon2id hashes and a mail round trip per user.

let strongPasswordHash: Promise<string> | undefined;
/** argon2id of STRONG_PASSWORD with the server's parameters (apps/server/src/lib/password-policy.ts), once per worker. */
function passwordHashOfStrongPassword(): Promise<string> {
  // 2 is Algorithm.Argon2id, a const enum isolated modules cannot read.
  strongPasswordHash ??= hash(STRONG_PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  return strongPasswordHash;
}

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

/** A session row as the login mutation writes it (the cookie holds the secret, the row its SHA-256); returns the cookie and CSRF token. */
async function insertSession(client: pg.Client, userId: string): Promise<ApiSession> {
  const cookieValue = crypto.randomBytes(32).toString('base64url');
  const csrfToken = crypto.randomBytes(32).toString('base64url');
  await client.query(
    `insert into sessions (id, user_id, csrf_token, expires_at, ip_address, user_agent, auth_method)
     values ($1, $2, $3, now() + interval '12 hours', '127.0.0.1', 'node', 'password')`,
    [sha256(cookieValue), userId, csrfToken],
  );
  return { cookie: `rampart_session=${cookieValue}`, csrfToken };
}

/** The TOTP secret of staff users the fixtures write (staff must have two-factor authentication on, issue 32). */
export const STAFF_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export interface SignedInUser {
  id: string;
  email: string;
  password: string;
  session: ApiSession;
}

/**
 * A confirmed user (what sign-up with "Test User", job title "Other" and the confirmation code leave) with a fresh
 * session, written directly. `adminRole` makes them staff; `otp` turns two-factor on with that secret and last-used step.
 * Staff have it on (STAFF_TOTP_SECRET) unless `otp` says otherwise: staff act only with two-factor authentication on.
 */
export async function createSignedInUser(
  prefix = 'user',
  { adminRole = null, otp = null }: { adminRole?: string | null; otp?: { secret: string; lastUsedStep: number } | null } = {},
): Promise<SignedInUser> {
  const email = uniqueEmail(prefix);
  const passwordHash = await passwordHashOfStrongPassword();
  otp ??= adminRole ? { secret: STAFF_TOTP_SECRET, lastUsedStep: 0 } : null;
  return withDatabase(async (client) => {
    const inserted = await client.query<{ id: string }>(
      `insert into users (first_name, last_name, email, password_hash, job_title, is_email_verified, admin_role, otp_secret, is_otp_enabled, otp_last_used_step)
       values ('Test', 'User', $1, $2, 'Other', true, $3, $4, $5, $6) returning id`,
      [email, passwordHash, adminRole, otp?.secret ?? null, otp !== null, otp?.lastUsedStep ?? null],
    );
    const id = inserted.rows[0]!.id;
    return { id, email, password: STRONG_PASSWORD, session: await insertSession(client, id) };
  });
}

/**
 * A confirmed user, signed out. With `withAccount` the user also onboards (through the real mutation, so the
 * organization, account, membership, domain reviews and audit event are the app's own), so signing in opens the shell.
 */
export async function createConfirmedUser(prefix = 'user', { withAccount = false }: { withAccount?: boolean } = {}) {
  const user = await createSignedInUser(prefix);
  if (withAccount) await createAccount(user.session, `${prefix} account`);
  await graphqlAs(user.session, 'mutation { logout }');
  return { email: user.email, password: user.password };
}

/** Onboards the signed-in user: their organization and first account (not verified, test mode). */
export async function createAccount(session: ApiSession, accountName: string): Promise<{ id: string; name: string; isVerified: boolean }> {
  const created = await graphqlAs<{ createOnboardingInfo: { id: string; name: string; isVerified: boolean } }>(
    session,
    'mutation($input: OnboardingInfoInput!) { createOnboardingInfo(input: $input) { id name isVerified } }',
    {
      input: {
        accountName,
        legalName: `${accountName} Ltd`,
        country: 'DE',
        industry: 'Payments',
        websiteUrls: ['https://example.com'],
        productInterests: ['OnRamp'],
        expectedMonthlyVolume: 'Under $10k',
      },
    },
  );
  expect(created.errors).toBeUndefined();
  return created.data!.createOnboardingInfo;
}

export interface ApiSession {
  /** `name=value` of the session cookie. */
  cookie: string;
  csrfToken: string;
}

/** Signs in through the login mutation (no browser) and returns the session. */
export async function apiLogin(email: string, password: string, otpToken?: string): Promise<ApiSession> {
  const result = await graphql<{ login: { csrfToken: string | null } }>(
    'mutation($email: String!, $password: String!, $otpToken: String) { login(email: $email, password: $password, otpToken: $otpToken) { csrfToken } }',
    { email, password, otpToken: otpToken ?? null },
  );
  expect(result.errors).toBeUndefined();
  const csrfToken = result.data?.login.csrfToken;
  if (!csrfToken || !result.cookie) throw new Error(`Login of ${email} returned no session`);
  return { cookie: result.cookie, csrfToken };
}

/** Calls the API as a signed-in user. */
export function graphqlAs<T>(session: ApiSession, query: string, variables: Record<string, unknown> = {}) {
  return graphql<T>(query, variables, { cookie: session.cookie, 'x-csrf-token': session.csrfToken });
}

/** A Playwright storage state holding an API session: the httpOnly cookie plus localStorage csrfToken. */
export function storageStateFor(
  session: ApiSession,
  localStorage: Record<string, string> = {},
): Exclude<BrowserContextOptions['storageState'], string | undefined> {
  const [name, ...rest] = session.cookie.split('=');
  return {
    cookies: [{ name: name!, value: rest.join('='), domain: 'localhost', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }],
    origins: [
      {
        origin: E2E.appUrl,
        localStorage: Object.entries({ csrfToken: session.csrfToken, ...localStorage }).map(([key, value]) => ({ name: key, value })),
      },
    ],
  };
}

// RFC 6238 TOTP (SHA-1, 6 digits, 30 s), written here so the suite checks the server's implementation
// against an independent one.
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    value = (value << 5) | BASE32.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

export function totpStep(now = Date.now()): number {
  return Math.floor(now / 30_000);
}

export function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = crypto.createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0xf;
  return ((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).toString().padStart(6, '0');
}

/** A six-digit string that is not a valid code for `secret` at any step the server accepts now. */
export function wrongTotpCode(secret: string): string {
  const step = totpStep();
  const valid = new Set([step - 1, step, step + 1, step + 2].map((s) => totpCode(secret, s)));
  for (let n = 0; ; n += 1) {
    const candidate = String((123_456 + n * 7_919) % 1_000_000).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

export interface TotpUser {
  email: string;
  password: string;
  secret: string;
  /** The time step the server last accepted; a later step is needed for the next sign-in. */
  lastUsedStep: number;
}

/**
 * A confirmed, onboarded, signed-out user with TOTP on, written directly. The last used step is two behind, so the
 * server accepts a code of the current or the next step at once (it allows one step of drift and each step once).
 */
export async function createTotpUser(prefix = 'totp'): Promise<TotpUser> {
  const secret = Array.from(crypto.randomBytes(32), (byte) => BASE32[byte & 31]).join('');
  const lastUsedStep = totpStep() - 2;
  const user = await createSignedInUser(prefix, { otp: { secret, lastUsedStep } });
  await createAccount(user.session, `${prefix} account`);
  await graphqlAs(user.session, 'mutation { logout }');
  return { email: user.email, password: user.password, secret, lastUsedStep };
}

/**
 * The next code the server will accept for `user`: a step after the last used one, at most one step ahead of now.
 * Never waits for the clock: a test that needs more codes than that asks for a fresh user.
 */
export function nextTotpCode(user: TotpUser): { code: string; step: number } {
  const step = Math.max(totpStep(), user.lastUsedStep + 1);
  if (step > totpStep() + 1) throw new Error(`${user.email} has used every code the server accepts now; use a fresh TOTP user`);
  user.lastUsedStep = step;
  return { code: totpCode(user.secret, step), step };
}

/** The embedded PostgreSQL of the run's server; its port is in postmaster.pid (it moves when busy). */
export async function withDatabase<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const pidFile = path.join(repoRoot, E2E.dataDir, 'pg', 'postmaster.pid');
  const port = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[3]);
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'rampart', password: 'rampart', database: 'rampart' });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const demoAccountIds = new WeakMap<ApiSession, Promise<string>>();

/** The id of the demo organization's 'Demo Payments' account, looked up once per session. */
export function demoAccountId(session: ApiSession): Promise<string> {
  let id = demoAccountIds.get(session);
  if (!id) {
    id = graphqlAs<{ me: { memberships: { account: { id: string; name: string } }[] } }>(
      session,
      '{ me { memberships(take: 100) { account { id name } } } }',
    ).then((result) => result.data!.me.memberships.find((m) => m.account.name === 'Demo Payments')!.account.id);
    demoAccountIds.set(session, id);
  }
  return id;
}

export interface SuiteOptions {
  /** Console errors/warnings a test expects (the forced crash); anything else fails the test. */
  allowedConsoleMessages: RegExp | null;
  /** Start each test signed in as the demo user (one API login per worker, reused as storage state). */
  signedInAsDemo: boolean;
}

/**
 * Fails a test on any console error or warning, or uncaught page error, it did not expect (STYLE rule 20),
 * and signs in once per worker when a file asks for `signedInAsDemo`.
 */
export const test = base.extend<SuiteOptions & { consoleMessages: string[] }, { demoSession: () => Promise<ApiSession> }>({
  allowedConsoleMessages: [null, { option: true }],
  signedInAsDemo: [false, { option: true }],
  // One API login per worker, made only when a test asks for it.
  demoSession: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this destructuring; it has none
    async ({}, use) => {
      let session: Promise<ApiSession> | undefined;
      await use(() => (session ??= apiLogin(E2E.demo.email, E2E.demo.password)));
    },
    { scope: 'worker' },
  ],
  // The demo's own account is stored as selected: which account a fresh device opens follows the demo user's last
  // choice, which tests that switch accounts change.
  storageState: async ({ signedInAsDemo, storageState, demoSession }, use) => {
    if (!signedInAsDemo) return use(storageState);
    const session = await demoSession();
    await use(storageStateFor(session, { selectedAccountId: await demoAccountId(session) }));
  },
  consoleMessages: [
    async ({ page, allowedConsoleMessages }, use) => {
      const messages: string[] = [];
      const record = (text: string) => {
        if (!allowedConsoleMessages?.test(text)) messages.push(text);
      };
      page.on('pageerror', (error) => record(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error' && message.type() !== 'warning') return;
        // Only our web app is held to this: the identity provider's own pages (another origin) log
        // their 401 on a refused password and a missing favicon.
        const source = message.location().url;
        if (source && !source.startsWith(E2E.appUrl)) return;
        record(`console.${message.type()}: ${message.text()}${source ? ` (${source})` : ''}`);
      });
      await use(messages);
      expect(messages, 'unexpected console errors or warnings').toEqual([]);
    },
    { auto: true },
  ],
});

/** Reads one localStorage value of the page's origin. */
export function stored(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => window.localStorage.getItem(name), key);
}

export { expect };
