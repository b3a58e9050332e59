import type { Browser } from '@playwright/test';
import { expect, graphqlAs, test } from './fixtures.ts';
import { createPartner, openAs, type Partner } from './developers-fixtures.ts';
import { SandboxCheckoutPage, SandboxPortalPage, SubscriptionPage } from './pages/billing-pages.ts';
import { screenshotKit } from './screenshot-kit.ts';

// Screenshots of issue 15's billing screens for people to look at: the plans (Free), the subscription with an invoice
// (Pro), the sandbox's checkout and portal pages and the printable invoice; light and dark, 1440 and 390 px.
// Only with E2E_SCREENSHOTS=1; to E2E_SCREENSHOT_DIR or .data/screenshots/issue15-billing.

const { shoot, open } = screenshotKit('issue15-billing');

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let scene: Promise<{ free: Partner; pro: Partner; invoiceId: string }> | undefined;
function setUp(browser: Browser) {
  scene ??= (async () => {
    const free = await createPartner('shot-billing-free');
    const pro = await createPartner('shot-billing-pro');
    // Pro through the sandbox checkout, as a partner would.
    const { page } = await openAs(browser, pro);
    const subscription = new SubscriptionPage(page);
    await subscription.goto();
    await subscription.plan('Pro').getByRole('button', { name: 'Upgrade to Pro' }).click();
    const checkout = new SandboxCheckoutPage(page);
    await checkout.expectOpen();
    await checkout.payWith(/^Use 4242 4242 4242 4242/);
    await expect(page).toHaveURL(/checkout=success/, { timeout: 30_000 });
    await page.context().close();
    const billing = await graphqlAs<{ billing: { invoices: Array<{ id: string }> } }>(
      pro.session,
      'query($a: ID!) { billing(accountId: $a) { invoices { id } } }',
      { a: pro.accountId },
    );
    expect(billing.errors).toBeUndefined();
    return { free, pro, invoiceId: billing.data!.billing.invoices[0]!.id };
  })();
  return scene;
}

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1440, 390] as const) {
    test(`billing screens, ${theme} ${width}`, async ({ browser }) => {
      const { free, pro, invoiceId } = await setUp(browser);

      const freePage = await open(browser, free, theme, width);
      const plans = new SubscriptionPage(freePage);
      await plans.goto();
      await shoot(freePage, `plans-${theme}-${width}`);
      await plans.plan('Pro').getByRole('button', { name: 'Upgrade to Pro' }).click();
      const checkout = new SandboxCheckoutPage(freePage);
      await checkout.expectOpen();
      await shoot(freePage, `checkout-${theme}-${width}`);
      await freePage.context().close();

      const page = await open(browser, pro, theme, width);
      const subscription = new SubscriptionPage(page);
      await subscription.goto();
      await expect(subscription.invoices()).toBeVisible();
      await shoot(page, `subscription-${theme}-${width}`);
      await subscription.plan('Basic').getByRole('button', { name: 'Downgrade to Basic' }).click();
      await expect(subscription.dialog()).toBeVisible();
      await shoot(page, `downgrade-dialog-${theme}-${width}`, false);
      await subscription.dialog().getByRole('button', { name: 'Not now' }).click();

      await page.goto(`/billing/invoices/${invoiceId}`);
      await expect(page.getByRole('article')).toBeVisible({ timeout: 30_000 });
      await shoot(page, `invoice-${theme}-${width}`);

      await subscription.goto();
      await subscription.card().getByRole('button', { name: 'Manage billing' }).click();
      const portal = new SandboxPortalPage(page);
      await portal.expectOpen();
      await shoot(page, `portal-${theme}-${width}`);
      await page.context().close();
    });
  }
}
