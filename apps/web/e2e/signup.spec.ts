import { AppShell } from './pages/app-shell.ts';
import { SignupCompletePage, SignupPage } from './pages/signup-page.ts';
import { apiLogin, codeIn, createAccount, expect, graphql, STRONG_PASSWORD, stored, test, uniqueEmail, waitForMail } from './fixtures.ts';

// Sign-up through the form, the code from the real e-mail, confirmation, onboarding (a new user has
// no account yet) and the signed-in shell.

test('sign-up → code from the mail → confirmation → dashboard shell', async ({ page }) => {
  const email = uniqueEmail('signup');
  const signup = new SignupPage(page);
  await signup.goto();
  await signup.fill({ firstName: 'Ada', lastName: 'Lovelace', jobTitle: 'Software Engineer', email, password: STRONG_PASSWORD });
  await signup.submit();

  await expect(page).toHaveURL(`/signup/complete?email=${encodeURIComponent(email)}`);
  await expect(page.getByText(`We sent a 6-digit code to ${email}`)).toBeVisible();
  const mail = await waitForMail(email, /confirmation code/);
  expect(mail.text).toContain('Hi Ada,');

  await new SignupCompletePage(page).confirm(codeIn(mail));

  // Signed in; a brand-new user belongs to no account yet, so the dashboard sends them to onboarding.
  await expect(page).toHaveURL('/onboarding');
  expect(await stored(page, 'csrfToken')).toBeTruthy();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set up your business account');

  // Once the business account exists (the onboarding form is another suite's subject), the shell opens.
  await createAccount(await apiLogin(email, STRONG_PASSWORD), 'Analytical Engines');
  await page.goto('/dashboard');
  const shell = new AppShell(page);
  await shell.expectLoaded();
  await expect(shell.accountSwitcher()).toHaveAccessibleName('Account: Analytical Engines');
  await shell.userMenu().click();
  await expect(page.getByRole('menu')).toContainText('Ada Lovelace');
  await expect(page.getByRole('menu')).toContainText(email);
});

test('a wrong confirmation code shows a clear error; the right one still works', async ({ page }) => {
  const email = uniqueEmail('wrong-code');
  const result = await graphql(
    'mutation($email: String!, $password: String!) { signup(firstName: "Test", lastName: "User", jobTitle: "Other", email: $email, password: $password) { email } }',
    { email, password: STRONG_PASSWORD },
  );
  expect(result.errors).toBeUndefined();
  const code = codeIn(await waitForMail(email, /confirmation code/));
  const wrong = code === '000000' ? '111111' : '000000';

  await page.goto(`/signup/complete?email=${encodeURIComponent(email)}`);
  const complete = new SignupCompletePage(page);
  await complete.confirm(wrong);
  await expect(page.getByText('This code is not correct.')).toBeVisible();
  await expect(complete.code()).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/signup\/complete/);
  expect(await stored(page, 'csrfToken')).toBeNull();

  await complete.code().fill(code);
  await page.getByRole('button', { name: 'Confirm e-mail' }).click();
  await expect(page).toHaveURL('/onboarding');
  expect(await stored(page, 'csrfToken')).toBeTruthy();
});

test('the form explains what is missing before anything is sent', async ({ page }) => {
  const signup = new SignupPage(page);
  await signup.goto();
  await page.getByLabel('Work e-mail').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await signup.submit();
  await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Work e-mail')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL('/signup');
});
