import { E2E } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';
import { createPartner, openAs } from './developers-fixtures.ts';
import { ApiKeysPage, chooseSelectOption } from './pages/developers-pages.ts';

// Issue 13's keys on a fresh partner: a restricted key made in the UI reads transactions and is refused customers
// (403 with the message), the Request log shows both calls with their statuses and filters them, the test key is
// revealed again.

test.setTimeout(180_000);

function callApi(path: string, key: string) {
  return fetch(`${E2E.appUrl}${path}`, { headers: { authorization: `Api-Key ${key}` } });
}

test('a restricted key is limited to its resources, its requests show in the Request log, and a test key can be revealed again', async ({ browser }) => {
  const partner = await createPartner('rkeys');
  const { page, problems } = await openAs(browser, partner);
  const keys = new ApiKeysPage(page);
  await keys.goto();
  // The first visit creates the test keys and shows the standard secret key once.
  await keys.takeSecret();

  await page.getByRole('button', { name: 'Create restricted key' }).click();
  const form = page.getByRole('dialog', { name: 'Create a restricted test key' });
  await form.getByLabel('Key name').fill('Reporting job');
  // Nothing chosen yet: the form says what is missing.
  await form.getByRole('button', { name: 'Create key' }).click();
  await expect(form).toContainText('Give the key Read or Write access to at least one resource.');
  await form.getByRole('radiogroup', { name: 'Transactions' }).getByRole('radio', { name: 'Read' }).click();
  await expect(form.getByRole('radiogroup', { name: 'Customers' }).getByRole('radio', { name: 'Write' })).toBeDisabled();
  await form.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new restricted key “Reporting job”' });
  await expect(shown).toBeVisible();
  const secret = (await shown.getByLabel('New restricted key', { exact: true }).innerText()).trim();
  expect(secret).toMatch(/^rk_test_[0-9A-Za-z]{32}$/);
  await shown.getByRole('button', { name: 'I have stored it' }).click();
  await expect(shown).toBeHidden();

  const row = page.locator('[data-testid="api-key-restricted"][data-waiting="false"]');
  await expect(row).toContainText('Reporting job');
  await expect(row.getByRole('list', { name: 'Permissions' })).toHaveText('Transactions: Read');
  await expect(row).toContainText(`${secret.slice(0, 8)}••••••••••••${secret.slice(-4)}`);
  await expect(row).toContainText('Never used');

  // The REST API, from this test over loopback.
  const transactions = await callApi('/v1/transactions', secret);
  expect(transactions.status).toBe(200);
  const customers = await callApi('/v1/customers?externalCustomerId=ext-1', secret);
  expect(customers.status).toBe(403);
  const requestId = customers.headers.get('request-id');
  expect(requestId).toMatch(/^req_[0-9A-Za-z]{22}$/);
  expect(await customers.json()).toEqual({
    error: {
      type: 'permission_error',
      code: 'api_key_restricted',
      message: 'This restricted key cannot read customers. Give it Read access to Customers under Developers → API keys.',
      request_id: requestId,
    },
  });

  // The Request log tab lists both, newest first, with their statuses and the key's name.
  await page.getByRole('navigation', { name: 'Developer settings' }).getByRole('link', { name: 'Request log' }).click();
  await expect(page).toHaveTitle('Developers · Request log · Rampart');
  const table = page.getByRole('table', { name: 'API requests' });
  const rows = table.getByTestId('api-request-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(/GET\s*\/v1\/customers/);
  await expect(rows.nth(0)).toContainText('403 Forbidden');
  await expect(rows.nth(0)).toContainText('Reporting job');
  await expect(rows.nth(1)).toContainText(/GET\s*\/v1\/transactions/);
  await expect(rows.nth(1)).toContainText('200 OK');
  await expect(rows.nth(1)).toContainText(/\d+ ms/);

  // Only refused requests: the 403 alone, and the filter is in the URL.
  await chooseSelectOption(page, page.getByRole('combobox', { name: 'Status' }), '4xx Refused');
  await expect(page).toHaveURL(/status=4xx/);
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText('403 Forbidden');
  // A path that matches nothing says so.
  await page.getByLabel('Path starts with').fill('/v1/transactions');
  await expect(page.getByText('No request matches these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows).toHaveCount(2);

  // Details of one request.
  await page.getByRole('button', { name: 'Details of GET /v1/customers' }).click();
  const detail = page.getByRole('dialog', { name: 'GET /v1/customers' });
  await expect(detail).toContainText('403 Forbidden');
  await expect(detail).toContainText('Reporting job');
  // The request id of the response is the one the log shows.
  await expect(detail).toContainText(requestId!);
  await page.keyboard.press('Escape');

  // Back on the keys: last use is shown, and the test key can be revealed again.
  await page.getByRole('navigation', { name: 'Developer settings' }).getByRole('link', { name: 'API keys' }).click();
  await expect(row).toContainText(/Last used/);
  await row.getByRole('button', { name: 'Reveal Reporting job' }).click();
  const revealed = page.getByRole('dialog', { name: 'Your restricted key “Reporting job”' });
  await expect(revealed.getByLabel('New restricted key', { exact: true })).toHaveText(secret);
  await revealed.getByRole('button', { name: 'I have stored it' }).click();
  expect(problems).toEqual([]);
});
