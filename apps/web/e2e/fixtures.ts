import { test as base, expect, type Page } from '@playwright/test';
import { E2E } from './e2e-env.ts';

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

/** Reads what the app sent through SMTP, newest first. */
export async function waitForMail(to: string, subject: RegExp, after = 0): Promise<Mail> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const response = await fetch(`http://127.0.0.1:${E2E.mailApiPort}/?to=${encodeURIComponent(to)}`);
    const mails = ((await response.json()) as Mail[]).slice(after);
    const found = mails.reverse().find((mail) => subject.test(mail.subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail to ${to} matching ${subject}`);
}

export async function mailCount(to: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${E2E.mailApiPort}/?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as Mail[]).length;
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

/** Calls the API the way the web client does, for setting up state quickly. */
export async function graphql<T>(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<{ data: T | null; errors?: Array<{ message: string }>; cookie: string | null }> {
  const response = await fetch(`${E2E.appUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true', 'x-csrf-token': '', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data: T | null; errors?: Array<{ message: string }> };
  return { ...body, cookie: response.headers.getSetCookie()[0]?.split(';')[0] ?? null };
}

/** Creates a confirmed user through the real sign-up API and the real mail. */
export async function createConfirmedUser(prefix = 'user') {
  const email = uniqueEmail(prefix);
  const signup = await graphql(
    'mutation($email: String!, $password: String!) { signup(firstName: "Test", lastName: "User", jobTitle: "Other", email: $email, password: $password) { email } }',
    { email, password: STRONG_PASSWORD },
  );
  expect(signup.errors).toBeUndefined();
  const code = codeIn(await waitForMail(email, /confirmation code/));
  const confirmed = await graphql('mutation($email: String!, $code: String!) { confirmSignupEmail(email: $email, confirmationCode: $code) { csrfToken } }', { email, code });
  expect(confirmed.errors).toBeUndefined();
  return { email, password: STRONG_PASSWORD };
}

/** Fails a test on any console error or uncaught page error it did not expect. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()}`);
      });
      await use(errors);
    },
    { auto: true },
  ],
});

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
}

export { expect };
