import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { errorCode, startTestApp, type TestApp } from '../../../test/harness.ts';
import { startIsolatedTestApp } from '../../../test/isolated-database.ts';
import { accountWithMember } from '../../../test/accounts-helper.ts';
import { startWebhookReceiver } from '../../../test/webhook-receiver.ts';
import { emitWebhookEvent } from './outbox.ts';
import { createHttpSender } from './http-sender.ts';
import { RETRY_SCHEDULE_SECONDS } from './webhooks.service.ts';

let t: TestApp;
beforeAll(async () => {
  // A database of its own: on the shared one, another test file's worker could run this file's jobs with its own
  // mailer (the disabled-endpoint notice then went to that file's mail server) and its own webhook settings.
  t = await startIsolatedTestApp('webhooks', { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true', WEBHOOK_STALL_SECONDS: '2' }, { worker: true });
});
afterAll(async () => {
  await t.close();
});

const CREATE = `mutation($a: ID!, $u: String!, $l: Boolean!, $e: [String!]!) { createWebhook(accountId: $a, url: $u, liveMode: $l, events: $e) { id url events signingSecret isEnabled } }`;

async function setup(events: string[] = [], answer?: Parameters<typeof startWebhookReceiver>[0]) {
  const member = await accountWithMember(t);
  const receiver = await startWebhookReceiver(answer);
  const webhook = (await member.client.ok(CREATE, { a: member.accountId, u: receiver.url, l: false, e: events })).createWebhook;
  const keys = (await member.client.ok('query($a: ID!) { apiKeys(accountId: $a, liveMode: false) { type secret } }', { a: member.accountId })).apiKeys;
  const webhookKey = keys.find((key: { type: string }) => key.type === 'webhook').secret as string;
  return { ...member, receiver, webhook, webhookKey };
}

/** Moves a delivery's next try to now: the test stands in for the passing of time. Without `notify`, only the dispatcher's poll finds it. */
async function fastForward(deliveryId: string, notify = true) {
  await t.database.pool.query(`update webhook_deliveries set next_attempt_at = now() where id = $1`, [deliveryId]);
  if (notify) await t.database.pool.query(`notify webhook_deliveries`);
}

describe('webhook delivery', () => {
  it('delivers a signed event that verifies with the standardwebhooks package and with the provider header', async () => {
    const { accountId, receiver, webhook, webhookKey } = await setup();
    const eventId = await emitWebhookEvent(t.database.db, {
      accountId,
      liveMode: false,
      type: 'transaction_created',
      data: { id: 'tx_1', baseCurrencyAmount: '100.00' },
      externalCustomerId: 'cust-9',
    });
    await receiver.waitFor((all) => all.length === 1);
    const [received] = receiver.received;
    expect(received!.body).toEqual({ type: 'transaction_created', data: { id: 'tx_1', baseCurrencyAmount: '100.00' }, externalCustomerId: 'cust-9' });
    expect(received!.headers['webhook-id']).toBe(`msg_${eventId}`);

    const verified = new StandardWebhook(webhook.signingSecret).verify(received!.rawBody, {
      'webhook-id': String(received!.headers['webhook-id']),
      'webhook-timestamp': String(received!.headers['webhook-timestamp']),
      'webhook-signature': String(received!.headers['webhook-signature']),
    });
    expect(verified).toEqual(received!.body);

    const header = String(received!.headers['moonpay-signature-v2']);
    const [, timestamp, signature] = /^t=(\d+),s=([0-9a-f]{64})$/.exec(header)!;
    const expected = crypto.createHmac('sha256', webhookKey).update(`${timestamp}.${received!.rawBody}`).digest('hex');
    expect(signature).toBe(expected);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(30);
    await receiver.close();
  });

  it('only delivers the chosen events, of its own account and mode', async () => {
    const { accountId, receiver } = await setup(['sell_transaction_created']);
    const other = await setup();
    await emitWebhookEvent(t.database.db, { accountId, liveMode: false, type: 'transaction_created', data: {} });
    await emitWebhookEvent(t.database.db, { accountId, liveMode: true, type: 'sell_transaction_created', data: {} });
    await emitWebhookEvent(t.database.db, { accountId, liveMode: false, type: 'sell_transaction_created', data: { n: 1 } });
    await receiver.waitFor((all) => all.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received.map((r) => r.body.type)).toEqual(['sell_transaction_created']);
    expect(other.receiver.received).toHaveLength(0);
    await receiver.close();
    await other.receiver.close();
  });

  it('retries a failing endpoint on the schedule with the same webhook-id, then records success', async () => {
    let failures = 3;
    const { accountId, receiver, webhook, client } = await setup([], () => (failures-- > 0 ? { status: 500, body: 'boom' } : { status: 200, body: 'finally' }));
    const eventId = await emitWebhookEvent(t.database.db, { accountId, liveMode: false, type: 'transaction_failed', data: { id: 'tx_2' } });
    const deliveryId = (await t.database.pool.query(`select id from webhook_deliveries where event_id = $1`, [eventId])).rows[0].id as string;

    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await receiver.waitFor((all) => all.length === attempt);
      const row = await waitForAttempts(deliveryId, attempt);
      if (attempt < 4) {
        expect(row.status).toBe('pending');
        const delay = (new Date(row.next_attempt_at).getTime() - new Date(row.attempted_at).getTime()) / 1000;
        const planned = RETRY_SCHEDULE_SECONDS[attempt]!;
        expect(delay).toBeGreaterThanOrEqual(planned * 0.9 - 1);
        expect(delay).toBeLessThanOrEqual(planned * 1.1 + 1);
        // Not tried again before it is due (the dispatcher looks for due deliveries every 250 ms)...
        await new Promise((resolve) => setTimeout(resolve, 600));
        expect(receiver.received).toHaveLength(attempt);
        // ...and tried as soon as it is: the first retry found by the dispatcher's poll alone, the later ones announced.
        await fastForward(deliveryId, attempt > 1);
      } else expect(row.status).toBe('succeeded');
    }
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([`msg_${eventId}`]));

    const log = await client.ok(
      'query($id: ID!) { webhookDeliveries(id: $id) { totalCount items { status attemptCount attempts { attemptNumber statusCode responseBody latencyMs } } } }',
      { id: webhook.id },
    );
    expect(log.webhookDeliveries.items[0].status).toBe('succeeded');
    expect(log.webhookDeliveries.items[0].attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 500, 500, 200]);
    expect(log.webhookDeliveries.items[0].attempts[3].responseBody).toBe('finally');
    const failed = await client.ok('query($id: ID!) { webhookDeliveries(id: $id, outcome: failed) { totalCount } }', { id: webhook.id });
    expect(failed.webhookDeliveries.totalCount).toBe(0);
    const webhooks = await client.ok('query($a: ID!) { webhooks(accountId: $a, liveMode: false) { failingSince recentFailureCount } }', { a: accountId });
    expect(webhooks.webhooks[0]).toEqual({ failingSince: null, recentFailureCount: 3 });
    await receiver.close();
  });

  it('disables an endpoint that answers 410 Gone', async () => {
    const { accountId, receiver, client } = await setup([], () => ({ status: 410 }));
    await emitWebhookEvent(t.database.db, { accountId, liveMode: false, type: 'transaction_updated', data: {} });
    await receiver.waitFor((all) => all.length === 1);
    await expect
      .poll(
        async () => (await client.ok('query($a: ID!) { webhooks(accountId: $a, liveMode: false) { isEnabled disabledReason } }', { a: accountId })).webhooks[0],
      )
      .toEqual({
        isEnabled: false,
        disabledReason: 'The endpoint answered 410 Gone.',
      });
    await receiver.close();
  });

  it('disables an endpoint failing for five days and e-mails its administrators, even when the first send is refused', async () => {
    const { accountId, receiver, webhook, email } = await setup([], () => ({ status: 503 }));
    await t.database.pool.query(`update webhooks set failing_since = now() - interval '5 days 1 hour' where id = $1`, [webhook.id]);
    t.smtp.refuseNext(1);
    await emitWebhookEvent(t.database.db, { accountId, liveMode: false, type: 'transaction_updated', data: {} });
    // The notice is a job: the mail server's 451 fails its first run, and it is tried again instead of lost (the test
    // brings the retry forward rather than waiting out graphile-worker's backoff).
    const key = `webhook_disabled_notice:${webhook.id}`;
    // Beside the other test files the delivery, the job's pickup and its first run take seconds, not milliseconds.
    const lastError = async () =>
      ((await t.database.pool.query(`select last_error from graphile_worker.jobs where key = $1`, [key])).rows[0]?.last_error as string | null) ?? '';
    // Where the delivery and the notice had got to, for a failure's message.
    const state = async () => {
      const deliveries = await t.database.pool.query(`select status, attempt_count, last_status_code from webhook_deliveries where webhook_id = $1`, [
        webhook.id,
      ]);
      const job = await t.database.pool.query(`select attempts, run_at, locked_at, last_error from graphile_worker.jobs where key = $1`, [key]);
      return JSON.stringify({ requests: receiver.received.length, deliveries: deliveries.rows, job: job.rows[0] ?? null, mails: t.smtp.countTo(email) });
    };
    try {
      await expect.poll(lastError, { timeout: 20_000 }).toMatch(/Try again later/);
    } catch (error) {
      throw new Error(`${(error as Error).message}; ${await state()}`);
    }
    expect(t.smtp.refusedCount()).toBe(1);
    expect((await t.database.pool.query(`select is_enabled, disabled_reason from webhooks where id = $1`, [webhook.id])).rows[0]).toEqual({
      is_enabled: false,
      disabled_reason: 'Deliveries failed for 5 days.',
    });
    await t.database.pool.query(`update graphile_worker._private_jobs set run_at = now() where key = $1`, [key]);
    const mail = await t.smtp.waitFor(email, /webhook endpoint was disabled/, 20_000).catch(async (error: unknown) => {
      throw new Error(`${(error as Error).message}; ${await state()}`);
    });
    expect(mail.text).toContain(`Deliveries to ${receiver.url} have failed for 5 days`);
    expect(t.smtp.countTo(email)).toBe(1);
    await receiver.close();
  });

  it('sends a test event now and returns what the endpoint answered; resends a delivery', async () => {
    const { accountId, receiver, webhook, client } = await setup([], (request) => ({ status: 202, body: `got ${request.body.type}` }));
    const result = await client.ok(
      'mutation($id: ID!) { triggerTestWebhook(id: $id, event: "swap_transaction_created") { responseStatusCode responseBody } }',
      { id: webhook.id },
    );
    expect(result.triggerTestWebhook).toEqual({ responseStatusCode: 202, responseBody: 'got swap_transaction_created' });
    expect(receiver.received[0]!.body.data).toHaveProperty('depositWalletAddress');
    expect(
      errorCode(await client.gql('mutation($id: ID!) { triggerTestWebhook(id: $id, event: "not_an_event") { responseStatusCode } }', { id: webhook.id })),
    ).toBe('BAD_USER_INPUT');

    await emitWebhookEvent(t.database.db, { accountId, liveMode: false, type: 'transaction_created', data: {} });
    await receiver.waitFor((all) => all.length === 2);
    const deliveryId = (
      await client.ok('query($id: ID!) { webhookDeliveries(id: $id, eventType: "transaction_created") { items { id } } }', { id: webhook.id })
    ).webhookDeliveries.items[0].id;
    await expect
      .poll(async () => (await t.database.pool.query(`select status from webhook_deliveries where id = $1`, [deliveryId])).rows[0].status)
      .toBe('succeeded');
    await client.ok('mutation($id: ID!) { resendWebhookDelivery(id: $id) { id } }', { id: deliveryId });
    await receiver.waitFor((all) => all.length === 3);
    expect(receiver.received[2]!.headers['webhook-id']).toBe(receiver.received[1]!.headers['webhook-id']);
    await receiver.close();
  });

  it('refuses bad endpoints: not http(s), http in live mode, private addresses when not allowed, unknown events', async () => {
    const { client, accountId } = await accountWithMember(t, { verified: true });
    const bad = async (u: string, l: boolean, e: string[] = []) => (await client.gql(CREATE, { a: accountId, u, l, e })).errors?.[0]?.extensions?.fields;
    expect((await bad('ftp://example.com/hook', false))!.url).toMatch(/http and https/);
    expect((await bad('http://example.com/hook', true))!.url).toMatch(/https/);
    expect((await bad('https://example.com/hook', false, ['transaction_exploded']))!['0']).toMatch(/Unknown event type/);
    expect((await client.ok('query($a: ID!) { webhooks(accountId: $a, liveMode: false) { id } }', { a: accountId })).webhooks).toEqual([]);

    const strict = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'false' });
    try {
      const member = await accountWithMember(strict);
      for (const url of [
        'http://127.0.0.1:8080/hook',
        'http://localhost/hook',
        'http://169.254.169.254/latest/meta-data',
        'http://10.1.2.3/x',
        'http://[::1]/x',
      ]) {
        const result = await member.client.gql(CREATE, { a: member.accountId, u: url, l: false, e: [] });
        expect(result.errors?.[0]?.extensions?.fields?.url, url).toMatch(/private or local/);
      }
    } finally {
      await strict.close();
    }
  });

  it('refuses to connect to a host that resolves to a private address when the setting is off', async () => {
    const receiver = await startWebhookReceiver();
    const port = new URL(receiver.url).port;
    const strict = createHttpSender({ allowPrivateAddresses: false });
    const blocked = await strict.post(`http://localhost:${port}/hooks`, '{}', {});
    expect(blocked.statusCode).toBeNull();
    expect(blocked.error).toMatch(/private or reserved/);
    const redirecting = createHttpSender({ allowPrivateAddresses: true });
    expect((await redirecting.post(receiver.url, '{}', {})).statusCode).toBe(200);
    expect(receiver.received).toHaveLength(1);
    strict.close();
    redirecting.close();
    await receiver.close();
  });
});

async function waitForAttempts(deliveryId: string, count: number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const result = await t.database.pool.query(
      `select d.status, d.next_attempt_at, a.attempted_at from webhook_deliveries d join webhook_attempts a on a.delivery_id = d.id and a.attempt_number = $2 where d.id = $1`,
      [deliveryId, count],
    );
    if (result.rows[0] && (result.rows[0].status !== 'pending' || result.rows[0].next_attempt_at)) return result.rows[0];
    if (Date.now() > deadline) throw new Error(`attempt ${count} of ${deliveryId} not recorded`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
