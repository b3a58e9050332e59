import type { Page } from '@playwright/test';
import { E2E } from './e2e-env.ts';
import { createTotpUser, expect, nextTotpCode, stored, test } from './fixtures.ts';

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

test('SSO of a user with two-factor authentication on asks for the authenticator code before signing in', async ({ page }) => {
  const user = await createTotpUser('sso-totp');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with SSO' }).click();
  await page.waitForURL((url) => url.origin === E2E.idpUrl);
  await signInAtIdentityProvider(page, user.email, user.password);

  // The provider showed no multi-factor sign-in: the callback asks for Rampart's code, nobody is signed in yet.
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/login/okta_callback');
  expect(await stored(page, 'csrfToken')).toBeNull();
  await page.getByLabel('Authentication code').fill(nextTotpCode(user).code);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  expect(await stored(page, 'csrfToken')).toBeTruthy();
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

test('signing out after SSO revokes the tokens and ends the identity provider session', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with SSO' }).click();
  await page.waitForURL((url) => url.origin === E2E.idpUrl);
  await signInAtIdentityProvider(page, E2E.demo.email, E2E.demo.password);
  await page.waitForURL((url) => url.pathname === '/dashboard');

  const revocations: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url() === `${E2E.idpUrl}/token/revocation`) revocations.push(request.postData() ?? '');
  });
  const logout = page.waitForRequest((request) => request.url().startsWith(`${E2E.idpUrl}/session/end?`));
  // The shell moves to /login inside the app first; the page load of /login comes back from the provider.
  const backFromProvider = page.waitForRequest((request) => request.isNavigationRequest() && request.url() === `${E2E.appUrl}/login`);
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();

  // The provider's logout gets the ID token hint and the post-logout address, then returns to /login.
  const logoutUrl = new URL((await logout).url());
  expect(logoutUrl.searchParams.get('id_token_hint')).toBeTruthy();
  expect(logoutUrl.searchParams.get('post_logout_redirect_uri')).toBe(`${E2E.appUrl}/login`);
  await backFromProvider;
  await page.waitForLoadState('load');
  await expect(page.getByRole('button', { name: 'Sign in with SSO' })).toBeEnabled();
  expect(revocations.some((body) => body.includes('token_type_hint=refresh_token') && body.includes('client_id=rampart-dashboard'))).toBe(true);
  expect(await page.evaluate(() => window.localStorage.getItem('csrfToken'))).toBeNull();
  const tokensLeft = await page.evaluate(() => Object.keys(JSON.parse(window.localStorage.getItem('okta-token-storage') ?? '{}') as object));
  expect(tokensLeft).toEqual([]);

  // Signed out at the provider too: SSO asks for the password again.
  await page.getByRole('button', { name: 'Sign in with SSO' }).click();
  await page.waitForURL((url) => url.origin === E2E.idpUrl);
  await expect(page).toHaveTitle(IDP_TITLE);
  await expect(page.getByLabel('Password')).toBeVisible();
});
