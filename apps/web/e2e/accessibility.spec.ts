import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { CrashPage, FORCED_CRASH_MESSAGES } from './pages/crash-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { createTotpUser, expect, test } from './fixtures.ts';

// axe on every public screen, light and dark: no serious or critical violation (moderate and minor
// findings are not gated).

interface Screen {
  name: string;
  path: string;
  /** Waits until the screen shows what axe should look at. */
  ready: (page: Page) => Promise<void>;
}

const heading = (text: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text);
};

const PUBLIC_SCREENS: Screen[] = [
  { name: 'login', path: '/login', ready: heading('Sign in to Rampart') },
  { name: 'okta callback (error)', path: '/login/okta_callback', ready: async (page) => expect(page.getByRole('alert')).toContainText('Error:') },
  {
    name: 'okta verification (error)',
    path: '/login/okta_verification?error=access_denied&error_description=The+verification+link+has+expired.',
    ready: async (page) => expect(page.getByRole('alert')).toContainText('The verification link has expired.'),
  },
  { name: 'signup', path: '/signup', ready: heading('Create your Rampart account') },
  { name: 'signup complete', path: '/signup/complete?email=someone%40example.com', ready: heading('Confirm your e-mail') },
  { name: 'reset 2fa', path: '/reset_2fa', ready: heading('Lost your authenticator?') },
  { name: 'reset password', path: '/reset_password', ready: heading('Reset your password') },
  { name: 'reset (no token)', path: '/reset', ready: heading('Choose a new password') },
  { name: 'set new password', path: '/set_new_password?token=abcdefghijklmnopqrstuvwxyz', ready: heading('Choose a new password') },
  { name: 'terms', path: '/terms', ready: heading(/terms/i) },
  { name: 'register', path: '/register', ready: heading('Join your team') },
];

async function expectNoSeriousViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect.soft(serious, `${label}: serious or critical axe violations`).toEqual([]);
}

const THEMES = ['light', 'dark'] as const;

async function useTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.evaluate((choice) => window.localStorage.setItem('theme', choice), theme);
}

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

// One page per theme walks every screen (a warm browser cache keeps this quick); soft assertions
// report every screen's violations, not just the first.
for (const theme of THEMES) {
  test(`every public screen passes axe in the ${theme} theme`, async ({ page }) => {
    test.setTimeout(150_000); // eleven screens, each analysed by axe
    await page.goto('/terms');
    await useTheme(page, theme);
    for (const screen of PUBLIC_SCREENS) {
      await test.step(screen.name, async () => {
        await page.goto(screen.path);
        await screen.ready(page);
        expect(await isDark(page)).toBe(theme === 'dark');
        await expectNoSeriousViolations(page, `${screen.path} (${theme})`);
      });
    }
  });
}

test('login errors and the two-factor step pass axe in both themes', async ({ page }) => {
  const user = await createTotpUser('axe');
  const login = new LoginPage(page);
  for (const theme of THEMES) {
    await login.goto();
    await useTheme(page, theme);
    await login.goto();
    expect(await isDark(page)).toBe(theme === 'dark');
    await login.signIn(user.email, 'wrong-password-for-axe-1');
    await expect(page.getByText('The e-mail or password is incorrect.')).toBeVisible();
    await expectNoSeriousViolations(page, `login error (${theme})`);
    await login.signIn(user.email, user.password);
    await expect(login.heading()).toHaveText('Two-factor authentication');
    await expectNoSeriousViolations(page, `two-factor step (${theme})`);
  }
});

test.describe('crash screen', () => {
  // Always the dark space scene, whatever the theme: one pass covers it.
  test.use({ allowedConsoleMessages: FORCED_CRASH_MESSAGES });
  test('passes axe', async ({ page }) => {
    await new CrashPage(page).goto();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Error');
    await expectNoSeriousViolations(page, 'crash screen');
  });
});
