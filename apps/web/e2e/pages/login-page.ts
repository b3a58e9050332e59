import { expect, type Page } from '@playwright/test';

/** /login: e-mail and password, then the two-factor step when TOTP is on. */
export class LoginPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { level: 1 });
  readonly email = () => this.page.getByLabel('E-mail');
  readonly password = () => this.page.getByLabel('Password', { exact: true });
  readonly submit = () => this.page.getByRole('button', { name: 'Sign in', exact: true });
  readonly code = () => this.page.getByLabel('Authentication code');
  readonly verify = () => this.page.getByRole('button', { name: 'Verify and sign in' });

  async goto(from?: string) {
    await this.page.goto(from ? `/login?from=${encodeURIComponent(from)}` : '/login');
    await expect(this.heading()).toHaveText('Sign in to Rampart');
  }

  async signIn(email: string, password: string) {
    await this.email().fill(email);
    await this.password().fill(password);
    await this.submit().click();
  }

  async enterCode(code: string) {
    await expect(this.heading()).toHaveText('Two-factor authentication');
    await this.code().fill(code);
    await this.verify().click();
  }
}
