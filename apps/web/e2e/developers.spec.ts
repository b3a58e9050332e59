import { expect, graphqlAs, test } from './fixtures.ts';
import { createPartner, emitEvent, openAs, startReceiver } from './developers-fixtures.ts';
import { ApiKeysPage, chooseSelectOption, PayoutsPage, WebhooksPage } from './pages/developers-pages.ts';

// Issue 4's browser flows on a fresh, unverified account of its own: keys (secret once, both kinds of roll),
// a webhook to a receiver on loopback (test event, delivery log and its filters), settings validation.

// Each test makes a fresh partner and walks a whole flow; the shared 2-core machine is slow at times.
test.setTimeout(180_000);

test('API keys: the secret is shown once, rolls keep the old key 12 hours or delete it now, live keys need verification', async ({ browser }) => {
  const partner = await createPartner('keys');
  const { page, problems } = await openAs(browser, partner);
  const keys = new ApiKeysPage(page);
  await keys.goto();

  // The first visit creates the test keys: the secret arrives in full once.
  const first = await keys.takeSecret();
  expect(first).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
  await expect(keys.keyRow('secret')).toContainText(`${first.slice(0, 8)}••••••••••••${first.slice(-4)}`);
  await expect(keys.keyRow('secret')).not.toContainText(first);
  await expect(keys.keyRow('publishable')).toContainText(/pk_test_[0-9A-Za-z]{24}/);

  // Unverified: the live tab is disabled with an explanation.
  await expect(keys.liveTab()).toBeDisabled();
  await expect(page.getByText('Live keys are not available yet')).toBeVisible();

  // Coming back shows the masked key and no dialog.
  await page.reload();
  await expect(keys.keyRow('secret')).toContainText('••••••••••••', { timeout: 30_000 });
  await expect(keys.secretDialog()).toBeHidden();

  // Roll the secret key, keeping the old one for 12 hours.
  await keys.roll('secret', false);
  const second = await keys.takeSecret();
  expect(second).toMatch(/^sk_test_/);
  expect(second).not.toBe(first);
  await expect(keys.keyRow('secret')).toContainText(second.slice(-4));
  const previous = keys.keyRow('secret', true);
  await expect(previous).toContainText(first.slice(-4));
  await expect(previous).toContainText(/Waiting deletion — 1[12] h \d+ min left/);
  await expect(previous.getByRole('button', { name: /Roll/ })).toHaveCount(0);

  // Roll the publishable key and delete the old one now: no secret dialog, no waiting key.
  const oldPublishable = (await keys.keyRow('publishable').getByLabel('Publishable key', { exact: true }).innerText()).trim();
  await keys.roll('publishable', true);
  await expect(page.getByText('The old key stopped working.', { exact: true })).toBeVisible();
  await expect(keys.secretDialog()).toBeHidden();
  await expect(keys.keyRow('publishable').getByLabel('Publishable key', { exact: true })).not.toHaveText(oldPublishable);
  await expect(keys.keyRow('publishable', true)).toHaveCount(0);

  // The server agrees: the first secret waits for deletion, the old publishable key is gone.
  const listed = await graphqlAs<{ apiKeys: Array<{ type: string; secret: string; isWaitingDeletion: boolean }> }>(
    partner.session,
    'query($a: ID!) { apiKeys(accountId: $a, liveMode: false) { type secret isWaitingDeletion } }',
    { a: partner.accountId },
  );
  expect(
    listed
      .data!.apiKeys.filter((key) => key.type === 'secret')
      .map((key) => key.isWaitingDeletion)
      .sort(),
  ).toEqual([false, true]);
  expect(listed.data!.apiKeys.some((key) => key.secret === oldPublishable)).toBe(false);
  expect(problems).toEqual([]);
});

