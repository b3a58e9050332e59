import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { createAccount, createSignedInUser, expect, graphqlAs, storageStateFor, stored, test, type ApiSession } from './fixtures.ts';

// Spec §4: the selected account and test mode. A stored account that is not among the user's
// memberships falls back to the first membership, with testMode set to that account's isVerified;
// test mode is saved as "true"/"false" on every change; the switcher changes the selected account.

interface Membership {
  account: { id: string; name: string; isVerified: boolean };
}

async function membershipsOf(session: ApiSession): Promise<Membership[]> {
  const result = await graphqlAs<{ me: { memberships: Membership[] } }>(session, '{ me { memberships(take: 100) { account { id name isVerified } } } }');
  expect(result.errors).toBeUndefined();
  return result.data!.me.memberships;
}

/** Puts values in localStorage before the app loads the shell (a public page is opened to reach the origin). */
async function seedStorage(page: Page, values: Record<string, string | null>) {
  await page.goto('/terms');
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) {
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, value);
    }
  }, values);
}

test.describe('the demo user (two accounts)', () => {
  test.use({ signedInAsDemo: true });
  // One after another: the switcher test changes the account the demo user last selected, which the fallback uses.
  test.describe.configure({ mode: 'serial' });

  let first: Membership['account'];
  let second: Membership['account'];

  test.beforeAll(async ({ demoSession }) => {
    const session = await demoSession();
    const memberships = (await membershipsOf(session)).sort((a, b) => a.account.name.localeCompare(b.account.name));
    expect(memberships.map((m) => m.account.name)).toEqual(['Demo Payments', 'Demo Payments Sandbox']);
    [first, second] = memberships.map((m) => m.account) as [Membership['account'], Membership['account']];
    expect(first.isVerified).toBe(true);
    expect(second.isVerified).toBe(false);
    // The fallback takes the account last selected on any device first: start from the first, as a new user would.
    const synced = await graphqlAs(session, 'mutation($a: ID!) { syncUserWithAccount(accountId: $a) { id } }', { a: first.id });
    expect(synced.errors).toBeUndefined();
  });

  test('a stored account that is not a membership falls back to the first, with testMode = its isVerified', async ({ page }) => {
    await seedStorage(page, { selectedAccountId: randomUUID(), testMode: 'false' });
    await page.goto('/dashboard');
    const shell = new AppShell(page);
    await shell.expectLoaded();

    await expect(shell.accountSwitcher()).toHaveAccessibleName(`Account: ${first.name}`);
    await expect.poll(() => stored(page, 'selectedAccountId')).toBe(first.id);
    expect(await stored(page, 'testMode')).toBe(String(first.isVerified));
    await expect(shell.testMode()).toBeChecked({ checked: first.isVerified });
  });

  test('no stored account also selects the first membership', async ({ page }) => {
    await seedStorage(page, { selectedAccountId: null, testMode: null });
    await page.goto('/dashboard');
    const shell = new AppShell(page);
    await shell.expectLoaded();
    await expect.poll(() => stored(page, 'selectedAccountId')).toBe(first.id);
    expect(await stored(page, 'testMode')).toBe(String(first.isVerified));
  });

  test('a stored account that is a membership is kept, and so is the stored test mode', async ({ page }) => {
    await seedStorage(page, { selectedAccountId: second.id, testMode: 'true' });
    await page.goto('/dashboard');
    const shell = new AppShell(page);
    await shell.expectLoaded();
    await expect(shell.accountSwitcher()).toHaveAccessibleName(`Account: ${second.name}`);
    expect(await stored(page, 'selectedAccountId')).toBe(second.id);
    expect(await stored(page, 'testMode')).toBe('true');
    await expect(shell.testMode()).toBeChecked();
  });

  test('toggling test mode saves "true"/"false" and survives a reload', async ({ page }) => {
    await seedStorage(page, { selectedAccountId: first.id, testMode: 'true' });
    await page.goto('/dashboard');
    const shell = new AppShell(page);
    await shell.expectLoaded();
    await expect(shell.testMode()).toBeChecked();
    await expect(shell.testModeBanner()).toBeVisible();

    await shell.testMode().click();
    await expect(shell.testMode()).not.toBeChecked();
    await expect(shell.testModeBanner()).toBeHidden();
    expect(await stored(page, 'testMode')).toBe('false');

    await page.reload();
    await shell.expectLoaded();
    await expect(shell.testMode()).not.toBeChecked();
    await expect(shell.testModeBanner()).toBeHidden();

    // With the keyboard: Space on the focused switch turns it back on.
    await shell.testMode().focus();
    await page.keyboard.press('Space');
    await expect(shell.testMode()).toBeChecked();
    expect(await stored(page, 'testMode')).toBe('true');
    await page.reload();
    await shell.expectLoaded();
    await expect(shell.testMode()).toBeChecked();
    await expect(shell.testModeBanner()).toBeVisible();
  });

  test('the switcher changes the selected account, which survives a reload', async ({ page }) => {
    await seedStorage(page, { selectedAccountId: first.id, testMode: 'false' });
    await page.goto('/dashboard');
    const shell = new AppShell(page);
    await shell.expectLoaded();
    await expect(shell.accountSwitcher()).toHaveAccessibleName(`Account: ${first.name}`);

    await shell.switchAccount(second.name);
    expect(await stored(page, 'selectedAccountId')).toBe(second.id);

    await page.reload();
    await shell.expectLoaded();
    await expect(shell.accountSwitcher()).toHaveAccessibleName(`Account: ${second.name}`);

    // The switcher with the keyboard: open, move to the first account, pick it.
    await shell.accountSwitcher().focus();
    await page.keyboard.press('Enter');
    await expect(shell.accountOption(first.name)).toBeVisible();
    await expect(shell.accountOption(second.name)).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await expect(shell.accountSwitcher()).toHaveAccessibleName(`Account: ${first.name}`);
    expect(await stored(page, 'selectedAccountId')).toBe(first.id);
  });

  test('unsaved changes ask before a link or the switcher leaves them: Stay keeps them, Leave discards them (issue 36)', async ({ page }) => {
    await seedStorage(page, { selectedAccountId: first.id, testMode: 'false' });
    await page.goto('/dashboard/on-ramp/cryptos');
    const shell = new AppShell(page);
    await shell.expectLoaded('Cryptocurrencies');
    const main = page.getByRole('main');
    const firstEnabled = main
      .getByRole('switch', { name: /^Offer .* for buying$/ })
      .and(page.locator(':enabled'))
      .first();
    const asset = main.getByRole('switch', { name: (await firstEnabled.getAttribute('aria-label'))!, exact: true });
    const wasOn = (await asset.getAttribute('aria-checked')) === 'true';
    await asset.click();
    const unsaved = main.getByRole('region', { name: 'Unsaved changes' });
    await expect(unsaved).toContainText('1 unsaved change');

    const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    const fees = main.getByRole('link', { name: 'Fees', exact: true });
    await fees.click();
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
    await expect(page).toHaveURL(/\/dashboard\/on-ramp\/cryptos$/);
    await expect(asset).toBeChecked({ checked: !wasOn });

    await shell.accountSwitcher().click();
    await shell.accountOption(second.name).click();
    const switching = page.getByRole('alertdialog', { name: 'Switch account without saving?' });
    await switching.getByRole('button', { name: 'Stay and keep editing' }).click();
    await expect(shell.accountSwitcher()).toHaveAccessibleName(`Account: ${first.name}`);
    await expect(unsaved).toContainText('1 unsaved change');

    await fees.click();
    await leave.getByRole('button', { name: 'Leave and discard' }).click();
    await expect(shell.heading()).toHaveText('Fees');
    await page.goBack();
    await expect(asset).toBeChecked({ checked: wasOn });
    await expect(unsaved).toBeHidden();
    // Nothing unsaved: the switcher switches at once.
    await shell.switchAccount(second.name);
  });
});

