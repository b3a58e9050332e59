import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { expect, graphqlAs, test, type ApiSession } from './fixtures.ts';
import { createPartner, openSignedIn, problemsOf, type Partner } from './team-fixtures.ts';

// Screenshots of issue 12's partner screens (cryptocurrencies, fees with the calculator, integrate, the test helpers)
// for people to look at; light and dark, 1440 and 390 px, to .data/screenshots/. Only with E2E_SCREENSHOTS=1.

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.data/screenshots');
const SIZES = { 1440: 900, 390: 844 } as const;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let scene: Promise<{ partner: Partner; transactionId: string }> | undefined;
function setUp() {
  scene ??= (async () => {
    const partner = await createPartner('shot-ramp', 'Lumen Wallet');
    const pairs = await graphqlAs<{ account: { currencyAccountPairs: { currency: { id: string; code: string } }[] } }>(
      partner.session,
      'query($id: ID!) { account(id: $id) { id currencyAccountPairs { id currency { id code } } } }',
      { id: partner.accountId },
    );
    const ids = pairs.data!.account.currencyAccountPairs.filter((pair) => ['btc', 'eth', 'usdc'].includes(pair.currency.code)).map((pair) => pair.currency.id);
    const saved = await graphqlAs(
      partner.session,
      'mutation($a: ID!, $p: [CurrencyAccountPairInput!]!) { updateCurrencyAccountPairs(accountId: $a, pairs: $p) { id } }',
      {
        a: partner.accountId,
        p: ids.map((currencyId) => ({ currencyId, isEnabled: true, isSellEnabled: true })),
      },
    );
    expect(saved.errors).toBeUndefined();
    const fee = await graphqlAs(
      partner.session,
      'mutation($a: ID!, $r: [PricingRuleInput!]!) { updatePricingRules(accountId: $a, type: partnerFee, rules: $r) { accountId } }',
      {
        a: partner.accountId,
        r: [
          { region: 'Global', paymentMethod: null, transactionType: 'buy', percentage: '1', fixedValue: '0', minValue: '0' },
          { region: 'US', paymentMethod: 'creditCard', transactionType: 'buy', percentage: '1.5', fixedValue: '0.25', minValue: '1' },
        ],
      },
    );
    expect(fee.errors).toBeUndefined();
    // The test keys exist once the account first lists them (the signed URL needs the secret one).
    await graphqlAs(partner.session, 'query($a: ID!) { apiKeys(accountId: $a, liveMode: false) { id } }', { a: partner.accountId });
    await graphqlAs(partner.session, 'mutation($a: ID!) { createIntegration(accountId: $a, input: { type: web, value: "shop.lumen.example" }) { id } }', {
      a: partner.accountId,
    });
    const created = await graphqlAs<{ createTestTransaction: { id: string } }>(
      partner.session,
      'mutation($a: ID!) { createTestTransaction(accountId: $a, input: { kind: buy, cryptoCurrencyCode: "btc", amount: "100" }) { ... on BuyTransaction { id } } }',
      { a: partner.accountId },
    );
    expect(created.errors).toBeUndefined();
    return { partner, transactionId: created.data!.createTestTransaction.id };
  })();
  return scene;
}

async function shoot(page: Page, name: string) {
  fs.mkdirSync(OUT, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: true, animations: 'disabled' });
}

async function open(browser: Browser, session: ApiSession, accountId: string, theme: string, width: 1440 | 390) {
  const page = await openSignedIn(browser, session, accountId);
  await page.setViewportSize({ width, height: SIZES[width] });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.addInitScript((choice) => window.localStorage.setItem('theme', choice), theme);
  return page;
}

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1440, 390] as const) {
    test(`issue 12 ramp screens, ${theme}, ${width} px`, async ({ browser }) => {
      const { partner, transactionId } = await setUp();
      const suffix = `${theme}-${width}`;
      const page = await open(browser, partner.session, partner.accountId, theme, width);
      const main = page.getByRole('main');

      await page.goto('/dashboard/on-ramp/cryptos');
      await expect(main.getByRole('searchbox', { name: 'Search cryptocurrencies' })).toBeVisible({ timeout: 60_000 });
      // One unsaved change so the save bar shows.
      await main.getByRole('switch', { disabled: false }).first().click();
      await expect(main.getByRole('region', { name: 'Unsaved changes' })).toBeVisible();
      await shoot(page, `issue12-cryptos-${suffix}`);

      await page.goto('/dashboard/off-ramp/cryptos');
      await main.getByRole('searchbox', { name: 'Search cryptocurrencies' }).fill('usd');
      await shoot(page, `issue12-cryptos-sell-search-${suffix}`);

      await page.goto('/dashboard/on-ramp/fees?region=US');
      await expect(main.getByTestId('quote-sentence')).toContainText('gets', { timeout: 60_000 });
      await shoot(page, `issue12-fees-${suffix}`);
      await main.getByRole('button', { name: 'Edit your fee' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('textbox', { name: 'Percentage of rule 1' })).toBeVisible();
      await dialog.getByRole('textbox', { name: 'Percentage of rule 1' }).fill('50');
      await dialog.getByRole('button', { name: 'Save your fee' }).click();
      await expect(dialog.getByText(/capped at/)).toBeVisible();
      await page.screenshot({ path: path.join(OUT, `issue12-fee-editor-${suffix}.png`), animations: 'disabled' });
      await page.keyboard.press('Escape');

      await page.goto('/dashboard/on-ramp/integrate');
      const builder = main.getByRole('region', { name: 'Widget URL builder' });
      await expect(builder).toBeVisible({ timeout: 60_000 });
      await builder.getByLabel('Wallet address', { exact: true }).fill('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');
      await builder.getByLabel('Customer e-mail').fill('ada@example.com');
      await builder.getByRole('button', { name: 'Sign URL' }).click();
      await expect(builder.getByText('Signed', { exact: true })).toBeVisible({ timeout: 30_000 });
      await shoot(page, `issue12-integrate-${suffix}`);

      await page.goto('/transactions/on-ramp');
      await main.getByRole('button', { name: 'Create test transaction' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.screenshot({ path: path.join(OUT, `issue12-create-test-transaction-${suffix}.png`), animations: 'disabled' });
      await page.keyboard.press('Escape');

      await page.goto(`/transactions/${transactionId}`);
      await expect(main.getByRole('group', { name: 'Test helper' })).toBeVisible({ timeout: 60_000 });
      await shoot(page, `issue12-move-test-transaction-${suffix}`);

      expect(problemsOf(page)).toEqual([]);
      await page.context().close();
    });
  }
}
