import { FAILURE_REASONS } from '@rampart/shared/transactions';
import type { Page } from '@playwright/test';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { E2E } from './e2e-env.ts';
import { expect, graphqlAs, test } from './fixtures.ts';
import { createPartner, openAs } from './developers-fixtures.ts';
import { startHostPage, startRawReceiver, type ReceivedWebhook } from './ramp-fixtures.ts';
import { CryptosPage, decimalOf, FeesPage, IntegratePage, WidgetFrame, type CalculatorFigures } from './pages/ramp-pages.ts';
import { TransactionDetailPage, TransactionsPage } from './pages/transactions-pages.ts';

// Issue 12's "Done means" browser test, on a fresh test-mode partner: three assets on, a 1 % partner fee, a signed
// widget URL from the builder, a purchase inside an iframe of an allowed origin that lands in /transactions with the
// calculator's fees and reaches a loopback receiver as verified webhooks; a declined card; a failed 3-D Secure step; an
// origin not in the list; a tampered link.

test.setTimeout(300_000);
// No action waits forever: a missing control fails in 30 s with its locator named.
test.use({ actionTimeout: 30_000, navigationTimeout: 60_000 });

const ASSETS = [
  { name: 'Bitcoin', code: 'BTC' },
  { name: 'Ethereum', code: 'ETH' },
  { name: 'USD Coin', code: 'USDC' },
] as const;
const WALLET = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const OTHER_WALLET = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const US = { code: 'US', name: 'United States' };
const SUCCEEDS = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const NEEDS_CONFIRMATION = '4000 0000 0000 3220';
const TRANSACTION_EVENTS = ['transaction_created', 'transaction_updated', 'transaction_failed'];

/** A page of its own (no dashboard session) whose console problems are collected, not failed on. */
async function openVisitor(page: Page) {
  const context = await page.context().browser()!.newContext();
  const visitor = await context.newPage();
  const messages: string[] = [];
  visitor.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  visitor.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(`console.${message.type()}: ${message.text()}`);
  });
  return { page: visitor, console: messages };
}

function verify(secret: string, webhook: ReceivedWebhook) {
  return new StandardWebhook(secret).verify(webhook.rawBody, {
    'webhook-id': String(webhook.headers['webhook-id']),
    'webhook-timestamp': String(webhook.headers['webhook-timestamp']),
    'webhook-signature': String(webhook.headers['webhook-signature']),
  });
}

/** The signed URL with one character of its signature changed (a letter or digit, so the encoding stays valid). */
function tamperSignature(url: string): string {
  // Flip a bit of the signature's bytes, not a character of its URL encoding (which could break a `%2B` escape).
  const at = url.indexOf('&signature=') + '&signature='.length;
  const bytes = Buffer.from(decodeURIComponent(url.slice(at)), 'base64');
  bytes[0] = bytes[0]! ^ 1;
  return `${url.slice(0, at)}${encodeURIComponent(bytes.toString('base64'))}`;
}

function frameAncestors(csp: string | undefined): string[] {
  const directive =
    (csp ?? '')
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith('frame-ancestors ')) ?? '';
  return directive.split(/\s+/).slice(1);
}

