import type { BrowserContext, Page } from '@playwright/test';
import { E2E } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';
import { createPartner, openAs } from './developers-fixtures.ts';
import { ApiKeysPage } from './pages/developers-pages.ts';

// Issue 20's reference: from Developers › API keys a partner opens /docs/api (Scalar on /v1/openapi.json, served by
// the API server), finds "List transactions" and sends it with the test secret key the keys screen showed, getting
// a 200 with its transaction. No request leaves the app's origin, and the page's CSP refuses nothing it needs.

test.setTimeout(180_000);

/** Every request of the context and every CSP refusal of its pages (a refused request never shows as a request). */
function watch(context: BrowserContext) {
  const requests: string[] = [];
  const refusals: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  context.on('console', (message) => {
    const text = message.text();
    if (text.startsWith('csp-refusal ')) refusals.push(text.slice('csp-refusal '.length));
  });
  return {
    requests,
    refusals,
    async install() {
      await context.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (event) => console.log(`csp-refusal ${event.effectiveDirective} ${event.blockedURI}`)),
      );
    },
  };
}

/** Requests to another origin; data: and blob: URLs are no host's. */
function foreign(requests: string[]): string[] {
  return requests.filter((url) => !url.startsWith(`${E2E.appUrl}/`) && !url.startsWith('data:') && !url.startsWith('blob:'));
}

/**
 * Refusals the page may see: zod, inside Scalar's bundle, probes `new Function('')` once to choose its fast path and
 * falls back when the policy says no (the page has no 'unsafe-eval').
 */
const expectedRefusals = (refusals: string[]) => refusals.filter((refusal) => refusal !== 'script-src eval');

async function sendListTransactions(reference: Page, secret: string) {
  await reference
    .getByRole('navigation')
    .getByRole('button', { name: /^List transactions/ })
    .click();
  const operation = reference.getByRole('region', { name: 'List transactions' });
  await expect(operation.getByRole('heading', { name: 'List transactions' })).toBeVisible();
  await operation.getByRole('button', { name: /^Test Request/ }).click();
  const client = reference.getByRole('dialog', { name: 'API Client' });
  await expect(client).toBeVisible();
  // The page prefills the scheme's "Api-Key " (authentication.securitySchemes in reference-page.ts); the key goes after it.
  const value = client.getByRole('textbox', { name: 'Value' });
  await expect(value).toHaveValue('Api-Key ');
  await value.fill(`Api-Key ${secret}`);
  await client.getByRole('button', { name: /^Send get request to / }).click();
  return client;
}

test('the API reference opens from API keys and sends List transactions in test mode with the key, without leaving the origin', async ({ browser }) => {
  const partner = await createPartner('apiref');
  const { page, problems } = await openAs(browser, partner);
  const watched = watch(page.context());
  await watched.install();
  const keys = new ApiKeysPage(page);
  await keys.goto();
  // The first visit creates the test keys and shows the standard secret key once.
  const secret = await keys.takeSecret();
  expect(secret).toMatch(/^sk_test_[0-9A-Za-z]+$/);

  // A transaction to list, made as a partner's server would (the test helper).
  const created = await fetch(`${E2E.appUrl}/v1/test/transactions`, {
    method: 'POST',
    headers: { authorization: `Api-Key ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'buy', cryptoCurrencyCode: 'eth', fiatCurrencyCode: 'eur', amount: '100', externalTransactionId: 'ref-page-e2e' }),
  });
  expect(created.status).toBe(201);
  const transaction = (await created.json()) as { id: string };

  // The keys screen links to the reference, in a new tab.
  const link = page.getByRole('link', { name: 'API reference (opens in a new tab)' });
  await expect(link).toHaveAttribute('target', '_blank');
  const [reference] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  // The reference marks its first section in the fragment (#rampart) once it has drawn; the page is what counts.
  await expect(reference).toHaveURL((url) => url.origin === E2E.appUrl && url.pathname === '/docs/api' && url.search === '');
  await expect(reference).toHaveTitle('API reference · Rampart');
  const pageErrors: string[] = [];
  reference.on('pageerror', (error) => pageErrors.push(error.message));

  // The document's introduction explains authentication; the operations are listed.
  const main = reference.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(main).toContainText('Api-Key sk_test_');
  await expect(main).toContainText('Developers › API keys');
  await expect(reference.getByRole('navigation').getByRole('button', { name: /^List transactions/ })).toBeVisible();

  const client = await sendListTransactions(reference, secret);
  // The answer: 200 with the transaction made above, from this server.
  const response = client.getByRole('region', { name: /^Response/ }).first();
  await expect(response).toContainText('200', { timeout: 30_000 });
  await expect(response).toContainText(transaction.id);
  await expect(response).toContainText('ref-page-e2e');

  const apiCalls = watched.requests.filter((url) => url.startsWith(`${E2E.appUrl}/v1/transactions`));
  expect(apiCalls.length).toBeGreaterThanOrEqual(1);
  expect(watched.requests).toContain(`${E2E.appUrl}/v1/openapi.json`);
  expect(foreign(watched.requests)).toEqual([]);
  expect(expectedRefusals(watched.refusals)).toEqual([]);
  expect(pageErrors).toEqual([]);
  expect(problems).toEqual([]);
});

test('a wrong key in the reference gets the API’s 401 explanation', async ({ browser }) => {
  const partner = await createPartner('apiref401');
  const { page } = await openAs(browser, partner);
  const watched = watch(page.context());
  await watched.install();
  await page.goto('/docs/api');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  const client = await sendListTransactions(page, 'sk_test_notARealKey000000000000000000');
  const response = client.getByRole('region', { name: /^Response/ }).first();
  await expect(response).toContainText('401', { timeout: 30_000 });
  await expect(response).toContainText('authentication_error');
  expect(foreign(watched.requests)).toEqual([]);
  expect(expectedRefusals(watched.refusals)).toEqual([]);
});

test('the reference also documents the passes API, chosen from its document selector', async ({ browser }) => {
  const partner = await createPartner('apirefpasses');
  const { page } = await openAs(browser, partner);
  const watched = watch(page.context());
  await watched.install();
  await page.goto('/docs/api');
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Rampart API' })).toBeVisible({ timeout: 30_000 });
  await page
    .getByRole('button', { name: /Rampart API/ })
    .first()
    .click();
  await page.getByRole('option', { name: 'Passes API' }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Rampart Passes API' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('main')).toContainText('Bearer pass_sk_');
  await expect(page.getByRole('navigation').getByRole('button', { name: /^Create a sign-in nonce/ })).toBeVisible();
  expect(watched.requests).toContain(`${E2E.appUrl}/passes-api/v1/openapi.json`);
  expect(foreign(watched.requests)).toEqual([]);
  expect(expectedRefusals(watched.refusals)).toEqual([]);
});
