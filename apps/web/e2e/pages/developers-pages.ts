import { expect, type Locator, type Page } from '@playwright/test';

/** Picks an option of a Radix select. */
export async function chooseSelectOption(page: Page, trigger: Locator, option: string | RegExp) {
  await trigger.click();
  await page.getByRole('option', { name: option }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

/** /developers/api-keys */
export class ApiKeysPage {
  constructor(readonly page: Page) {}
  readonly secretDialog = () => this.page.getByRole('dialog', { name: 'Your new secret key' });
  readonly newSecret = () => this.secretDialog().getByLabel('New secret key', { exact: true });
  readonly keyRow = (type: 'publishable' | 'secret' | 'webhook', waiting = false) =>
    this.page.locator(`[data-testid="api-key-${type}"][data-waiting="${waiting}"]`);
  readonly rollDialog = () => this.page.getByRole('dialog', { name: /^Roll the / });
  readonly liveTab = () => this.page.getByRole('tab', { name: 'Live keys' });

  async goto() {
    await this.page.goto('/developers/api-keys');
    // The title, not the heading: a dialog (the once-only secret) may already hide the page from the accessibility tree.
    await expect(this.page).toHaveTitle('Developers · API keys · Rampart', { timeout: 30_000 });
  }

  /** Reads the secret shown once and closes the dialog. */
  async takeSecret(): Promise<string> {
    await expect(this.secretDialog()).toBeVisible();
    await expect(this.secretDialog()).toContainText('Copy it now');
    const secret = (await this.newSecret().innerText()).trim();
    await this.secretDialog().getByRole('button', { name: 'I have stored it' }).click();
    await expect(this.secretDialog()).toBeHidden();
    return secret;
  }

  async roll(type: 'publishable' | 'secret' | 'webhook', deleteOldKeyNow: boolean) {
    await this.keyRow(type)
      .getByRole('button', { name: `Roll ${type} key` })
      .click();
    await expect(this.rollDialog()).toBeVisible();
    await this.rollDialog()
      .getByRole('radio', { name: deleteOldKeyNow ? /Delete the old key now/ : /Keep the old key working for 12 hours/ })
      .check();
    await this.rollDialog().getByRole('button', { name: 'Roll key' }).click();
  }
}

/** /developers/webhooks */
export class WebhooksPage {
  constructor(readonly page: Page) {}
  readonly card = (url: string) => this.page.getByTestId('webhook-card').filter({ hasText: url });
  readonly formDialog = () => this.page.getByRole('dialog', { name: /endpoint/ });
  readonly testDialog = () => this.page.getByRole('dialog', { name: 'Send a test event' });
  readonly deliveries = () => this.page.getByRole('table', { name: 'Deliveries' });
  readonly deliveryRows = () =>
    this.deliveries()
      .locator('tbody > tr')
      .filter({ has: this.page.getByRole('button', { name: /details of/ }) });

  async goto(query = '') {
    await this.page.goto(`/developers/webhooks${query}`);
    // The title, not the heading: a dialog (the once-only secret) may already hide the page from the accessibility tree.
    await expect(this.page).toHaveTitle('Developers · Webhooks · Rampart', { timeout: 30_000 });
  }

  async add(url: string, description: string) {
    await this.page.getByRole('button', { name: 'Add endpoint' }).click();
    await this.formDialog().getByLabel('Endpoint URL').fill(url);
    await this.formDialog().getByLabel('Description (optional)').fill(description);
    await this.formDialog().getByRole('button', { name: 'Add endpoint' }).click();
    await expect(this.formDialog()).toBeHidden();
  }
}

/** /developers/payouts */
export class PayoutsPage {
  constructor(readonly page: Page) {}
  readonly currency = () => this.page.getByRole('combobox', { name: 'Currency' });
  readonly address = () => this.page.getByLabel('Wallet address', { exact: true });
  readonly addressMessage = () => this.page.locator('#payout-address-message');
  readonly save = () => this.page.getByRole('button', { name: /^Save (payout address|changes)$/ });

  async goto() {
    await this.page.goto('/developers/payouts');
    // The title, not the heading: a dialog (the once-only secret) may already hide the page from the accessibility tree.
    await expect(this.page).toHaveTitle('Developers · Payouts · Rampart', { timeout: 30_000 });
  }
}
