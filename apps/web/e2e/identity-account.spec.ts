import { E2E } from './e2e-env.ts';
import { expect, mailCount, STRONG_PASSWORD, test, uniqueEmail, waitForMail } from './fixtures.ts';
import {
  expireStoredAccessToken,
  freshUser,
  readTokens,
  recordMyAccountCalls,
  recordTokenRenewals,
  signInAtIdentityProvider,
  signInThroughSso,
  sixDigitCode,
  smsTo,
  uniquePhoneNumber,
  waitForVerificationMail,
  writeTokens,
} from './identity-account-fixtures.ts';
import { AppShell } from './pages/app-shell.ts';
import { IdentityGeneralPage, IdentitySecurityPage, notifications } from './pages/identity-account-pages.ts';
import { createPartner, openSignedIn, problemsOf } from './team-fixtures.ts';

// Issue 18: a user who signed in through SSO manages what the identity provider owns (profile, e-mail addresses,
// phone numbers, password, the provider session) on /profile/general and /profile/security, through the provider's
// MyAccount API; codes arrive through the app's mailer and the development SMS outbox. Each test uses a fresh user,
// whom the development provider provisions on the first SSO sign-in.

const IDP_HOST = new URL(E2E.idpUrl).host;
const MISSING_TOKEN = 'AccessToken is required to request MyAccount API endpoints.';
/** The provider's errorSummary for a wrong verification code, shown in the dialog. */
const WRONG_CODE = 'This code is not correct.';

test('an SSO user edits the profile and e-mail addresses the identity provider holds', async ({ page }) => {
  const user = await freshUser('sso-general');
  await signInThroughSso(page, user);
  const calls = recordMyAccountCalls(page);
  const general = new IdentityGeneralPage(page);
  await general.open();
  await expect(general.managedNote()).toContainText(`Managed by your identity provider (${IDP_HOST})`);
  // Rampart's own field stays.
  await expect(page.getByRole('combobox', { name: 'Preferred currency' })).toBeVisible();

  // The profile comes from the provider (provisioned from the Rampart user: "Test User").
  await expect(general.field('First name')).toHaveValue('Test');
  await expect(general.field('Last name')).toHaveValue('User');
  await general.saveProfile({ 'First name': 'Ada', 'Last name': 'Lovelace', 'Display name': 'Countess of Lovelace' });
  // The header follows: the app renewed its tokens and copied the new names onto the Rampart user.
  const shell = new AppShell(page);
  await shell.userMenu().click();
  await expect(page.getByRole('menu')).toContainText('Ada Lovelace');
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(general.field('First name')).toHaveValue('Ada');
  await expect(general.field('Display name')).toHaveValue('Countess of Lovelace');

  // The sign-in address is the verified primary and cannot be removed.
  const first = general.email(user.email);
  await expect(first).toContainText('Primary');
  await expect(first).toContainText('Verified');
  await expect(first.getByRole('button', { name: `Remove ${user.email}` })).toHaveCount(0);

  // A second address: a wrong code is refused in the dialog, the mailed code verifies it.
  const second = uniqueEmail('sso-second');
  const dialog = await general.startAddingEmail(second);
  await expect(dialog).toContainText(`We sent a 6-digit code to ${second}. It expires at`);
  const firstCode = sixDigitCode((await waitForVerificationMail(second)).text);
  await dialog.getByLabel('Verification code').fill(firstCode === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog).toContainText(WRONG_CODE);
  // Closed unverified, it waits in the list; its "Verify" button sends a fresh code.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(general.email(second)).toContainText('Unverified');
  await general.verifyListedEmail(second);
  await expect(general.email(second)).toContainText('Verified');
  await expect(general.email(second)).not.toContainText('Primary');

  // Make it primary: the old one becomes secondary, and the header shows the new address.
  await general
    .email(second)
    .getByRole('button', { name: `Make ${second} primary` })
    .click();
  await expect(notifications(page, 'Primary e-mail changed')).toBeVisible();
  await expect(general.email(second)).toContainText('Primary');
  await expect(general.email(user.email)).not.toContainText('Primary');
  await shell.userMenu().click();
  await expect(page.getByRole('menu')).toContainText(second);
  await page.keyboard.press('Escape');

  // The old address, now secondary, can be removed (confirmed first).
  await general
    .email(user.email)
    .getByRole('button', { name: `Remove ${user.email}` })
    .click();
  const confirm = page.getByRole('alertdialog', { name: `Remove ${user.email}?` });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(general.email(user.email)).toHaveCount(0);
  await page.reload();
  await expect(general.emails().getByRole('listitem')).toHaveCount(1);
  await expect(general.email(second)).toContainText('Primary');

  // Every MyAccount call carried the access token and asked for version 1.0.0.
  const myAccount = calls.filter((call) => new URL(call.url()).pathname.startsWith('/idp/myaccount'));
  expect(myAccount.length).toBeGreaterThan(5);
  for (const call of myAccount) {
    expect(call.headers()['authorization'], call.url()).toMatch(/^Bearer \S+/);
    expect(call.headers()['accept'], call.url()).toContain('okta-version=1.0.0');
  }
});

