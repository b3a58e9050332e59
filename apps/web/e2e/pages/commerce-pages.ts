import { expect, type Locator, type Page } from '@playwright/test';
import { chooseSelectOption } from './developers-pages.ts';

/** /commerce/* and the built-in hosted onboarding page. */
export class CommercePages {
  constructor(readonly page: Page) {}
  readonly main = () => this.page.getByRole('main');
  readonly heading = () => this.main().getByRole('heading', { level: 1 });
  readonly tabs = () => this.page.getByRole('navigation', { name: 'Commerce' });
  readonly statusBadge = () => this.page.getByTestId('merchant-status');
  readonly walletRows = () => this.page.getByTestId('helio-wallet-row');
  readonly walletDialog = () => this.page.getByRole('dialog', { name: /payout wallet$/ });
  readonly deleteDialog = () => this.page.getByRole('alertdialog', { name: 'Delete this payout wallet?' });
  readonly addWalletButton = () => this.page.getByRole('button', { name: 'Add wallet' });

  async gotoSection(section: 'intro' | 'onboarding' | 'account' | 'wallets') {
    await this.page.goto(`/commerce/${section}`);
    await expect(this.tabs()).toBeVisible({ timeout: 30_000 });
  }

  /** Fills the onboarding form; submitting leaves for the hosted onboarding page. */
  async createMerchantAccount(businessName: string, contactEmail: string) {
    await this.page.getByLabel('Business name').fill(businessName);
    await this.page.getByLabel('Contact e-mail').fill(contactEmail);
    await this.page.getByRole('button', { name: 'Create and continue to onboarding' }).click();
  }

  /** The sandbox page: picks how onboarding ends. */
  async finishSandboxOnboarding(outcome: 'Approve' | 'Send to review' | 'Reject') {
    await expect(this.page).toHaveURL(/\/sandbox\/helio\/onboarding\/[^/]+$/);
    await expect(this.page.getByText('Rampart commerce sandbox')).toBeVisible();
    await this.page.getByRole('button', { name: outcome, exact: true }).click();
  }

  async openAddWallet() {
    await this.addWalletButton().click();
    await expect(this.walletDialog()).toBeVisible();
  }

  async fillWallet(values: { currency?: string; address?: string; tag?: string }) {
    const dialog = this.walletDialog();
    if (values.currency) await chooseSelectOption(this.page, dialog.getByRole('combobox', { name: 'Currency' }), values.currency);
    if (values.address !== undefined) await dialog.getByLabel('Wallet address').fill(values.address);
    if (values.tag !== undefined) await dialog.getByLabel('Destination tag or memo (optional)').fill(values.tag);
  }

  async submitWallet(): Promise<Locator> {
    const dialog = this.walletDialog();
    await dialog.getByRole('button', { name: /^(Add|Save) wallet$/ }).click();
    return dialog;
  }

  walletRow(currency: string) {
    return this.walletRows().filter({ hasText: currency });
  }
}
