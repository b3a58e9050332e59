import { AppShell } from './pages/app-shell.ts';
import { LoginPage } from './pages/login-page.ts';
import { apiLogin, createConfirmedUser, createTotpUser, expect, graphql, nextTotpCode, stored, test, wrongTotpCode } from './fixtures.ts';

// Password and TOTP sign-in, their errors, the return to the address the visitor asked for, and a
// sign-in done with the keyboard alone. Each test uses its own user (failures are throttled per user).

test('password sign-in returns to the address the visitor asked for', async ({ page }) => {
  const user = await createConfirmedUser('login', { withAccount: true });
  await page.goto('/dashboard/on-ramp/fees?range=30d');
  await expect(page).toHaveURL('/login?from=' + encodeURIComponent('/dashboard/on-ramp/fees?range=30d'));
  expect(await stored(page, 'csrfToken')).toBeNull();

  await new LoginPage(page).signIn(user.email, user.password);

  await expect(page).toHaveURL('/dashboard/on-ramp/fees?range=30d');
  await new AppShell(page).expectLoaded('Fees');
  expect(await stored(page, 'csrfToken')).toMatch(/\S{20,}/);
});

test('a wrong password shows a clear error and signs nobody in', async ({ page }) => {
  const user = await createConfirmedUser('wrong-password');
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(user.email, 'not-the-right-password-9');

  await expect(page.getByText('The e-mail or password is incorrect.')).toBeVisible();
  await expect(login.password()).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL('/login');
  expect(await stored(page, 'csrfToken')).toBeNull();

  // An address without an account gets the very same answer.
  await login.signIn('nobody-here@example.com', 'not-the-right-password-9');
  await expect(page.getByText('The e-mail or password is incorrect.')).toBeVisible();
  expect(await stored(page, 'csrfToken')).toBeNull();
});

test('TOTP sign-in: the code step, a wrong code, the right code, then a reused code', async ({ page, browser }) => {
  const user = await createTotpUser();
  const login = new LoginPage(page);
  await login.goto();
  const signInButton = await login.submit().elementHandle();
  await login.signIn(user.email, user.password);

  // The password was right: the screen now asks for the authenticator code, nobody is signed in yet.
  await expect(login.heading()).toHaveText('Two-factor authentication');
  // The code step is a form of its own: a reused "Sign in" button would animate from primary to
  // ghost colours as "Use a different account" (and fail contrast while it does).
  expect(await signInButton.evaluate((button) => button.isConnected)).toBe(false);
  await expect(page.getByRole('button', { name: 'Use a different account' })).toBeVisible();
  expect(await stored(page, 'csrfToken')).toBeNull();

  await login.enterCode(wrongTotpCode(user.secret));
  await expect(page.getByText('This code is not correct. Check your authenticator app and try again.')).toBeVisible();
  await expect(login.code()).toHaveAttribute('aria-invalid', 'true');
  expect(await stored(page, 'csrfToken')).toBeNull();

  const { code } = nextTotpCode(user);
  await login.code().fill(code);
  await login.verify().click();
  await new AppShell(page).expectLoaded();
  await expect(page).toHaveURL('/dashboard');
  expect(await stored(page, 'csrfToken')).toBeTruthy();

  // The same code in another browser is refused: a code works once.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const otherLogin = new LoginPage(otherPage);
  await otherLogin.goto();
  await otherLogin.signIn(user.email, user.password);
  await otherLogin.enterCode(code);
  await expect(otherPage.getByText('This code was already used. Wait for the next one.')).toBeVisible();
  expect(await stored(otherPage, 'csrfToken')).toBeNull();
  await other.close();
});

test('sign-in with the keyboard alone', async ({ page }) => {
  const user = await createConfirmedUser('keyboard', { withAccount: true });
  const login = new LoginPage(page);
  await login.goto();

  // Tab from the top of the page reaches the e-mail field after the brand link and the theme toggle.
  for (let presses = 0; presses < 6 && !(await login.email().evaluate((el) => el === document.activeElement)); presses += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(login.email()).toBeFocused();
  await page.keyboard.type(user.email);
  await page.keyboard.press('Tab');
  await expect(login.password()).toBeFocused();
  await page.keyboard.type(user.password);
  // The show-password button comes next, then the submit button.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Show password' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(login.password()).toHaveAttribute('type', 'text');
  await page.keyboard.press('Tab');
  await expect(login.submit()).toBeFocused();
  await page.keyboard.press('Enter');

  await new AppShell(page).expectLoaded();
  await expect(page).toHaveURL('/dashboard');
});

test('sign-out ends the session on the server and in the browser', async ({ page }) => {
  const user = await createConfirmedUser('signout', { withAccount: true });
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(user.email, user.password);
  const shell = new AppShell(page);
  await shell.expectLoaded();
  const csrfToken = await stored(page, 'csrfToken');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'rampart_session');
  expect(cookie).toBeDefined();

  await shell.signOut();

  await expect(page).toHaveURL('/login');
  await expect(login.heading()).toHaveText('Sign in to Rampart');
  expect(await stored(page, 'csrfToken')).toBeNull();
  // The old session no longer opens anything, even with its csrf token.
  const me = await graphql('{ me { email } }', {}, { cookie: `${cookie!.name}=${cookie!.value}`, 'x-csrf-token': csrfToken! });
  expect(me.errors?.[0]?.extensions?.['code']).toBe('UNAUTHENTICATED');
  // Protected pages send the visitor back to sign in.
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login?from=%2Fdashboard');

  // Signing in again works and opens a new session.
  await apiLogin(user.email, user.password);
});
