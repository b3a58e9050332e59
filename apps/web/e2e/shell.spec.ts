import { AppShell } from './pages/app-shell.ts';
import { LoginPage } from './pages/login-page.ts';
import type { Page } from '@playwright/test';
import { expect, stored, test } from './fixtures.ts';

// The signed-in layout and routing: "/" → /dashboard, sidebar navigation, an unknown path, and the
// theme kept across reloads (public default system, app default dark).

const isDark = (page: import('@playwright/test').Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

test.describe('signed in', () => {
  test.use({ signedInAsDemo: true });

  test('"/" opens the dashboard; the sidebar reaches every area, and each shows what it holds today', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/');
    await expect(page).toHaveURL('/dashboard');
    const shell = new AppShell(page);
    await shell.expectLoaded();
    const sidebar = shell.sidebar();
    const main = page.getByRole('main');
    const placeholder = main.getByText('This area arrives with a later release of Rampart.');
    // Every area of the sidebar (Passes and Quarterly review are behind feature flags, on by default): where it
    // leads, its heading, and what a user finds there. A built area shows its own content and no placeholder; an
    // area that is not built yet says so. When a later issue builds an area, this table changes with it.
    const areas: { link: string; url: RegExp; heading: string | RegExp; content: (() => ReturnType<Page['getByRole']>) | 'placeholder' }[] = [
      { link: 'Dashboard', url: /\/dashboard$/, heading: 'Dashboard', content: () => main.getByRole('navigation', { name: 'Overviews' }) },
      { link: 'Transactions', url: /\/transactions\/on-ramp$/, heading: 'Transactions', content: () => main.getByRole('table') },
      { link: 'Customers', url: /\/customers$/, heading: /^Customers/, content: () => main.getByRole('table') },
      { link: 'On-ramp', url: /\/dashboard\/on-ramp$/, heading: 'On-ramp', content: () => main.getByText('Crypto your customers bought with fiat.') },
      // An open product area lists its set-up pages under it in the sidebar.
      {
        link: 'Cryptos',
        url: /\/dashboard\/on-ramp\/cryptos$/,
        heading: 'Cryptocurrencies',
        content: () => main.getByRole('searchbox', { name: 'Search cryptocurrencies' }),
      },
      { link: 'Fees', url: /\/dashboard\/on-ramp\/fees$/, heading: 'Fees', content: () => main.getByRole('region', { name: 'Fee calculator' }) },
      {
        link: 'Integrate',
        url: /\/dashboard\/on-ramp\/integrate$/,
        heading: 'Integrate',
        content: () => main.getByRole('region', { name: 'Widget URL builder' }),
      },
      { link: 'Off-ramp', url: /\/dashboard\/off-ramp$/, heading: 'Off-ramp', content: () => main.getByText('Crypto your customers sold for fiat.') },
      {
        link: 'Cryptos',
        url: /\/dashboard\/off-ramp\/cryptos$/,
        heading: 'Cryptocurrencies',
        content: () => main.getByRole('searchbox', { name: 'Search cryptocurrencies' }),
      },
      { link: 'Fees', url: /\/dashboard\/off-ramp\/fees$/, heading: 'Fees', content: () => main.getByRole('region', { name: 'Fee calculator' }) },
      { link: 'Swaps', url: /\/dashboard\/swaps$/, heading: 'Swaps', content: () => main.getByText('Token-for-token swaps.') },
      {
        link: 'Integrate',
        url: /\/dashboard\/swaps\/integrate$/,
        heading: 'Integrate',
        content: () => main.getByRole('region', { name: 'Widget URL builder' }),
      },
      // A new account has no merchant account: /commerce opens the introduction.
      { link: 'Commerce', url: /\/commerce\/intro$/, heading: 'Commerce', content: () => main.getByRole('link', { name: 'Set up commerce' }) },
      { link: 'Passes', url: /\/passes$/, heading: 'Passes', content: () => main.getByRole('heading', { name: 'Your projects' }) },
      {
        link: 'Developers',
        url: /\/developers\/general$/,
        heading: 'General',
        content: () => main.getByText('Your account id and where the widget may be embedded.'),
      },
      // The demo account has no theme yet: the editor's empty state.
      { link: 'Theme', url: /\/theme$/, heading: 'Theme', content: () => main.getByRole('heading', { name: 'Your widget uses the built-in look' }) },
      { link: 'Team', url: /\/team$/, heading: 'Team', content: () => main.getByRole('table') },
      { link: 'Subscription', url: /\/subscription$/, heading: 'Subscription', content: () => main.getByRole('listitem', { name: 'Free plan' }) },
      { link: 'Analytics', url: /\/analytics(\?.*)?$/, heading: 'Analytics', content: () => main.getByRole('tab', { name: 'Volume' }) },
      // The demo account has a year of data: the last ended quarter's report.
      {
        link: 'Quarterly review',
        url: /\/quarterly-review(\?.*)?$/,
        heading: 'Quarterly review',
        content: () => main.getByRole('heading', { name: 'Headline figures' }),
      },
      { link: 'Profile', url: /\/profile\/general$/, heading: 'Profile', content: () => main.getByRole('textbox', { name: 'Full name' }) },
    ];
    for (const area of areas) {
      await sidebar.getByRole('link', { name: area.link, exact: true }).click();
      await expect(page, area.link).toHaveURL(area.url);
      await expect(shell.heading(), area.link).toHaveText(area.heading);
      await expect(sidebar.getByRole('link', { name: area.link, exact: true }), area.link).toHaveAttribute('aria-current', 'page');
      if (area.content === 'placeholder') {
        await expect(placeholder, area.link).toBeVisible();
      } else {
        await expect(area.content().first(), area.link).toBeVisible();
        await expect(placeholder, area.link).toHaveCount(0);
      }
    }
    await expect(page).toHaveTitle('Profile · General · Rampart');
  });

  test('an unknown path shows the error page inside the shell, with a way back', async ({ page }) => {
    await page.goto('/no/such/page');
    const shell = new AppShell(page);
    await expect(shell.heading()).toHaveText('Page not found');
    await expect(page).toHaveTitle('Page not found · Rampart');
    await expect(shell.userMenu()).toBeVisible();
    await page.getByRole('link', { name: 'Back to your dashboard' }).click();
    await expect(page).toHaveURL('/dashboard');
    await shell.expectLoaded();
  });

  test('the app defaults to dark; a chosen theme survives reloads', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/dashboard');
    const shell = new AppShell(page);
    await shell.expectLoaded();
    expect(await stored(page, 'theme')).toBeNull();
    expect(await isDark(page)).toBe(true);
    await expect(shell.themeToggle()).toHaveAccessibleName('Theme: Dark');

    await shell.themeToggle().click();
    await page.getByRole('menuitemradio', { name: 'Light' }).click();
    expect(await stored(page, 'theme')).toBe('light');
    expect(await isDark(page)).toBe(false);

    await page.reload();
    await shell.expectLoaded();
    expect(await isDark(page)).toBe(false);
    await expect(shell.themeToggle()).toHaveAccessibleName('Theme: Light');
  });

  test('"Skip to content" is the first stop of Tab, shows when focused and moves focus to the screen (issue 36)', async ({ page }) => {
    await page.goto('/dashboard');
    await new AppShell(page).expectLoaded();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    const box = (await skip.boundingBox())!;
    expect(box.width).toBeGreaterThan(40);
    expect(box.y).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // Hidden again once focus left it (sr-only: a 1 px box).
    expect((await skip.boundingBox())!.width).toBeLessThanOrEqual(1);
  });
});

