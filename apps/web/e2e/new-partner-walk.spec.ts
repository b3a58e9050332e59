import type { Locator, Page } from '@playwright/test';
import { codeIn, expect, STRONG_PASSWORD, test, uniqueEmail, waitForMail } from './fixtures.ts';
import { AppShell } from './pages/app-shell.ts';
import { SCREEN_HEIGHT, screenshotKit } from './screenshot-kit.ts';
import { chooseCountry, KybPage } from './pages/kyb-pages.ts';
import { decimalOf, IntegratePage, WidgetFrame } from './pages/ramp-pages.ts';
import { SignupCompletePage, SignupPage } from './pages/signup-page.ts';
import { TransactionDetailPage, TransactionsPage } from './pages/transactions-pages.ts';
import { chooseOption } from './team-fixtures.ts';

// Issue 36's "Done means": a new partner's walk from sign-up to a first test purchase, as one would click it. After
// every step nothing on the screen says something went wrong (no error alert, no console error) and no two screens
// contradict each other: the plan in billing and the header, the getting-started card and what was done, the KYB
// status and the card, the purchase's amounts and the widget's quote.

const WALLET = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const US = { code: 'US', name: 'United States' };
const SUCCEEDS = '4242 4242 4242 4242';
const STEPS = ['Verify your business', 'Choose currencies', 'Set your fees', 'Build the widget', 'Add a webhook', 'Invite your team', 'Go live'];
const ERROR_WORDS = /could not|failed|permission|something went wrong/i;

test.use({ actionTimeout: 30_000, navigationTimeout: 60_000 });

/** Console errors and uncaught errors of a page, kept for the checks after each step. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  return problems;
}

/** What must hold after every step: no alert that reports an error, no console error so far. */
async function expectNoTrouble(page: Page, problems: string[], screen: string) {
  await shoot(page, screen);
  const step = `the ${screen} screen`;
  const alerts = await page.getByRole('alert').allInnerTexts();
  expect(
    alerts.filter((text) => ERROR_WORDS.test(text)),
    `error alerts after "${step}"`,
  ).toEqual([]);
  expect(problems, `console errors after "${step}"`).toEqual([]);
}

// With E2E_SCREENSHOTS=1, each main screen of the walk as it stands, light and dark, 1440 and 390 px (README.md).
const camera = process.env.E2E_SCREENSHOTS ? screenshotKit('issue36-walk') : null;
async function shoot(page: Page, screen: string) {
  if (!camera) return;
  const viewport = page.viewportSize()!;
  // 'system' follows the emulated scheme at once (the app listens to it); dark first, as the page starts light.
  // From the top: a scrolled page pictures its sticky header and sidebar halfway down.
  await page.evaluate(() => {
    window.localStorage.setItem('theme', 'system');
    window.scrollTo(0, 0);
  });
  for (const theme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    for (const width of [1440, 390] as const) {
      await page.setViewportSize({ width, height: SCREEN_HEIGHT[width] });
      await camera.shoot(page, `walk-${screen}-${theme}-${width === 1440 ? 'wide' : 'narrow'}`);
    }
  }
  await page.setViewportSize(viewport);
}

/** Each step's state on the getting-started card, by title ("Done" or "To do"). */
async function cardStates(card: Locator): Promise<Record<string, string>> {
  // Each step's name as a screen reader hears it: "Step 1: Verify your business (To do)".
  const names = await card
    .getByRole('list', { name: 'Setup steps' })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.querySelector('.sr-only')?.parentElement?.textContent ?? ''));
  const states: Record<string, string> = {};
  for (const name of names) {
    const match = /^Step \d: (.+?) \((.+)\)$/.exec(name.replace(/\s+/g, ' ').trim());
    if (match) states[match[1]!] = match[2]!;
  }
  return states;
}

const expected = (done: string[]) => Object.fromEntries(STEPS.map((title) => [title, done.includes(title) ? 'Done' : 'To do']));

/** The value next to a label of the detail page's description lists, as a decimal string. */
async function detailAmount(page: Page, label: string): Promise<string> {
  const text = await page
    .getByRole('main')
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]')
    .innerText();
  return decimalOf(text);
}

