import { E2E } from './e2e-env.ts';
import { apiLogin, createSignedInUser, expect, graphqlAs, test } from './fixtures.ts';
import { chooseCountry } from './pages/kyb-pages.ts';
import { chooseOption, expectShell, openSignedIn, problemsOf, sidebarItems } from './team-fixtures.ts';

// Issue 35: the blocked list (/admin/blocked) walked as the least-privileged role that may change it (RiskManager);
// staff without blocked-country access and partners are refused by the server and not offered the screen. Tuvalu is
// added and removed here: no other spec uses it.

const UPSERT = 'mutation($v: String!) { upsertBlockedListEntry(kind: country, value: $v, action: Redirect, reason: "Not allowed") { id } }';
const LIST = '{ blockedCountriesAndIndustries { id value } }';

test('a risk manager adds a country to the blocked list and removes it', async ({ browser }) => {
  const staff = await createSignedInUser('risk', { adminRole: 'RiskManager' });
  const page = await openSignedIn(browser, staff.session);
  await page.goto('/dashboard');
  await expectShell(page);
  await page.getByRole('link', { name: 'Blocked list' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blocked list');

  await page.getByRole('button', { name: 'Add entry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to the blocked list' });
  await chooseCountry(page, dialog.getByRole('combobox', { name: 'Country' }), 'Tuvalu');
  await chooseOption(page, dialog.getByRole('combobox', { name: 'Action' }), 'Redirect');
  await dialog.getByLabel('Reason').fill('Correspondent bank withdrew');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  const table = page.getByRole('table', { name: 'Blocked list' });
  await expect(table).toContainText('Tuvalu');
  await expect(table).toContainText('Correspondent bank withdrew');

  await table.getByRole('button', { name: 'Remove Tuvalu' }).click();
  await page.getByRole('alertdialog', { name: 'Remove Tuvalu?' }).getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByRole('main')).not.toContainText('Tuvalu');
  expect(problemsOf(page)).toEqual([]);
});

test('staff without blocked-country access and partners get no screen and are refused by the server', async ({ browser }) => {
  const support = await createSignedInUser('support', { adminRole: 'SupportAgentTier1' });
  const supportPage = await openSignedIn(browser, support.session);
  await supportPage.goto('/admin/blocked');
  await expectShell(supportPage);
  await expect(supportPage.getByRole('heading', { level: 1 })).toHaveText('You do not have access to this page');
  expect(await sidebarItems(supportPage)).not.toContain('Blocked list');
  expect((await graphqlAs(support.session, LIST)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN_ERROR');
  expect((await graphqlAs(support.session, UPSERT, { v: 'TV' })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN_ERROR');

  const partner = await apiLogin(E2E.demo.email, E2E.demo.password);
  const partnerPage = await openSignedIn(browser, partner);
  await partnerPage.goto('/admin/blocked');
  await expect(partnerPage.getByRole('heading', { level: 1 })).toHaveText('You do not have access to this page');
  expect(await sidebarItems(partnerPage)).not.toContain('Blocked list');
  expect((await graphqlAs(partner, UPSERT, { v: 'TV' })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN_ERROR');
});
