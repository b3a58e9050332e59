import type { Page } from '@playwright/test';
import { E2E } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';

// Single sign-on through the development identity provider (panva's oidc-provider) that `npm start`
// runs beside the app when no OIDC issuer is configured.

const IDP_TITLE = 'Rampart development identity provider';

/** The provider's own login page. */
async function signInAtIdentityProvider(page: Page, email: string, password: string) {
  await expect(page).toHaveTitle(IDP_TITLE);
  expect(new URL(page.url()).origin).toBe(E2E.idpUrl);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('SSO through the development identity provider, returning to the original address', async ({ page }) => {
  // A visitor asks for a protected page and is sent to sign in, remembering where they were going.
  await page.goto('/dashboard/swaps?tab=all');
  await expect(page).toHaveURL(/\/login\?from=/);

  await page.getByRole('button', { name: 'Sign in with SSO' }).click();
  // The authorization request carries PKCE (S256) and the spec's scopes.
  await page.waitForURL((url) => url.origin === E2E.idpUrl);
  await signInAtIdentityProvider(page, E2E.demo.email, E2E.demo.password);

  // /login/okta_callback finishes sign-in and returns to the original address.
  await page.waitForURL((url) => url.pathname === '/dashboard/swaps' && url.search === '?tab=all');
  expect(await page.evaluate(() => window.localStorage.getItem('csrfToken'))).toBeTruthy();
  const tokens = await page.evaluate(() => JSON.parse(window.localStorage.getItem('okta-token-storage') ?? '{}') as Record<string, unknown>);
  expect(Object.keys(tokens).sort()).toEqual(['accessToken', 'idToken', 'refreshToken']);
});

test('a wrong password at the identity provider is refused there', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with SSO' }).click();
  await page.waitForURL((url) => url.origin === E2E.idpUrl);
  await signInAtIdentityProvider(page, E2E.demo.email, 'not-the-password-at-all');
  await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is not correct.');
});

test('cancelling at the identity provider shows "Error: message" on the callback page', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with SSO' }).click();
  await page.waitForURL((url) => url.origin === E2E.idpUrl);
  await page.getByRole('link', { name: 'Cancel and return to the app' }).click();
  await page.waitForURL((url) => url.pathname === '/login/okta_callback');
  await expect(page.getByRole('alert')).toHaveText('Error: Sign-in was cancelled.');
  expect(await page.evaluate(() => window.localStorage.getItem('csrfToken'))).toBeNull();
});

test('opening the callback page directly shows an error instead of hanging', async ({ page }) => {
  await page.goto('/login/okta_callback');
  await expect(page.getByRole('alert')).toHaveText(/^Error: This page finishes single sign-on/);
});
