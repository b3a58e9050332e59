import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { apiLogin, createConfirmedUser, expect, graphqlAs, STAFF_TOTP_SECRET, test, totpCode, totpStep, withDatabase } from './fixtures.ts';
import { openSignedIn } from './team-fixtures.ts';

// Screenshots of issue 5's screens for people to look at (not compared): transactions, a detail, customers, a customer,
// the dashboard and an overview, light and dark, 1440 and 390 px, to .data/screenshots/. Only with E2E_SCREENSHOTS=1.

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.data/screenshots');
const SIZES = { 1440: 900, 390: 844 } as const;

test.use({ signedInAsDemo: true });
test.describe.configure({ timeout: 240_000 });

async function shoot(page: Page, name: string) {
  fs.mkdirSync(OUT, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  // Let the last layout (responsive charts measure their box) settle.
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: true, animations: 'disabled' });
}

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1440, 390] as const) {
    test(`issue 5 screens, ${theme}, ${width} px`, async ({ page }) => {
      const ids = await withDatabase(async (client) => {
        const tx = await client.query<{ id: string }>(
          "select t.id from transactions t join accounts a on a.id = t.account_id where a.name = 'Demo Payments' and not t.live_mode and t.kind = 'sell' and t.status = 'failed' order by t.created_at desc limit 1",
        );
        const customer = await client.query<{ id: string }>(
          "select c.id from customers c join accounts a on a.id = c.account_id where a.name = 'Demo Payments' and not c.live_mode and exists (select 1 from transactions t where t.customer_id = c.id) order by c.created_at desc limit 1",
        );
        return { tx: tx.rows[0]!.id, customer: customer.rows[0]!.id };
      });
      await page.setViewportSize({ width, height: SIZES[width] });
      // Charts draw at once with reduced motion, so nothing is caught mid-animation.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.addInitScript((choice) => window.localStorage.setItem('theme', choice), theme);
      const heading = page.getByRole('main').getByRole('heading', { level: 1 });

      await page.goto('/transactions/off-ramp');
      await expect(heading).toHaveText('Transactions', { timeout: 60_000 });
      // The table from 640 px, stacked rows below.
      await expect(
        page
          .getByRole('table', { name: 'Transactions' })
          .locator('tbody tr')
          .first()
          .getByRole('button')
          .or(page.getByRole('list', { name: 'Transactions (list)' }).getByRole('link').first()),
      ).toBeVisible();
      await shoot(page, `issue5-transactions-${theme}-${width}`);
      await page.getByRole('button', { name: /^Status/ }).click();
      await expect(page.getByRole('dialog', { name: 'Filter by status' })).toBeVisible();
      await page.screenshot({ path: path.join(OUT, `issue5-transactions-status-filter-${theme}-${width}.png`), animations: 'disabled' });
      await page.keyboard.press('Escape');

      await page.goto(`/transactions/${ids.tx}`);
      await expect(page.getByRole('list', { name: 'Status timeline' })).toBeVisible({ timeout: 60_000 });
      await shoot(page, `issue5-transaction-detail-${theme}-${width}`);

      await page.goto('/customers');
      await expect(
        page
          .getByRole('table', { name: 'Customers' })
          .locator('tbody tr')
          .first()
          .getByRole('link')
          .or(page.getByRole('list', { name: 'Customers (list)' }).getByRole('link').first()),
      ).toBeVisible({ timeout: 60_000 });
      await shoot(page, `issue5-customers-${theme}-${width}`);

      await page.goto(`/customers/${ids.customer}`);
      await expect(page.getByRole('table', { name: 'Customer transactions' }).locator('tbody tr').first().getByRole('link')).toBeVisible({ timeout: 60_000 });
      await shoot(page, `issue5-customer-${theme}-${width}`);

      await page.goto('/dashboard');
      await expect(page.getByTestId('kpi-value').first()).toBeVisible({ timeout: 60_000 });
      await shoot(page, `issue5-dashboard-${theme}-${width}`);

      await page.goto('/dashboard/off-ramp?range=quarter');
      await expect(page.getByTestId('kpi-value').first()).toBeVisible({ timeout: 60_000 });
      await shoot(page, `issue5-overview-off-ramp-${theme}-${width}`);
    });
  }
}

// What staff see after acting on a sell transaction: their colleague's name in the timeline.
test('staff view of a transaction acted on by staff, light and dark, 1440 and 390 px', async ({ browser }) => {
  const staff = await createConfirmedUser('shot-fraud');
  const id = await withDatabase(async (client) => {
    await client.query("update users set admin_role = 'FraudManager', otp_secret = $2, is_otp_enabled = true where email = $1", [
      staff.email,
      STAFF_TOTP_SECRET,
    ]);
    const found = await client.query<{ id: string }>(
      "select t.id from transactions t join accounts a on a.id = t.account_id where a.name = 'Demo Payments' and t.kind = 'sell' and t.status = 'pending' order by t.created_at desc limit 1",
    );
    return found.rows[0]!.id;
  });
  const session = await apiLogin(staff.email, staff.password, totpCode(STAFF_TOTP_SECRET, totpStep()));
  // Frozen and approved again: the transaction ends where it was, with two staff entries in its history.
  await graphqlAs(session, 'mutation($id: ID!) { freezeSellTransaction(id: $id, reason: "Screening hit") { id } }', { id });
  await graphqlAs(session, 'mutation($id: ID!) { approveSellTransaction(id: $id) { id } }', { id });
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1440, 390] as const) {
      const page = await openSignedIn(browser, session);
      await page.setViewportSize({ width, height: SIZES[width] });
      await page.addInitScript((choice) => window.localStorage.setItem('theme', choice), theme);
      await page.goto(`/transactions/${id}`);
      await expect(page.getByRole('list', { name: 'Status timeline' })).toContainText('by Test User', { timeout: 60_000 });
      await shoot(page, `issue5-transaction-detail-staff-${theme}-${width}`);
      await page.context().close();
    }
  }
});
