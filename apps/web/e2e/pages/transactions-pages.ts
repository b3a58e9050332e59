import { expect, type Page } from '@playwright/test';

/** /transactions/:tab */
export class TransactionsPage {
  constructor(readonly page: Page) {}
  readonly table = () => this.page.getByRole('table', { name: 'Transactions' });
  /** Data rows (the header row excluded). */
  readonly rows = () => this.table().locator('tbody tr');
  readonly summary = () => this.page.getByText(/[\d,]+\+? transactions · times in/);

  async goto(tab = 'on-ramp', query = '') {
    await this.page.goto(`/transactions/${tab}${query}`);
    await this.expectLoaded();
  }

  async expectLoaded() {
    await expect(this.page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Transactions', { timeout: 30_000 });
    await expect(this.summary()).toBeVisible();
    await expect(
      this.rows()
        .first()
        .getByRole('button', { name: /^Copy / }),
    ).toBeVisible();
  }

  /** Waits until the table shows rows of its current query: a sort or filter change first empties it while it loads. */
  async expectSettled() {
    await expect(this.table()).not.toHaveAttribute('aria-busy', 'true');
    await expect(
      this.rows()
        .first()
        .getByRole('button', { name: /^Copy / }),
    ).toBeVisible();
  }

  /** The total of the filtered view, as shown above the table. */
  async total(): Promise<number> {
    const text = await this.summary().innerText();
    return Number(/^([\d,]+)/.exec(text)![1]!.replaceAll(',', ''));
  }

  /** Ids of the rows on the page (from the copy buttons' names). */
  async rowIds(): Promise<string[]> {
    const names = await this.rows()
      .getByRole('button', { name: /^Copy / })
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
    return names.map((name) => name.replace(/^Copy(ied)? /, ''));
  }
}

/** /transactions/:id */
export class TransactionDetailPage {
  constructor(readonly page: Page) {}
  readonly heading = () => this.page.getByRole('main').getByRole('heading', { level: 1 });
  readonly timeline = () => this.page.getByRole('list', { name: 'Status timeline' });
  readonly staffActions = () => this.page.getByRole('group', { name: 'Staff actions' });
  readonly status = () => this.page.getByLabel(/^Status: /);
}
