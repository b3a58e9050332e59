import AxeBuilder from '@axe-core/playwright';
import { createSignedInUser, expect, graphqlAs, test, withDatabase } from './fixtures.ts';
import { createPartner, openAs, type Partner } from './developers-fixtures.ts';
import { CommercePages } from './pages/commerce-pages.ts';
import { createStaff } from './kyb-fixtures.ts';
import { openSignedIn, toastText } from './team-fixtures.ts';
import type { Page } from '@playwright/test';

// Commerce (issue 15): an administrator creates the merchant account, goes through the built-in hosted onboarding and
// back by redirect, then manages payout wallets (address checks, edit, delete, the last wallet protected). An analyst
// neither sees commerce nor may change it through the API.

const SOL_ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
const SOL_ADDRESS_2 = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const XRP_ADDRESS = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';

test.describe.configure({ timeout: 180_000 });

async function axe(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect.soft(serious, label).toEqual([]);
}

// One merchant account through its life: onboarded, then its payout wallets managed, then viewed by staff. Serial
// because each test starts from the state the one before left (an active merchant account, then its wallets).
test.describe('one merchant account', () => {
  test.describe.configure({ mode: 'serial' });

  let partner: Partner;
  test.beforeAll(async () => {
    partner = await createPartner('commerce');
  });

  test('an administrator onboards through the hosted page and comes back with an active merchant account', async ({ browser }) => {
    const { page, problems } = await openAs(browser, partner);
    const commerce = new CommercePages(page);
    await page.goto('/commerce');
    await expect(page).toHaveURL(/\/commerce\/intro$/, { timeout: 30_000 });
    await expect(commerce.heading()).toHaveText('Commerce');
    await axe(page, 'intro');
    await page.getByRole('link', { name: 'Set up commerce' }).click();
    await expect(page).toHaveURL(/\/commerce\/onboarding$/);

    // The form's own checks first, then the real submit.
    await page.getByRole('button', { name: 'Create and continue to onboarding' }).click();
    await expect(page.getByText('Enter the business name')).toBeVisible();
    await page.getByLabel('Contact e-mail').fill('not-an-email');
    await page.getByLabel('Contact e-mail').blur();
    await expect(page.getByText('Enter an e-mail address such as finance@example.com')).toBeVisible();
    await axe(page, 'onboarding form');
    await commerce.createMerchantAccount('Commerce Labs Ltd', 'payments@commercelabs.example.com');

    // The built-in hosted onboarding page, outside the shell.
    await expect(page).toHaveURL(/\/sandbox\/helio\/onboarding\//, { timeout: 30_000 });
    await expect(page.getByText('Commerce Labs Ltd')).toBeVisible();
    await expect(page.getByText('payments@commercelabs.example.com')).toBeVisible();
    await axe(page, 'sandbox onboarding page');
    const sandboxUrl = page.url();
    await commerce.finishSandboxOnboarding('Approve');

    // Back through /helio to the account, with a toast saying what happened.
    await expect(page).toHaveURL(/\/commerce\/account$/, { timeout: 30_000 });
    await expect(toastText(page, 'Merchant account active')).toBeVisible();
    await expect(commerce.statusBadge()).toHaveText('Active');
    await expect(page.getByText('Built-in (sandbox)')).toBeVisible();
    await expect(page.getByText('payments@commercelabs.example.com')).toBeVisible();
    await axe(page, 'account');

    // /commerce now opens the account; the used link is refused with the server's message and a way back.
    await page.goto('/commerce');
    await expect(page).toHaveURL(/\/commerce\/account$/);
    await page.goto(sandboxUrl);
    await expect(page.getByText('This onboarding link cannot be used')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the dashboard' })).toBeVisible();
    // The page is public (the token is the credential): signed out, it answers the same instead of sending to /login.
    const visitor = await browser.newContext();
    const signedOut = await visitor.newPage();
    await signedOut.goto(sandboxUrl);
    await expect(signedOut.getByRole('alert')).toContainText('This onboarding link cannot be used', { timeout: 30_000 });
    await expect(signedOut.getByRole('alert')).toContainText('go back to the dashboard');
    await expect(signedOut).toHaveURL(sandboxUrl);
    await visitor.close();

    expect(problems.filter((problem) => !problem.includes('Failed to load resource'))).toEqual([]);
    await page.context().close();
  });

  test('payout wallets: address checks, duplicates, edit, delete and the last wallet protected', async ({ browser }) => {
    const { page } = await openAs(browser, partner);
    const commerce = new CommercePages(page);
    await commerce.gotoSection('wallets');
    await expect(page.getByText('No payout wallets yet')).toBeVisible();
    // Without Helio configured, the screen and the dialog say that nothing is paid out (issue 37).
    await expect(
      page.getByText(
        'Helio is not connected to this Rampart (the built-in sandbox stands in for it), so nothing is paid out: these wallets are kept as your payout details only.',
      ),
    ).toBeVisible();

    // An address of another network is refused on the field before anything is sent.
    await commerce.openAddWallet();
    await expect(commerce.walletDialog()).toContainText('so nothing is paid out to this address: it is kept as your payout details only.');
    await commerce.fillWallet({ currency: 'USD Coin (Solana)', address: '0x52908400098527886E0F7030069857D2E4169EE7' });
    await commerce.submitWallet();
    await expect(commerce.walletDialog().getByText('This is not a valid USD Coin (Solana) address.')).toBeVisible();
    await expect(commerce.walletDialog().getByLabel('Destination tag or memo (optional)')).toHaveCount(0);
    await axe(page, 'add wallet dialog');
    await commerce.fillWallet({ address: SOL_ADDRESS });
    await commerce.submitWallet();
    await expect(commerce.walletDialog()).toBeHidden();
    await expect(toastText(page, 'Wallet added')).toBeVisible();
    await expect(commerce.walletRows()).toHaveCount(1);
    await expect(commerce.walletRow('USD Coin (Solana)')).toContainText('7xKXtg2C…uJosgAsU');

    // The same wallet again: the server refuses it, and says so in the dialog.
    await commerce.openAddWallet();
    await commerce.fillWallet({ currency: 'USD Coin (Solana)', address: SOL_ADDRESS });
    await commerce.submitWallet();
    await expect(commerce.walletDialog().getByText('This wallet is already added for this currency.')).toBeVisible();
    await commerce.walletDialog().getByRole('button', { name: 'Cancel' }).click();
    await expect(commerce.walletRows()).toHaveCount(1);
    await axe(page, 'wallets');

    // Edit: a new address for the same currency.
    await commerce.walletRow('USD Coin (Solana)').getByRole('button', { name: 'Edit the USD Coin (Solana) wallet' }).click();
    await expect(commerce.walletDialog().getByRole('combobox', { name: 'Currency' })).toBeDisabled();
    await commerce.fillWallet({ address: 'not a solana address' });
    await commerce.submitWallet();
    await expect(commerce.walletDialog().getByText('This is not a valid USD Coin (Solana) address.')).toBeVisible();
    await commerce.fillWallet({ address: SOL_ADDRESS_2 });
    await commerce.submitWallet();
    await expect(commerce.walletDialog()).toBeHidden();
    await expect(toastText(page, 'Wallet saved')).toBeVisible();
    await expect(commerce.walletRow('USD Coin (Solana)')).toContainText('9WzDXwBb…9zYtAWWM');

    // The active merchant account's only wallet cannot be deleted: the server's refusal shows in the confirmation.
    await commerce.walletRow('USD Coin (Solana)').getByRole('button', { name: 'Delete the USD Coin (Solana) wallet' }).click();
    await commerce.deleteDialog().getByRole('button', { name: 'Delete wallet' }).click();
    await expect(commerce.deleteDialog().getByText('Could not delete the wallet')).toBeVisible();
    await expect(commerce.deleteDialog().getByText('Payouts need a wallet: add another wallet before deleting this one.')).toBeVisible();
    await commerce.deleteDialog().getByRole('button', { name: 'Cancel' }).click();
    await expect(commerce.walletRows()).toHaveCount(1);

    // A tag only where the network uses one: XRP takes a destination tag.
    await commerce.openAddWallet();
    await commerce.fillWallet({ currency: 'XRP', address: XRP_ADDRESS, tag: '12345' });
    await commerce.submitWallet();
    await expect(commerce.walletDialog()).toBeHidden();
    await expect(commerce.walletRows()).toHaveCount(2);
    await expect(commerce.walletRow('XRP')).toContainText('12345');

    // With two wallets the first one can go.
    await commerce.walletRow('USD Coin (Solana)').getByRole('button', { name: 'Delete the USD Coin (Solana) wallet' }).click();
    await commerce.deleteDialog().getByRole('button', { name: 'Delete wallet' }).click();
    await expect(commerce.deleteDialog()).toBeHidden();
    await expect(toastText(page, 'Wallet deleted')).toBeVisible();
    await expect(commerce.walletRows()).toHaveCount(1);
    await expect(commerce.walletRow('XRP')).toBeVisible();
    await page.context().close();
  });

  test('staff who may only view see the payout wallets without any control', async ({ browser }) => {
    const staff = await createStaff('commerce-auditor', 'Auditor');
    const staffPage = await openSignedIn(browser, staff, partner.accountId);
    await staffPage.addInitScript((accountId) => {
      window.sessionStorage.setItem('staffOpenedAccounts', JSON.stringify([{ id: accountId, name: 'Dev commerce', organizationName: 'Dev Labs Ltd' }]));
    }, partner.accountId);
    const staffCommerce = new CommercePages(staffPage);
    await staffCommerce.gotoSection('wallets');
    await expect(staffCommerce.walletRow('XRP')).toBeVisible();
    await expect(staffCommerce.addWalletButton()).toHaveCount(0);
    await expect(staffPage.getByRole('button', { name: /^(Edit|Delete) the / })).toHaveCount(0);
    await staffPage.context().close();
  });
});

test('an analyst sees no commerce and the server refuses their wallet changes', async ({ browser }) => {
  const partner = await createPartner('commerce-analyst-of');
  const { session, ...analyst } = await createSignedInUser('commerce-analyst');
  await withDatabase(async (client) => {
    await client.query(`insert into memberships (account_id, user_id, role, has_accepted_invite) values ($1, $2, 'analyst', true)`, [
      partner.accountId,
      analyst.id,
    ]);
  });
  const { page } = await openAs(browser, { session, accountId: partner.accountId });
  await page.goto('/dashboard');
  const sidebar = page.getByRole('navigation', { name: 'Main' }).first();
  await expect(page.getByRole('link', { name: 'Transactions' }).first()).toBeVisible({ timeout: 30_000 });
  await expect(sidebar.getByRole('link', { name: 'Commerce', exact: true })).toHaveCount(0);
  await page.goto('/commerce/wallets');
  await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add wallet' })).toHaveCount(0);

  const refused = await graphqlAs(session, 'mutation($a: ID!, $i: HelioWalletInput!) { addHelioWallet(accountId: $a, input: $i) { id } }', {
    a: partner.accountId,
    i: { currencyCode: 'usdc_sol', walletAddress: SOL_ADDRESS },
  });
  expect(refused.errors?.[0]?.extensions?.['code']).toBe('FORBIDDEN_ERROR');
  const read = await graphqlAs(session, 'query($a: ID!) { getHelioWallets(accountId: $a) { id } }', { a: partner.accountId });
  expect(read.errors?.[0]?.extensions?.['code']).toBe('FORBIDDEN_ERROR');
  await page.context().close();
});

test('a business sent to review, and a rejection after an expired link was renewed', async ({ browser }) => {
  // Review: back on the account page, in review.
  const reviewed = await createPartner('commerce-review');
  const { page } = await openAs(browser, reviewed);
  const commerce = new CommercePages(page);
  await commerce.gotoSection('onboarding');
  await commerce.createMerchantAccount('Review Labs Ltd', 'finance@reviewlabs.example.com');
  await commerce.finishSandboxOnboarding('Send to review');
  await expect(page).toHaveURL(/\/commerce\/account$/, { timeout: 30_000 });
  await expect(toastText(page, 'Onboarding submitted')).toBeVisible();
  await expect(commerce.statusBadge()).toHaveText('In review');
  await page.context().close();

  // An expired link: the page says so; "Continue onboarding" asks for a new one, which works.
  const rejected = await createPartner('commerce-reject');
  const created = await graphqlAs<{ createHelioMerchantAccount: { redirectUrl: string } }>(
    rejected.session,
    'mutation($a: ID!, $i: HelioMerchantAccountInput!) { createHelioMerchantAccount(accountId: $a, input: $i) { redirectUrl } }',
    { a: rejected.accountId, i: { businessName: 'Reject Labs Ltd', contactEmail: 'finance@rejectlabs.example.com' } },
  );
  expect(created.errors).toBeUndefined();
  const oldPath = new URL(created.data!.createHelioMerchantAccount.redirectUrl).pathname;
  // Time passes: the link and the merchant account's copy of it expire together.
  await withDatabase(async (client) => {
    await client.query(`update helio_onboarding_links set expires_at = now() - interval '1 minute' where account_id = $1`, [rejected.accountId]);
    await client.query(`update helio_merchant_accounts set onboarding_url_expires_at = now() - interval '1 minute' where account_id = $1`, [
      rejected.accountId,
    ]);
  });
  const second = await openAs(browser, rejected);
  const rejectedPage = second.page;
  await rejectedPage.goto(oldPath);
  await expect(rejectedPage.getByText('This onboarding link has expired: go back to the dashboard to get a new one.')).toBeVisible({ timeout: 30_000 });
  const rejectedCommerce = new CommercePages(rejectedPage);
  await rejectedCommerce.gotoSection('onboarding');
  await rejectedPage.getByRole('button', { name: 'Continue onboarding' }).click();
  await expect(rejectedPage).toHaveURL(/\/sandbox\/helio\/onboarding\//, { timeout: 30_000 });
  expect(new URL(rejectedPage.url()).pathname).not.toBe(oldPath);
  await rejectedCommerce.finishSandboxOnboarding('Reject');
  await expect(rejectedPage).toHaveURL(/\/commerce\/onboarding$/, { timeout: 30_000 });
  await expect(toastText(rejectedPage, 'Merchant account rejected')).toBeVisible();
  await expect(rejectedPage.getByRole('heading', { name: 'The business was rejected' })).toBeVisible();
  await rejectedPage.context().close();
});