// A user whose only account is not verified (a freshly onboarded one), signed in once per worker.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- Playwright's way to say "no test-scoped fixtures"
const unverifiedTest = test.extend<{}, { unverified: { session: ApiSession; account: Membership['account'] } }>({
  unverified: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this destructuring; it has none
    async ({}, use) => {
      const { session } = await createSignedInUser('unverified');
      const account = await createAccount(session, 'Fallback Labs');
      expect(account.isVerified).toBe(false);
      await use({ session, account });
    },
    { scope: 'worker' },
  ],
  storageState: async ({ unverified }, use) => {
    await use(storageStateFor(unverified.session, { selectedAccountId: randomUUID(), testMode: 'true' }));
  },
});

unverifiedTest.describe('a user whose only account is not verified', () => {
  // The fallback sets test mode to isVerified (false), but an unverified account cannot use live mode (issue 13):
  // the shell keeps it in test mode, with the switch locked.
  unverifiedTest('the fallback selects that account, which stays in test mode until it is verified', async ({ page, unverified }) => {
    await page.goto('/dashboard');
    const shell = new AppShell(page);
    await shell.expectLoaded();
    await expect(shell.accountSwitcher()).toHaveAccessibleName(`Account: ${unverified.account.name}`);
    await expect.poll(() => stored(page, 'selectedAccountId')).toBe(unverified.account.id);
    await expect.poll(() => stored(page, 'testMode')).toBe('true');
    await expect(shell.testMode()).toBeChecked();
    await expect(shell.testMode()).toBeDisabled();
    await expect(page.getByText('You are viewing test data. Live mode opens once your business is verified.', { exact: true })).toBeVisible();
  });
});