test('a new partner signs up, onboards, signs a widget URL and completes a first test purchase without an error or a contradiction', async ({
  page,
  browser,
}) => {
  const started = Date.now();
  const problems = watchConsole(page);
  const shell = new AppShell(page);
  const sidebar = shell.sidebar();
  const card = page.getByRole('region', { name: 'Getting started' });
  const email = uniqueEmail('walk');
  const tag = Date.now().toString(36);
  const accountName = `Heron ${tag}`;

  await test.step('sign up and confirm the e-mail with the mailed code', async () => {
    const signup = new SignupPage(page);
    await signup.goto();
    await signup.fill({ firstName: 'Grace', lastName: 'Hopper', jobTitle: 'Founder / CEO', email, password: STRONG_PASSWORD });
    await signup.submit();
    await expect(page).toHaveURL(`/signup/complete?email=${encodeURIComponent(email)}`);
    await expectNoTrouble(page, problems, 'signup-code');
    await new SignupCompletePage(page).confirm(codeIn(await waitForMail(email, /confirmation code/)));
    await expect(page).toHaveURL('/onboarding');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set up your business account');
    await expectNoTrouble(page, problems, 'onboarding-form');
  });

  await test.step('onboarding creates the business account, in test mode; two-factor is not required of a new partner', async () => {
    const typed = { 'Account name': accountName, 'Legal name': `Heron Payments ${tag} Ltd`, 'Website URL 1': 'https://heron.example.com' };
    for (const [label, value] of Object.entries(typed)) await page.getByLabel(label).fill(value);
    await chooseCountry(page, page.getByRole('combobox', { name: 'Country of incorporation' }), 'United Kingdom');
    const chosen = { Industry: 'Payments', 'Expected monthly volume': 'Under $10k' };
    for (const [name, option] of Object.entries(chosen)) await chooseOption(page, page.getByRole('combobox', { name }), option);
    await page.getByRole('checkbox', { name: /On-ramp/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    // Straight to the dashboard: the shell sends only staff and users whose organization enforces it to /setup_2fa.
    await expect(page).toHaveURL('/dashboard');
    await shell.expectLoaded();
    await expect(shell.accountSwitcher()).toHaveAccessibleName(`Account: ${accountName}`);
    await expect(shell.testMode()).toBeChecked();
    await expectNoTrouble(page, problems, 'dashboard-new');
  });

  await test.step('the getting-started card: nothing done yet, and the KYB screen agrees that verification has not started', async () => {
    await expect(card.getByText(/^0 of 7 steps done/)).toBeVisible();
    expect(await cardStates(card)).toEqual(expected([]));
    await card.getByRole('link', { name: /^Step 1: Verify your business/ }).click();
    const kyb = new KybPage(page);
    await kyb.expectLoaded();
    await expect(kyb.reviewStatus()).toContainText('Your business is not verified yet');
    await expect(kyb.reviewStatus()).toContainText('Not started');
    await expectNoTrouble(page, problems, 'kyb');
  });

  await test.step('billing and the header tell the same plan: Free, so no support chat', async () => {
    await sidebar.getByRole('link', { name: 'Subscription' }).click();
    const current = page.getByRole('region', { name: 'Current subscription' });
    await expect(current).toContainText('Free plan');
    await expect(current).toContainText('No subscription');
    await expect(page.getByRole('listitem', { name: 'Free plan', exact: true })).toContainText('Current plan');
    for (const paid of ['Basic plan', 'Pro plan'])
      await expect(page.getByRole('listitem', { name: paid, exact: true })).not.toContainText(/Current plan|Your plan/);
    // The header's support chat names the plan; a Free organization has none (spec §5).
    await expect(page.getByRole('banner').getByRole('button', { name: 'Support' })).toHaveCount(0);
    await expectNoTrouble(page, problems, 'subscription');
  });

  await test.step('Transactions and the dashboard’s figures are empty before the first purchase', async () => {
    await sidebar.getByRole('link', { name: 'Transactions' }).click();
    await expect(page.getByRole('table', { name: 'Transactions' })).toContainText('No on-ramp transactions yet in test mode.');
    await expectNoTrouble(page, problems, 'transactions-empty');
    await sidebar.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Key figures' }).getByRole('listitem', { name: 'Transactions' }).getByTestId('kpi-value')).toHaveText('0');
    await expectNoTrouble(page, problems, 'dashboard-empty');
  });

  let signedUrl = '';
  await test.step('On-ramp › Integrate: the builder signs a widget URL, which ticks "Build the widget"', async () => {
    await card.getByRole('link', { name: /^Step 4: Build the widget/ }).click();
    const integrate = new IntegratePage(page);
    await expect(integrate.builder()).toBeVisible();
    signedUrl = await integrate.build({ asset: 'Bitcoin (BTC)', fiat: 'USD', walletAddress: WALLET, email: 'first.customer@example.com', amount: '100' });
    expect(signedUrl).toMatch(/\/widget\/buy\?apiKey=pk_test_/);
    await expectNoTrouble(page, problems, 'integrate-signed');
    await sidebar.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(card.getByText(/^1 of 7 steps done/)).toBeVisible();
    expect(await cardStates(card)).toEqual(expected(['Build the widget']));
    await expectNoTrouble(page, problems, 'dashboard-card-after-signing');
  });

  const quote = { cryptoAmount: '', feeAmount: '', networkFeeAmount: '', extraFeeAmount: '', totalFeeAmount: '' };
  let purchaseId = '';
  await test.step('the widget opened with the signed URL quotes, takes the test card and completes the purchase', async () => {
    const customer = await browser.newContext();
    const widgetPage = await customer.newPage();
    const widgetProblems = watchConsole(widgetPage);
    await widgetPage.goto(signedUrl);
    const widget = new WidgetFrame(widgetPage);
    await expect(widget.testModeBadge()).toBeVisible();
    await expect(widget.heading()).toHaveText('Buy crypto');
    const price = widget.price();
    await price.getByText(/see the breakdown/).click();
    const row = async (label: string) => decimalOf(await price.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').innerText());
    quote.feeAmount = await row('Processing fee');
    quote.totalFeeAmount = await row('Total fees');
    // The widget leaves out a fee that is nothing.
    const optional = async (label: string) => ((await price.locator('dt', { hasText: label }).count()) ? await row(label) : '0');
    quote.networkFeeAmount = await optional('Network fee');
    quote.extraFeeAmount = await optional('Partner fee');
    quote.cryptoAmount = decimalOf(await price.getByText(/^You get ≈/).innerText());
    expect(Number(quote.cryptoAmount)).toBeGreaterThan(0);
    await expectNoTrouble(widgetPage, widgetProblems, 'widget-quote');
    await widget.buy({ country: US, card: SUCCEEDS });
    await expect(widget.heading()).toHaveText('Purchase complete', { timeout: 45_000 });
    purchaseId = await widget.reference();
    const result = widgetPage.locator('dl').last();
    const resultRow = async (label: string) => decimalOf(await result.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').innerText());
    expect({ paid: await resultRow('You paid'), fees: await resultRow('Fees') }).toEqual({ paid: '100', fees: quote.totalFeeAmount });
    expect(await resultRow('You got')).toBe(quote.cryptoAmount);
    await expectNoTrouble(widgetPage, widgetProblems, 'widget-complete');
    await customer.close();
  });

  await test.step('Transactions lists the purchase, completed, and its detail has the quote’s amounts', async () => {
    await sidebar.getByRole('link', { name: 'Transactions' }).click();
    const list = new TransactionsPage(page);
    await list.expectLoaded();
    const row = list.rows().filter({ has: page.getByRole('button', { name: `Copy ${purchaseId}` }) });
    await expect(row.getByText('Completed', { exact: true })).toBeVisible();
    await expect(row).toContainText('$100.00');
    await expectNoTrouble(page, problems, 'transactions');
    await row.getByRole('cell').first().click();
    await expect(page).toHaveURL(new RegExp(`/transactions/${purchaseId}$`));
    const detail = new TransactionDetailPage(page);
    await expect(detail.heading()).toHaveText('On-ramp transaction');
    await expect(detail.status()).toHaveText('Completed');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 }).locator('xpath=following-sibling::p[1]')).toContainText('$100.00');
    expect({
      // The same labels as the widget's breakdown: one name for one amount.
      feeAmount: await detailAmount(page, 'Processing fee'),
      networkFeeAmount: await detailAmount(page, 'Network fee'),
      extraFeeAmount: await detailAmount(page, 'Partner fee'),
      cryptoAmount: await detailAmount(page, 'Quote amount'),
    }).toEqual({
      feeAmount: quote.feeAmount,
      networkFeeAmount: quote.networkFeeAmount,
      extraFeeAmount: quote.extraFeeAmount,
      cryptoAmount: quote.cryptoAmount,
    });
    await expectNoTrouble(page, problems, 'transaction-detail');
  });

  await test.step('the dashboard counts the purchase; the card still tells what was done', async () => {
    await sidebar.getByRole('link', { name: 'Dashboard', exact: true }).click();
    const figures = page.getByRole('list', { name: 'Key figures' });
    await expect(figures.getByRole('listitem', { name: 'Volume' }).getByTestId('kpi-value')).toHaveText('$100.00');
    await expect(figures.getByRole('listitem', { name: 'Transactions' }).getByTestId('kpi-value')).toHaveText('1');
    await expect(figures.getByRole('listitem', { name: 'Completion rate' }).getByTestId('kpi-value')).toHaveText('100%');
    // What the partner earned is the partner fee of the quote (none set: nothing).
    expect(decimalOf(await figures.getByRole('listitem', { name: 'Fees earned' }).getByTestId('kpi-value').innerText())).toBe(quote.extraFeeAmount);
    expect(await cardStates(card)).toEqual(expected(['Build the widget']));
    await expectNoTrouble(page, problems, 'dashboard-after-purchase');
  });

  test.info().annotations.push({ type: 'duration', description: `${Math.round((Date.now() - started) / 1000)} s` });
});
