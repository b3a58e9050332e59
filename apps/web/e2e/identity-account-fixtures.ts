// Issue 18: what the identity-account specs share: a fresh user signed in through the development identity provider,
// the codes the provider sends (e-mail through the app's mailer, SMS to the development outbox at /dev/sms), and the
// browser's okta-auth-js token storage.
import type { Page, Request } from '@playwright/test';
import { E2E } from './e2e-env.ts';
import { createConfirmedUser, expect, waitForMail, type Mail } from './fixtures.ts';

export const IDP_TITLE = 'Rampart development identity provider';
/** okta-auth-js' storage key for the tokens (localStorage of the app's origin). */
export const TOKEN_STORAGE_KEY = 'okta-token-storage';

/** The six-digit code in a message the identity provider sent. */
export function sixDigitCode(text: string): string {
  const match = /code is (\d{6})\b/.exec(text) ?? /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error(`No six-digit code in: ${text}`);
  return match[1]!;
}

/** The newest challenge mail to `to` (the provider sends e-mail challenges through the app's mailer), skipping the first `after`. */
export async function waitForVerificationMail(to: string, after = 0): Promise<Mail> {
  return waitForMail(to, /^Confirm your e-mail address$/, after);
}

export interface SmsMessage {
  to: string;
  body: string;
  sentAt: string;
}

/** The development SMS outbox as JSON (newest first). */
export async function readSmsOutbox(): Promise<SmsMessage[]> {
  const response = await fetch(`${E2E.appUrl}/dev/sms.json`);
  expect(response.status, 'the development SMS outbox answers').toBe(200);
  return (await response.json()) as SmsMessage[];
}

/** Messages to `phoneNumber` (E.164) in the outbox, newest first. */
export async function smsTo(phoneNumber: string): Promise<SmsMessage[]> {
  return (await readSmsOutbox()).filter((message) => message.to === phoneNumber);
}

/** Waits for an SMS to `phoneNumber` newer than the `after` messages already there and returns its code. */
export async function waitForSmsCode(phoneNumber: string, after = 0): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const messages = await smsTo(phoneNumber);
    if (messages.length > after) return sixDigitCode(messages[0]!.body);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No SMS to ${phoneNumber}`);
}

let phoneCounter = 0;
/** A fresh E.164 number in the +1 555 01xx fictional range, unique per worker and run. */
export function uniquePhoneNumber(): string {
  phoneCounter += 1;
  const tail = (process.pid * 97 + Date.now() + phoneCounter * 7_919) % 10_000_000;
  return `+1555${String(tail).padStart(7, '0')}`;
}

/** The provider's own login page: e-mail + password, then back to the app. */
export async function signInAtIdentityProvider(page: Page, email: string, password: string) {
  await expect(page).toHaveTitle(IDP_TITLE);
  expect(new URL(page.url()).origin).toBe(E2E.idpUrl);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A fresh Rampart user with an account (so the shell opens after sign-in); the provider has not seen them yet. */
export async function freshUser(prefix: string): Promise<{ email: string; password: string }> {
  return createConfirmedUser(prefix, { withAccount: true });
}

/** Signs in through SSO from /login; the development provider provisions its record of the user (names, e-mail, password) on first sight. */
export async function signInThroughSso(page: Page, user: { email: string; password: string }, landing = '/dashboard') {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with SSO' }).click();
  await page.waitForURL((url) => url.origin === E2E.idpUrl);
  await signInAtIdentityProvider(page, user.email, user.password);
  await page.waitForURL((url) => url.origin === E2E.appUrl && url.pathname === landing);
}

interface StoredToken {
  accessToken?: string;
  idToken?: string;
  refreshToken?: string;
  expiresAt: number;
  [key: string]: unknown;
}
export type TokenStorage = Partial<Record<'accessToken' | 'idToken' | 'refreshToken', StoredToken>>;

export async function readTokens(page: Page): Promise<TokenStorage> {
  return page.evaluate((key) => JSON.parse(window.localStorage.getItem(key) ?? '{}') as TokenStorage, TOKEN_STORAGE_KEY);
}

export async function writeTokens(page: Page, tokens: TokenStorage): Promise<void> {
  await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [TOKEN_STORAGE_KEY, JSON.stringify(tokens)]);
}

/** Marks the stored access token as expired five minutes ago (the JWT itself is untouched: only the client's view). */
export async function expireStoredAccessToken(page: Page): Promise<string> {
  const tokens = await readTokens(page);
  expect(tokens.accessToken, 'an access token is stored').toBeTruthy();
  tokens.accessToken!.expiresAt = Math.floor(Date.now() / 1000) - 300;
  await writeTokens(page, tokens);
  return tokens.accessToken!.accessToken!;
}

/** Records the refresh-token grants the page sends to the provider's token endpoint from now on. */
export function recordTokenRenewals(page: Page): Request[] {
  const renewals: Request[] = [];
  page.on('request', (request) => {
    if (
      request.method() === 'POST' &&
      new URL(request.url()).origin === E2E.idpUrl &&
      new URL(request.url()).pathname === '/token' &&
      /grant_type=refresh_token/.test(request.postData() ?? '')
    ) {
      renewals.push(request);
    }
  });
  return renewals;
}

/**
 * Records the account-management calls (MyAccount and the sessions API) the page makes to the provider. With
 * `fromNextDocument`, only those of the document the next navigation loads: calls the current document still makes
 * (a slow machine may not have finished loading it) are not counted.
 */
export function recordMyAccountCalls(page: Page, { fromNextDocument = false } = {}): Request[] {
  const calls: Request[] = [];
  let recording = !fromNextDocument;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) recording = true;
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (
      recording &&
      url.origin === E2E.idpUrl &&
      request.method() !== 'OPTIONS' &&
      (url.pathname.startsWith('/idp/myaccount') || url.pathname.startsWith('/api/v1/sessions'))
    )
      calls.push(request);
  });
  return calls;
}