test.describe('signed out', () => {
  test('an unknown path is protected: the visitor signs in first', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL('/login?from=' + encodeURIComponent('/no/such/page'));
    await expect(new LoginPage(page).heading()).toHaveText('Sign in to Rampart');
  });

  test('public screens follow the system theme until one is chosen, then keep it across reloads', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/login');
    const toggle = page.getByRole('button', { name: /^Theme: / });
    await expect(toggle).toHaveAccessibleName('Theme: System');
    expect(await isDark(page)).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => isDark(page)).toBe(false);

    await toggle.click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    expect(await stored(page, 'theme')).toBe('dark');
    expect(await isDark(page)).toBe(true);

    await page.reload();
    await expect(toggle).toHaveAccessibleName('Theme: Dark');
    expect(await isDark(page)).toBe(true);
    // Kept across public screens too.
    await page.goto('/signup');
    expect(await isDark(page)).toBe(true);
  });

  test('the theme toggle works with the keyboard', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/login');
    const toggle = page.getByRole('button', { name: /^Theme: / });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const dark = page.getByRole('menuitemradio', { name: 'Dark' });
    await expect(dark).toBeVisible();
    // Opening by keyboard focuses the first choice; arrow keys move, Enter picks and focus returns to the toggle.
    await expect(page.getByRole('menuitemradio', { name: 'Light' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(dark).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dark).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAccessibleName('Theme: Dark');
    expect(await stored(page, 'theme')).toBe('dark');
    // Escape closes the menu without changing anything.
    await page.keyboard.press('Enter');
    await expect(dark).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dark).toBeHidden();
    expect(await stored(page, 'theme')).toBe('dark');
  });
});
