import crypto from 'node:crypto';
import { CloudEvent, HTTP } from 'cloudevents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestApp, type ApiClient, type TestApp } from '../../../test/harness.ts';
import { createIsolatedDatabase } from '../../../test/isolated-database.ts';
import { accountWithMember, signedInUser } from '../../../test/accounts-helper.ts';
import { rebuildRollups } from '../transactions/rollups.ts';
import { MAX_BATCH_EVENTS } from './ingestion.routes.ts';
import { SAMPLE_FEES_AND_RATES, SAMPLE_WALLET_ADDRESS } from '../../lib/sample-transaction.ts';

let t: TestApp;
let isolated: Awaited<ReturnType<typeof createIsolatedDatabase>>;
let secret: string;
let staff: ApiClient;
/** Two partners: every event below is for A; B must never see any of it. */
let a: Awaited<ReturnType<typeof accountWithMember>>;
let b: Awaited<ReturnType<typeof accountWithMember>>;

const SOURCE = '/core/payments-eu';

beforeAll(async () => {
  // Its own database: at most two credentials are active in an installation, and other files (the authorization
  // test's probes) create credentials in the shared one.
  isolated = await createIsolatedDatabase('ingestion');
  t = await startTestApp({ DATABASE_URL: isolated.url });
  a = await accountWithMember(t, { verified: true, name: 'Ingest A' });
  b = await accountWithMember(t, { verified: true, name: 'Ingest B' });
  staff = (await signedInUser(t, { adminRole: 'EngineeringManager' })).client;
  const created = await staff.ok('mutation($n: String!) { createIngestionCredential(name: $n) { secret credential { id } } }', { n: 'Core (primary)' });
  secret = created.createIngestionCredential.secret;
});
afterAll(async () => {
  await t?.close();
  await isolated?.drop();
});

/** An event as the provider's core builds it, with the CloudEvents SDK. */
function event(type: string, data: Record<string, unknown>, id: string = crypto.randomUUID()) {
  return new CloudEvent({ specversion: '1.0', id, source: SOURCE, type, data });
}

function buy(id: string, version: number, status: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    version,
    accountId: a.accountId,
    status,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: new Date(Date.parse('2026-11-20T10:00:00.000Z') + version * 60_000).toISOString(),
    baseCurrencyCode: 'eur',
    baseCurrencyAmount: '150.00',
    quoteCurrencyCode: 'eth',
    quoteCurrencyAmount: '0.04120000',
    ...SAMPLE_FEES_AND_RATES,
    paymentMethod: 'sepa',
    country: 'DE',
    externalTransactionId: `ext-${id.slice(0, 8)}`,
    walletAddress: SAMPLE_WALLET_ADDRESS,
    ...overrides,
  };
}

