import { AppShell } from './pages/app-shell.ts';
import { CrashPage, FORCED_CRASH_ERROR, FORCED_CRASH_MESSAGES, sentryEvents, standInSentry } from './pages/crash-page.ts';
import { demoAccountId, expect, graphqlAs, test } from './fixtures.ts';

// The crash screen of spec §2 on an uncaught render error (a screen whose code throws: CrashPage.goto), with the button
// chosen by csrfToken presence. Only here are React's logs of that error allowed on the console. Signed out, no error
// reporter is configured (the run's server has no SENTRY_DSN); signed in, Sentry is (standInSentry) and receives it.

test.use({ allowedConsoleMessages: FORCED_CRASH_MESSAGES });

const UNREPORTED_MESSAGE =
  "It looks like we're having issues. This error was not reported automatically: if it happens again, tell our support team what you were doing.";
const REPORTED_MESSAGE = "It looks like we're having issues. Our team has been notified.";

test.describe('signed out', () => {
  test('the crash screen: title, message, 200 stars, "Return to our home page"', async ({ page, consoleMessages }) => {
    const crash = new CrashPage(page);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await crash.goto();

    await expect(crash.title()).toHaveText('Error');
    await expect(crash.screen().getByText(UNREPORTED_MESSAGE, { exact: true })).toBeVisible();
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

  test('Sentry receives the crash (user, account, at most 100 breadcrumbs, no secrets); the button goes to the dashboard', async ({ page, demoSession }) => {
    const session = await demoSession();
    const userId = (await graphqlAs<{ me: { id: string } }>(session, '{ me { id } }')).data!.me.id;
    const accountId = await demoAccountId(session);
    const envelopes = await standInSentry(page);
    const crash = new CrashPage(page);
    const resetToken = 'rst_Q7fK2mZp9LwX4vNc8bJd';
    await crash.goto({
      from: `/dashboard?token=${resetToken}`,
      to: '/team',
      ready: 'Dashboard',
      // More breadcrumbs than the limit keeps.
      beforeCrash: () => page.evaluate(() => Array.from({ length: 150 }, (_, index) => console.info(`step ${index}`))).then(() => undefined),
    });
    await expect(crash.title()).toHaveText('Error');
    await expect(crash.screen().getByText(REPORTED_MESSAGE, { exact: true })).toBeVisible();
    await expect(crash.stars()).toHaveCount(200);

    await expect.poll(() => sentryEvents(envelopes).some((event) => JSON.stringify(event.exception).includes(FORCED_CRASH_ERROR))).toBe(true);
    for (const event of sentryEvents(envelopes)) {
      expect(event.user).toEqual({ id: userId });
      expect(event.contexts.account).toEqual({ id: accountId });
      expect(event.tags['account.id']).toBe(accountId);
      const breadcrumbs = event.breadcrumbs as Array<{ message?: string }>;
      expect(breadcrumbs.length).toBe(100);
      expect(breadcrumbs.some((breadcrumb) => breadcrumb.message === 'step 149')).toBe(true);
    }
    // No secrets: the session's cookie and CSRF token, and a token in a URL, appear nowhere in what was sent.
    const sent = envelopes.map((envelope) => envelope.raw).join('\n');
    expect(sent).toContain('token=%5BFiltered%5D');
    for (const secret of [session.cookie.split('=')[1]!, session.csrfToken, resetToken]) expect(sent).not.toContain(secret);
    await expect(crash.screen().getByRole('link', { name: 'Return to our home page' })).toHaveCount(0);

    await crash.restoreScripts();
    await crash.screen().getByRole('link', { name: 'Return to your dashboard' }).click();
    await expect(page).toHaveURL('/dashboard');
    await new AppShell(page).expectLoaded();
  });
});
