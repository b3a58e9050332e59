import type { Page } from '@playwright/test';
import { demoAccountId, expect, storageStateFor, test } from './fixtures.ts';

// Issue 13's layout at phone width (390 × 844) and on a wide screen: header and test banner under a tenth of the
// screen, tab bars that scroll instead of clipping, tables with a scroll hint, nothing wider than the viewport; and
// at 1440 px the support button clear of the content and of the last table column.

test.use({ signedInAsDemo: true });

/** Nothing on the page is wider than the viewport (the page itself never scrolls sideways). */
async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, innerWidth, offenders } = await page.evaluate(() => {
    const width = window.innerWidth;
    const offenders = Array.from(document.querySelectorAll<HTMLElement>('main *, header *'))
      .filter((element) => {
        // Inside a sideways scroller is fine: that is the scroller's job.
        if (element.closest('[data-slot="table-container"], [data-slot="tabs-scroll"], [data-slot="nav-tabs-scroll"]')) return false;
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > width + 1;
      })
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className.toString().slice(0, 60)}`);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, offenders };
  });
  expect(offenders, 'elements wider than the viewport').toEqual([]);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

async function headerAndBannerHeight(page: Page): Promise<number> {
  const header = await page.getByRole('banner').boundingBox();
  const banner = await page.locator('[data-slot="test-mode-banner"]').boundingBox();
  expect(header).not.toBeNull();
  expect(banner).not.toBeNull();
  // Recorded in the report, for docs and reviews.
  test.info().annotations.push({ type: 'header+banner px', description: `${header!.height} + ${banner!.height} = ${header!.height + banner!.height}` });
  return header!.height + banner!.height;
}

test.describe('phone width, 390 × 844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test.beforeEach(async ({ page, demoSession }) => {
    const session = await demoSession();
    // Test mode on: the banner shows, and what is measured is the tallest header.
    await page.context().addCookies(storageStateFor(session).cookies);
    await page.addInitScript(
      (accountId) => {
        window.localStorage.setItem('testMode', 'true');
        window.localStorage.setItem('selectedAccountId', accountId);
      },
      await demoAccountId(session),
    );
  });

  test('the dashboard: compact header, tidy tiles, nothing overflows', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('[data-slot="test-mode-banner"]')).toBeVisible();
    expect(await headerAndBannerHeight(page)).toBeLessThan(844 / 10);
    await expect(page.getByRole('list', { name: 'Key figures' })).toBeVisible({ timeout: 30_000 });
    // Tiles of one group share a row height and start on whole rows.
    const tiles = page.getByRole('navigation', { name: 'Overviews' }).getByRole('link');
    await expect(tiles).toHaveCount(5);
    const boxes = await Promise.all((await tiles.all()).map((tile) => tile.boundingBox()));
    const products = boxes.slice(0, 3);
    expect(new Set(products.map((box) => Math.round(box!.y))).size).toBe(1);
    const balances = boxes.slice(3);
    expect(Math.round(balances[0]!.y)).toBe(Math.round(balances[1]!.y));
    await expectNoHorizontalOverflow(page);
  });

  test('transactions: rows become cards, nothing overflows', async ({ page }) => {
    await page.goto('/transactions');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    expect(await headerAndBannerHeight(page)).toBeLessThan(84.4);
    const cards = page.getByRole('list', { name: 'Transactions (list)' });
    await expect(cards.getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
    // A table still on screen at this width would have to show the scroll hint.
    for (const scroller of await page.getByRole('main').locator('[data-slot="table-container"]:visible').all()) {
      const overflowing = await scroller.evaluate((element) => element.scrollWidth > element.clientWidth);
      if (overflowing) await expect(scroller.locator('xpath=../..').locator('[data-slot="scroll-hint"]')).toBeVisible();
    }
    await expectNoHorizontalOverflow(page);
  });

  test('team: the members table scrolls sideways with a visible hint', async ({ page }) => {
    await page.goto('/team');
    const table = page.getByRole('table', { name: 'Members' });
    await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
    const frame = page.getByRole('main').locator('[data-slot="table-container-frame"]').filter({ has: table });
    const scroller = frame.locator('[data-slot="table-container"]');
    const overflow = await scroller.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
    expect(overflow.scrollWidth).toBeGreaterThan(overflow.clientWidth);
    await expect(frame.locator('[data-slot="scroll-hint"]')).toHaveText(/Scroll sideways for more columns/);
    await expect(frame.locator('[data-slot="scroll-shadow-end"]')).toHaveCSS('opacity', '1');
    await expect(frame.locator('[data-slot="scroll-shadow-start"]')).toHaveCSS('opacity', '0');
    // Scrolled to the end: the hint and the end shadow go, the start shadow shows.
    await scroller.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    await expect(frame.locator('[data-slot="scroll-hint"]')).toHaveCount(0);
    await expect(frame.locator('[data-slot="scroll-shadow-start"]')).toHaveCSS('opacity', '1');
    await expectNoHorizontalOverflow(page);
  });

  test('developers: the section tabs scroll instead of clipping', async ({ page }) => {
    await page.goto('/developers/webhooks');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    expect(await headerAndBannerHeight(page)).toBeLessThan(84.4);
    const nav = page.getByRole('navigation', { name: 'Developer settings' });
    const scroller = nav.locator('[data-slot="nav-tabs-scroll"]');
    const sizes = await scroller.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
      right: element.getBoundingClientRect().right,
    }));
    expect(sizes.scrollWidth).toBeGreaterThan(sizes.clientWidth);
    expect(sizes.right).toBeLessThanOrEqual(390);
    // No tab is squeezed or cut: each keeps its whole label, and the last one scrolls fully into view.
    const tabs = nav.getByRole('link');
    for (const tab of await tabs.all()) {
      const { scrollWidth, clientWidth } = await tab.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    }
    await expect(nav.locator('[data-slot="scroll-shadow-end"]')).toHaveCSS('opacity', '1');
    const last = tabs.last();
    await last.scrollIntoViewIfNeeded();
    const lastBox = await last.boundingBox();
    expect(lastBox!.x).toBeGreaterThanOrEqual(0);
    expect(lastBox!.x + lastBox!.width).toBeLessThanOrEqual(390);
    await last.click();
    await expect(last).toHaveAttribute('aria-current', 'page');
    await expectNoHorizontalOverflow(page);
  });
});

test.describe('wide screen, 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the support button covers neither the content nor the last table column', async ({ page }) => {
    await page.goto('/transactions');
    const table = page.getByRole('main').getByRole('table').first();
    await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
    const support = page.getByRole('button', { name: 'Support' });
    await expect(support).toBeVisible();
    const button = (await support.boundingBox())!;
    const overlaps = (box: { x: number; y: number; width: number; height: number }) =>
      box.x < button.x + button.width && button.x < box.x + box.width && box.y < button.y + button.height && button.y < box.y + box.height;
    // It lives in the header, above the content: no cell of the last column, nor the content area, is under it.
    const header = (await page.getByRole('banner').boundingBox())!;
    expect(button.y).toBeGreaterThanOrEqual(header.y);
    expect(button.y + button.height).toBeLessThanOrEqual(header.y + header.height);
    for (const cell of await table.locator('tr > :last-child').all()) {
      const box = await cell.boundingBox();
      if (box) expect(overlaps(box), 'support button over the last column').toBe(false);
    }
    expect(overlaps((await page.getByRole('main').boundingBox())!)).toBe(false);
  });
});
