import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { E2E } from './e2e-env.ts';
import { expect, graphqlAs, test } from './fixtures.ts';
import { createPartner, openAs, type Partner } from './developers-fixtures.ts';

// Screenshots of issue 13's API keys, the restricted-key dialog and the request log for people to look at; light and
// dark, 1440 and 390 px. Only with E2E_SCREENSHOTS=1; to E2E_SCREENSHOT_DIR or .data/screenshots/issue13-keys.

const OUT = process.env.E2E_SCREENSHOT_DIR ?? path.resolve(import.meta.dirname, '../../../.data/screenshots/issue13-keys');
const SIZES = { 1440: 900, 390: 844 } as const;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let scene: Promise<Partner> | undefined;
function setUp() {
  scene ??= (async () => {
    const partner = await createPartner('shot-keys');
    // The default test keys exist (and their once-only secret is taken here, not in a screenshot).
    await graphqlAs(partner.session, 'query($a: ID!) { apiKeys(accountId: $a, liveMode: false) { id } }', { a: partner.accountId });
    const create =
      'mutation($a: ID!, $n: String!, $r: [ApiKeyRestrictionInput!]) { createApiKey(accountId: $a, liveMode: false, name: $n, restrictions: $r) { secret } }';
    const backend = await graphqlAs<{ createApiKey: { secret: string } }>(partner.session, create, { a: partner.accountId, n: 'Backend', r: null });
    const reporting = await graphqlAs<{ createApiKey: { secret: string } }>(partner.session, create, {
      a: partner.accountId,
      n: 'Reporting job',
      r: [{ resource: 'transactions', access: 'read' }],
    });
    await graphqlAs(partner.session, create, {
      a: partner.accountId,
      n: 'Support console',
      r: [
        { resource: 'customers', access: 'read' },
        { resource: 'transactions', access: 'write' },
      ],
    });
    const call = (method: string, url: string, key: string) => fetch(`${E2E.appUrl}${url}`, { method, headers: { authorization: `Api-Key ${key}` } });
    for (const [method, url, key] of [
      ['GET', '/v1/transactions?limit=20', backend.data!.createApiKey.secret],
      ['GET', '/v1/customers?externalCustomerId=cus_123', backend.data!.createApiKey.secret],
      ['GET', '/v1/transactions/4f9c2d9e-1b7a-4c55-9a10-0d9f3f2b7c11', backend.data!.createApiKey.secret],
      ['GET', '/v1/transactions', reporting.data!.createApiKey.secret],
      ['GET', '/v1/customers?externalCustomerId=cus_123', reporting.data!.createApiKey.secret],
      ['POST', '/v1/test/transactions', reporting.data!.createApiKey.secret],
      ['GET', '/v1/transactions?limit=1000', backend.data!.createApiKey.secret],
    ] as const) {
      await call(method, url, key);
    }
    return partner;
  })();
  return scene;
}

async function shoot(page: Page, name: string) {
  fs.mkdirSync(OUT, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: true, animations: 'disabled' });
}

async function open(browser: Browser, partner: Partner, theme: string, width: 1440 | 390) {
  const { page } = await openAs(browser, partner);
  await page.setViewportSize({ width, height: SIZES[width] });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.addInitScript((choice) => window.localStorage.setItem('theme', choice), theme);
  return page;
}

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1440, 390] as const) {
    test(`API keys and request log, ${theme} ${width}`, async ({ browser }) => {
      const partner = await setUp();
      const page = await open(browser, partner, theme, width);
      await page.goto('/developers/api-keys');
      await expect(page.getByText('Support console')).toBeVisible({ timeout: 30_000 });
      await shoot(page, `api-keys-${theme}-${width}`);

      await page.getByRole('button', { name: 'Create restricted key' }).click();
      const form = page.getByRole('dialog', { name: 'Create a restricted test key' });
      await form.getByLabel('Key name').fill('Warehouse sync');
      await form.getByRole('radiogroup', { name: 'Transactions' }).getByRole('radio', { name: 'Write' }).click();
      await form.getByRole('radiogroup', { name: 'Customers' }).getByRole('radio', { name: 'Read' }).click();
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(OUT, `create-restricted-${theme}-${width}.png`), animations: 'disabled' });
      await page.keyboard.press('Escape');

      await page.goto('/developers/logs');
      await expect(page.getByRole('button', { name: 'Details of GET /v1/customers' }).first()).toBeVisible({ timeout: 30_000 });
      await shoot(page, `request-log-${theme}-${width}`);
      await page.getByRole('button', { name: 'Details of GET /v1/customers' }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(OUT, `request-detail-${theme}-${width}.png`), animations: 'disabled' });
      await page.context().close();
    });
  }
}