function customer(id: string, version: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    version,
    accountId: a.accountId,
    externalCustomerId: `cust-${id.slice(0, 8)}`,
    email: `c${id.slice(0, 8)}@example.com`,
    country: 'DE',
    identityCheck: { level: 'Basic', status: 'Pending', result: null },
    files: [{ type: 'passport', reviewResult: null }],
    isBlocked: false,
    createdAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

async function sendOne(ce: CloudEvent<unknown> | Record<string, unknown>, credential = secret) {
  const message = ce instanceof CloudEvent ? HTTP.structured(ce) : { headers: { 'content-type': 'application/cloudevents+json' }, body: JSON.stringify(ce) };
  const response = await fetch(`${t.baseUrl}/provider/v1/events`, {
    method: 'POST',
    headers: { ...(message.headers as Record<string, string>), authorization: `Bearer ${credential}` },
    body: message.body as string,
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function sendBatch(events: unknown[], headers: Record<string, string> = {}) {
  const response = await fetch(`${t.baseUrl}/provider/v1/events/batch`, {
    method: 'POST',
    headers: { 'content-type': 'application/cloudevents-batch+json', authorization: `Bearer ${secret}`, ...headers },
    body: JSON.stringify(events),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const webhookEvents = async (accountId: string, subjectId: string) =>
  (
    await t.database.pool.query<{ type: string }>(
      `select type from webhook_events where account_id = $1 and (data->>'id' = $2 or data->>'customerId' = $2) order by created_at, id`,
      [accountId, subjectId],
    )
  ).rows.map((row) => row.type);

/** The dashboard rollup of A's live buy transactions, per status (what dashboards and list totals read). */
const rollup = async () =>
  Object.fromEntries(
    (
      await t.database.pool.query<{ status: string; n: number; volume: string }>(
        `select status, sum(tx_count)::int as n, sum(volume_eur)::text as volume from transaction_rollups
         where account_id = $1 and live_mode and kind = 'buy' group by status having sum(tx_count) <> 0`,
        [a.accountId],
      )
    ).rows.map((row) => [row.status, row.n]),
  );

/** A partner's live secret API key: shown in full only the first time it is read, so read once per account. */
const secretKeys = new Map<string, Promise<string>>();
function liveSecretKey(member: typeof a): Promise<string> {
  if (!secretKeys.has(member.accountId)) {
    secretKeys.set(
      member.accountId,
      member.client
        .ok('query($a: ID!) { apiKeys(accountId: $a, liveMode: true) { type secret } }', { a: member.accountId })
        .then((data) => (data.apiKeys as Array<{ type: string; secret: string }>).find((key) => key.type === 'secret')!.secret),
    );
  }
  return secretKeys.get(member.accountId)!;
}

const LIST = `query($a: ID!, $s: String) { transactions(accountId: $a, liveMode: true, searchString: $s) { totalCount items { id status } } }`;

describe('ingesting transactions', () => {
  it('applies a new transaction once: a redelivery is acknowledged as a duplicate and changes nothing', async () => {
    const id = crypto.randomUUID();
    const ce = event('rampart.buy_transaction.created', buy(id, 1, 'waitingPayment'));
    const before = await rollup();
    const first = await sendOne(ce);
    expect(first).toEqual({ status: 200, body: { id: ce.id, source: SOURCE, status: 'accepted' } });
    const again = await sendOne(ce);
    expect(again).toEqual({ status: 200, body: { id: ce.id, source: SOURCE, status: 'duplicate' } });

    const listed = (await a.client.ok(LIST, { a: a.accountId, s: id })).transactions;
    expect(listed.items).toContainEqual({ id, status: 'waitingPayment' });
    expect(await webhookEvents(a.accountId, id)).toEqual(['transaction_created']);
    expect((await rollup()).waitingPayment).toBe((before.waitingPayment ?? 0) + 1);
    const row = await t.database.pool.query(`select live_mode, version, amount::text, fiat_currency_code, network_code from transactions where id = $1`, [id]);
    expect(row.rows[0]).toEqual({ live_mode: true, version: 1, amount: '150.00', fiat_currency_code: 'eur', network_code: 'ethereum' });
  });

  it('never lets an older version overwrite a newer one: it is recorded as stale, not applied', async () => {
    const id = crypto.randomUUID();
    const before = await rollup();
    expect((await sendOne(event('rampart.buy_transaction.created', buy(id, 1, 'waitingPayment')))).body.status).toBe('accepted');
    expect((await sendOne(event('rampart.transaction.status_changed', { id, version: 3, status: 'completed' }))).body.status).toBe('accepted');
    const late = event('rampart.buy_transaction.changed', buy(id, 2, 'pending'));
    expect(await sendOne(late)).toEqual({ status: 200, body: { id: late.id, source: SOURCE, status: 'stale', storedVersion: 3 } });

    const row = await t.database.pool.query(`select status, version from transactions where id = $1`, [id]);
    expect(row.rows[0]).toEqual({ status: 'completed', version: 3 });
    const stale = await t.database.pool.query(
      `select event_id, version, stored_version, data->>'status' as status from ingestion_stale_events where entity_id = $1`,
      [id],
    );
    expect(stale.rows).toEqual([{ event_id: late.id, version: 2, stored_version: 3, status: 'pending' }]);
    expect(await webhookEvents(a.accountId, id)).toEqual(['transaction_created', 'transaction_updated']);
    const after = await rollup();
    expect(after.completed).toBe((before.completed ?? 0) + 1);
    expect(after.pending ?? 0).toBe(before.pending ?? 0);
    expect(after.waitingPayment ?? 0).toBe(before.waitingPayment ?? 0);
    // The stale event redelivered is a duplicate: recorded once.
    expect((await sendOne(late)).body.status).toBe('duplicate');
    expect((await t.database.pool.query(`select count(*)::int as n from ingestion_stale_events where entity_id = $1`, [id])).rows[0].n).toBe(1);
  });

  it('sends each partner webhook event exactly once per change, and none for a version nobody sees change', async () => {
    const id = crypto.randomUUID();
    await sendOne(event('rampart.buy_transaction.created', buy(id, 1, 'waitingPayment')));
    const failed = event('rampart.transaction.status_changed', { id, version: 2, status: 'failed', failureReason: 'cardDeclined' });
    expect((await sendOne(failed)).body.status).toBe('accepted');
    expect((await sendOne(failed)).body.status).toBe('duplicate');
    // Version 3 repeats version 2's state: applied (the version moves on) but nothing a partner sees changed.
    expect((await sendOne(event('rampart.transaction.status_changed', { id, version: 3, status: 'failed', failureReason: 'cardDeclined' }))).body.status).toBe(
      'accepted',
    );
    expect(await webhookEvents(a.accountId, id)).toEqual(['transaction_created', 'transaction_failed']);
    const failures = await t.database.pool.query(
      `select sum(tx_count)::int as n from transaction_failure_rollups where account_id = $1 and live_mode and reason = 'cardDeclined'`,
      [a.accountId],
    );
    expect(failures.rows[0].n).toBeGreaterThanOrEqual(1);

    const customerId = crypto.randomUUID();
    await sendOne(event('rampart.customer.created', customer(customerId, 1)));
    const cleared = event('rampart.customer.changed', customer(customerId, 2, { identityCheck: { level: 'Full', status: 'Clear', result: 'clear' } }));
    await sendOne(cleared);
    await sendOne(cleared);
    expect(await webhookEvents(a.accountId, customerId)).toEqual(['identity_check_updated']);
    const deliveries = await t.database.pool.query(`select count(*)::int as n from webhook_events where account_id = $1 and data->>'customerId' = $2`, [
      a.accountId,
      customerId,
    ]);
    expect(deliveries.rows[0].n).toBe(1);
  });

  it('keeps a customer erased on request erased: later versions from the core bring no personal data back', async () => {
    const customerId = crypto.randomUUID();
    await sendOne(event('rampart.customer.created', customer(customerId, 1)));
    const admin = (await signedInUser(t, { adminRole: 'Admin' })).client;
    await admin.ok(`mutation($id: ID!) { deleteCustomer(id: $id, reason: "Erasure requested") { id } }`, { id: customerId });
    const tombstone = `deleted-customer-${customerId}`;

    const changed = customer(customerId, 2, { identityCheck: { level: 'Full', status: 'Clear', result: 'clear' } });
    expect((await sendOne(event('rampart.customer.changed', changed))).body.status).toBe('accepted');
    const transactionId = crypto.randomUUID();
    const sale = buy(transactionId, 1, 'waitingPayment', { customerId, externalCustomerId: `cust-${customerId.slice(0, 8)}`, userAgent: 'Ada’s phone' });
    expect((await sendOne(event('rampart.buy_transaction.created', sale))).body.status).toBe('accepted');

    const row = await t.database.pool.query(
      `select email, country, external_customer_id, is_deleted, identity_check_status, (select count(*)::int from customer_files where customer_id = $1) as files from customers where id = $1`,
      [customerId],
    );
    expect(row.rows[0]).toEqual({ email: null, country: null, external_customer_id: tombstone, is_deleted: true, identity_check_status: 'Clear', files: 0 });
    const transaction = await t.database.pool.query(`select external_customer_id, user_agent from transactions where id = $1`, [transactionId]);
    expect(transaction.rows[0]).toEqual({ external_customer_id: tombstone, user_agent: null });
    const events = await t.database.pool.query<{ text: string }>(
      `select data::text as text from webhook_events where data->>'customerId' = $1 or data->>'id' = $2`,
      [customerId, transactionId],
    );
    expect(events.rows.length).toBeGreaterThan(0);
    for (const { text } of events.rows) expect(text).not.toContain(`cust-${customerId.slice(0, 8)}`);
  });

  it('refuses an invalid event naming the field, and changes nothing', async () => {
    const id = crypto.randomUUID();
    const cases: Array<[Record<string, unknown>, string]> = [
      [buy(id, 1, 'waitingPayment', { baseCurrencyAmount: 150.5 }), 'data.baseCurrencyAmount'],
      [buy(id, 1, 'waitingPayment', { baseCurrencyAmount: '1e5' }), 'data.baseCurrencyAmount'],
      [buy(id, 1, 'waitingPayment', { cryptoAmount: '0.1' }), 'data.cryptoAmount'],
      [buy(id, 1, 'shipped'), 'data.status'],
      [buy(id, 1, 'waitingPayment', { accountId: crypto.randomUUID() }), 'data.accountId'],
      [buy(id, 1, 'waitingPayment', { customerId: crypto.randomUUID() }), 'data.customerId'],
      [{ ...buy(id, 1, 'waitingPayment'), version: undefined }, 'data.version'],
      [buy(id, 1, 'waitingPayment', { createdAt: '2026-06-30T23:59:60Z' }), 'data.createdAt'],
      [buy(id, 1, 'waitingPayment', { createdAt: '0999-01-01T00:00:00Z' }), 'data.createdAt'],
    ];
    for (const [data, field] of cases) {
      const answer = await sendOne(event('rampart.buy_transaction.created', data));
      expect(answer.status, field).toBe(400);
      expect(answer.body.status, field).toBe('refused');
      expect(answer.body.error.field).toBe(field);
      expect(answer.body.error.message.length).toBeGreaterThan(3);
    }
    const envelope = await sendOne({
      specversion: '0.3',
      id: 'x',
      source: SOURCE,
      type: 'rampart.buy_transaction.created',
      data: buy(id, 1, 'waitingPayment'),
    });
    expect(envelope.body.error.field).toBe('specversion');
    const unknownType = await sendOne({ specversion: '1.0', id: 'y', source: SOURCE, type: 'rampart.buy_transaction.deleted', data: {} });
    expect(unknownType.body.error.field).toBe('type');
    const unknownTransaction = await sendOne(event('rampart.transaction.status_changed', { id: crypto.randomUUID(), version: 2, status: 'completed' }));
    expect(unknownTransaction.body.error.field).toBe('data.id');

    expect((await t.database.pool.query(`select count(*)::int as n from transactions where id = $1`, [id])).rows[0].n).toBe(0);
    // A refused event is not remembered: the corrected event with the same id is applied.
    const fixed = event('rampart.buy_transaction.created', buy(id, 1, 'waitingPayment', { baseCurrencyAmount: 150.5 }), 'fixable');
    expect((await sendOne(fixed)).body.status).toBe('refused');
    expect((await sendOne(event('rampart.buy_transaction.created', buy(id, 1, 'waitingPayment'), 'fixable'))).body.status).toBe('accepted');
  });

  it('answers a batch event by event and commits the valid ones', async () => {
    const customerId = crypto.randomUUID();
    const txId = crypto.randomUUID();
    const sellId = crypto.randomUUID();
    const first = event('rampart.customer.created', customer(customerId, 1));
    const events = [
      first,
      event('rampart.buy_transaction.created', buy(txId, 1, 'waitingPayment', { customerId })),
      event('rampart.buy_transaction.created', buy(crypto.randomUUID(), 1, 'waitingPayment', { usdRate: 'one' })),
      first,
      event('rampart.customer.created', customer(crypto.randomUUID(), 1, { accountId: crypto.randomUUID() })),
      event('rampart.sell_transaction.created', {
        ...buy(sellId, 1, 'waitingForDeposit', {
          baseCurrencyCode: 'btc',
          baseCurrencyAmount: '0.01',
          quoteCurrencyCode: 'eur',
          quoteCurrencyAmount: '580.00',
        }),
        walletAddress: undefined,
        refundWalletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      }),
      { not: 'an event' },
    ];
    const answer = await sendBatch(events);
    expect(answer.status).toBe(200);
    expect(answer.body.results.map((r: { status: string }) => r.status)).toEqual([
      'accepted',
      'accepted',
      'refused',
      'duplicate',
      'refused',
      'accepted',
      'refused',
    ]);
    expect(answer.body.results[2].error.field).toBe('data.usdRate');
    expect(answer.body.results[4].error.field).toBe('data.accountId');
    expect(answer.body.results[6].error.field).toBe('specversion');
    expect(answer.body).toMatchObject({ accepted: 3, duplicate: 1, stale: 0, refused: 3 });

    const tx = await t.database.pool.query(`select customer_id, external_customer_id from transactions where id = $1`, [txId]);
    expect(tx.rows[0]).toEqual({ customer_id: customerId, external_customer_id: `cust-${customerId.slice(0, 8)}` });
    const sell = await t.database.pool.query(`select kind, fiat_currency_code, amount::text from transactions where id = $1`, [sellId]);
    expect(sell.rows[0]).toEqual({ kind: 'sell', fiat_currency_code: 'eur', amount: '583.99' });
    const files = await t.database.pool.query(`select type from customer_files where customer_id = $1`, [customerId]);
    expect(files.rows).toEqual([{ type: 'passport' }]);
    expect(await webhookEvents(a.accountId, sellId)).toEqual(['sell_transaction_created']);
  });

  it('refuses a batch over the limit with 413 and a clear error, and a body that is not a batch with 400', async () => {
    const tooMany = Array.from({ length: MAX_BATCH_EVENTS + 1 }, () => ({}));
    const answer = await sendBatch(tooMany);
    expect(answer.status).toBe(413);
    expect(answer.body.error.message).toMatch(/at most 10,000 events/);
    const huge = await fetch(`${t.baseUrl}/provider/v1/events/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/cloudevents-batch+json', authorization: `Bearer ${secret}` },
      body: `[${JSON.stringify('x'.repeat(11 * 1024 * 1024))}]`,
    });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { error: { message: string } }).error.message).toMatch(/10 MiB/);
    expect((await sendBatch({ specversion: '1.0' } as unknown as unknown[])).status).toBe(400);
    const broken = await fetch(`${t.baseUrl}/provider/v1/events/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/cloudevents-batch+json', authorization: `Bearer ${secret}` },
      body: '[{"specversion":',
    });
    expect(broken.status).toBe(400);
    const wrongType = await sendBatch([], { 'content-type': 'text/plain' });
    expect(wrongType.status).toBe(415);
  });

  it('shows an event for account A to A only, in GraphQL and REST', async () => {
    const id = crypto.randomUUID();
    const customerId = crypto.randomUUID();
    await sendBatch([
      event('rampart.customer.created', customer(customerId, 1)),
      event('rampart.buy_transaction.created', buy(id, 1, 'completed', { customerId })),
    ]);
    const rest = async (key: string, path: string) => fetch(`${t.baseUrl}/v1${path}`, { headers: { authorization: `Api-Key ${key}` } });
    const [keyA, keyB] = [await liveSecretKey(a), await liveSecretKey(b)];

    expect((await a.client.ok(LIST, { a: a.accountId, s: id })).transactions.items.map((row: { id: string }) => row.id)).toContain(id);
    expect((await b.client.ok(LIST, { a: b.accountId, s: id })).transactions.items.map((row: { id: string }) => row.id)).not.toContain(id);
    expect(errorCode(await b.client.gql('query($id: ID!) { transaction(id: $id) { id } }', { id }))).toBe('FORBIDDEN_ERROR');
    const customersOfB = await b.client.ok('query($a: ID!) { customers(accountId: $a, liveMode: true) { items { id } } }', { a: b.accountId });
    expect(customersOfB.customers.items).toEqual([]);

    expect((await rest(keyA, `/transactions/${id}`)).status).toBe(200);
    expect((await rest(keyB, `/transactions/${id}`)).status).toBe(404);
    expect((await rest(keyB, `/customers/${customerId}`)).status).toBe(404);
    const listB = (await (await rest(keyB, '/transactions?type=buy')).json()) as { data: Array<{ id: string }> };
    expect(listB.data.map((row) => row.id)).not.toContain(id);
  });
});

describe('rollups', () => {
  it('match a rebuild from the rows after redeliveries, stale versions and several versions in one batch', async () => {
    const c = await accountWithMember(t, { verified: true, name: 'Ingest C' });
    const forC = (data: Record<string, unknown>) => ({ ...data, accountId: c.accountId });
    const customers = [crypto.randomUUID(), crypto.randomUUID()];
    const [b1, b2, s1, w1, d1] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const sell = (id: string, version: number, status: string) =>
      forC({ ...buy(id, version, status, { baseCurrencyCode: 'btc', baseCurrencyAmount: '0.01', quoteCurrencyCode: 'eur', quoteCurrencyAmount: '580.00' }) });
    const created = [
      ...customers.map((id) => event('rampart.customer.created', forC(customer(id, 1)))),
      event('rampart.buy_transaction.created', forC(buy(b1, 1, 'waitingPayment', { customerId: customers[0] }))),
      event('rampart.buy_transaction.created', forC(buy(b2, 1, 'waitingPayment', { customerId: customers[1], createdAt: '2026-10-31T23:59:00.000Z' }))),
      event('rampart.sell_transaction.created', sell(s1, 1, 'waitingForDeposit')),
      event('rampart.swap_transaction.created', {
        id: w1,
        version: 1,
        accountId: c.accountId,
        status: 'screeningWalletAddress',
        createdAt: '2026-11-20T10:00:00.000Z',
        customerId: customers[0],
        baseCurrencyCode: 'usdc',
        baseCurrencyAmount: '500.00000000',
        quoteCurrencyCode: 'eth',
        quoteCurrencyAmount: '0.137',
        usdRate: '1',
        eurRate: '0.93',
        gbpRate: '0.79',
      }),
      event('rampart.balance_transaction.created', {
        id: d1,
        version: 1,
        accountId: c.accountId,
        customerId: customers[1],
        type: 'Deposit',
        status: 'Pending',
        amount: '250.00',
        currencyCode: 'eur',
        usdRate: '1.08',
        eurRate: '1',
        gbpRate: '0.86',
        createdAt: '2026-11-21T08:00:00.000Z',
      }),
    ];
    const status = (id: string, version: number, to: string, failureReason?: string) =>
      event('rampart.transaction.status_changed', { id, version, status: to, ...(failureReason ? { failureReason } : {}) });
    const moves = [
      // Several versions of one transaction in one batch, one of them out of order.
      status(b1, 2, 'pending'),
      status(b1, 4, 'failed', 'cardDeclined'),
      status(b1, 3, 'completed'),
      status(b2, 2, 'failed', 'riskDeclined'),
      status(s1, 2, 'completed'),
      status(w1, 2, 'waitingForDeposit'),
      status(d1, 2, 'Completed'),
    ];
    expect((await sendBatch(created)).body).toMatchObject({ accepted: created.length });
    expect((await sendBatch([...moves, ...created])).body).toMatchObject({ accepted: 6, stale: 1, duplicate: created.length });
    // Then: out of failed with another reason, and a failure reason changed while failed; all sent twice.
    const later = [status(b1, 5, 'completed'), status(b2, 3, 'failed', 'insufficientFunds')];
    await sendBatch(later);
    expect((await sendBatch(later)).body).toMatchObject({ duplicate: 2 });

    const snapshot = async () => {
      const read = async (query: string) => (await t.database.pool.query(query, [c.accountId])).rows;
      return {
        totals: await read(`select kind, day::text, status, tx_count, trim_scale(volume_usd)::text as usd, trim_scale(fee_eur)::text as fee
          from transaction_rollups where account_id = $1 and tx_count <> 0 order by 1, 2, 3`),
        dimensions: await read(`select kind, day::text, dimension, value, tx_count, completed_count, trim_scale(volume_gbp)::text as gbp
          from transaction_dimension_rollups where account_id = $1 order by 1, 2, 3, 4`),
        months: await read(`select kind, month::text, dimension, value, tx_count, completed_count, trim_scale(volume_eur)::text as eur
          from transaction_dimension_monthly_rollups where account_id = $1 order by 1, 2, 3, 4`),
        sketches: await read(`select kind, day::text, hashes from transaction_customer_sketches where account_id = $1 order by 1, 2`),
        failures: await read(`select kind, day::text, reason, tx_count, trim_scale(volume_usd)::text as usd
          from transaction_failure_rollups where account_id = $1 order by 1, 2, 3`),
        customers: await read(`select kind, day::text, new_customers from customer_daily_rollups where account_id = $1 order by 1, 2`),
      };
    };
    const incremental = await snapshot();
    expect(incremental.failures).toEqual([{ kind: 'buy', day: '2026-10-31', reason: 'insufficientFunds', tx_count: 1, usd: '162' }]);
    await rebuildRollups(t.database.pool, c.accountId);
    expect(incremental).toEqual(await snapshot());
  });
});

describe('who may send', () => {
  it('refuses partners: their API keys and their sessions never ingest', async () => {
    const key = await liveSecretKey(a);
    const ce = HTTP.structured(event('rampart.buy_transaction.created', buy(crypto.randomUUID(), 1, 'waitingPayment')));
    const asKey = await fetch(`${t.baseUrl}/provider/v1/events`, {
      method: 'POST',
      headers: { ...(ce.headers as Record<string, string>), authorization: `Api-Key ${key}` },
      body: ce.body as string,
    });
    expect(asKey.status).toBe(401);
    expect(((await asKey.json()) as { error: { message: string } }).error.message).toMatch(/Partner API keys cannot send events/);
    const keyAsBearer = await sendOne(event('rampart.buy_transaction.created', buy(crypto.randomUUID(), 1, 'waitingPayment')), key);
    expect(keyAsBearer.status).toBe(401);
    const asSession = await fetch(`${t.baseUrl}/provider/v1/events`, {
      method: 'POST',
      headers: { ...(ce.headers as Record<string, string>), cookie: a.client.cookie!, 'x-csrf-token': a.client.csrfToken },
      body: ce.body as string,
    });
    expect(asSession.status).toBe(401);
    expect(errorCode(await a.client.gql('mutation { createIngestionCredential(name: "mine") { secret } }'))).toBe('FORBIDDEN_ERROR');
  });

  it('keeps at most two credentials active, and refuses a revoked one at once', async () => {
    const create = (name: string) => staff.gql('mutation($n: String!) { createIngestionCredential(name: $n) { secret credential { id name } } }', { n: name });
    const second = await create('Core (next)');
    expect(second.errors).toBeUndefined();
    const third = await create('Core (third)');
    expect(errorCode(third)).toBe('CONFLICT');
    expect(third.errors![0]!.message).toMatch(/already 2 active ingestion credentials .*revoke one/);
    const made = (second.data as { createIngestionCredential: { secret: string; credential: { id: string } } }).createIngestionCredential;
    const [nextSecret, nextId] = [made.secret, made.credential.id];
    // Both work during a rotation.
    expect((await sendOne(event('rampart.customer.created', customer(crypto.randomUUID(), 1)), nextSecret)).status).toBe(200);

    await staff.ok('mutation($id: ID!) { revokeIngestionCredential(id: $id) { revokedAt } }', { id: nextId });
    const refused = await sendOne(event('rampart.customer.created', customer(crypto.randomUUID(), 1)), nextSecret);
    expect(refused).toEqual({ status: 401, body: { error: { code: 'credential_invalid', message: 'This credential is not valid, or it was revoked.' } } });
    const listed = (await staff.ok('{ ingestionCredentials { id name revokedAt lastUsedAt } }')).ingestionCredentials as Array<Record<string, unknown>>;
    expect(listed.find((row) => row.id === nextId)).toMatchObject({ name: 'Core (next)', revokedAt: expect.any(String), lastUsedAt: expect.any(String) });
    // The revoked one no longer counts: a new one can be made.
    expect((await create('Core (third)')).errors).toBeUndefined();
  });

  it('publishes the JSON Schema of every event type', async () => {
    const index = (await (await fetch(`${t.baseUrl}/provider/v1/schemas`)).json()) as { types: Array<{ type: string; schema: string }> };
    expect(index.types.map((entry) => entry.type)).toContain('rampart.customer.changed');
    for (const entry of index.types) {
      const response = await fetch(`${t.baseUrl}${entry.schema}`);
      expect(response.status, entry.schema).toBe(200);
      expect(((await response.json()) as { type: string }).type).toBe('object');
    }
    const byType = await fetch(`${t.baseUrl}/provider/v1/schemas/rampart.sell_transaction.created.json`);
    expect(((await byType.json()) as { title: string }).title).toBe('Sell transaction');
  });
});
