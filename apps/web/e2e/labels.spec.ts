import type { Page } from '@playwright/test';
import { LABELLED_ENUMS } from '@rampart/shared/labels';
import { emitEvent, startReceiver } from './developers-fixtures.ts';
import { demoAccountId, expect, graphqlAs, storageStateFor, test, uniqueEmail, withDatabase } from './fixtures.ts';
import { createStaff, createSubmittedApplicant } from './kyb-fixtures.ts';
import { E2E } from './e2e-env.ts';

// Issue 13: no table cell on any list screen shows a raw enumeration value (waitingForDepositAddressGeneration,
// creditCard, usdc_sol, support_specialist…) where people should read its label.

test.describe.configure({ timeout: 240_000 });

/**
 * Raw values that differ from their labels, compared case-sensitively; a value that is also some label ("Pending" is
 * the identity-check label of Pending) is left out, since the cell may rightly show that label.
 */
const LABELS = new Set(LABELLED_ENUMS.flatMap((entry) => Object.values(entry.labels)));
const RAW = new Set(LABELLED_ENUMS.flatMap((entry) => entry.values.filter((value) => entry.labels[value] !== value && !LABELS.has(value))));

/** Every cell of every table on the page, and every badge, after the given table has rows. */
async function rawValuesShown(page: Page, tableName: string): Promise<string[]> {
  const table = page.getByRole('table', { name: tableName, exact: true });
  await expect(table.locator('tbody tr').first()).toBeVisible({ timeout: 60_000 });
  await expect(table.locator('tbody td [data-slot="skeleton"]')).toHaveCount(0, { timeout: 60_000 });
  // A cell's whole text: a label with its raw value beneath (a webhook event type) is not a raw value.
  const texts = await page
    .locator('table td, [data-slot="badge"], [data-slot="status-badge"]')
    .evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).innerText?.trim() ?? '').filter(Boolean));
  return [...new Set(texts.filter((text) => RAW.has(text)))];
}

test('the set of raw values is built from the enumerations', () => {
  for (const raw of [
    'waitingForDepositAddressGeneration',
    'creditCard',
    'support_specialist',
    'WaitingPayment',
    'completed',
    'transaction_created',
    'NotStarted',
  ])
    expect(RAW.has(raw), raw).toBe(true);
  // Labels equal to their value ("Completed" of the balance statuses) are not raw.
  expect(RAW.has('Completed')).toBe(false);
});

test.describe('as the demo partner', () => {
  test.use({ signedInAsDemo: true });

  test('transactions of each kind, customers and a customer’s transactions show labels', async ({ page }) => {
    for (const tab of ['on-ramp', 'off-ramp', 'swaps', 'nft', 'balance']) {
      await page.goto(`/transactions/${tab}`);
      expect(await rawValuesShown(page, 'Transactions'), tab).toEqual([]);
    }
    await page.goto('/customers');
    expect(await rawValuesShown(page, 'Customers'), 'customers').toEqual([]);
    // A customer with transactions of several kinds.
    const customerId = await withDatabase(async (client) => {
      const result = await client.query<{ customer_id: string }>(
        `select t.customer_id from transactions t join accounts a on a.id = t.account_id
         where a.name = 'Demo Payments' and t.live_mode = false and t.customer_id is not null
         group by t.customer_id order by count(distinct t.kind) desc, count(*) desc limit 1`,
      );
      return result.rows[0]!.customer_id;
    });
    await page.goto(`/customers/${customerId}`);
    expect(await rawValuesShown(page, 'Customer transactions'), 'customer transactions').toEqual([]);
  });

  test('team, audit trail and webhook deliveries show labels', async ({ page, demoSession }) => {
    const session = await demoSession();
    const accountId = await demoAccountId(session);
    // An invitation as Support specialist (a role whose raw value is support_specialist) and an audit event of it.
    await graphqlAs(session, 'mutation($e: String!, $a: ID!) { createMembership(email: $e, accountId: $a, role: support_specialist) { id } }', {
      e: uniqueEmail('labels-invitee'),
      a: accountId,
    });
    await page.goto('/team');
    expect(await rawValuesShown(page, 'Members'), 'team').toEqual([]);
    await page.goto('/team?tab=audit');
    expect(await rawValuesShown(page, 'Audit events'), 'audit').toEqual([]);
    await expect(page.getByRole('table', { name: 'Audit events' })).toContainText(/Invited labels-invitee.* as Support specialist/);

    const receiver = await startReceiver();
    try {
      await graphqlAs(session, 'mutation($a: ID!, $u: String!) { createWebhook(accountId: $a, url: $u, liveMode: false, events: []) { id } }', {
        a: accountId,
        u: receiver.url,
      });
      await emitEvent(accountId, 'swap_deposit_wallet_created');
      await page.goto('/developers/webhooks');
      await expect(async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        await expect(page.getByRole('table', { name: 'Deliveries' }).locator('tbody tr').first()).toContainText('Delivered', { timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      expect(await rawValuesShown(page, 'Deliveries'), 'deliveries').toEqual([]);
      await expect(page.getByRole('table', { name: 'Deliveries' })).toContainText('Swap: deposit wallet created');
    } finally {
      await receiver.close();
    }
  });
});

test('KYB review queues show labels to staff', async ({ browser }) => {
  const applicant = await createSubmittedApplicant('labels-kyb', 'Labels Pay', 'Labels Pay Ltd');
  await withDatabase((client) =>
    client.query(`insert into go_live_requests (account_id, product, status) values ($1, 'OnRamp', 'Pending')`, [applicant.accountId]),
  );
  const staff = await createStaff('labels-staff', 'ComplianceManager');
  const context = await browser.newContext({ baseURL: E2E.appUrl, storageState: storageStateFor(staff) });
  const page = await context.newPage();
  try {
    await page.goto('/admin/kyb');
    expect(await rawValuesShown(page, 'Applications'), 'KYB applications').toEqual([]);
    await expect(page.getByRole('table', { name: 'Applications' })).toContainText('Pending review');
    await page.goto('/admin/kyb/go-live');
    expect(await rawValuesShown(page, 'Go-live requests'), 'go-live requests').toEqual([]);
    await expect(page.getByRole('table', { name: 'Go-live requests' })).toContainText('On-ramp');
  } finally {
    await context.close();
  }
});
