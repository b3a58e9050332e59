import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createSignedInUser, expect, graphqlAs, test, withDatabase } from './fixtures.ts';
import { createPartner, openAs, type Partner } from './developers-fixtures.ts';
import { SandboxCheckoutPage, SandboxPortalPage, SubscriptionPage } from './pages/billing-pages.ts';

// Issue 15's subscription and billing in the browser, through the built-in billing sandbox: an administrator upgrades
// Free → Pro on the hosted checkout and sees the plan, the invoice and the support chat; downgrades at the period's
// end; a failed renewal shows the banner; an analyst sees no controls and the server refuses them; axe on the pages.

test.describe.configure({ timeout: 120_000 });

async function axe(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help}`);
  expect.soft(serious, `${label}: serious or critical axe violations`).toEqual([]);
}

/** Free → Pro monthly through the sandbox checkout, back on /subscription. */
async function upgradeToPro(page: Page) {
  const subscription = new SubscriptionPage(page);
  await subscription.goto();
  await subscription.plan('Pro').getByRole('button', { name: 'Upgrade to Pro' }).click();
  const checkout = new SandboxCheckoutPage(page);
  await checkout.expectOpen();
  await checkout.payWith(/^Use 4242 4242 4242 4242/);
  await expect(page).toHaveURL(/\/subscription\?checkout=success/, { timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Payment received' })).toBeVisible({ timeout: 30_000 });
  return subscription;
}

test('an administrator upgrades Free → Pro on the sandbox checkout: plan, invoice and support chat appear', async ({ browser }) => {
  const partner = await createPartner('billing-upgrade');
  const { page, problems } = await openAs(browser, partner);
  const subscription = new SubscriptionPage(page);
  await subscription.goto();
  await expect(subscription.heading()).toHaveText('Subscription');
  await expect(subscription.card()).toContainText('Free plan');
  await expect(subscription.plan('Free').getByText('Current plan', { exact: true })).toBeVisible();
  await expect(subscription.invoices()).toHaveCount(0);
  // Free has no support chat.
  await expect(subscription.support()).toHaveCount(0);
  // Prices follow the interval switch.
  await subscription.interval('Yearly').click();
  await expect(subscription.plan('Pro')).toContainText('$1,990.00');
  await subscription.interval('Monthly').click();
  await expect(subscription.plan('Pro')).toContainText('$199.00');
  await axe(page, '/subscription');

  // A cancelled checkout changes nothing.
  await subscription.plan('Basic').getByRole('button', { name: 'Upgrade to Basic' }).click();
  const checkout = new SandboxCheckoutPage(page);
  await checkout.expectOpen();
  await page.getByRole('link', { name: 'Cancel and return to Rampart' }).click();
  await expect(page).toHaveURL(/\/subscription\?checkout=cancelled/);
  await expect(page.getByRole('status').filter({ hasText: 'Checkout cancelled' })).toBeVisible({ timeout: 30_000 });
  await expect(subscription.card()).toContainText('Free plan');

  // The real thing: Pro, with a card the form checks first.
  await subscription.plan('Pro').getByRole('button', { name: 'Upgrade to Pro' }).click();
  await checkout.expectOpen();
  await expect(page.getByRole('heading', { name: 'Rampart Pro' })).toBeVisible();
  await checkout.form().getByLabel('Card number').fill('4242 4242 4242 4241');
  await checkout.form().getByLabel('Name on card').fill('Ada Lovelace');
  await checkout.form().getByRole('button', { name: /^Pay / }).click();
  await expect(checkout.form()).toContainText('This card number is not valid; check the digits');
  await axe(page, 'sandbox checkout');
  await checkout.payWith(/^Use 4242 4242 4242 4242/);

  await expect(page).toHaveURL(/\/subscription\?checkout=success/, { timeout: 30_000 });
  await expect(subscription.card()).toContainText('Pro plan', { timeout: 30_000 });
  await expect(subscription.card()).toContainText('Active');
  await expect(subscription.renewal()).toHaveText(/^Renews on /);
  await expect(subscription.card()).toContainText(/ending 4242/);
  await expect(subscription.plan('Pro').getByText('Current plan', { exact: true })).toBeVisible();
  const firstInvoice = subscription.invoices().getByRole('row').nth(1);
  await expect(firstInvoice).toContainText(/RMP-\d{6}/);
  await expect(firstInvoice).toContainText('$199.00');
  await expect(firstInvoice).toContainText('Paid');
  // Support chat follows the plan.
  await expect(subscription.support()).toBeVisible({ timeout: 30_000 });

  // The invoice's printable page.
  const number = (await firstInvoice.getByRole('cell').first().textContent())!.trim();
  await firstInvoice.getByRole('link', { name: `View invoice ${number}` }).click();
  await expect(page.getByRole('article', { name: `Invoice ${number}` })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('article')).toContainText('Rampart Pro, billed monthly');
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  expect(problems).toEqual([]);
  await page.context().close();
});

test('a downgrade waits for the period end and says when; resuming keeps the plan; cancelling says the date', async ({ browser }) => {
  const partner = await createPartner('billing-downgrade');
  const { page, problems } = await openAs(browser, partner);
  const subscription = await upgradeToPro(page);
  await expect(subscription.card()).toContainText('Pro plan', { timeout: 30_000 });

  const sentence = await subscription.changePlan('Basic', 'Downgrade to Basic', 'Downgrade to Basic');
  expect(sentence).toMatch(/You keep Pro until .+, then Basic at \$49\.00 a month\./);
  await expect(subscription.renewal()).toHaveText(/^Moves to Basic on /);
  await expect(subscription.card()).toContainText('Pro plan');

  await subscription.card().getByRole('button', { name: 'Keep Pro' }).click();
  await subscription.dialog().getByRole('button', { name: 'Keep Pro' }).click();
  await expect(subscription.renewal()).toHaveText(/^Renews on /);

  await subscription.card().getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(subscription.dialog()).toContainText(/You keep Pro until .+, then your organization moves to the Free plan/);
  await subscription.dialog().getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(subscription.renewal()).toHaveText(/^Ends on /);
  await subscription.card().getByRole('button', { name: 'Resume subscription' }).click();
  await subscription.dialog().getByRole('button', { name: 'Resume subscription' }).click();
  await expect(subscription.renewal()).toHaveText(/^Renews on /);

  // The same plans in a product's context.
  await subscription.goto('/dashboard/swaps/subscribe');
  await expect(subscription.heading()).toHaveText('Subscription');
  await expect(page.getByText('Swaps goes live once your business is verified, on any plan.', { exact: false })).toBeVisible();
  await expect(subscription.plan('Pro').getByText('Current plan', { exact: true })).toBeVisible();
  expect(problems).toEqual([]);
  await page.context().close();
});

test('a failed renewal in the portal shows the banner; the plan stays until the dunning period ends', async ({ browser }) => {
  const partner = await createPartner('billing-dunning');
  const { page, problems } = await openAs(browser, partner);
  const subscription = await upgradeToPro(page);
  await expect(subscription.card()).toContainText('Pro plan', { timeout: 30_000 });
  await expect(subscription.pastDueBanner()).toHaveCount(0);

  await subscription.card().getByRole('button', { name: 'Manage billing' }).click();
  const portal = new SandboxPortalPage(page);
  await portal.expectOpen();
  await expect(page.getByText('Rampart billing sandbox — no real money moves')).toBeVisible();
  await portal.simulate('Renewal fails');
  await expect(page.getByRole('region', { name: 'Current subscription' })).toContainText('Payment failed');
  await page.getByRole('link', { name: 'Back to Rampart' }).click();

  await expect(subscription.pastDueBanner()).toBeVisible({ timeout: 30_000 });
  await expect(subscription.pastDueBanner()).toContainText(/Your last payment failed\. Update your payment method by .+ to keep Pro\./);
  await expect(subscription.card()).toContainText('Pro plan');
  // The banner shows across the dashboard and leads to the subscription page.
  await page.goto('/dashboard');
  await expect(subscription.pastDueBanner()).toBeVisible({ timeout: 30_000 });
  await subscription.pastDueBanner().getByRole('link', { name: 'Update payment method' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  expect(problems).toEqual([]);
  await page.context().close();
});

test('an analyst sees the plans without controls and the server refuses the checkout', async ({ browser }) => {
  const owner: Partner = await createPartner('billing-owner');
  const { session, ...analyst } = await createSignedInUser('billing-analyst');
  await withDatabase(async (client) => {
    await client.query(`insert into memberships (account_id, user_id, role, has_accepted_invite) values ($1, $2, 'analyst', true)`, [
      owner.accountId,
      analyst.id,
    ]);
  });
  const { page, problems } = await openAs(browser, { session, accountId: owner.accountId });
  const subscription = new SubscriptionPage(page);
  await subscription.goto();
  await expect(page.getByRole('status').filter({ hasText: 'View only' })).toBeVisible();
  await expect(subscription.plan('Free').getByText('Current plan', { exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: /Upgrade|Downgrade|Cancel|Manage billing/ })).toHaveCount(0);

  // Straight from the page, with the analyst's own session: refused.
  const refused = await page.evaluate(async (accountId) => {
    const response = await fetch('/graphql', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true', 'x-csrf-token': window.localStorage.getItem('csrfToken') ?? '' },
      body: JSON.stringify({
        query: 'mutation($a: ID!, $p: ID!) { createStripeSession(accountId: $a, priceId: $p) { url } }',
        variables: { a: accountId, p: 'pro_monthly' },
      }),
    });
    return (await response.json()) as { errors?: Array<{ extensions?: { code?: string } }>; data?: unknown };
  }, owner.accountId);
  expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN_ERROR');
  const read = await graphqlAs(session, 'query($a: ID!) { billing(accountId: $a) { plan } }', { a: owner.accountId });
  expect(read.errors?.[0]?.extensions?.['code']).toBe('FORBIDDEN_ERROR');
  expect(problems).toEqual([]);
  await page.context().close();
});
