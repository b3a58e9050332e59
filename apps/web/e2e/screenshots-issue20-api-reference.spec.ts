import type { Browser } from '@playwright/test';
import { E2E } from './e2e-env.ts';
import { expect, graphqlAs, test } from './fixtures.ts';
import { createPartner, type Partner } from './developers-fixtures.ts';
import { screenshotKit, type ScreenTheme } from './screenshot-kit.ts';

// Screenshots of issue 20's API reference (/docs/api) for people to look at: the introduction, "List transactions"
// and the API client after sending it with a test key; light and dark, 1280 and 390 px. Only with E2E_SCREENSHOTS=1;
// to E2E_SCREENSHOT_DIR or .data/screenshots/issue20-api-reference.

const kit = screenshotKit('issue20-api-reference');
const HEIGHT = { 1280: 800, 390: 844 } as const;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let scene: Promise<{ partner: Partner; secret: string }> | undefined;
function setUp() {
  scene ??= (async () => {
    const partner = await createPartner('shot-apiref');
    await graphqlAs(partner.session, 'query($a: ID!) { apiKeys(accountId: $a, liveMode: false) { id } }', { a: partner.accountId });
    const created = await graphqlAs<{ createApiKey: { secret: string } }>(
      partner.session,
      'mutation($a: ID!, $n: String!) { createApiKey(accountId: $a, liveMode: false, name: $n) { secret } }',
      { a: partner.accountId, n: 'Reference' },
    );
    const secret = created.data!.createApiKey.secret;
    for (const [kind, amount] of [
      ['buy', '100'],
      ['sell', '0.25'],
      ['buy', '2500'],
    ] as const) {
      await fetch(`${E2E.appUrl}/v1/test/transactions`, {
        method: 'POST',
        headers: { authorization: `Api-Key ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ kind, cryptoCurrencyCode: 'eth', fiatCurrencyCode: 'eur', amount, externalCustomerId: 'cus_42' }),
      });
    }
    return { partner, secret };
  })();
  return scene;
}

async function open(browser: Browser, theme: ScreenTheme, width: 1280 | 390) {
  const context = await browser.newContext({ viewport: { width, height: HEIGHT[width] }, colorScheme: theme, reducedMotion: 'reduce' });
  // The dashboard's theme choice, which the reference follows (same origin).
  await context.addInitScript((choice) => window.localStorage.setItem('theme', choice), theme);
  return context.newPage();
}

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1280, 390] as const) {
    test(`API reference, ${theme} ${width}`, async ({ browser }) => {
      const { secret } = await setUp();
      const page = await open(browser, theme, width);
      await page.goto('/docs/api');
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
      await kit.shoot(page, `reference-${theme}-${width}`, false);

      const operation = page.getByRole('region', { name: 'List transactions' });
      await operation.getByRole('heading', { name: 'List transactions' }).scrollIntoViewIfNeeded();
      await kit.shoot(page, `list-transactions-${theme}-${width}`, false);

      await operation.getByRole('button', { name: /^Test Request/ }).click();
      const client = page.getByRole('dialog', { name: 'API Client' });
      await client.getByRole('textbox', { name: 'Value' }).fill(`Api-Key ${secret}`);
      await client.getByRole('button', { name: /^Send get request to / }).click();
      const response = client.getByRole('region', { name: /^Response/ }).first();
      await expect(response).toContainText('cus_42', { timeout: 30_000 });
      // Narrow, the answer sits below the request: show it.
      if (width === 390) await response.getByText('200 OK').scrollIntoViewIfNeeded();
      await kit.shoot(page, `test-request-${theme}-${width}`, false);
      await page.context().close();
    });
  }
}