test('an SSO user verifies a phone by SMS, changes the password and ends the provider session', async ({ page }) => {
  const user = await freshUser('sso-security');
  await signInThroughSso(page, user);
  const security = new IdentitySecurityPage(page);
  // The app keeps the provider session alive: a lifecycle refresh with the provider's cookie when it starts.
  const refreshed = page.waitForRequest((request) => request.method() === 'POST' && request.url() === `${E2E.idpUrl}/api/v1/sessions/me/lifecycle/refresh`);
  await security.open();
  await refreshed;
  // Rampart's sessions stay; two-factor belongs to password users.
  await expect(page.getByRole('list', { name: 'Active sessions' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toHaveCount(0);

  // A phone number, verified with the code from the SMS outbox.
  const phone = uniquePhoneNumber();
  expect(await smsTo(phone)).toEqual([]);
  await security.addAndVerifyPhone(phone);
  await expect(security.phone(phone)).toContainText('Verified');
  expect(await smsTo(phone)).toHaveLength(1);
  await page.reload();
  await expect(security.phone(phone)).toContainText('Verified');
  await security
    .phone(phone)
    .getByRole('button', { name: `Remove ${phone}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(security.phone(phone)).toHaveCount(0);

  // The password: active; a new one is saved at the provider.
  const card = security.passwordCard();
  await expect(card).toContainText('Active');
  await expect(card).toContainText('Last changed');
  await card.getByRole('button', { name: 'Change password' }).click();
  const change = page.getByRole('dialog', { name: 'Change password' });
  const newPassword = `${STRONG_PASSWORD}-at-the-provider`;
  await change.getByLabel('New password', { exact: true }).fill(newPassword);
  await change.getByLabel('Confirm new password').fill(newPassword);
  await change.getByRole('button', { name: 'Save password' }).click();
  await expect(notifications(page, 'Password changed')).toBeVisible();
  await expect(change).toBeHidden();

  // The provider session: shown, then ended.
  const session = security.sessionCard();
  for (const term of ['Started', 'Expires', 'Last password check']) await expect(session.getByText(term, { exact: true })).toBeVisible();
  await session.getByRole('button', { name: 'End session' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'End session' }).click();
  await expect(page.getByText('Your identity provider session has ended.')).toBeVisible();

  // A new provider session from here: classic authn, then the provider's session-cookie redirect back to this screen.
  const signIn = session.getByRole('form', { name: `Sign in at ${IDP_HOST}` });
  await signIn.getByLabel('Password', { exact: true }).fill(newPassword);
  const handOff = page.waitForRequest((request) => new URL(request.url()).pathname === '/login/sessionCookieRedirect');
  await signIn.getByRole('button', { name: `Sign in at ${IDP_HOST}` }).click();
  const handOffUrl = new URL((await handOff).url());
  expect(handOffUrl.searchParams.get('checkAccountSetupComplete')).toBe('true');
  expect(handOffUrl.searchParams.get('redirectUrl')).toBe(`${E2E.appUrl}/profile/security`);
  await page.waitForURL((url) => url.origin === E2E.appUrl && url.pathname === '/profile/security');
  await expect(session.getByText('Started', { exact: true })).toBeVisible();
  await session.getByRole('button', { name: 'End session' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'End session' }).click();
  await expect(page.getByText('Your identity provider session has ended.')).toBeVisible();

  // Signed out of Rampart, SSO asks for the password again (the session ended), refuses the old one, takes the new.
  await new AppShell(page).userMenu().click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.origin === E2E.appUrl && url.pathname === '/login');
  await page.getByRole('button', { name: 'Sign in with SSO' }).click();
  await page.waitForURL((url) => url.origin === E2E.idpUrl);
  await expect(page.getByLabel('Password')).toBeVisible();
  await signInAtIdentityProvider(page, user.email, user.password);
  await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is not correct.');
  await signInAtIdentityProvider(page, user.email, newPassword);
  await page.waitForURL((url) => url.origin === E2E.appUrl && url.pathname === '/dashboard');
});

test('an SSO user removes the password and signs in at the provider with an e-mailed code', async ({ page }) => {
  const user = await freshUser('sso-no-password');
  await signInThroughSso(page, user);
  const security = new IdentitySecurityPage(page);
  await security.open();
  const card = security.passwordCard();
  await card.getByRole('button', { name: 'Remove password' }).click();
  await page.getByRole('alertdialog', { name: 'Remove your password?' }).getByRole('button', { name: 'Remove password' }).click();
  await expect(notifications(page, 'Password removed')).toBeVisible();
  await expect(card).toContainText('Not set');
  await expect(card.getByRole('button', { name: 'Set password' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Change password' })).toHaveCount(0);

  // The provider session ended and Rampart signed out: the password no longer works, an e-mailed code does.
  await security.sessionCard().getByRole('button', { name: 'End session' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'End session' }).click();
  await expect(page.getByText('Your identity provider session has ended.')).toBeVisible();
  await new AppShell(page).userMenu().click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.origin === E2E.appUrl && url.pathname === '/login');
  await page.getByRole('button', { name: 'Sign in with SSO' }).click();
  await page.waitForURL((url) => url.origin === E2E.idpUrl);
  await signInAtIdentityProvider(page, user.email, user.password);
  await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is not correct.');
  const mailsBefore = await mailCount(user.email);
  await page.getByRole('link', { name: 'E-mail me a sign-in code instead' }).click();
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('button', { name: 'Send the code' }).click();
  const code = sixDigitCode((await waitForMail(user.email, /^Your sign-in code$/, mailsBefore)).text);
  await page.getByLabel('Sign-in code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.origin === E2E.appUrl && url.pathname === '/dashboard');
});

test('an expired access token is renewed before the call; without one the screen asks to sign in again', async ({ page }) => {
  const user = await freshUser('sso-tokens');
  await signInThroughSso(page, user);
  const general = new IdentityGeneralPage(page);
  await general.open();

  // The stored access token is past its expiry: the app renews it with the refresh token before calling the provider.
  const expired = await expireStoredAccessToken(page);
  const renewals = recordTokenRenewals(page);
  const calls = recordMyAccountCalls(page, { fromNextDocument: true });
  await page.reload();
  await general.saveProfile({ 'Display name': 'Renewed before saving' });
  expect(renewals.length).toBeGreaterThan(0);
  const renewed = (await readTokens(page)).accessToken?.accessToken;
  expect(renewed).toBeTruthy();
  expect(renewed).not.toBe(expired);
  expect(calls.filter((call) => call.headers()['authorization'] === `Bearer ${expired}`)).toEqual([]);
  await page.reload();
  await expect(general.field('Display name')).toHaveValue('Renewed before saving');

  // No tokens at all (still signed in to Rampart): the spec's message and a way back through SSO to this screen.
  await writeTokens(page, {});
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: MISSING_TOKEN })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in again' }).click();
  // The provider session is alive, so it returns at once.
  await page.waitForURL((url) => url.origin === E2E.appUrl && url.pathname === '/profile/general');
  await expect(general.field('Display name')).toHaveValue('Renewed before saving');
  expect(Object.keys(await readTokens(page)).sort()).toEqual(['accessToken', 'idToken', 'refreshToken']);
});

test('a step-up request from the provider signs in again and returns to the same screen', async ({ page }) => {
  const user = await freshUser('sso-step-up');
  await signInThroughSso(page, user);
  const general = new IdentityGeneralPage(page);
  await general.open();
  const second = uniqueEmail('sso-step-up-second');
  await general.addAndVerifyEmail(second);

  // The provider wants a recent sign-in for removing an address (its own rule is 15 minutes; this answer stands in
  // for a sign-in older than that, exactly as the provider words it).
  let refused = 0;
  await page.route(`${E2E.idpUrl}/idp/myaccount/emails/*`, async (route) => {
    if (route.request().method() !== 'DELETE' || refused > 0) return route.fallback();
    refused += 1;
    await route.fulfill({
      status: 403,
      headers: {
        'content-type': 'application/json',
        'access-control-allow-origin': E2E.appUrl,
        'access-control-allow-credentials': 'true',
        'access-control-expose-headers': 'WWW-Authenticate',
        'www-authenticate':
          'Bearer realm="IdpMyAccountAPI", error="insufficient_authentication_context", error_description="The resource request requires a more recent authentication", max_age=900',
      },
      body: JSON.stringify({
        errorCode: 'E0000006',
        errorSummary: 'This change needs a more recent sign-in.',
        errorLink: 'E0000006',
        errorId: 'step-up-stand-in',
        errorCauses: [{ errorSummary: 'Sign in again: this change needs a sign-in within the last 15 minutes.' }],
      }),
    });
  });
  const stepUp = page.waitForRequest((request) => request.isNavigationRequest() && request.url().startsWith(`${E2E.idpUrl}/auth?`));
  await general
    .email(second)
    .getByRole('button', { name: `Remove ${second}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  expect(new URL((await stepUp).url()).searchParams.get('max_age')).toBe('900');
  await page.waitForURL((url) => url.origin === E2E.appUrl && url.pathname === '/profile/general');
  await expect(general.email(second)).toBeVisible();
  // Back on the screen with a fresh sign-in, the removal goes through.
  await general
    .email(second)
    .getByRole('button', { name: `Remove ${second}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(general.email(second)).toHaveCount(0);
  expect(refused).toBe(1);
});

test("a password user keeps today's profile screens, without the identity provider's cards", async ({ browser }) => {
  const user = await createPartner('profile-password-user', 'Password Labs');
  const page = await openSignedIn(browser, user.session, user.accountId);
  await page.goto('/profile/general');
  await expect(page.getByLabel('Full name')).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue(user.email);
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
  await expect(page.getByText(/Managed by your identity provider/)).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'E-mail addresses' })).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Profile' })).toHaveCount(0);

  await page.goto('/profile/security');
  await expect(page.getByRole('form', { name: 'Change password' }).getByLabel('Current password')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Active sessions' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Phone numbers' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Identity provider session' })).toHaveCount(0);
  expect(problemsOf(page)).toEqual([]);
  await page.context().close();
});
