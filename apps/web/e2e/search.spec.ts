import { expect, test } from './fixtures.ts';
import { openAs, type Partner } from './developers-fixtures.ts';
import { createSearchPartner } from './search-fixtures.ts';
import { CustomersPage } from './pages/customers-pages.ts';
import { TransactionsPage } from './pages/transactions-pages.ts';

// Issue 13: search finds partial values. A fresh partner's test transactions, each with its own e-mail, external ids
// and wallet; typing the start of one narrows /transactions and /customers to the matching rows.

test.setTimeout(180_000);

let partner: Partner;
let ids: Record<string, string> = {};

test.beforeAll(async () => {
  ({ partner, ids } = await createSearchPartner('search'));
});

test('transactions: the start of an e-mail, an external id or a wallet address narrows the list', async ({ browser }) => {
  const { page, problems } = await openAs(browser, partner);
  const list = new TransactionsPage(page);
  await list.goto();
  expect(new Set(await list.rowIds())).toEqual(new Set(Object.values(ids)));
  const search = page.getByRole('textbox', { name: 'Search' });
  await expect(search).toHaveAttribute('placeholder', 'E-mail, external id or wallet address — the start is enough');

  const expectRows = async (term: string, externalIds: string[]) => {
    await search.fill(term);
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(term)}`));
    await expect.poll(async () => new Set(await list.rowIds())).toEqual(new Set(externalIds.map((id) => ids[id])));
    await expect(list.summary()).toContainText(`${externalIds.length} transactions`);
  };
  await expectRows('BOB.se', ['order-7002']);
  await expectRows('order-70', ['order-7001', 'order-7002']);
  await expectRows('cust-car', ['inv-8001']);
  await expectRows('0x5ea0c0', ['order-7001', 'order-7002']);
  await expectRows('0x9f9f', ['inv-8001']);

  // Two characters match whole values only, and the screen says so.
  await search.fill('in');
  await search.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'match whole values only' })).toBeVisible();
  await expect(page.getByRole('cell', { name: /No transactions match these filters/ })).toBeVisible();
  expect(problems).toEqual([]);
});

test('customers: the start of an e-mail or an external customer id narrows the list', async ({ browser }) => {
  const { page, problems } = await openAs(browser, partner);
  const customers = new CustomersPage(page);
  await customers.goto();
  await expect(customers.rows()).toHaveCount(3);
  await expect(customers.search()).toHaveAttribute('placeholder', 'E-mail or external id — the start is enough');
  const expectEmails = async (term: string, emails: string[]) => {
    await customers.search().fill(term);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(customers.rows()).toHaveCount(emails.length);
    for (const email of emails) await expect(customers.table()).toContainText(email);
  };
  await expectEmails('Ada.S', ['ada.search@example.com']);
  await expectEmails('cust-bo', ['bob.search@example.com']);
  await expectEmails('cust-', ['ada.search@example.com', 'bob.search@example.com', 'carol.other@example.com']);
  expect(problems).toEqual([]);
});
