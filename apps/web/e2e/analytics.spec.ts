import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { parseCsv } from '@rampart/shared/csv';
import { AnalyticsPage } from './pages/analytics-pages.ts';
import { expect, test } from './fixtures.ts';

// Issue 16: /analytics on the demo account's seeded transactions — every report tab, range and comparison in the URL,
// a CSV that holds the chart's table rows, the world map. One page walks through it all.

test.describe.configure({ timeout: 180_000 });
test.use({ signedInAsDemo: true });

test('analytics: every tab, range and comparison in the URL, CSV matches the table view, the map draws', async ({ page }) => {
  const analytics = new AnalyticsPage(page);
  await analytics.goto();

  // Volume: KPI cards and the compared period as a second line.
  const volume = analytics.panel('Volume');
  await expect(analytics.kpiValue('Volume')).toContainText(/[1-9]/, { timeout: 30_000 });
  await expect(page.getByRole('listitem', { name: 'Volume' })).toContainText(/vs compared|no previous data/);
  await expect(analytics.figure(/^Volume by day/).locator('.recharts-line')).toHaveCount(2);
  const monthFigures = await analytics.kpiValue('Transactions').innerText();
  const monthLine = await analytics.rangeLine().innerText();

  // The range: last 7 days changes the URL and the figures.
  await analytics.choose('Range', 'Last 7 days');
  await expect(page).toHaveURL(/range=7d/);
  await expect(analytics.rangeLine()).not.toHaveText(monthLine);
  await expect.poll(() => analytics.kpiValue('Transactions').innerText()).not.toBe(monthFigures);

  // The comparison: none removes the compared line and the changes; the same period last year shifts the dates.
  await analytics.choose('Compare with', 'No comparison');
  await expect(page).toHaveURL(/comparison=none/);
  await expect(analytics.rangeLine()).toContainText('no comparison');
  await expect(page.getByRole('listitem', { name: 'Volume' })).toContainText('no comparison');
  await expect(analytics.figure(/^Volume by day/).locator('.recharts-line')).toHaveCount(1);
  await analytics.choose('Compare with', 'Same period last year');
  await expect(page).toHaveURL(/comparison=previousYear/);
  const lastYear = String(new Date().getUTCFullYear() - 1);
  await expect(analytics.rangeLine()).toContainText(new RegExp(`compared with .*${lastYear}`));

  // Back to 30 days against the previous period for the rest; reload keeps the state.
  await analytics.choose('Range', 'Last 30 days');
  await analytics.choose('Compare with', 'Previous period');
  await page.getByRole('group', { name: 'Currency' }).getByRole('button', { name: 'EUR' }).click();
  await expect(page).toHaveURL(/currency=eur/);
  await page.reload();
  await expect(analytics.kpiValue('Volume')).toContainText('€', { timeout: 30_000 });

  // A CSV download holds exactly the rows of the chart's table view.
  await expectCsvMatchesTable(page, analytics, 'Volume by product');
  await expect(volume).toBeVisible();

  // A PNG of the chart (drawn through a data: image and a canvas, as the CSP allows).
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    analytics.card('Volume by product').getByRole('button', { name: 'Download PNG of Volume by product' }).click(),
  ]);
  expect(png.suggestedFilename()).toBe('volume-by-product.png');
  const bytes = fs.readFileSync(await png.path());
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(bytes.length).toBeGreaterThan(2_000);

  // Conversion: the funnel's five steps.
  await analytics.openTab('Conversion');
  await expect(page).toHaveURL(/tab=conversion/);
  await expect(analytics.kpiValue('Conversion rate')).toBeVisible({ timeout: 30_000 });
  const funnel = await analytics.tableRows(analytics.card('Widget funnel'));
  expect(funnel.slice(1).map((row) => row[0])).toEqual(['Widget opened', 'Quote shown', 'Payment started', 'Completed', 'Failed']);
  expect(funnel[1]![1]).toMatch(/[1-9]/);

  // Customers: active, new and returning, and the cohort heat-map.
  await analytics.openTab('Customers');
  await expect(analytics.kpiValue('New customers')).toContainText(/\d/, { timeout: 30_000 });
  await expect(analytics.kpiValue(/^Active customers/)).toContainText(/[1-9]/);
  await expect(analytics.figure('Cohort retention').locator('svg[data-chart=cohorts] rect').first()).toBeVisible();

  // Geography: the map draws with coloured countries, the ranked table beside it.
  await analytics.openTab('Geography');
  const map = analytics.figure('Volume by customer country').locator('svg[data-chart=world-map]');
  await expect(map).toBeVisible({ timeout: 30_000 });
  expect(await map.locator('path').count()).toBeGreaterThan(150);
  expect(await map.locator('path[fill="var(--chart-1)"]').count()).toBeGreaterThan(0);
  await expect(page.getByRole('table', { name: 'Countries ranked by volume' }).getByRole('row')).not.toHaveCount(1);
  await expectCsvMatchesTable(page, analytics, 'Volume by customer country');

  // Payment methods: method, asset and network.
  await analytics.openTab('Payment methods');
  for (const title of ['By payment method', 'By asset', 'By network'])
    await expect(analytics.figure(title).locator('.recharts-bar-rectangle').first()).toBeVisible({ timeout: 30_000 });

  // Failures: ranked reasons and their trend.
  await analytics.openTab('Failures');
  await expect(analytics.kpiValue('Failed transactions')).toContainText(/[1-9]/, { timeout: 30_000 });
  await expect(analytics.figure('Failure reasons').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expectCsvMatchesTable(page, analytics, 'Failure reasons');

  // A product without a widget funnel says so.
  await analytics.choose('Product', 'Deposits');
  await analytics.openTab('Conversion');
  await expect(page).toHaveURL(/product=deposit/);
  await expect(page.getByRole('heading', { name: 'No widget funnel for this product' })).toBeVisible({ timeout: 30_000 });
});

async function expectCsvMatchesTable(page: Page, analytics: AnalyticsPage, title: string) {
  const card = analytics.card(title);
  const table = await analytics.tableRows(card);
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: `Download CSV of ${title}` }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = parseCsv(fs.readFileSync(await download.path(), 'utf8'));
  expect(csv[0]).toEqual(table[0]);
  expect(csv.length).toBe(table.length);
  // Same rows in the same order; the CSV has the raw figures (decimal strings), the table the formatted ones.
  csv.slice(1).forEach((row, index) => {
    const shown = table[index + 1]!;
    expect(row[0]).toBe(shown[0]);
    expect(row.length).toBe(shown.length);
    const digits = (value: string) => value.replace(/[^0-9]/g, '').replace(/^0+/, '');
    // The transactions column (a count) reads the same in both.
    const count = table[0]!.indexOf('Transactions') >= 0 ? table[0]!.indexOf('Transactions') : table[0]!.indexOf('Failed');
    if (count > 0) expect(digits(row[count]!)).toBe(digits(shown[count]!));
  });
}
