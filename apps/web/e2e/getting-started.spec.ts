import { expect, test, uniqueEmail } from './fixtures.ts';
import { WebhooksPage } from './pages/developers-pages.ts';
import { CryptosPage, IntegratePage } from './pages/ramp-pages.ts';
import { chooseOption, createPartner, openSignedIn, problemsOf, toastText } from './team-fixtures.ts';

// Issue 13: a new partner's dashboard starts with the getting-started checklist; steps done on their own screens are
// ticked from the server's state when the partner comes back, and the guide stays reachable from the user menu.

const STEPS: Array<[string, string]> = [
  ['Verify your business', '/dashboard/on-ramp/kyb'],
  ['Choose currencies', '/dashboard/on-ramp/cryptos'],
  ['Set your fees', '/dashboard/on-ramp/fees'],
  ['Build the widget', '/dashboard/on-ramp/integrate'],
  ['Add a webhook', '/developers/webhooks'],
  ['Invite your team', '/team'],
  ['Go live', '/dashboard/on-ramp/go-live'],
];

test('a fresh partner ticks choosing currencies, adding a webhook, inviting a teammate and signing a widget URL (not visiting Integrate)', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const partner = await createPartner('getting-started', 'Fresh Start Pay');
  const page = await openSignedIn(browser, partner.session, partner.accountId);
  const steps = page.getByRole('list', { name: 'Setup steps' });
  const step = (title: string) => steps.getByRole('link', { name: new RegExp(`^Step \\d: ${title} \\(`) });
  const backToDashboard = async () => {
    // Through the sidebar, as a partner would: the card reads the server again on each visit.
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(steps).toBeVisible({ timeout: 30_000 });
  };

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Getting started' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('0 of 7 steps done', { exact: false })).toBeVisible();
  await expect(steps.getByRole('listitem')).toHaveCount(7);
  for (const [title, href] of STEPS) {
    await expect(step(title)).toHaveAccessibleName(new RegExp(`${title} \\(To do\\)`));
    await expect(step(title)).toHaveAttribute('href', href);
  }

  // Each link opens its screen.
  await step('Choose currencies').click();
  await expect(page).toHaveURL(/\/dashboard\/on-ramp\/cryptos$/);
  const cryptos = new CryptosPage(page);
  await expect(cryptos.main().getByRole('searchbox', { name: 'Search cryptocurrencies' })).toBeVisible({ timeout: 30_000 });
  await cryptos.offerOnly([{ name: 'Bitcoin', code: 'BTC' }]);
  await backToDashboard();
  await expect(step('Choose currencies')).toHaveAccessibleName(/Choose currencies \(Done\)/);
  await expect(page.getByText('1 of 7 steps done', { exact: false })).toBeVisible();

  await step('Add a webhook').click();
  await expect(page).toHaveURL(/\/developers\/webhooks$/);
  const hooks = new WebhooksPage(page);
  await expect(page).toHaveTitle('Developers · Webhooks · Rampart', { timeout: 30_000 });
  await hooks.add('http://127.0.0.1:9/getting-started', 'Getting started');
  await expect(hooks.card('http://127.0.0.1:9/getting-started')).toBeVisible();
  await backToDashboard();
  await expect(step('Add a webhook')).toHaveAccessibleName(/Add a webhook \(Done\)/);

  await step('Invite your team').click();
  await expect(page).toHaveURL(/\/team$/);
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member' });
  await dialog.getByLabel('E-mail').fill(uniqueEmail('getting-started-mate'));
  await chooseOption(page, dialog.getByRole('combobox', { name: 'Role' }), 'Developer');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toastText(page, 'Invitation sent')).toBeVisible();
  await backToDashboard();

  await expect(page.getByText('3 of 7 steps done', { exact: false })).toBeVisible();
  for (const [title] of STEPS) {
    const done = ['Choose currencies', 'Add a webhook', 'Invite your team'].includes(title);
    await expect(step(title)).toHaveAccessibleName(new RegExp(`${title} \\(${done ? 'Done' : 'To do'}\\)`));
  }
  await expect(page.getByRole('progressbar', { name: 'Setup progress' })).toHaveAttribute('aria-valuenow', '3');

  // Opening Integrate changes nothing (issue 36): no URL is signed, the step stays to do; signing one ticks it.
  const signings: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/graphql') && (request.postData() ?? '').includes('generateSignedUrl')) signings.push(request.url());
  });
  const integrate = new IntegratePage(page);
  await step('Build the widget').click();
  await expect(integrate.builder().getByText('Not signed yet')).toBeVisible({ timeout: 30_000 });
  await backToDashboard();
  await expect(step('Build the widget')).toHaveAccessibleName(/Build the widget \(To do\)/);
  expect(signings).toEqual([]);
  await step('Build the widget').click();
  await integrate.builder().getByRole('button', { name: 'Sign URL' }).click();
  await expect(integrate.builder().getByText('Signed', { exact: true })).toBeVisible({ timeout: 30_000 });
  await backToDashboard();
  await expect(step('Build the widget')).toHaveAccessibleName(/Build the widget \(Done\)/);
  expect(signings).toHaveLength(1);

  // Hidden, the card remembers it; the user menu's item opens it again.
  await page.getByRole('button', { name: 'Hide steps' }).click();
  await expect(steps).toBeHidden();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Show steps' })).toBeVisible({ timeout: 30_000 });
  await expect(steps).toBeHidden();
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Getting started' }).click();
  await expect(page).toHaveURL(/\/dashboard#getting-started$/);
  await expect(steps).toBeVisible();
  expect(problemsOf(page)).toEqual([]);
  await page.context().close();
});
