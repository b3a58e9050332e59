import { expect, type Page } from '@playwright/test';

/** /dashboard and the overview pages under it. */
export class DashboardPage {
  constructor(readonly page: Page) {}
  readonly heading = () => this.page.getByRole('main').getByRole('heading', { level: 1 });
  readonly kpis = () => this.page.getByRole('list', { name: 'Key figures' });
  readonly kpi = (label: string | RegExp) => this.kpis().getByRole('listitem', { name: label });
  readonly kpiValue = (label: string | RegExp) => this.kpi(label).getByTestId('kpi-value');
  readonly chart = (title: string | RegExp) => this.page.getByRole('figure', { name: title });

  /** Waits for the figures and returns the KPI values as shown. */
  async expectData(): Promise<Record<string, string>> {
    await expect(this.kpiValue('Volume')).toBeVisible({ timeout: 30_000 });
    const values: Record<string, string> = {};
    for (const label of ['Volume', 'Transactions', 'Completion rate', 'Average order']) values[label] = (await this.kpiValue(label).innerText()).trim();
    return values;
  }
}

/** True when a formatted figure ("$12,345", "1,234", "87.5%") holds a non-zero digit. */
export const nonZero = (text: string) => /[1-9]/.test(text);