test('ramp in test mode: assets, a 1 % fee, a signed URL, a framed purchase with its webhooks, a declined card, a failed 3-D Secure step, a foreign origin and a tampered link', async ({
  browser,
}) => {
  const started = Date.now();
  const partner = await createPartner('ramp');
  const shop = await startHostPage('Partner shop');
  const stranger = await startHostPage('Not the partner');
  const receiver = await startRawReceiver();
  const { page, problems } = await openAs(browser, partner);
  try {
    await test.step('the partner offers Bitcoin, Ethereum and USD Coin for buying', async () => {
      const cryptos = new CryptosPage(page);
      await cryptos.goto();
      await cryptos.offerOnly(ASSETS);
      await page.reload();
      for (const asset of ASSETS) await expect(cryptos.offer(asset.name, asset.code)).toBeChecked({ timeout: 30_000 });
      await expect(cryptos.counts()).toHaveText(/^3 of /);
    });

    let calculated!: CalculatorFigures;
    await test.step('a 1 % partner fee, Global, every payment method; the calculator for a 100 USD card purchase of BTC from the US', async () => {
      const fees = new FeesPage(page);
      await fees.goto();
      await fees.setGlobalPartnerFee('1');
      const rows = fees.yourFee().getByRole('table', { name: 'Your fee rules' }).locator('tbody tr');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText('Global');
      await expect(rows.first()).toContainText('All methods');
      await expect(rows.first()).toContainText('1 %');
      // The calculator on the page quotes again with the new fee (default customer: US, credit card, 100 USD of BTC).
      await expect(fees.calculator().getByTestId('quote-sentence')).toContainText('your fee $1.00)');
      // The calculator offers the assets switched on (test mode: those that support it).
      await fees.calculator().getByRole('combobox', { name: 'Buys' }).click();
      await expect(page.getByRole('option')).toHaveText(ASSETS.map((asset) => `${asset.name} (${asset.code})`));
      await page.keyboard.press('Escape');
      await expect(page.getByRole('listbox')).toBeHidden();
      calculated = await fees.quote({ country: US.name, method: 'Credit card', fiat: 'USD', asset: 'Bitcoin (BTC)', amount: '100' });
      // 1 % of 100 USD: the partner's own fee, charged on top of the provider's.
      expect(calculated.extraFeeAmount).toBe('1');
      expect(Number(calculated.feeAmount)).toBeGreaterThan(0);
      expect(Number(calculated.cryptoAmount)).toBeGreaterThan(0);
    });

    let secret = '';
    await test.step('the shop origin may frame the widget; a webhook endpoint on loopback for test mode', async () => {
      const updated = await graphqlAs<{ updateAccount: { allowedIframeAncestorUrls: string[] } }>(
        partner.session,
        'mutation($a: ID!, $o: [String!]) { updateAccount(accountId: $a, allowedIframeAncestorUrls: $o) { allowedIframeAncestorUrls } }',
        { a: partner.accountId, o: [shop.origin] },
      );
      expect(updated.errors).toBeUndefined();
      expect(updated.data!.updateAccount.allowedIframeAncestorUrls).toEqual([shop.origin]);
      const hook = await graphqlAs<{ createWebhook: { signingSecret: string } }>(
        partner.session,
        'mutation($a: ID!, $u: String!, $e: [String!]!) { createWebhook(accountId: $a, url: $u, liveMode: false, events: $e, description: "ramp e2e") { signingSecret } }',
        { a: partner.accountId, u: receiver.url, e: TRANSACTION_EVENTS },
      );
      expect(hook.errors).toBeUndefined();
      secret = hook.data!.createWebhook.signingSecret;
      expect(secret).toMatch(/^whsec_/);
    });

    let signedUrl = '';
    await test.step('the builder signs a URL for BTC to a wallet, an e-mail and 100 USD', async () => {
      const integrate = new IntegratePage(page);
      await integrate.goto();
      await expect(integrate.builder()).toContainText(`Allowed now: ${shop.origin}.`);
      signedUrl = await integrate.build({ asset: 'Bitcoin (BTC)', fiat: 'USD', walletAddress: WALLET, email: 'ada.ramp@example.com', amount: '100' });
      expect(signedUrl.startsWith(`${E2E.appUrl}/widget/buy?apiKey=pk_test_`)).toBe(true);
      expect(signedUrl).toContain('currencyCode=btc');
    });

    const visitor = await openVisitor(page);
    let boughtId = '';
    await test.step('inside the shop’s iframe, the test card that succeeds buys BTC', async () => {
      const widgetResponse = visitor.page.waitForResponse((response) => response.url().startsWith(`${E2E.appUrl}/widget/buy?`));
      await visitor.page.goto(shop.urlFraming(signedUrl));
      const response = await widgetResponse;
      expect(response.status()).toBe(200);
      expect(frameAncestors(response.headers()['content-security-policy'])).toEqual(["'self'", shop.origin]);
      const widget = new WidgetFrame(visitor.page.frameLocator('iframe[title="Buy crypto"]'));
      await expect(widget.testModeBadge()).toBeVisible({ timeout: 30_000 });
      // The signed parameters arrive locked: the amount and the crypto from the URL.
      await expect(widget.root.getByLabel('You pay', { exact: true })).toHaveValue('100');
      await expect(widget.price()).toContainText(`You get ≈ ${calculated.cryptoAmount}`);
      await widget.buy({ country: US, card: SUCCEEDS });
      await expect(widget.heading()).toHaveText('Purchase complete', { timeout: 45_000 });
      await expect(widget.root.getByRole('status').filter({ hasText: 'Completed.' })).toBeAttached();
      boughtId = await widget.reference();
      expect(boughtId).toMatch(/^[0-9a-f-]{36}$/);
    });

    await test.step('within seconds the purchase is in /transactions (test mode) with the calculator’s fees', async () => {
      const list = new TransactionsPage(page);
      await page.goto('/transactions/on-ramp');
      const row = list.rows().filter({ has: page.getByRole('button', { name: `Copy ${boughtId}` }) });
      await expect(async () => {
        await page.reload();
        // A reload of the whole app can take several seconds on a busy 2-core machine before the list is drawn.
        await expect(row).toHaveCount(1, { timeout: 10_000 });
        await expect(row.getByText('Completed', { exact: true })).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 60_000 });
      await expect(row).toContainText('$100.00');
      await row.getByRole('cell').first().click();
      await expect(page).toHaveURL(new RegExp(`/transactions/${boughtId}$`));
      const detail = new TransactionDetailPage(page);
      await expect(detail.heading()).toHaveText('On-ramp transaction', { timeout: 30_000 });
      await expect(detail.status()).toHaveText('Completed');
      const field = async (label: string) =>
        decimalOf(
          await page
            .getByRole('main')
            .locator('dt', { hasText: new RegExp(`^${label}$`) })
            .locator('xpath=following-sibling::dd[1]')
            .innerText(),
        );
      expect({
        feeAmount: await field('Processing fee'),
        networkFeeAmount: await field('Network fee'),
        extraFeeAmount: await field('Partner fee'),
        cryptoAmount: await field('Quote amount'),
      }).toEqual({
        feeAmount: calculated.feeAmount,
        networkFeeAmount: calculated.networkFeeAmount,
        extraFeeAmount: calculated.extraFeeAmount,
        cryptoAmount: calculated.cryptoAmount,
      });
      await expect(page.getByRole('main').locator('dd').filter({ hasText: WALLET })).toBeVisible();
    });

    await test.step('the receiver got transaction_created and transaction_updated up to completed, each verified', async () => {
      const ofPurchase = () => receiver.received.filter((hook) => hook.body.data.id === boughtId);
      await expect
        .poll(() => ofPurchase().map((hook) => `${hook.body.type}:${hook.body.data.status}`), { timeout: 30_000 })
        .toContain('transaction_updated:completed');
      const hooks = ofPurchase();
      expect(hooks.filter((hook) => hook.body.type === 'transaction_created')).toHaveLength(1);
      expect(hooks.filter((hook) => hook.body.type === 'transaction_updated').length).toBeGreaterThanOrEqual(1);
      for (const hook of hooks) expect(verify(secret, hook)).toEqual(hook.body);
      // A changed body does not verify: the check is real.
      const forged = { ...hooks[0]!, rawBody: hooks[0]!.rawBody.replace('"transaction_', '"transaktion_') };
      expect(() => verify(secret, forged)).toThrow();
    });

    let declinedId = '';
    await test.step('a second purchase with the declined card fails, with its reason in the widget and in /transactions', async () => {
      const widget = new WidgetFrame(visitor.page.frameLocator('iframe[title="Buy crypto"]'));
      await widget.root.getByRole('button', { name: 'Start a new purchase' }).click();
      await widget.buy({ country: US, card: DECLINED });
      await expect(widget.heading()).toHaveText('The transaction failed', { timeout: 45_000 });
      await expect(widget.root.getByText(FAILURE_REASONS.cardDeclined!).first()).toBeVisible();
      declinedId = await widget.reference();
      expect(declinedId).not.toBe(boughtId);

      const list = new TransactionsPage(page);
      await page.goto('/transactions/on-ramp');
      const row = list.rows().filter({ has: page.getByRole('button', { name: `Copy ${declinedId}` }) });
      await expect(async () => {
        await page.reload();
        await expect(row.getByText('Failed', { exact: true })).toBeVisible({ timeout: 10_000 });
      }).toPass({ timeout: 60_000 });
      await row.getByRole('cell').first().click();
      const detail = new TransactionDetailPage(page);
      await expect(detail.status()).toHaveText('Failed', { timeout: 30_000 });
      await expect(
        page
          .getByRole('main')
          .locator('dt', { hasText: /^Failure reason$/ })
          .locator('xpath=following-sibling::dd[1]'),
      ).toHaveText(FAILURE_REASONS.cardDeclined!);
      await expect
        .poll(() => receiver.received.some((hook) => hook.body.data.id === declinedId && hook.body.type === 'transaction_failed'), { timeout: 30_000 })
        .toBe(true);
      for (const hook of receiver.received.filter((item) => item.body.data.id === declinedId)) expect(verify(secret, hook)).toEqual(hook.body);
      expect(visitor.console, 'console problems of the shop page and its widget').toEqual([]);
    });

    await test.step('trying again with the 3-D Secure card asks the bank step; failing it ends the transaction with its reason', async () => {
      const widget = new WidgetFrame(visitor.page.frameLocator('iframe[title="Buy crypto"]'));
      await widget.root.getByRole('button', { name: 'Try again' }).click();
      await expect(widget.heading()).toHaveText('Pay by card');
      await widget.root.getByRole('button', { name: new RegExp(`^Fill in ${NEEDS_CONFIRMATION}`) }).click();
      await widget.root.getByRole('button', { name: /^Pay / }).click();
      await expect(widget.heading()).toHaveText('Confirm with your bank');
      await widget.root.getByRole('button', { name: 'Fail authentication' }).click();
      await expect(widget.heading()).toHaveText('The transaction failed', { timeout: 45_000 });
      await expect(widget.root.getByText(FAILURE_REASONS.threeDsFailed!).first()).toBeVisible();
      expect(await widget.reference()).not.toBe(declinedId);
      expect(visitor.console, 'console problems of the shop page and its widget').toEqual([]);
    });

    await test.step('a page on another origin cannot frame the widget', async () => {
      const other = await openVisitor(page);
      const widgetResponse = other.page.waitForResponse((response) => response.url().startsWith(`${E2E.appUrl}/widget/buy?`));
      await other.page.goto(stranger.urlFraming(signedUrl));
      const response = await widgetResponse;
      // The server answers the widget, but only the partner's origins may be its ancestors…
      expect(frameAncestors(response.headers()['content-security-policy'])).toEqual(["'self'", shop.origin]);
      // …so the browser refuses to show it: the frame settles on an error page without the widget.
      await expect.poll(() => other.page.evaluate(() => (window as unknown as { frameLoads: number }).frameLoads), { timeout: 30_000 }).toBeGreaterThan(0);
      await expect.poll(() => other.console.join('\n'), { timeout: 15_000 }).toMatch(/frame-ancestors/);
      const framed = new WidgetFrame(other.page.frameLocator('iframe[title="Buy crypto"]'));
      await expect(framed.testModeBadge()).toHaveCount(0);
      await expect(framed.root.getByRole('heading', { name: 'Buy crypto' })).toHaveCount(0);
      await expect(other.page.getByRole('heading', { name: 'Not the partner' })).toBeVisible();
      await other.page.context().close();
    });

    await test.step('the signed URL with a changed signature, or a changed wallet address, is refused', async () => {
      const direct = await openVisitor(page);
      for (const url of [tamperSignature(signedUrl), signedUrl.replace(`walletAddress=${WALLET}`, `walletAddress=${OTHER_WALLET}`)]) {
        expect(url).not.toBe(signedUrl);
        const response = await direct.page.goto(url);
        expect(response?.status()).toBe(403);
        await expect(direct.page.getByRole('heading', { level: 1 })).toHaveText('This link’s signature is not valid');
        await expect(direct.page.getByText('The link was changed after it was signed')).toBeVisible();
        await expect(direct.page.getByText('TEST MODE', { exact: true })).toHaveCount(0);
      }
      // The untouched link still opens the widget in a tab of its own.
      await direct.page.goto(signedUrl);
      await expect(new WidgetFrame(direct.page).heading()).toHaveText('Buy crypto', { timeout: 30_000 });
      await direct.page.context().close();
    });

    await visitor.page.context().close();
    expect(problems, 'console problems of the dashboard').toEqual([]);
    test.info().annotations.push({ type: 'duration', description: `${Math.round((Date.now() - started) / 1000)} s` });
  } finally {
    await Promise.all([shop.close(), stranger.close(), receiver.close()]);
  }
});
