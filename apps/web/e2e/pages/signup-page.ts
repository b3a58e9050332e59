import { expect, type Page } from '@playwright/test';

/** /signup, then /signup/complete with the e-mailed code. */
export class SignupPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/signup');
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText('Create your Rampart account');
  }

  async fill(values: { firstName: string; lastName: string; jobTitle: string; email: string; password: string }) {
    await this.page.getByLabel('First name').fill(values.firstName);
    await this.page.getByLabel('Last name').fill(values.lastName);
    await this.page.getByRole('combobox', { name: 'Job title' }).click();
    await this.page.getByRole('option', { name: values.jobTitle, exact: true }).click();
    await this.page.getByLabel('Work e-mail').fill(values.email);
    await this.page.getByLabel('Password', { exact: true }).fill(values.password);
  }

  async submit() {
    await this.page.getByRole('button', { name: 'Create account' }).click();
  }
}

export class SignupCompletePage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { level: 1 });
  readonly code = () => this.page.getByLabel('Confirmation code');

  async confirm(code: string) {
    await expect(this.heading()).toHaveText('Confirm your e-mail');
    await this.code().fill(code);
    await this.page.getByRole('button', { name: 'Confirm e-mail' }).click();
  }
}
