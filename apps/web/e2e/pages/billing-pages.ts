import { expect, type Page } from '@playwright/test';

/** /subscription (and /dashboard/{product}/subscribe): plans, the current subscription, invoices. */
export class SubscriptionPage {
  constructor(readonly page: Page) {}
  readonly heading = () => this.page.getByRole('heading', { level: 1 });
  readonly card = () => this.page.getByRole('region', { name: 'Current subscription' });
  readonly renewal = () => this.card().locator('[data-slot="renewal"]');
  readonly plan = (name: 'Free' | 'Basic' | 'Pro') => this.page.getByRole('listitem', { name: `${name} plan` });
  readonly interval = (name: 'Monthly' | 'Yearly') => this.page.getByRole('group', { name: 'Billing interval' }).getByRole('button', { name });
  readonly invoices = () => this.page.getByRole('table', { name: 'Invoices' });
  readonly dialog = () => this.page.getByRole('alertdialog');
  readonly support = () => this.page.getByRole('button', { name: 'Support' });
  readonly pastDueBanner = () => this.page.locator('[data-slot="past-due-banner"]');

  async goto(path = '/subscription') {
    await this.page.goto(path);
    await expect(this.plan('Free')).toBeVisible({ timeout: 30_000 });
  }

  /** A plan change through its confirmation dialog; returns the dialog's sentence. */
  async changePlan(plan: 'Free' | 'Basic' | 'Pro', button: string | RegExp, confirm: string | RegExp): Promise<string> {
    await this.plan(plan).getByRole('button', { name: button }).click();
    await expect(this.dialog()).toBeVisible();
    const sentence = (await this.dialog().textContent()) ?? '';
    await this.dialog().getByRole('button', { name: confirm }).click();
    await expect(this.dialog()).toBeHidden();
    return sentence;
  }
}

/** The sandbox's hosted checkout (/sandbox/billing/checkout/:sessionId). */
export class SandboxCheckoutPage {
  constructor(readonly page: Page) {}
  readonly banner = () => this.page.getByText('Rampart billing sandbox — no real money moves');
  readonly form = () => this.page.getByRole('form', { name: 'Card details' });

  async expectOpen() {
    await expect(this.page).toHaveURL(/\/sandbox\/billing\/checkout\//, { timeout: 30_000 });
    await expect(this.page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(this.banner()).toBeVisible();
  }

  async payWith(testCard: RegExp, name = 'Ada Lovelace') {
    await this.page.getByRole('button', { name: testCard }).click();
    await this.form().getByLabel('Name on card').fill(name);
    await this.form().getByRole('button', { name: /^Pay / }).click();
  }
}

/** The sandbox's hosted portal (/sandbox/billing/portal/:sessionId). */
export class SandboxPortalPage {
  constructor(readonly page: Page) {}
  readonly testTools = () => this.page.getByRole('region', { name: 'Test tools' });

  async expectOpen() {
    await expect(this.page).toHaveURL(/\/sandbox\/billing\/portal\//, { timeout: 30_000 });
    await expect(this.page.getByRole('heading', { name: 'Billing portal' })).toBeVisible({ timeout: 30_000 });
  }

  async simulate(outcome: 'Renewal succeeds' | 'Renewal fails' | 'Dunning period ends') {
    await this.testTools().getByRole('button', { name: outcome }).click();
    await expect(
      this.page
        .getByRole('region', { name: /Notifications/ })
        .getByText(outcome)
        .first(),
    ).toBeVisible();
  }
}
