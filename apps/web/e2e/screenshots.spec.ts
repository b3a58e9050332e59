import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { CrashPage, FORCED_CRASH_MESSAGES } from './pages/crash-page.ts';
import { AppShell } from './pages/app-shell.ts';
import { LoginPage } from './pages/login-page.ts';
import { createTotpUser, expect, test } from './fixtures.ts';

// Screenshots for people to look at (not compared): the public screens, the shell in light and dark
// at 1440 and 390 px, and the crash screen, saved to .data/screenshots/. Runs only with
// E2E_SCREENSHOTS=1 (see README.md in this folder), so `npm test` stays quick.

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.data/screenshots');
const WIDTHS = { desktop: 1440, mobile: 390 } as const;
const HEIGHTS = { desktop: 900, mobile: 844 } as const;

type Theme = 'light' | 'dark';
type Size = keyof typeof WIDTHS;

async function prepare(page: Page, theme: Theme, size: Size) {
  await page.setViewportSize({ width: WIDTHS[size], height: HEIGHTS[size] });
  await page.addInitScript((choice) => window.localStorage.setItem('theme', choice), theme);
}

async function shoot(page: Page, name: string) {
  fs.mkdirSync(OUT, { recursive: true });
  // Let entrance animations settle; fonts must be ready.
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: true, animations: 'disabled' });
}

const PUBLIC: Array<{ name: string; path: string; heading: string | RegExp }> = [
  { name: 'login', path: '/login', heading: 'Sign in to Rampart' },
  { name: 'signup', path: '/signup', heading: 'Create your Rampart account' },
  { name: 'signup-complete', path: '/signup/complete?email=ada%40example.com', heading: 'Confirm your e-mail' },
  { name: 'reset-password', path: '/reset_password', heading: 'Reset your password' },
  { name: 'set-new-password', path: '/set_new_password?token=abcdefghijklmnopqrstuvwxyz', heading: 'Choose a new password' },
  { name: 'reset-no-token', path: '/reset', heading: 'Choose a new password' },
  { name: 'reset-2fa', path: '/reset_2fa', heading: 'Lost your authenticator?' },
  { name: 'terms', path: '/terms', heading: /terms/i },
  { name: 'register', path: '/register', heading: 'Join your team' },
  { name: 'okta-callback-error', path: '/login/okta_callback', heading: 'Signing you in' },
];

const VARIANTS: Array<[Theme, Size]> = [
  ['light', 'desktop'],
  ['dark', 'mobile'],
];

for (const [theme, size] of VARIANTS) {
  test(`public screens, ${theme}, ${WIDTHS[size]} px`, async ({ page }) => {
    await prepare(page, theme, size);
    for (const screen of PUBLIC) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.heading);
      await shoot(page, `public-${screen.name}-${theme}-${WIDTHS[size]}`);
    }
  });
}

for (const theme of ['light', 'dark'] as const) {
  for (const size of ['desktop', 'mobile'] as const) {
    test(`login two-factor step, ${theme}, ${WIDTHS[size]} px`, async ({ page }) => {
      const user = await createTotpUser(`shot-${theme}-${size}`);
      await prepare(page, theme, size);
      const login = new LoginPage(page);
      await login.goto();
      await login.signIn(user.email, user.password);
      await expect(login.heading()).toHaveText('Two-factor authentication');
      await shoot(page, `public-login-two-factor-${theme}-${WIDTHS[size]}`);
    });
  }
}

test.describe('shell', () => {
  test.use({ signedInAsDemo: true });
  for (const theme of ['light', 'dark'] as const) {
    for (const size of ['desktop', 'mobile'] as const) {
      test(`shell, ${theme}, ${WIDTHS[size]} px`, async ({ page }) => {
        await prepare(page, theme, size);
        await page.goto('/dashboard');
        const shell = new AppShell(page);
        await shell.expectLoaded();
        await shoot(page, `shell-dashboard-${theme}-${WIDTHS[size]}`);
        if (size === 'mobile') {
          await page.getByRole('button', { name: 'Open menu' }).click();
          await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
          await shoot(page, `shell-menu-${theme}-${WIDTHS[size]}`);
          await page.keyboard.press('Escape');
        } else {
          await shell.accountSwitcher().click();
          await expect(page.getByRole('menu')).toBeVisible();
          await shoot(page, `shell-switcher-${theme}-${WIDTHS[size]}`);
          await page.keyboard.press('Escape');
          await shell.userMenu().click();
          await expect(page.getByRole('menu')).toBeVisible();
          await shoot(page, `shell-user-menu-${theme}-${WIDTHS[size]}`);
          await page.keyboard.press('Escape');
        }
        await page.goto('/no/such/page');
        await expect(shell.heading()).toHaveText('Page not found');
        await shoot(page, `shell-not-found-${theme}-${WIDTHS[size]}`);
      });
    }
  }
});

test.describe('crash screen', () => {
  test.use({ allowedConsoleMessages: FORCED_CRASH_MESSAGES });
  for (const size of ['desktop', 'mobile'] as const) {
    test(`crash screen, ${WIDTHS[size]} px`, async ({ page }) => {
      await prepare(page, 'dark', size);
      await new CrashPage(page).goto();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Error');
      await shoot(page, `crash-${WIDTHS[size]}`);
    });
  }
});
