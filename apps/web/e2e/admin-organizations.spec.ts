import { createAccount, createSignedInUser, expect, graphqlAs, test } from './fixtures.ts';
import { expectShell, openSignedIn, problemsOf } from './team-fixtures.ts';

// Issue 35: staff run partner organizations. Closing an account needs account:close, which the permission table gives
// Admin (and SuperAdmin) only; SupportAgentTier1 only views. The account's member sees why it stopped.

const ENABLE = 'mutation($a: ID!) { enableAccount(accountId: $a, reason: "Reopen it") { id } }';

test('an admin closes a partner’s account with a reason; its member sees why; a viewer and the partner cannot change it', async ({ browser }) => {
  const partner = await createSignedInUser('closing-partner');
  const accountName = `Closing ${Date.now()}`;
  const account = await createAccount(partner.session, accountName);
  const organizationName = `${accountName} Ltd`;
  const admin = await createSignedInUser('status-admin', { adminRole: 'Admin' });

  // The admin finds the organization and opens its page.
  const page = await openSignedIn(browser, admin.session);
  await page.goto(`/admin/organizations?q=${encodeURIComponent(accountName)}`);
  await page.getByRole('link', { name: `Details of ${organizationName}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(organizationName);
  const card = page.getByRole('region', { name: `Account ${accountName}` });
  await expect(card.getByText(partner.email).first()).toBeVisible();
  await expect(card.getByText('Active since it was created; never changed.')).toBeVisible();

  // Closing asks for a reason first.
  await card.getByRole('button', { name: 'Close account' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Close account' }).click();
  await expect(dialog.getByText('Give a reason of at least 3 characters')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Chargebacks above the agreed limit');
  await dialog.getByRole('button', { name: 'Close account' }).click();
  await expect(dialog).toBeHidden();
  const history = card.getByRole('list', { name: `Status history of ${accountName}` });
  await expect(history).toContainText('Chargebacks above the agreed limit');
  await expect(history).toContainText(admin.email);
  await expect(card.getByRole('button', { name: 'Make active' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Close account' })).toHaveCount(0);

  // The partner's member sees the banner; the back office is not theirs, and the server refuses the change.
  const partnerPage = await openSignedIn(browser, partner.session, account.id);
  await partnerPage.goto('/dashboard');
  await expectShell(partnerPage);
  await expect(partnerPage.getByRole('alert').filter({ hasText: 'This account is closed' })).toContainText('Contact the provider to reopen it.');
  await partnerPage.goto('/admin/organizations');
  await expect(partnerPage.getByText('403')).toBeVisible();
  const partnerTry = await graphqlAs(partner.session, ENABLE, { a: account.id });
  expect(partnerTry.errors?.[0]?.extensions?.code).toBe('FORBIDDEN_ERROR');

  // A first-tier support agent sees the page but no status action or edit; the server refuses it too.
  const support = await createSignedInUser('support-t1', { adminRole: 'SupportAgentTier1' });
  const supportPage = await openSignedIn(browser, support.session);
  await supportPage.goto(page.url());
  const supportCard = supportPage.getByRole('region', { name: `Account ${accountName}` });
  await expect(supportCard.getByRole('list', { name: `Status history of ${accountName}` })).toContainText('Chargebacks above the agreed limit');
  for (const name of ['Make active', 'Make dormant', 'Close account', `Edit ${accountName}`])
    await expect(supportPage.getByRole('button', { name })).toHaveCount(0);
  await expect(supportPage.getByRole('button', { name: 'Edit organization' })).toHaveCount(0);
  const supportTry = await graphqlAs(support.session, ENABLE, { a: account.id });
  expect(supportTry.errors?.[0]?.extensions?.code).toBe('FORBIDDEN_ERROR');

  for (const opened of [page, partnerPage, supportPage]) {
    expect(problemsOf(opened)).toEqual([]);
    await opened.context().close();
  }
});
