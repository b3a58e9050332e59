import type { Browser, Page } from '@playwright/test';
import { type ApiSession, createSignedInUser, expect, graphqlAs, storageStateFor } from './fixtures.ts';

// Helpers for issue 3's specs: a user with their own onboarded organization, signed in in a new context.

export interface Partner {
  email: string;
  password: string;
  session: ApiSession;
  accountId: string;
  accountName: string;
}

export const ONBOARDING_INPUT = {
  legalName: 'Team Labs Ltd',
  country: 'GB',
  industry: 'Payments',
  websiteUrls: ['https://teamlabs.example.com'],
  productInterests: ['OnRamp'],
  expectedMonthlyVolume: 'Under $10k',
};

/** A confirmed, signed-in user who onboarded through the API: one organization, one account (not verified), administrator. */
export async function createPartner(prefix: string, accountName: string): Promise<Partner> {
  const { session, ...user } = await createSignedInUser(prefix);
  const created = await graphqlAs<{ createOnboardingInfo: { id: string } }>(
    session,
    'mutation($input: OnboardingInfoInput!) { createOnboardingInfo(input: $input) { id } }',
    { input: { ...ONBOARDING_INPUT, accountName } },
  );
  expect(created.errors).toBeUndefined();
  return { email: user.email, password: user.password, session, accountId: created.data!.createOnboardingInfo.id, accountName };
}

/** A new browser context signed in with `session`, the account selected; pages fail on console errors via the caller. */
export async function openSignedIn(browser: Browser, session: ApiSession, accountId?: string): Promise<Page> {
  const context = await browser.newContext({
    storageState: storageStateFor(session, accountId ? { selectedAccountId: accountId, testMode: 'true' } : {}),
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console.${message.type()}: ${message.text()}`);
  });
  (page as Page & { problems?: string[] }).problems = problems;
  return page;
}

/** Console errors and warnings seen by a page from `openSignedIn`. */
export function problemsOf(page: Page): string[] {
  return (page as Page & { problems?: string[] }).problems ?? [];
}

/** The sidebar's item names. */
export async function sidebarItems(page: Page): Promise<string[]> {
  const nav = page.getByRole('complementary', { name: 'Sidebar' }).getByRole('navigation', { name: 'Main' });
  return nav.getByRole('link').allInnerTexts();
}

/** Chooses an option of a Radix select by its trigger's accessible name. */
export async function chooseOption(page: Page, trigger: ReturnType<Page['getByRole']>, option: string) {
  await trigger.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A toast's text (the toaster also renders an announcement copy for screen readers, hence `.first()`). */
export function toastText(page: Page, text: string | RegExp) {
  return page
    .getByRole('region', { name: /Notifications/ })
    .getByText(text)
    .first();
}

/** The shell is loaded when the user menu and the account switcher show (the dashboard's content belongs to another screen). */
export async function expectShell(page: Page) {
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Sidebar' }).getByRole('navigation', { name: 'Main' })).toBeVisible();
}
