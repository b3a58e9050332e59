import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { apiLogin, demoAccountId, expect, storageStateFor, test, type ApiSession } from './fixtures.ts';
import { E2E } from './e2e-env.ts';
import { createPartner, type Partner } from './team-fixtures.ts';

// Screenshots of issue 13's layout work (shell, page column, overview tiles, charts and their table view, the
// getting-started card, tables and tab bars at phone width) for people to look at; light and dark, 1440 and 390 px.
// Only with E2E_SCREENSHOTS=1. Written to E2E_SCREENSHOT_DIR, else .data/screenshots/.

const OUT = process.env.E2E_SCREENSHOT_DIR ?? path.resolve(import.meta.dirname, '../../../.data/screenshots');
const SIZES = { 1440: 900, 390: 844 } as const;

test.describe.configure({ mode: 'serial', timeout: 300_000 });

let scene: Promise<{ partner: Partner; demo: ApiSession; demoAccount: string }> | undefined;
function setUp() {
  scene ??= (async () => {
    const partner = await createPartner('shot-layout', 'Northwind Pay');
    const demo = await apiLogin(E2E.demo.email, E2E.demo.password);
    return { partner, demo, demoAccount: await demoAccountId(demo) };
  })();
  return scene;
}

async function shoot(page: Page, name: string, fullPage = true) {
  fs.mkdirSync(OUT, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage, animations: 'disabled' });
}

async function open(browser: Browser, session: ApiSession, accountId: string, theme: string, width: 1440 | 390, testMode: boolean) {
  const context = await browser.newContext({
    storageState: storageStateFor(session, { selectedAccountId: accountId, testMode: String(testMode), theme }),
    viewport: { width, height: SIZES[width] },
    reducedMotion: 'reduce',
  });
  return context.newPage();
}

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1440, 390] as const) {
    test(`issue 13 layout, ${theme}, ${width} px`, async ({ browser }) => {
      const { partner, demo, demoAccount } = await setUp();
      const suffix = `${theme}-${width}`;

      const fresh = await open(browser, partner.session, partner.accountId, theme, width, true);
      await fresh.goto('/dashboard');
      await expect(fresh.getByRole('list', { name: 'Setup steps' })).toBeVisible({ timeout: 60_000 });
      await expect(fresh.getByRole('region', { name: 'No data yet' })).toBeVisible();
      await shoot(fresh, `layout-dashboard-new-partner-${suffix}`);
      await shoot(fresh, `layout-dashboard-new-partner-viewport-${suffix}`, false);
      await fresh.goto('/dashboard/on-ramp/go-live');
      await expect(fresh.getByRole('heading', { level: 1 })).toBeVisible();
      await shoot(fresh, `layout-go-live-${suffix}`);
      await fresh.goto('/team');
      await expect(fresh.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
      await expect(fresh.getByRole('row').nth(1)).toBeVisible();
      await shoot(fresh, `layout-team-${suffix}`);
      await fresh.context().close();

      const page = await open(browser, demo, demoAccount, theme, width, false);
      await page.goto('/dashboard');
      await expect(page.getByRole('list', { name: 'Key figures' })).toBeVisible({ timeout: 60_000 });
      await expect(page.getByRole('figure').first()).toBeVisible();
      await shoot(page, `layout-dashboard-demo-${suffix}`);
      await page.goto('/dashboard/on-ramp?range=year');
      await expect(page.getByRole('list', { name: 'Statuses with counts' })).toBeVisible({ timeout: 60_000 });
      await page.getByRole('button', { name: 'View as table' }).first().click();
      await shoot(page, `layout-overview-on-ramp-table-${suffix}`);
      await page.goto('/transactions');
      // A table on wide screens, cards on phones.
      await expect(
        page
          .getByRole('row')
          .nth(1)
          .or(page.getByRole('list', { name: 'Transactions (list)' }).getByRole('listitem').first()),
      ).toBeVisible({ timeout: 60_000 });
      await shoot(page, `layout-transactions-${suffix}`, false);
      await page.goto('/developers/webhooks');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shoot(page, `layout-developers-webhooks-${suffix}`, false);
      await page.goto('/profile/general');
      await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
      await shoot(page, `layout-profile-${suffix}`, false);
      await page.context().close();
    });
  }
}
