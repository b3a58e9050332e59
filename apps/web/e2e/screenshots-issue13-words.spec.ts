import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { apiLogin, demoAccountId, expect, graphqlAs, test, uniqueEmail, withDatabase, type ApiSession } from './fixtures.ts';
import { E2E } from './e2e-env.ts';
import { openSignedIn } from './team-fixtures.ts';

// Screenshots of issue 13's screens in words (transactions, a transaction, customers, a customer, team, audit trail)
// for people to look at; light and dark, 1440 and 390 px. Only with E2E_SCREENSHOTS=1; E2E_SCREENS_DIR moves them.

const OUT = process.env.E2E_SCREENS_DIR ?? path.resolve(import.meta.dirname, '../../../.data/screenshots');
const SIZES = { 1440: 900, 390: 844 } as const;

test.describe.configure({ mode: 'serial', timeout: 300_000 });

let scene: Promise<{ session: ApiSession; accountId: string; swapId: string; customerId: string }> | undefined;
function setUp() {
  scene ??= (async () => {
    const session = await apiLogin(E2E.demo.email, E2E.demo.password);
    const accountId = await demoAccountId(session);
    await graphqlAs(session, 'mutation($e: String!, $a: ID!) { createMembership(email: $e, accountId: $a, role: support_specialist) { id } }', {
      e: uniqueEmail('ana'),
      a: accountId,
    });
    const ids = await withDatabase(async (client) => {
      const swap = await client.query<{ id: string }>(
        `select t.id from transactions t where t.account_id = $1 and t.kind = 'swap' and t.live_mode = false and t.status = 'waitingForDepositAddressGeneration' order by t.created_at desc limit 1`,
        [accountId],
      );
      const customer = await client.query<{ customer_id: string }>(
        `select customer_id from transactions where account_id = $1 and live_mode = false and customer_id is not null group by customer_id order by count(distinct kind) desc, count(*) desc limit 1`,
        [accountId],
      );
      return { swapId: swap.rows[0]?.id ?? '', customerId: customer.rows[0]!.customer_id };
    });
    return { session, accountId, ...ids };
  })();
  return scene;
}

async function shoot(page: Page, name: string) {
  fs.mkdirSync(OUT, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: true, animations: 'disabled' });
}

async function open(browser: Browser, session: ApiSession, accountId: string, theme: string, width: 1440 | 390) {
  const page = await openSignedIn(browser, session, accountId);
  await page.setViewportSize({ width, height: SIZES[width] });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.addInitScript((choice) => window.localStorage.setItem('theme', choice), theme);
  return page;
}

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1440, 390] as const) {
    test(`issue 13 screens in words, ${theme}, ${width} px`, async ({ browser }) => {
      const { session, accountId, swapId, customerId } = await setUp();
      const page = await open(browser, session, accountId, theme, width);
      const suffix = `${theme}-${width}`;
      await page.goto('/transactions/swaps');
      await expect(page.locator('[data-slot="status-badge"]:visible').first()).toBeVisible({ timeout: 60_000 });
      await shoot(page, `transactions-swaps-${suffix}`);
      if (swapId) {
        await page.goto(`/transactions/${swapId}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Swap', { timeout: 60_000 });
        await shoot(page, `transaction-detail-${suffix}`);
      }
      await page.goto('/customers');
      await expect(page.locator('[data-slot="status-badge"]:visible').first()).toBeVisible({ timeout: 60_000 });
      await shoot(page, `customers-${suffix}`);
      await page.goto(`/customers/${customerId}`);
      await expect(page.getByRole('table', { name: 'Customer transactions' }).locator('[data-slot="status-badge"]:visible').first()).toBeVisible({
        timeout: 60_000,
      });
      await shoot(page, `customer-profile-${suffix}`);
      await page.goto('/team');
      await expect(page.getByRole('table', { name: 'Members' }).locator('tbody tr').first()).toBeVisible({ timeout: 60_000 });
      await shoot(page, `team-${suffix}`);
      await page.goto('/team?tab=audit');
      await expect(page.getByRole('table', { name: 'Audit events' })).toContainText('Invited', { timeout: 60_000 });
      await shoot(page, `audit-${suffix}`);
      await page.context().close();
    });
  }
}