test('webhooks: add an endpoint, send a test event, read and filter the delivery log', async ({ browser }) => {
  const partner = await createPartner('hooks');
  const receiver = await startReceiver();
  const { page, problems } = await openAs(browser, partner);
  const hooks = new WebhooksPage(page);
  try {
    await hooks.goto();
    await expect(page.getByText('No test endpoint yet.', { exact: false })).toBeVisible();
    await hooks.add(receiver.url, 'E2E receiver');
    const card = hooks.card(receiver.url);
    await expect(card).toContainText('All events');
    await expect(card).toContainText('Enabled');

    // Signing secret: masked until revealed.
    await expect(card.getByLabel('Signing secret', { exact: true })).toContainText('whsec_••••');
    await card.getByRole('button', { name: 'Reveal signing secret' }).click();
    await expect(card.getByLabel('Signing secret', { exact: true })).toHaveText(/^whsec_[A-Za-z0-9+/=]{20,}$/);

    // A test event: the receiver's status code and body are shown.
    await card.getByRole('button', { name: 'Send test event' }).click();
    const dialog = hooks.testDialog();
    await chooseSelectOption(page, dialog.getByRole('combobox', { name: 'Event' }), 'swap_transaction_completed');
    await dialog.getByRole('button', { name: 'Send test event' }).click();
    await expect(dialog.getByTestId('test-status-code')).toHaveText('200');
    await expect(dialog.getByTestId('test-response-body')).toHaveText('{"received":"swap_transaction_completed"}');
    expect(receiver.received.at(-1)?.headers['webhook-signature']).toMatch(/^v1,/);
    // The footer's Close (the corner's × has the same name).
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(dialog).toBeHidden();

    // Two real events go through the outbox and the worker: one succeeds, one gets a 500.
    await emitEvent(partner.accountId, 'transaction_created');
    await emitEvent(partner.accountId, 'sell_transaction_created');
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(hooks.deliveryRows()).toHaveCount(2, { timeout: 1_000 });
      await expect(hooks.deliveries()).toContainText('500', { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });

    // Filter by outcome: only the delivered one; the filter is in the URL.
    await chooseSelectOption(page, page.getByRole('combobox', { name: 'Outcome' }), 'Succeeded');
    await expect(page).toHaveURL(/outcome=succeeded/);
    await expect(hooks.deliveryRows()).toHaveCount(1);
    await expect(hooks.deliveryRows().first()).toContainText('transaction_created');

    // Filter by event type instead, and open the failed delivery's attempts.
    await chooseSelectOption(page, page.getByRole('combobox', { name: 'Outcome' }), 'All outcomes');
    await chooseSelectOption(page, page.getByRole('combobox', { name: 'Event type' }), 'sell_transaction_created');
    await expect(page).toHaveURL(/event=sell_transaction_created/);
    await expect(hooks.deliveryRows()).toHaveCount(1);
    await hooks.deliveryRows().first().getByRole('button', { name: 'Show details of sell_transaction_created' }).click();
    const attempts = page.getByRole('region', { name: 'Attempts' }).or(page.locator('section[aria-label="Attempts"]')).first();
    await expect(attempts).toContainText('Status 500');
    await expect(attempts).toContainText('receiver says no');
    await expect(page.locator('section[aria-label="Payload"]').first()).toContainText('"externalCustomerId": "cust-e2e"');

    // The filtered view survives a reload; resend queues the delivery again.
    await page.reload();
    await expect(hooks.deliveryRows()).toHaveCount(1, { timeout: 30_000 });
    const before = receiver.received.filter((item) => item.type === 'sell_transaction_created').length;
    await hooks.deliveryRows().first().getByRole('button', { name: 'Resend' }).click();
    await expect(page.getByText('Delivery queued again', { exact: true })).toBeVisible();
    await expect.poll(() => receiver.received.filter((item) => item.type === 'sell_transaction_created').length, { timeout: 15_000 }).toBeGreaterThan(before);
    expect(problems).toEqual([]);
  } finally {
    await receiver.close();
  }
});

test('payouts: the wallet address is checked against the chosen currency', async ({ browser }) => {
  const partner = await createPartner('payouts');
  const { page, problems } = await openAs(browser, partner);
  const payouts = new PayoutsPage(page);
  await payouts.goto();
  await expect(page.getByText('Not set up')).toBeVisible();
  await expect(payouts.address()).toBeDisabled();

  await chooseSelectOption(page, payouts.currency(), /^Bitcoin\s*btc$/);
  await payouts.address().fill('0x52908400098527886E0F7030069857D2E4169EE7');
  await expect(payouts.addressMessage()).toHaveText('This is not a valid Bitcoin address.');
  await expect(payouts.save()).toBeDisabled();

  await payouts.address().fill('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
  await expect(payouts.addressMessage()).toHaveText('Looks like a valid Bitcoin address.');
  await payouts.save().click();
  await expect(page.getByText('Payout address saved', { exact: true })).toBeVisible();
  await expect(page.getByText('Configured', { exact: true })).toBeVisible();

  // Switching to a Solana asset makes the same address wrong; a Solana address is accepted.
  await chooseSelectOption(page, payouts.currency(), /^USD Coin \(Solana\)\s*usdc_sol$/);
  await expect(payouts.addressMessage()).toHaveText('This is not a valid USD Coin (Solana) address.');
  await payouts.address().fill('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV');
  await payouts.save().click();
  await expect(page.getByText('Payout address saved', { exact: true })).toBeVisible();

  await page.reload();
  await expect(payouts.currency()).toContainText('USD Coin (Solana)', { timeout: 30_000 });
  await expect(payouts.address()).toHaveValue('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV');
  expect(problems).toEqual([]);
});

test('general settings: each allowed iframe ancestor must be an origin', async ({ browser }) => {
  const partner = await createPartner('general');
  const { page, problems } = await openAs(browser, partner);
  await page.goto('/developers/general');
  await expect(page.getByLabel('Account id', { exact: true })).toHaveText(partner.accountId, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Add origin' }).click();
  await page.getByLabel('Origin 1', { exact: true }).fill('https://shop.example.com/checkout');
  await page.getByRole('button', { name: 'Add origin' }).click();
  await page.getByLabel('Origin 2', { exact: true }).fill('http://shop.example.com');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText(/has a path, query or fragment/)).toBeVisible();
  await expect(page.getByText(/use https \(http is accepted only for localhost\)/)).toBeVisible();

  await page.getByLabel('Origin 1', { exact: true }).fill('https://shop.example.com');
  await page.getByLabel('Origin 2', { exact: true }).fill('http://localhost:5173');
  await page.getByLabel('Customer data webhook URL').fill('https://hooks.example.com/customers');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Origin 2', { exact: true })).toHaveValue('http://localhost:5173', { timeout: 30_000 });
  expect(problems).toEqual([]);
});
