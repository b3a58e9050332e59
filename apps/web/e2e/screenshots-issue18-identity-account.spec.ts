import type { Page } from '@playwright/test';
import { mailCount, expect, test, uniqueEmail } from './fixtures.ts';
import { freshUser, signInThroughSso, smsTo, uniquePhoneNumber, waitForSmsCode } from './identity-account-fixtures.ts';
import { IdentityGeneralPage, IdentitySecurityPage, notifications } from './pages/identity-account-pages.ts';
import { SCREEN_HEIGHT, screenshotKit } from './screenshot-kit.ts';

// Screenshots of issue 18's screens for an SSO user, for people to look at: /profile/general (the provider's profile,
// e-mail addresses with a verified secondary, the e-mail code dialog) and /profile/security (phone numbers, the SMS
// code dialog, the password card and its dialog, the provider session), light and dark, 1440 and 390 px (nothing may
// scroll sideways). Only with E2E_SCREENSHOTS=1; to E2E_SCREENSHOT_DIR or .data/screenshots/issue18-identity-account.

const kit = screenshotKit('issue18-identity-account', { noSideScroll: true });

/** Closes the toasts (they would cover the header at 390 px); only while no dialog is open. */
async function dismissToasts(page: Page) {
  const close = page.getByRole('region', { name: /Notifications/ }).getByRole('button', { name: 'Close' });
  while ((await close.count()) > 0) {
    await close.first().click();
    await page.waitForTimeout(250);
  }
}

/** Full-page shots start at the top, so the sticky header sits where it belongs. */
async function shoot(page: Page, name: string, fullPage = true) {
  if (fullPage) await dismissToasts(page);
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await kit.shoot(page, name, fullPage);
}

test.describe.configure({ timeout: 180_000 });

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1440, 390] as const) {
    test(`SSO profile screens, ${theme} ${width}`, async ({ page }) => {
      await page.setViewportSize({ width, height: SCREEN_HEIGHT[width] });
      await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: theme });
      await page.addInitScript((choice) => window.localStorage.setItem('theme', choice), theme);
      const user = await freshUser('shot-sso');
      await signInThroughSso(page, user);

      // General: the profile from the provider, then a second address through its code dialog.
      const general = new IdentityGeneralPage(page);
      await general.open();
      await general.saveProfile({ 'First name': 'Ada', 'Last name': 'Lovelace', 'Display name': 'Ada Lovelace' });
      await shoot(page, `general-${theme}-${width}`);
      const second = uniqueEmail('ada');
      const mailsBefore = await mailCount(second);
      await dismissToasts(page);
      const dialog = await general.startAddingEmail(second);
      await expect(dialog).toContainText(`We sent a 6-digit code to ${second}.`);
      await shoot(page, `general-email-code-dialog-${theme}-${width}`, false);
      await general.verifyEmailInDialog(second, mailsBefore);
      await expect(general.email(second)).toContainText('Verified');
      await shoot(page, `general-two-emails-${theme}-${width}`);
      await general
        .email(second)
        .getByRole('button', { name: `Make ${second} primary` })
        .click();
      await expect(notifications(page, 'Primary e-mail changed')).toBeVisible();
      await dismissToasts(page);
      await general
        .email(user.email)
        .getByRole('button', { name: `Remove ${user.email}` })
        .click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await shoot(page, `general-remove-email-confirm-${theme}-${width}`, false);
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

      // Security: a phone through the SMS code dialog, the password dialog, the provider session.
      const security = new IdentitySecurityPage(page);
      await security.open();
      await shoot(page, `security-${theme}-${width}`);
      const phone = uniquePhoneNumber();
      const smsBefore = (await smsTo(phone)).length;
      const phoneDialog = await security.startAddingPhone(phone);
      const code = await waitForSmsCode(phone, smsBefore);
      await shoot(page, `security-phone-code-dialog-${theme}-${width}`, false);
      await phoneDialog.getByLabel('Verification code').fill(code);
      await phoneDialog.getByRole('button', { name: 'Verify' }).click();
      await expect(notifications(page, 'Phone number verified')).toBeVisible();
      await expect(security.phone(phone)).toContainText('Verified');
      await dismissToasts(page);
      await security.passwordCard().getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByRole('dialog', { name: 'Change password' })).toBeVisible();
      await shoot(page, `security-password-dialog-${theme}-${width}`, false);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Change password' })).toBeHidden();
      await shoot(page, `security-with-phone-${theme}-${width}`);
      await security.sessionCard().getByRole('button', { name: 'End session' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'End session' }).click();
      await expect(page.getByText('Your identity provider session has ended.')).toBeVisible();
      await shoot(page, `security-session-ended-${theme}-${width}`);
    });
  }
}
