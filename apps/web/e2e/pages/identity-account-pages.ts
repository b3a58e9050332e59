import type { Locator, Page } from '@playwright/test';
import { expect, mailCount } from '../fixtures.ts';
import { sixDigitCode, waitForSmsCode, waitForVerificationMail } from '../identity-account-fixtures.ts';

// Issue 18: an SSO user's /profile/general and /profile/security, where the identity provider owns the profile,
// e-mail addresses, phone numbers, password and its session.

function notifications(page: Page, text: string | RegExp): Locator {
  return page
    .getByRole('region', { name: /Notifications/ })
    .getByText(text)
    .first();
}

export class IdentityGeneralPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/profile/general');
    await expect(this.managedNote()).toBeVisible();
  }

  managedNote(): Locator {
    return this.page.getByText(/Managed by your identity provider/);
  }

  profileForm(): Locator {
    return this.page.getByRole('form', { name: 'Profile' });
  }

  field(label: string): Locator {
    return this.profileForm().getByLabel(label, { exact: true });
  }

  async saveProfile(values: Record<string, string>) {
    for (const [label, value] of Object.entries(values)) await this.field(label).fill(value);
    await this.profileForm().getByRole('button', { name: 'Save profile' }).click();
    await expect(notifications(this.page, 'Profile saved')).toBeVisible();
  }

  emails(): Locator {
    return this.page.getByRole('list', { name: 'E-mail addresses' });
  }

  email(address: string): Locator {
    return this.emails().getByRole('listitem').filter({ hasText: address });
  }

  addEmailDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Add an e-mail address' });
  }

  /** Opens "Add e-mail", sends the code to `address` and leaves the dialog asking for it. */
  async startAddingEmail(address: string) {
    await this.page.getByRole('button', { name: 'Add e-mail' }).click();
    const dialog = this.addEmailDialog();
    await dialog.getByLabel('E-mail address').fill(address);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await expect(dialog.getByLabel('Verification code')).toBeVisible();
    return dialog;
  }

  /** The dialog "Verify <address>" opens for an unverified address. */
  verifyEmailDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Verify your e-mail address' });
  }

  /** Sends a fresh code to an unverified address from its "Verify" button and verifies it. */
  async verifyListedEmail(address: string) {
    const mailsBefore = await mailCount(address);
    await this.email(address)
      .getByRole('button', { name: `Verify ${address}` })
      .click();
    const dialog = this.verifyEmailDialog();
    await expect(dialog).toContainText(address);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await this.verifyEmailInDialog(address, mailsBefore, dialog);
  }

  /** With a code dialog open for `address`, enters the code of the first mail to it after the `mailsBefore` already there. */
  async verifyEmailInDialog(address: string, mailsBefore: number, dialog = this.addEmailDialog()) {
    await expect(dialog).toContainText(`We sent a 6-digit code to ${address}.`);
    const code = sixDigitCode((await waitForVerificationMail(address, mailsBefore)).text);
    await dialog.getByLabel('Verification code').fill(code);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(notifications(this.page, 'E-mail address verified')).toBeVisible();
    await expect(dialog).toBeHidden();
  }

  /** Adds `address` and verifies it with the code mailed to it. */
  async addAndVerifyEmail(address: string) {
    const mailsBefore = await mailCount(address);
    await this.startAddingEmail(address);
    await this.verifyEmailInDialog(address, mailsBefore);
  }
}

export class IdentitySecurityPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/profile/security');
    await expect(this.passwordCard()).toBeVisible();
  }

  phones(): Locator {
    return this.page.getByRole('list', { name: 'Phone numbers' });
  }

  phone(number: string): Locator {
    return this.phones().getByRole('listitem').filter({ hasText: number });
  }

  addPhoneDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Add a phone number' });
  }

  async startAddingPhone(number: string) {
    await this.page.getByRole('button', { name: 'Add phone number' }).click();
    const dialog = this.addPhoneDialog();
    await dialog.getByLabel('Phone number').fill(number);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await expect(dialog.getByLabel('Verification code')).toBeVisible();
    return dialog;
  }

  /** The card of the provider's password (its heading is "Password"). */
  passwordCard(): Locator {
    return this.page.locator('[data-slot="card"]').filter({ has: this.page.getByRole('heading', { name: 'Password', exact: true }) });
  }

  sessionCard(): Locator {
    return this.page.locator('[data-slot="card"]').filter({ has: this.page.getByRole('heading', { name: 'Identity provider session', exact: true }) });
  }

  async addAndVerifyPhone(number: string, smsBefore = 0) {
    const dialog = await this.startAddingPhone(number);
    const code = await waitForSmsCode(number, smsBefore);
    await dialog.getByLabel('Verification code').fill(code);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(notifications(this.page, 'Phone number verified')).toBeVisible();
    await expect(dialog).toBeHidden();
  }
}

export { notifications };
