import type { Page, Response } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { LoginPage } from './pages/login-page.ts';
import { expect, test } from './fixtures.ts';

// Issue 13: the dashboard runs under a CSP without 'unsafe-inline' (a nonce per response), and nothing the app does
// (menus that lock scrolling inject <style> tags, charts, tables) is refused by it. The console gate would catch a
// refusal too; here the browser's own violation events are collected and must stay empty.

async function collectViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective}: ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

/** The page's policy: scripts and styles only from the app itself and this response's nonce. */
async function expectNoncePolicy(response: Response | null) {
  const csp = (await response?.headerValue('content-security-policy')) ?? '';
  const directive = (name: string) => csp.split(';').find((part) => part.trim().startsWith(`${name} `)) ?? '';
  expect(directive('script-src')).toMatch(/^script-src 'self'( [^ ]+)* 'nonce-[A-Za-z0-9+/=]+'$/);
  expect(directive('script-src')).not.toContain('unsafe-inline');
  expect(directive('style-src')).not.toContain('unsafe-inline');
  const nonce = /'nonce-([^']+)'/.exec(directive('script-src'))![1];
  const html = (await response?.text()) ?? '';
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
}

test('signed out: /login, its theme menu and the sign-up form with its select run under the nonce policy without a refusal', async ({ page }) => {
  const violations = await collectViolations(page);
  const login = new LoginPage(page);
  await expectNoncePolicy(await page.goto('/login'));
  await expect(login.heading()).toHaveText('Sign in to Rampart');
  // The theme menu is a Radix dropdown.
  await page.getByRole('button', { name: /^Theme: / }).click();
  // Escape before the menu has mounted would leave it open (and the page inert) once it does.
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A Radix Select renders its own <style> tag in the list.
  await page.getByRole('combobox', { name: 'Job title' }).click();
  await expect(page.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await violations()).toEqual([]);
});

test.describe('signed in', () => {
  test.use({ signedInAsDemo: true });

  test('/dashboard, its menus and /transactions run without a refusal', async ({ page }) => {
    const violations = await collectViolations(page);
    await expectNoncePolicy(await page.goto('/dashboard'));
    const shell = new AppShell(page);
    await shell.expectLoaded();
    // Menus lock page scrolling with an injected <style> tag: it must carry the nonce.
    await shell.userMenu().click();
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await page.keyboard.press('Escape');
    await shell.accountSwitcher().click();
    await expect(page.getByRole('menuitemradio').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto('/transactions');
    await expect(page.getByRole('main').getByRole('table')).toBeVisible();
    expect(await violations()).toEqual([]);
  });
});
