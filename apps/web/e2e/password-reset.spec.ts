import { AppShell } from './pages/app-shell.ts';
import { LoginPage } from './pages/login-page.ts';
import { ResetPasswordPage, SetNewPasswordPage } from './pages/password-reset-pages.ts';
import { createConfirmedUser, expect, graphql, linkIn, stored, test, waitForMail, withDatabase } from './fixtures.ts';

// Password reset through the e-mailed link; a used link and an expired link each say so clearly.

const NEW_PASSWORD = 'a-brand-new-passphrase-77';

test('password reset through the e-mailed link, which then works only once', async ({ page }) => {
  const user = await createConfirmedUser('reset', { withAccount: true });
  const request = new ResetPasswordPage(page);
  await request.goto();
  await request.requestLink(user.email);

  const link = linkIn(await waitForMail(user.email, /Reset your Rampart password/), '/reset?token=');
  await page.goto(link);
  // /reset forwards to /set_new_password with the token.
  await expect(page).toHaveURL(/\/set_new_password\?token=/);
  const choose = new SetNewPasswordPage(page);
  await choose.choose(NEW_PASSWORD);
  await expect(choose.success()).toContainText('Password changed');

  // The old password is refused, the new one signs in.
  expect(
    (await graphql('mutation($e: String!, $p: String!) { login(email: $e, password: $p) { csrfToken } }', { e: user.email, p: user.password })).errors?.[0]
      ?.message,
  ).toBe('The e-mail or password is incorrect.');
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  const login = new LoginPage(page);
  await login.signIn(user.email, NEW_PASSWORD);
  await new AppShell(page).expectLoaded();

  // The same link a second time is refused with a clear message.
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await page.goto(link);
  await choose.choose('yet-another-passphrase-88');
  await expect(choose.error()).toContainText('This password reset link is invalid or has already been used. Request a new one.');
});

test('an expired reset link shows a clear error and changes nothing', async ({ page }) => {
  const user = await createConfirmedUser('expired');
  const sent = await graphql('mutation($e: String!) { triggerPasswordReset(email: $e) }', { e: user.email });
  expect(sent.errors).toBeUndefined();
  const link = linkIn(await waitForMail(user.email, /Reset your Rampart password/), '/reset?token=');
  // Age the link past its expiry, as time would.
  const aged = await withDatabase((db) =>
    db.query(
      `update user_tokens set expires_at = now() - interval '1 minute'
        where purpose = 'password_reset' and used_at is null and user_id = (select id from users where lower(email) = lower($1))`,
      [user.email],
    ),
  );
  expect(aged.rowCount).toBe(1);

  await page.goto(link);
  const choose = new SetNewPasswordPage(page);
  await choose.choose(NEW_PASSWORD);
  await expect(choose.error()).toContainText('This password reset link has expired. Request a new one.');
  expect(await stored(page, 'csrfToken')).toBeNull();
  // The old password still works.
  expect(
    (await graphql('mutation($e: String!, $p: String!) { login(email: $e, password: $p) { csrfToken } }', { e: user.email, p: user.password })).errors,
  ).toBeUndefined();
});

test('a reset link without its token explains what to do', async ({ page }) => {
  await page.goto('/reset');
  await expect(page.getByRole('alert')).toContainText('This link is not valid');
  await page.getByRole('link', { name: 'Request a new reset link' }).click();
  await expect(page).toHaveURL('/reset_password');
});
