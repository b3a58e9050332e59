import { CustomerProfilePage, CustomersPage } from './pages/customers-pages.ts';
import { createSignedInUser, expect, test, withDatabase } from './fixtures.ts';
import { openSignedIn, problemsOf } from './team-fixtures.ts';

// Issue 5: customers list (search and paging in the URL) and profile (identity check, files, balances, paged
// transactions linking to their details, cards); staff block and unblock.

// The shared CI box is often busy: these walk through several screens on 10,000-row data.
test.describe.configure({ timeout: 180_000 });

test.describe('as the demo partner', () => {
  test.use({ signedInAsDemo: true });

  test('searches and pages the list in the URL, then opens a customer and one of their transactions', async ({ page }) => {
    const list = new CustomersPage(page);
    await list.goto();
    await expect(list.table().getByRole('columnheader')).toHaveText(['Customer', 'Country', 'KYC', 'Blocked', 'Created']);
    const firstPage = await list.rows().getByRole('link').allInnerTexts();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect.poll(() => list.rows().getByRole('link').allInnerTexts()).not.toEqual(firstPage);
    const secondPage = await list.rows().getByRole('link').allInnerTexts();
    expect(secondPage.filter((email) => firstPage.includes(email))).toEqual([]);
    await page.reload();
    await expect.poll(() => list.rows().getByRole('link').allInnerTexts()).toEqual(secondPage);

    // Search for one e-mail: the URL holds it and the page resets to 1.
    const email = secondPage[0]!;
    await list.search().fill(email);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(email).replace(/[.+]/g, '\\$&')}`));
    await expect(page).not.toHaveURL(/page=/);
    await expect(list.rows()).toHaveCount(1);
    await expect(list.rows().first()).toContainText(email);

    await list.rows().first().getByRole('link', { name: email }).click();
    const profile = new CustomerProfilePage(page);
    await expect(profile.heading()).toHaveText(email);
    for (const label of ['Customer id', 'Country', 'Default currency', 'Level', 'Status', 'Result'])
      await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'Files' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Balances' })).toBeVisible();
    await expect(profile.cards()).toBeVisible();
    const txRows = profile.transactions().locator('tbody tr');
    await expect(txRows.first().getByRole('link')).toBeVisible();
    const when = await txRows.first().getByRole('link').innerText();
    await txRows.first().getByRole('link').click();
    await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(/transaction|Swap/);
    await expect(page.getByText(when).first()).toBeVisible();
    await expect(page.getByRole('link', { name: email })).toBeVisible();
    // The partner cannot block.
    await page.getByRole('link', { name: email }).click();
    await expect(profile.heading()).toHaveText(email);
    await expect(page.getByRole('button', { name: /block customer/i })).toHaveCount(0);
  });

  test('a search with no match says so', async ({ page }) => {
    const list = new CustomersPage(page);
    await page.goto('/customers?q=nobody-here%40example.invalid');
    await expect(list.table()).toContainText('No customers match “nobody-here@example.invalid”');
    // Issue 32: the seeded demo account says its data is made up, and how it goes away.
    await page.getByRole('main').getByRole('button', { name: 'Demo data' }).click();
    await expect(page.getByRole('dialog')).toContainText('npm run seed -- --remove-demo');
  });
});

test('a FraudManager blocks and unblocks a customer', async ({ browser }) => {
  const { session } = await createSignedInUser('fraud-cust', { adminRole: 'FraudManager' });
  const customer = await withDatabase(async (client) => {
    const found = await client.query<{ id: string; email: string; account_id: string; live_mode: boolean }>(
      "select c.id, c.email, c.account_id, c.live_mode from customers c join accounts a on a.id = c.account_id where a.name = 'Demo Payments' and not c.is_blocked and c.email is not null order by c.created_at desc limit 1",
    );
    return found.rows[0]!;
  });
  const page = await openSignedIn(browser, session, customer.account_id);
  // Staff reach the account through their role; the mode follows the customer's.
  await page.addInitScript(
    ({ live, accountId }) => {
      window.localStorage.setItem('testMode', live ? 'false' : 'true');
      window.sessionStorage.setItem('staffOpenedAccounts', JSON.stringify([{ id: accountId, name: 'Demo Payments', organizationName: 'Demo Payments Ltd' }]));
    },
    { live: customer.live_mode, accountId: customer.account_id },
  );
  await page.goto(`/customers/${customer.id}`);
  const profile = new CustomerProfilePage(page);
  await expect(profile.heading()).toHaveText(customer.email, { timeout: 30_000 });

  await page.getByRole('button', { name: 'Block customer' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Block this customer?' });
  await expect(dialog).toContainText('will not be able to buy, sell, swap');
  await dialog.getByRole('button', { name: 'Block customer' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Customer blocked', { exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByText('Blocked', { exact: true }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Unblock customer' }).click();
  const unblock = page.getByRole('alertdialog', { name: 'Unblock this customer?' });
  await unblock.getByRole('button', { name: 'Unblock customer' }).click();
  await expect(unblock).toBeHidden();
  await expect(page.getByText('Customer unblocked', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Block customer' })).toBeVisible();
  const blocked = await withDatabase((client) => client.query<{ is_blocked: boolean }>('select is_blocked from customers where id = $1', [customer.id]));
  expect(blocked.rows[0]!.is_blocked).toBe(false);

  expect(problemsOf(page)).toEqual([]);
  await page.context().close();
});
