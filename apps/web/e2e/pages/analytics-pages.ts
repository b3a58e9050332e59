import { expect, type Locator, type Page } from '@playwright/test';

/** /analytics: controls, report tabs and chart cards (each a region named by its title). */
export class AnalyticsPage {
  constructor(readonly page: Page) {}
  readonly heading = () => this.page.getByRole('main').getByRole('heading', { level: 1 });
  readonly tab = (name: string) => this.page.getByRole('tablist', { name: 'Reports' }).getByRole('tab', { name, exact: true });
  readonly panel = (name: string) => this.page.getByRole('tabpanel', { name });
  readonly kpiValue = (label: string | RegExp) => this.page.getByRole('listitem', { name: label }).getByTestId('kpi-value');
  readonly card = (title: string | RegExp) => this.page.getByRole('region', { name: title });
  readonly figure = (title: string | RegExp) => this.page.getByRole('figure', { name: title });
  readonly rangeLine = () => this.page.getByTestId('analytics-range');

  async goto(query = '') {
    await this.page.goto(`/analytics${query}`);
    await expect(this.heading()).toHaveText('Analytics', { timeout: 30_000 });
  }

  async openTab(name: string) {
    await this.tab(name).click();
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true');
  }

  async choose(label: string, option: string) {
    await this.page.getByLabel(label, { exact: true }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  /** The rows of a chart's table view, as shown (header first). */
  async tableRows(card: Locator): Promise<string[][]> {
    await card.getByRole('button', { name: 'View as table' }).click();
    const table = card.getByTestId('chart-table');
    await expect(table).toBeVisible();
    const rows = await table
      .locator('tr')
      .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('th,td')).map((cell) => (cell.textContent ?? '').trim())));
    await card.getByRole('button', { name: 'View as chart' }).click();
    return rows;
  }
}
