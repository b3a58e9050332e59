import { AppShell } from './pages/app-shell.ts';
import { E2E } from './e2e-env.ts';
import { apiLogin, createSignedInUser, expect, graphqlAs, stored, test, withDatabase } from './fixtures.ts';
import { createPartner, expectShell, openSignedIn, problemsOf, sidebarItems } from './team-fixtures.ts';

// Issue 3: staff screens. /admin/audit needs auditTrail:view; /admin/organizations opens any account as staff.

test.describe('as a partner', () => {
  test.use({ signedInAsDemo: true });

  test('/admin/audit is a clear 403 and the admin section is hidden', async ({ page }) => {
    await page.goto('/admin/audit');
    await expectShell(page);
    await expect(page.getByRole('link', { name: 'Team' })).toBeVisible();
    await expect(page.getByText('403')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You do not have access to this page');
    const items = await sidebarItems(page);
    expect(items).not.toContain('Audit trail');
    expect(items).not.toContain('Organizations');
  });
});

test('a developer opening /analytics by URL gets the 403 page, not refused queries, and no Analytics link', async ({ browser }) => {
  const partner = await createPartner('developer-403', 'Developer Labs');
  await withDatabase((client) => client.query("update memberships set role = 'developer' where account_id = $1", [partner.accountId]));
  const page = await openSignedIn(browser, partner.session, partner.accountId);
  await page.goto('/analytics');
  await expectShell(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You do not have access to this page');
  await expect(page.getByText('Could not load')).toHaveCount(0);
  expect(await sidebarItems(page)).not.toContain('Analytics');
  expect(problemsOf(page)).toEqual([]);
  await page.context().close();
});

test('an auditor browses the audit trail with URL filters and opens a partner account', async ({ browser }) => {
  // The demo user's own successful change, so the trail has one whatever ran before this test: it saves its
  // preferred currency unchanged.
  const demo = await apiLogin(E2E.demo.email, E2E.demo.password);
  const me = await graphqlAs<{ me: { preferredCurrencyCode: string } }>(demo, '{ me { preferredCurrencyCode } }');
  const saved = await graphqlAs(demo, 'mutation($c: PreferredCurrency) { updateUser(preferredCurrencyCode: $c) { id } }', {
    c: me.data!.me.preferredCurrencyCode,
  });
  expect(saved.errors).toBeUndefined();
  const staff = await createSignedInUser('auditor', { adminRole: 'Auditor' });
  const session = staff.session;
  const page = await openSignedIn(browser, session);

  // Staff without an account are not sent to onboarding: they land on their first back-office screen, with no
  // partner test mode to switch.
  await page.goto('/dashboard');
  await expectShell(page);
  await expect(page.getByRole('link', { name: 'Audit trail' })).toBeVisible();
  await expect(page).toHaveURL('/admin/organizations');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('You are viewing test data')).toHaveCount(0);
  await expect(page.getByRole('switch', { name: 'Test mode' })).toHaveCount(0);
  expect(await sidebarItems(page)).toEqual(expect.arrayContaining(['Audit trail', 'Organizations']));

  await page.getByRole('link', { name: 'Audit trail' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit trail');
  const events = page.getByRole('table', { name: 'Audit events' });
  await expect(events.getByRole('row').nth(1)).toBeVisible();

  await page.getByLabel('Actor e-mail').fill('demo@rampart.dev');
  await page.getByRole('combobox', { name: 'Outcome' }).click();
  await page.getByRole('option', { name: 'Success' }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/actor=demo%40rampart\.dev/);
  await expect(page).toHaveURL(/outcome=success/);
  await expect(events).toContainText('demo@rampart.dev');
  await expect(events).not.toContainText(staff.email);
  await events.getByRole('button', { name: 'Show changes' }).first().click();
  await expect(page.getByLabel(/^Changes of /)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Actor e-mail')).toHaveValue('demo@rampart.dev');
  // Back to before the filters: the fields follow the address, not what was last typed.
  await page.goBack();
  await expect(page).not.toHaveURL(/actor=/);
  await expect(page.getByLabel('Actor e-mail')).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Outcome' })).toHaveText('Any outcome');
  await page.goForward();
  await expect(page.getByLabel('Actor e-mail')).toHaveValue('demo@rampart.dev');

  // Open a partner's account from the organizations search.
  await page.getByRole('link', { name: 'Organizations' }).click();
  await page.getByRole('searchbox', { name: 'Search organizations' }).fill('Demo Payments');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/q=Demo\+Payments/);
  await expect(page.getByRole('button', { name: 'Open Demo Payments', exact: true })).toBeVisible();
  await page.goBack();
  await expect(page).not.toHaveURL(/q=/);
  await expect(page.getByRole('searchbox', { name: 'Search organizations' })).toHaveValue('');
  await page.goForward();
  await expect(page.getByRole('searchbox', { name: 'Search organizations' })).toHaveValue('Demo Payments');
  await page.getByRole('button', { name: 'Open Demo Payments', exact: true }).click();
  await expect(page).toHaveURL('/dashboard');
  const shell = new AppShell(page);
  await expect(shell.accountSwitcher()).toHaveAccessibleName('Account: Demo Payments');
  await expect(shell.accountSwitcher()).toContainText('Staff access');
  const accountId = await stored(page, 'selectedAccountId');
  expect(accountId).toBeTruthy();
  // The opened account survives a reload of the session, and the team is readable but not manageable.
  await page.reload();
  await expect(shell.accountSwitcher()).toHaveAccessibleName('Account: Demo Payments');
  // The sidebar's link: the dashboard's getting-started card links to the team screen too.
  await shell.sidebar().getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('table', { name: 'Members' })).toContainText('demo@rampart.dev');
  await expect(page.getByRole('button', { name: 'Invite member' })).toHaveCount(0);
  // The auditor holds auditTrail:view, so the account's own trail is there too.
  await expect(page.getByRole('tab', { name: 'Audit trail' })).toBeVisible();

  expect(problemsOf(page)).toEqual([]);
  await page.context().close();
});
