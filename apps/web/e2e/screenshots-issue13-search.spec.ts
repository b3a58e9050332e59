import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, storageStateFor, test } from './fixtures.ts';
import type { Partner } from './developers-fixtures.ts';
import { createSearchPartner } from './search-fixtures.ts';

// Screenshots of issue 13's search boxes (transactions and customers, a short-term hint) and the locked live-mode
// switch of an unverified account, light and dark, 1440 and 390 px. Only with E2E_SCREENSHOTS=1; to
// E2E_SCREENSHOT_DIR (default .data/screenshots).

const OUT = process.env.E2E_SCREENSHOT_DIR ?? path.resolve(import.meta.dirname, '../../../.data/screenshots');
const SIZES = { 1440: 900, 390: 844 } as const;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let scene: Promise<Partner> | undefined;

async function shoot(page: Page, name: string, fullPage = true) {
  fs.mkdirSync(OUT, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage, animations: 'disabled' });
}

async function open(browser: Browser, partner: Partner, theme: string, width: 1440 | 390) {
  const context = await browser.newContext({
    storageState: storageStateFor(partner.session, { selectedAccountId: partner.accountId, testMode: 'true', theme }),
  });
  const page = await context.newPage();
  await page.setViewportSize({ width, height: SIZES[width] });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  return page;
}

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1440, 390] as const) {
    test(`issue 13 search and live-mode lock, ${theme}, ${width} px`, async ({ browser }) => {
      scene ??= createSearchPartner('shot-search').then((made) => made.partner);
      const partner = await scene;
      const suffix = `${theme}-${width}`;
      const page = await open(browser, partner, theme, width);
      const main = page.getByRole('main');

      await page.goto('/transactions/on-ramp?q=order-70');
      await expect(main.getByText(/2 transactions · times in/)).toBeVisible({ timeout: 60_000 });
      await shoot(page, `search-transactions-${suffix}`);
      await page.goto('/transactions/on-ramp?q=in');
      await expect(main.getByRole('status').filter({ hasText: 'match whole values only' })).toBeVisible({ timeout: 60_000 });
      await shoot(page, `search-transactions-short-${suffix}`);

      await page.goto('/customers?q=cust-');
      await expect(main.getByText('1–3 of 3')).toBeVisible({ timeout: 60_000 });
      await shoot(page, `search-customers-${suffix}`);

      // The unverified account's switch: locked on, the banner says why; the lock's tooltip on a pointer.
      await page.goto('/dashboard');
      await expect(page.getByRole('switch', { name: 'Test mode' })).toBeDisabled({ timeout: 60_000 });
      await shoot(page, `live-locked-dashboard-${suffix}`, false);
      if (width === 1440) {
        await page.getByRole('link', { name: /Live mode needs a verified business/ }).hover();
        await expect(page.getByRole('tooltip')).toBeVisible();
        await shoot(page, `live-locked-tooltip-${suffix}`, false);
      }
      await page.context().close();
    });
  }
}
