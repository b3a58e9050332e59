import { DashboardPage, nonZero } from './pages/dashboard-pages.ts';
import { expect, test } from './fixtures.ts';

// Issue 5: /dashboard and the overview pages render rollup data (KPI cards with the previous-period change, SVG
// charts), with range and currency in the URL.

// The shared CI box is often busy: these walk through several screens on 10,000-row data.
test.describe.configure({ timeout: 180_000 });

test.use({ signedInAsDemo: true });

test('the dashboard shows on-ramp figures and charts, and its range and currency live in the URL', async ({ page }) => {
  const dashboard = new DashboardPage(page);
  await page.goto('/dashboard');
  await expect(dashboard.heading()).toHaveText('Dashboard', { timeout: 30_000 });
  const month = await dashboard.expectData();
  for (const value of Object.values(month)) expect(nonZero(value), value).toBe(true);
  await expect(dashboard.kpi('Volume')).toContainText(/vs previous|no previous data/);
  await expect(dashboard.chart(/^Volume by day/).locator('svg.chart-surface')).toBeVisible();
  await expect(dashboard.chart('Payment methods').locator('svg.chart-surface path.chart-bar').first()).toBeVisible();
  await expect(dashboard.chart('Statuses').locator('svg.chart-surface path.chart-slice').first()).toBeVisible();
  // The figures of the point under the pointer (issue 40: the charts are plain SVG with their own tooltip).
  await dashboard
    .chart(/^Volume by day/)
    .locator('svg.chart-surface')
    .hover();
  await expect(dashboard.chart(/^Volume by day/).locator('[data-slot="chart-tooltip"]')).toContainText(/Volume.*Transactions/);

  await page.getByRole('group', { name: 'Currency' }).getByRole('button', { name: 'EUR' }).click();
  await expect(page).toHaveURL(/currency=eur/);
  await expect(dashboard.kpiValue('Volume')).toContainText('€');
  await page.getByRole('group', { name: 'Range' }).getByRole('button', { name: 'Week' }).click();
  await expect(page).toHaveURL(/range=week/);
  await expect.poll(async () => (await dashboard.expectData())['Transactions']).not.toBe(month['Transactions']);

  // A custom range of UTC days.
  await page.getByRole('group', { name: 'Range' }).getByRole('button', { name: 'Custom' }).click();
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 59 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('From (UTC)').fill(from);
  await page.getByLabel('To (UTC)').fill(to);
  await page.getByRole('button', { name: 'Apply range' }).click();
  await expect(page).toHaveURL(new RegExp(`range=custom.*from=${from}&to=${to}`));
  await expect(page.getByText(rangeText(from, to))).toBeVisible();
  await page.reload();
  await expect(page.getByText(rangeText(from, to))).toBeVisible({ timeout: 30_000 });
  await expect(dashboard.kpiValue('Volume')).toContainText('€');

  // The overview links keep range and currency.
  await page
    .getByRole('navigation', { name: 'Overviews' })
    .getByRole('link', { name: /^Off-ramp/ })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/off-ramp\?.*currency=eur/);
  await expect(dashboard.heading()).toHaveText('Off-ramp');
  await expect(page.getByText(rangeText(from, to))).toBeVisible();
});

/** The range line in the page's date style (the browser runs in en-US): "Sep 25, 2026 – Nov 23, 2026 (UTC days)". */
function rangeText(from: string, to: string): string {
  const day = (value: string) =>
    new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
  return `${day(from)} – ${day(to)} (UTC days)`;
}

const OVERVIEWS = [
  ['/dashboard/on-ramp', 'On-ramp'],
  ['/dashboard/off-ramp', 'Off-ramp'],
  ['/dashboard/swaps', 'Swaps'],
  ['/dashboard/balance/deposits', 'Balance · Deposits'],
  ['/dashboard/balance/withdrawals', 'Balance · Withdrawals'],
] as const;

test('every overview page renders data over a year', async ({ page }) => {
  const dashboard = new DashboardPage(page);
  for (const [path, title] of OVERVIEWS) {
    await page.goto(`${path}?range=year&currency=gbp`);
    await expect(dashboard.heading()).toHaveText(title, { timeout: 30_000 });
    const values = await dashboard.expectData();
    expect(nonZero(values['Volume']!), `${title} volume ${values['Volume']}`).toBe(true);
    expect(nonZero(values['Transactions']!), `${title} transactions`).toBe(true);
    expect(values['Volume']).toContain('£');
    await expect(dashboard.chart(/^Volume by month/).locator('svg.chart-surface path.chart-area')).toBeVisible();
    await expect(dashboard.chart('Transactions (all vs completed)').locator('svg.chart-surface path.chart-bar').first()).toBeVisible();
  }
  // Issue 36: one dashboard each for balance deposits and withdrawals; their second addresses lead there, query kept.
  for (const kind of ['deposits', 'withdrawals']) {
    await page.goto(`/dashboard/${kind}?range=year&currency=gbp`);
    await expect(page).toHaveURL(`/dashboard/balance/${kind}?range=year&currency=gbp`);
  }
});
