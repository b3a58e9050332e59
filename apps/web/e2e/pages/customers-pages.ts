import { expect, type Page } from '@playwright/test';

/** /customers */
export class CustomersPage {
  constructor(readonly page: Page) {}
  readonly table = () => this.page.getByRole('table', { name: 'Customers' });
  readonly rows = () => this.table().locator('tbody tr');
  readonly search = () => this.page.getByRole('searchbox', { name: 'Search customers' });

  async goto(query = '') {
    await this.page.goto(`/customers${query}`);
    await expect(this.page.getByRole('main').getByRole('heading', { level: 1 })).toContainText('Customers', { timeout: 30_000 });
    await expect(this.rows().first().getByRole('link')).toBeVisible();
  }
}

/** /customers/:id */
export class CustomerProfilePage {
  constructor(readonly page: Page) {}
  readonly heading = () => this.page.getByRole('main').getByRole('heading', { level: 1 });
  readonly transactions = () => this.page.getByRole('table', { name: 'Customer transactions' });
  readonly cards = () => this.page.getByRole('table', { name: 'Cards' });
}
