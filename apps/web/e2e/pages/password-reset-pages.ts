import { expect, type Page } from '@playwright/test';

/** /reset_password: asks for the e-mailed link. */
export class ResetPasswordPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/reset_password');
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText('Reset your password');
  }

  async requestLink(email: string) {
    await this.page.getByLabel('E-mail').fill(email);
    await this.page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(this.page.getByRole('status')).toContainText('Check your inbox');
  }
}

/** /set_new_password (the e-mailed /reset link forwards here). */
export class SetNewPasswordPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { level: 1 });
  readonly error = () => this.page.getByRole('alert');
  readonly success = () => this.page.getByRole('status');

  async choose(password: string) {
    await expect(this.heading()).toHaveText('Choose a new password');
    await this.page.getByLabel('New password', { exact: true }).fill(password);
    await this.page.getByLabel('Confirm new password').fill(password);
    await this.page.getByRole('button', { name: 'Set new password' }).click();
  }
}
