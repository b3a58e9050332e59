import { expect, graphqlAs, storageStateFor, test, withDatabase } from './fixtures.ts';
import { createPartner, type Partner } from './developers-fixtures.ts';
import { AppShell } from './pages/app-shell.ts';
import { WebhooksPage } from './pages/developers-pages.ts';

// Issue 13: an unverified account cannot switch to live mode or create live webhooks — the switch says why and links
// to business verification, and the server refuses the same; a verified account can do both.

test.setTimeout(180_000);

const CREATE_LIVE = 'mutation($a: ID!) { createWebhook(accountId: $a, url: "https://hooks.example.com/live", liveMode: true, events: []) { id liveMode } }';

async function open(browser: import('@playwright/test').Browser, partner: Partner, testMode: 'true' | 'false') {
  const context = await browser.newContext({ storageState: storageStateFor(partner.session, { selectedAccountId: partner.accountId, testMode }) });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console.${message.type()}: ${message.text()}`);
  });
  return { page, problems };
}

test('an unverified partner stays in test mode and cannot create a live webhook', async ({ browser }) => {
  const partner = await createPartner('unverified-live');
  // Even with live mode stored on the device, the shell opens in test mode.
  const { page, problems } = await open(browser, partner, 'false');
  const shell = new AppShell(page);
  const hooks = new WebhooksPage(page);
  await hooks.goto();
  await expect(shell.userMenu()).toBeVisible({ timeout: 30_000 });
  await expect(shell.testMode()).toBeChecked();
  await expect(shell.testMode()).toBeDisabled();
  await expect(page.getByText('You are viewing test data. Live mode opens once your business is verified.', { exact: true })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('testMode'))).toBe('true');
  // The webhooks screen is in test mode: what the partner adds there is a test endpoint.
  await expect(page.getByText('No test endpoint yet.', { exact: false })).toBeVisible();

  // The lock says why, and leads to business verification.
  const lock = page.getByRole('link', { name: 'Live mode needs a verified business: verify your business' });
  await lock.hover();
  await expect(page.getByRole('tooltip')).toContainText('Live mode opens once your business is verified.');
  await lock.click();
  await expect(page).toHaveURL(/\/kyb$/);

  // The server refuses the same, in words.
  const refused = await graphqlAs(partner.session, CREATE_LIVE, { a: partner.accountId });
  expect(refused.errors?.[0]?.message).toBe(
    'Live webhooks need a verified business: finish the business verification (On-ramp → Business verification) first.',
  );
  const flag = await graphqlAs<{ account: { canUseLiveMode: boolean } }>(partner.session, 'query($a: ID!) { account(id: $a) { canUseLiveMode } }', {
    a: partner.accountId,
  });
  expect(flag.data!.account.canUseLiveMode).toBe(false);
  expect(problems).toEqual([]);
});

test('a verified partner switches to live mode and adds a live webhook', async ({ browser }) => {
  const partner = await createPartner('verified-live');
  await withDatabase((client) => client.query('update accounts set is_verified = true where id = $1', [partner.accountId]));
  const { page, problems } = await open(browser, partner, 'true');
  const shell = new AppShell(page);
  const hooks = new WebhooksPage(page);
  await hooks.goto();
  await expect(shell.userMenu()).toBeVisible({ timeout: 30_000 });
  await expect(shell.testMode()).toBeEnabled();
  await shell.testMode().click();
  await expect(shell.testMode()).not.toBeChecked();
  await expect(page.getByText('You are viewing test data.', { exact: false })).toHaveCount(0);
  await expect(page.getByText('No live endpoint yet.', { exact: false })).toBeVisible();
  await hooks.add('https://hooks.example.com/live', 'Live receiver');
  await expect(hooks.card('https://hooks.example.com/live')).toBeVisible();
  const listed = await graphqlAs<{ webhooks: Array<{ url: string; liveMode: boolean }> }>(
    partner.session,
    'query($a: ID!) { webhooks(accountId: $a, liveMode: true) { url liveMode } }',
    { a: partner.accountId },
  );
  expect(listed.data!.webhooks).toEqual([{ url: 'https://hooks.example.com/live', liveMode: true }]);
  expect(problems).toEqual([]);
});
