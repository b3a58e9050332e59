import { AppShell } from './pages/app-shell.ts';
import { CrashPage, FORCED_CRASH_ERROR, FORCED_CRASH_MESSAGES } from './pages/crash-page.ts';
import { expect, test } from './fixtures.ts';

// The crash screen of spec §2 on an uncaught render error (a screen whose code throws: CrashPage.goto), with the button
// chosen by csrfToken presence. Only here are React's logs of that error allowed on the console.

test.use({ allowedConsoleMessages: FORCED_CRASH_MESSAGES });

const MESSAGE = "It looks like we're having issues. Our team has been notified.";

test.describe('signed out', () => {
  test('the crash screen: title, message, 200 stars, "Return to our home page"', async ({ page, consoleMessages }) => {
    const crash = new CrashPage(page);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await crash.goto();

    await expect(crash.title()).toHaveText('Error');
    await expect(crash.screen().getByText(MESSAGE, { exact: true })).toBeVisible();
    await expect(crash.stars()).toHaveCount(200);
    await expect(page.getByTestId('crash-moon')).toBeVisible();
    await expect(page.getByTestId('crash-astronaut')).toBeVisible();
    await expect(page).toHaveTitle('Error · Rampart');

    // No csrfToken: one button, to the public home page on this host.
    const links = crash.screen().getByRole('link');
    await expect(links).toHaveCount(1);
    await expect(links.first()).toHaveText('Return to our home page');
    const host = new URL(page.url()).host;
    await expect(links.first()).toHaveAttribute('href', `https://${host}`);
    await expect(crash.screen().getByRole('link', { name: 'Return to your dashboard' })).toHaveCount(0);

    // The scene follows the mouse.
    await page.mouse.move(10, 10);
    await expect.poll(() => crash.screen().evaluate((el) => el.style.getPropertyValue('--mx'))).not.toBe('');
    const topLeft = await crash.screen().evaluate((el) => [el.style.getPropertyValue('--mx'), el.style.getPropertyValue('--my')]);
    const viewport = page.viewportSize()!;
    await page.mouse.move(viewport.width - 10, viewport.height - 10);
    await expect.poll(() => crash.screen().evaluate((el) => el.style.getPropertyValue('--mx'))).not.toBe(topLeft[0]);
    expect(Number(topLeft[0])).toBeLessThan(0);

    // The forced error really was the crash (and nothing else went wrong).
    expect(errors.some((text) => text.includes(FORCED_CRASH_ERROR))).toBe(true);
    expect(consoleMessages).toEqual([]);
  });
});

test.describe('signed in', () => {
  test.use({ signedInAsDemo: true });

  test('with a csrfToken the button reads "Return to your dashboard" and goes there', async ({ page }) => {
    const crash = new CrashPage(page);
    await crash.goto({ from: '/dashboard', to: '/team', ready: 'Dashboard' });
    await expect(crash.title()).toHaveText('Error');
    await expect(crash.screen().getByText(MESSAGE, { exact: true })).toBeVisible();
    await expect(crash.stars()).toHaveCount(200);
    await expect(crash.screen().getByRole('link', { name: 'Return to our home page' })).toHaveCount(0);

    await crash.restoreScripts();
    await crash.screen().getByRole('link', { name: 'Return to your dashboard' }).click();
    await expect(page).toHaveURL('/dashboard');
    await new AppShell(page).expectLoaded();
  });
});
