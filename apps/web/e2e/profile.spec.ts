import { AppShell } from './pages/app-shell.ts';
import { LoginPage } from './pages/login-page.ts';
import { apiLogin, expect, graphqlAs, STRONG_PASSWORD, test, totpCode, totpStep, uniqueEmail, waitForMail } from './fixtures.ts';
import { chooseOption, createPartner, openSignedIn, problemsOf, toastText } from './team-fixtures.ts';

// Issue 3: /profile/general and /profile/security on a fresh user with their own account.

test('profile: name, currency and an e-mail change that waits for confirmation', async ({ browser }) => {
  const user = await createPartner('profile', 'Profile Labs');
  const page = await openSignedIn(browser, user.session, user.accountId);
  await page.goto('/profile');
  await expect(page).toHaveURL('/profile/general');
  await expect(page.getByRole('link', { name: 'General' })).toHaveAttribute('aria-current', 'page');

  await page.getByLabel('Full name').fill('Grace Hopper');
  await chooseOption(page, page.getByRole('combobox', { name: 'Preferred currency' }), 'Pound sterling (GBP)');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toastText(page, 'Profile saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Full name')).toHaveValue('Grace Hopper');
  await expect(page.getByRole('combobox', { name: 'Preferred currency' })).toHaveText('Pound sterling (GBP)');
  await new AppShell(page).userMenu().click();
  await expect(page.getByRole('menu')).toContainText('Grace Hopper');
  await page.keyboard.press('Escape');

  // A new e-mail needs the current password; a wrong one is refused on its field, nothing changes.
  const newEmail = uniqueEmail('profile-new');
  await page.getByLabel('E-mail').fill(newEmail);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Enter your current password to change your e-mail')).toBeVisible();
  await page.getByLabel('Current password').fill('not-my-password-at-all');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your current password is not correct.')).toBeVisible();
  await page.getByLabel('Current password').fill(user.password);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`Pending confirmation: ${newEmail}`)).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue(user.email);
  await waitForMail(newEmail, /.*/);

  expect(problemsOf(page)).toEqual([]);
  await page.context().close();
});

test('security: sessions, password change ending other sessions, two-factor off', async ({ browser }) => {
  const user = await createPartner('security', 'Security Labs');
  const page = await openSignedIn(browser, user.session, user.accountId);
  const second = await apiLogin(user.email, user.password);
  const third = await apiLogin(user.email, user.password);
  await page.goto('/profile/security');
  await expect(page.getByRole('link', { name: 'Security' })).toHaveAttribute('aria-current', 'page');

  const sessions = page.getByRole('list', { name: 'Active sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(3); // this one (createPartner's) and two more
  await expect(sessions.getByRole('listitem').first()).toContainText('This device');

  // Sign out one other session: it stops working at once.
  await sessions
    .getByRole('button', { name: /^Sign out / })
    .first()
    .click();
  await expect(toastText(page, 'Session signed out')).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(2);

  // Sign out all the others (confirmed in a dialog).
  await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out others' }).click();
  await expect(toastText(page, 'Other sessions signed out')).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  for (const session of [second, third]) {
    const me = await graphqlAs(session, '{ me { id } }');
    expect(me.errors?.[0]?.extensions?.['code']).toBe('UNAUTHENTICATED');
  }

  // Change password: wrong current password and a mismatch are refused; then other sessions end.
  const fourth = await apiLogin(user.email, user.password);
  const newPassword = `${STRONG_PASSWORD}-renewed`;
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill('wrong-password-entirely');
  await form.getByLabel('New password', { exact: true }).fill(newPassword);
  await form.getByLabel('Confirm new password').fill(newPassword);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Your current password is not correct.')).toBeVisible();
  await form.getByLabel('Confirm new password').fill('mismatch-mismatch-mismatch');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('The passwords do not match')).toBeVisible();
  await form.getByLabel('Current password').fill(user.password);
  await form.getByLabel('Confirm new password').fill(newPassword);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(toastText(page, 'Your other sessions were signed out.')).toBeVisible();
  expect((await graphqlAs(fourth, '{ me { id } }')).errors?.[0]?.extensions?.['code']).toBe('UNAUTHENTICATED');
  await apiLogin(user.email, newPassword);
  await page.reload();
  await expect(new AppShell(page).heading()).toHaveText('Profile');

  // Two-factor: off shows the set-up link; turned on through the API, it is turned off here with a code.
  await expect(page.getByRole('link', { name: 'Turn on two-factor authentication' })).toHaveAttribute('href', '/setup_2fa');
  const session = await apiLogin(user.email, newPassword);
  const init = await graphqlAs<{ initializeOtp: { secret: string } }>(session, 'mutation { initializeOtp { secret } }');
  const secret = init.data!.initializeOtp.secret;
  const step = totpStep();
  const registered = await graphqlAs(session, 'mutation($code: String!) { registerOtp(otpToken: $code) { user { id } } }', { code: totpCode(secret, step) });
  expect(registered.errors).toBeUndefined();
  await page.reload();
  await page.getByRole('button', { name: 'Turn off' }).click();
  await page.getByLabel('Code from your authenticator app').fill('000000' === totpCode(secret, step + 1) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Turn off two-factor' }).click();
  await expect(page.getByText(/not correct/)).toBeVisible();
  await page.getByLabel('Code from your authenticator app').fill(totpCode(secret, step + 1));
  await page.getByRole('button', { name: 'Turn off two-factor' }).click();
  await expect(toastText(page, 'Two-factor authentication is off')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Turn on two-factor authentication' })).toBeVisible();

  expect(problemsOf(page)).toEqual([]);
  await page.context().close();
});

test('recovery codes (issue 36): shown once when two-factor goes on, one signs in instead of the code, the profile counts them', async ({
  browser,
  page: signIn,
}) => {
  const user = await createPartner('recovery', 'Recovery Labs');
  const page = await openSignedIn(browser, user.session, user.accountId);
  await page.goto('/setup_2fa');
  const secret = (await page.getByLabel('Secret key').textContent())!.trim();
  await page.getByLabel('Authentication code').fill(totpCode(secret, totpStep()));
  await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  const codes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
  expect(codes).toHaveLength(10);
  await expect(page.getByRole('button', { name: 'Copy codes' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('rampart-recovery-codes.txt');
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(page).toHaveURL('/dashboard');
  expect(problemsOf(page)).toEqual([]);
  await page.context().close();

  const login = new LoginPage(signIn);
  await login.goto();
  await login.signIn(user.email, user.password);
  await signIn.getByRole('button', { name: 'Use a recovery code' }).click();
  await signIn.getByLabel('Recovery code').fill('abcde-fghjk');
  await signIn.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(signIn.getByText('This recovery code is not correct or was already used.')).toBeVisible();
  await signIn.getByLabel('Recovery code').fill(codes[3]!);
  await signIn.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(toastText(signIn, '9 recovery codes remain. You can make new ones under Profile › Security.')).toBeVisible();
  await signIn.goto('/profile/security');
  await expect(signIn.getByText('9 codes left.')).toBeVisible();
  await expect(signIn.getByRole('button', { name: 'Make new recovery codes' })).toBeVisible();
});
