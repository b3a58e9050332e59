import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, graphqlAs, test } from './fixtures.ts';
import { createPartner, emitEvent, openAs, startReceiver } from './developers-fixtures.ts';

// Screenshots of the developer screens for people to look at (light and dark, 1440 and 390 px) in
// .data/screenshots/developers-*.png. Only with E2E_SCREENSHOTS=1, like screenshots.spec.ts.

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.data/screenshots');
const SCREENS = ['general', 'api-keys', 'webhooks', 'payouts', 'nft-commerce'] as const;
const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

test.setTimeout(240_000);

test('developer screens in light and dark, desktop and mobile', async ({ browser }) => {
  const partner = await createPartner('shots');
  const receiver = await startReceiver();
  const as = (query: string, variables: Record<string, unknown>) => graphqlAs(partner.session, query, variables);
  const a = partner.accountId;
  await as('query($a: ID!) { apiKeys(accountId: $a, liveMode: false) { id } }', { a });
  await as('mutation($a: ID!, $o: [String!], $w: String) { updateAccount(accountId: $a, allowedIframeAncestorUrls: $o, customerDataWebhookUrl: $w) { id } }', {
    a,
    o: ['https://shop.example.com', 'https://checkout.example.com:8443'],
    w: 'https://api.example.com/customer-data',
  });
  const currencies = await as('{ cryptoCurrencies { id code } }', {});
  const btc = (currencies.data as { cryptoCurrencies: Array<{ id: string; code: string }> }).cryptoCurrencies.find((c) => c.code === 'btc')!;
  await as('mutation($a: ID!, $c: ID!, $w: String!) { createAffiliatePayoutConfiguration(accountId: $a, currencyId: $c, walletAddress: $w) { id } }', {
    a,
    c: btc.id,
    w: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  });
  await as('mutation($a: ID!, $i: NftAccountInput!) { updateNftAccount(accountId: $a, input: $i) { id } }', {
    a,
    i: { isNftCommerceFlowAllowed: true, baseNftUrl: 'https://nft.example.com' },
  });
  await as('mutation($a: ID!, $i: NftCollectionInput!) { createNftCollection(accountId: $a, input: $i) { id } }', {
    a,
    i: { name: 'Genesis pass', contractAddress: '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D', contractType: 'ERC721', networkCode: 'ethereum' },
  });
  await as('mutation($a: ID!, $u: String!) { createWebhook(accountId: $a, url: $u, liveMode: false, events: [], description: "Order service") { id } }', {
    a,
    u: receiver.url,
  });
  await as(
    'mutation($a: ID!) { createWebhook(accountId: $a, url: "https://hooks.example.com/swaps", liveMode: false, events: ["swap_transaction_completed", "swap_transaction_failed"]) { id } }',
    { a },
  );
  for (const type of ['transaction_created', 'sell_transaction_created', 'transaction_updated']) await emitEvent(a, type);
  await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);

  fs.mkdirSync(OUT, { recursive: true });
  try {
    for (const theme of ['light', 'dark'] as const) {
      for (const size of SIZES) {
        const { page, problems } = await openAs(browser, partner);
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.addInitScript((choice) => window.localStorage.setItem('theme', choice), theme);
        for (const screen of SCREENS) {
          await page.goto(`/developers/${screen}`);
          await expect(page).toHaveTitle(/^Developers · /, { timeout: 30_000 });
          await expect(page.getByRole('main').locator('[data-slot="skeleton"]')).toHaveCount(0, { timeout: 15_000 });
          await page.evaluate(() => document.fonts.ready);
          await page.screenshot({ path: path.join(OUT, `developers-${screen}-${theme}-${size.width}.png`), fullPage: true, animations: 'disabled' });
        }
        expect(problems).toEqual([]);
        await page.context().close();
      }
    }
  } finally {
    await receiver.close();
  }
});
