import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_TOTP_SECRET, startTestApp, type TestApp } from '../../../test/harness.ts';
import { createWidgetRepository } from '../widget/widget.repository.ts';
import { rebuildAnalyticsRollups } from './analytics-rollups.ts';
import { generateTransactions } from './generator.ts';
import type { TransactionRow } from './transactions.repository.ts';
import { SAMPLE_FEES_AND_RATES } from './test-transactions.ts';

let t: TestApp;
let widgets: ReturnType<typeof createWidgetRepository>;

type Kind = 'buy' | 'sell' | 'swap' | 'deposit' | 'withdrawal' | 'reward';

async function account(name: string) {
  const org = await t.database.pool.query<{ id: string }>(`insert into organizations (name) values ($1) returning id`, [`${name} Ltd`]);
  const acc = await t.database.pool.query<{ id: string }>(`insert into accounts (organization_id, name) values ($1, $2) returning id`, [org.rows[0]!.id, name]);
  return acc.rows[0]!.id;
}

async function customer(accountId: string, liveMode = true) {
  const result = await t.database.pool.query<{ id: string }>(
    `insert into customers (account_id, live_mode, email, country, default_currency, kyc_level, identity_check_status) values ($1, $2, $3, 'GB', 'gbp', 'Full', 'Clear') returning id`,
    [accountId, liveMode, `c-${Math.random().toString(36).slice(2)}@example.com`],
  );
  return result.rows[0]!.id;
}

let serial = 0;
/** A transaction through the service (its real write path), on a UTC day at noon. */
async function create(accountId: string, customerId: string | null, kind: Kind, day: string, amount = '100.00', liveMode = true): Promise<TransactionRow> {
  serial += 1;
  const base = kind === 'buy' || kind === 'deposit' || kind === 'withdrawal' || kind === 'reward' ? 'usd' : 'eth';
  return t.app.services.transactions.createTransaction({
    kind: kind === 'deposit' || kind === 'withdrawal' || kind === 'reward' ? 'balance' : kind,
    balanceType: kind === 'deposit' ? 'Deposit' : kind === 'withdrawal' ? 'Withdrawal' : kind === 'reward' ? 'Reward' : null,
    accountId,
    liveMode,
    baseCurrencyCode: base,
    quoteCurrencyCode: kind === 'buy' ? 'eth' : kind === 'sell' ? 'usd' : kind === 'swap' ? 'btc' : null,
    fiatCurrencyCode: 'usd',
    amount,
    baseCurrencyAmount: amount,
    ...SAMPLE_FEES_AND_RATES,
    paymentMethod: 'creditCard',
    country: 'GB',
    externalTransactionId: `ext-${serial}`,
    customerId,
    createdAt: new Date(`${day}T12:00:00.000Z`),
  });
}

const PATHS: Record<string, Record<string, string[]>> = {
  buy: { completed: ['pending', 'completed'], failed: ['failed'], pending: ['pending'] },
  sell: { completed: ['pending', 'completed'], failed: ['failed'], pending: ['pending'], frozen: ['frozen'] },
  swap: {
    completed: ['waitingForDepositAddressGeneration', 'waitingForDepositKytRegistration', 'waitingForDeposit', 'executingSwap', 'completed'],
    failed: ['failed'],
  },
  balance: { Completed: ['Pending', 'Completed'], Failed: ['Failed'], Pending: ['Pending'] },
};

/** Moves a transaction to a final status through changeStatus, step by step. */
async function moveTo(row: TransactionRow, status: string, failureReason: string | null = null) {
  let current = row;
  for (const step of PATHS[row.kind]![status]!) {
    current = await t.app.services.transactions.changeStatus(row.id, step, { failureReason: step === 'failed' || step === 'Failed' ? failureReason : null });
  }
  return current;
}

/** Every analytics rollup row of an account, as sorted strings (numerics without trailing zeros). */
async function stored(accountId: string) {
  const q = async (text: string) => (await t.database.pool.query<{ r: string }>(`select r from (${text}) x order by r`, [accountId])).rows.map((row) => row.r);
  return {
    failures: await q(
      `select concat_ws('|', live_mode, kind, day, reason, tx_count, trim_scale(volume_usd), trim_scale(volume_eur), trim_scale(volume_gbp)) as r from transaction_failure_rollups where account_id = $1`,
    ),
    firstDays: await q(`select concat_ws('|', live_mode, kind, customer_id, first_day) as r from customer_first_days where account_id = $1`),
    activeMonths: await q(`select concat_ws('|', live_mode, kind, customer_id, month, tx_count) as r from customer_active_months where account_id = $1`),
    daily: await q(`select concat_ws('|', live_mode, kind, day, new_customers) as r from customer_daily_rollups where account_id = $1`),
    monthly: await q(`select concat_ws('|', live_mode, kind, month, active_customers, new_customers) as r from customer_monthly_rollups where account_id = $1`),
    cohorts: await q(`select concat_ws('|', live_mode, kind, cohort_month, activity_month, customers) as r from customer_cohort_rollups where account_id = $1`),
    funnel: await q(`select concat_ws('|', live_mode, flow, day, step, event_count) as r from widget_funnel_rollups where account_id = $1`),
  };
}

/**
 * The same figures recomputed here from the source rows, written independently of the rollup code: per customer the
 * ordered list of their transactions (window functions), no intermediate tables.
 */
async function expected(accountId: string) {
  const q = async (text: string) => (await t.database.pool.query<{ r: string }>(`select r from (${text}) x order by r`, [accountId])).rows.map((row) => row.r);
  const seen = `
    with tx as (
      select live_mode, case when kind = 'balance' then lower(balance_type) else kind end as k, customer_id, (created_at at time zone 'UTC')::date as day
      from transactions where account_id = $1 and customer_id is not null
    ),
    s as (
      select live_mode, k as kind, customer_id, day from tx where k in ('buy', 'sell', 'swap', 'deposit', 'withdrawal')
      union all
      select live_mode, 'all', customer_id, day from tx where k in ('buy', 'sell', 'swap', 'deposit', 'withdrawal')
    ),
    f as (select distinct on (live_mode, kind, customer_id) live_mode, kind, customer_id, day as first_day from s order by live_mode, kind, customer_id, day),
    m as (select live_mode, kind, customer_id, to_char(day, 'YYYY-MM-01')::date as month, count(*) as n from s group by 1, 2, 3, 4)`;
  return {
    failures: await q(`
      select concat_ws('|', live_mode, k, day, reason, count(*), trim_scale(sum(amount * usd_rate)), trim_scale(sum(amount * eur_rate)), trim_scale(sum(amount * gbp_rate))) as r
      from (select live_mode, case when kind = 'balance' then lower(balance_type) else kind end as k, (created_at at time zone 'UTC')::date as day,
                   coalesce(failure_reason, 'unknown') as reason, amount, usd_rate, eur_rate, gbp_rate
            from transactions where account_id = $1 and status in ('failed', 'Failed')) x
      group by live_mode, k, day, reason`),
    firstDays: await q(`${seen} select concat_ws('|', live_mode, kind, customer_id, first_day) as r from f`),
    activeMonths: await q(`${seen} select concat_ws('|', live_mode, kind, customer_id, month, n) as r from m`),
    daily: await q(`${seen} select concat_ws('|', live_mode, kind, first_day, count(*)) as r from f group by live_mode, kind, first_day`),
    monthly: await q(`${seen}
      select concat_ws('|', m.live_mode, m.kind, m.month, count(*), count(*) filter (where to_char(f.first_day, 'YYYY-MM-01')::date = m.month)) as r
      from m join f using (live_mode, kind, customer_id) group by m.live_mode, m.kind, m.month`),
    cohorts: await q(`${seen}
      select concat_ws('|', m.live_mode, m.kind, to_char(f.first_day, 'YYYY-MM-01'), m.month, count(*)) as r
      from m join f using (live_mode, kind, customer_id) group by m.live_mode, m.kind, to_char(f.first_day, 'YYYY-MM-01'), m.month`),
    funnel: await q(`
      select concat_ws('|', live_mode, flow, (created_at at time zone 'UTC')::date, event, count(*)) as r from widget_events
      where account_id = $1 and event in ('opened', 'quoted', 'payment_started', 'completed', 'failed')
      group by live_mode, flow, (created_at at time zone 'UTC')::date, event`),
  };
}

/** The incremental rollups equal the recomputation, and a bulk rebuild writes exactly the same rows. */
async function expectExact(accountId: string) {
  const incremental = await stored(accountId);
  expect(incremental).toEqual(await expected(accountId));
  await rebuildAnalyticsRollups(t.database.pool, accountId);
  expect(await stored(accountId)).toEqual(incremental);
  return incremental;
}

beforeAll(async () => {
  t = await startTestApp();
  widgets = createWidgetRepository(t.database.db);
});

afterAll(async () => {
  await t?.close();
});

describe('analytics rollups', () => {
  it('count a new customer once per product and once for all products, with active months and cohorts', async () => {
    const a = await account('Analytics New');
    const ada = await customer(a);
    const bob = await customer(a);
    await create(a, ada, 'buy', '2026-03-10');
    await create(a, ada, 'buy', '2026-03-12');
    await create(a, ada, 'sell', '2026-04-02');
    await create(a, ada, 'deposit', '2026-05-20');
    await create(a, bob, 'withdrawal', '2026-04-15');
    await create(a, bob, 'reward', '2026-02-01');
    await create(a, null, 'buy', '2026-03-10');
    await create(a, bob, 'buy', '2026-04-15', '50.00', false);
    const rows = await expectExact(a);
    // Ada is new for 'all' on 2026-03-10 only, though her first sell and deposit are new for those products.
    expect(rows.daily.filter((r) => r.startsWith('t|all|'))).toEqual(['t|all|2026-03-10|1', 't|all|2026-04-15|1']);
    expect(rows.cohorts.filter((r) => r.startsWith('t|all|'))).toEqual([
      't|all|2026-03-01|2026-03-01|1',
      't|all|2026-03-01|2026-04-01|1',
      't|all|2026-03-01|2026-05-01|1',
      't|all|2026-04-01|2026-04-01|1',
    ]);
    // A reward is no product: Bob's reward in February makes him neither active nor new then.
    expect(rows.monthly.filter((r) => r.startsWith('t|all|'))).toEqual(['t|all|2026-03-01|1|1', 't|all|2026-04-01|2|1', 't|all|2026-05-01|1|0']);
  });

  it('move failures between buckets as statuses change after the fact', async () => {
    const a = await account('Analytics Failures');
    const ada = await customer(a);
    const declined = await create(a, ada, 'buy', '2026-06-01', '120.00');
    const pending = await create(a, ada, 'buy', '2026-06-01', '80.00');
    const sell = await create(a, ada, 'sell', '2026-06-02', '300.00');
    const deposit = await create(a, ada, 'deposit', '2026-06-03', '40.00');
    const swap = await create(a, ada, 'swap', '2026-06-04', '0.50000000');
    await expectExact(a);
    await moveTo(declined, 'failed', 'cardDeclined');
    await moveTo(pending, 'pending');
    await moveTo(deposit, 'Failed', 'bankTransferReturned');
    await moveTo(swap, 'completed');
    await expectExact(a);
    await moveTo(sell, 'frozen');
    await t.app.services.transactions.staffAction('sell', 'cancel', sell.id, (await staffUser()).id);
    await t.app.services.transactions.changeStatus(pending.id, 'failed', { failureReason: 'threeDsFailed' });
    const rows = await expectExact(a);
    expect(rows.failures).toEqual([
      't|buy|2026-06-01|cardDeclined|1|120|110.4|94.8',
      't|buy|2026-06-01|threeDsFailed|1|80|73.6|63.2',
      't|deposit|2026-06-03|bankTransferReturned|1|40|36.8|31.6',
      't|sell|2026-06-02|cancelledByStaff|1|300|276|237',
    ]);
    // A failed row without a reason (written by hand) is 'unknown' after a rebuild.
    await t.database.pool.query(`update transactions set failure_reason = null where id = $1`, [declined.id]);
    await rebuildAnalyticsRollups(t.database.pool, a);
    expect((await stored(a)).failures[0]).toBe('t|buy|2026-06-01|threeDsFailed|1|80|73.6|63.2');
    expect((await stored(a)).failures).toContain('t|buy|2026-06-01|unknown|1|120|110.4|94.8');
    expect(await stored(a)).toEqual(await expected(a));
    // A refund names a reason for a failed row that had none: it leaves the 'unknown' bucket for that reason's.
    await t.database.pool.query(`update transactions set failure_reason = null where id = $1`, [sell.id]);
    await rebuildAnalyticsRollups(t.database.pool, a);
    expect((await stored(a)).failures).toContain('t|sell|2026-06-02|unknown|1|300|276|237');
    await t.app.services.transactions.staffAction('sell', 'refund', sell.id, (await staffUser()).id, { refundWalletAddress: '0xrefund' });
    const refunded = await expectExact(a);
    expect(refunded.failures.filter((r) => r.startsWith('t|sell|'))).toEqual(['t|sell|2026-06-02|cancelledByStaff|1|300|276|237']);
  });

  it('back-fills move a customer’s first day, new-customer counts and cohort, per product and for all', async () => {
    const a = await account('Analytics Backfill');
    const ada = await customer(a);
    const bob = await customer(a);
    await create(a, ada, 'buy', '2026-03-15');
    await create(a, ada, 'buy', '2026-04-02');
    await create(a, ada, 'sell', '2026-04-20');
    await create(a, bob, 'buy', '2026-03-01');
    await expectExact(a);
    // Older than her first: her cohort moves from March to January, with her March and April activity.
    await create(a, ada, 'buy', '2026-01-20');
    let rows = await expectExact(a);
    expect(rows.cohorts.filter((r) => r.startsWith('t|buy|'))).toEqual([
      't|buy|2026-01-01|2026-01-01|1',
      't|buy|2026-01-01|2026-03-01|1',
      't|buy|2026-01-01|2026-04-01|1',
      't|buy|2026-03-01|2026-03-01|1',
    ]);
    // Earlier again in the same month: the day moves, the cohort stays.
    await create(a, ada, 'buy', '2026-01-05');
    rows = await expectExact(a);
    expect(rows.daily.filter((r) => r.startsWith('t|buy|'))).toEqual(['t|buy|2026-01-05|1', 't|buy|2026-03-01|1']);
    // Another product, earlier still: new for sell (a back-fill there too) and a back-fill for 'all'.
    await create(a, ada, 'sell', '2025-12-01');
    await create(a, ada, 'swap', '2026-02-10');
    rows = await expectExact(a);
    expect(rows.firstDays.filter((r) => r.startsWith(`t|all|${ada}`))).toEqual([`t|all|${ada}|2025-12-01`]);
    expect(rows.monthly.filter((r) => r.startsWith('t|all|'))).toEqual([
      't|all|2025-12-01|1|1',
      't|all|2026-01-01|1|0',
      't|all|2026-02-01|1|0',
      't|all|2026-03-01|2|1',
      't|all|2026-04-01|1|0',
    ]);
  });

  it('stay exact when one new customer starts several transactions at once', async () => {
    const a = await account('Analytics Concurrent');
    const ada = await customer(a);
    const days = ['2026-07-20', '2026-07-03', '2026-06-28', '2026-07-20', '2026-05-31', '2026-07-01', '2026-06-01', '2026-07-19'];
    const kinds: Kind[] = ['buy', 'buy', 'sell', 'buy', 'buy', 'deposit', 'sell', 'buy'];
    await Promise.all(days.map((day, i) => create(a, ada, kinds[i]!, day)));
    const rows = await expectExact(a);
    expect(rows.firstDays.filter((r) => r.startsWith('t|all|'))).toEqual([`t|all|${ada}|2026-05-31`]);
  });

  it('count widget funnel steps once, and a widget transaction’s end at its status change', async () => {
    const a = await account('Analytics Funnel');
    const ada = await customer(a);
    const session = await widgetSession(a, 'buy');
    const preview = await widgetSession(a, 'buy', { preview: '1' });
    const event = (
      sessionId: string | null,
      event: 'opened' | 'quoted' | 'payment_started' | 'transaction_created',
      transactionId: string | null = null,
      flow: 'buy' | 'sell' | 'swap' = 'buy',
    ) => widgets.recordEvent({ accountId: a, liveMode: true, sessionId, flow, event, transactionId });
    await event(session, 'opened');
    await event(session, 'opened');
    await event(session, 'quoted');
    await event(preview, 'opened');
    await event(preview, 'quoted');
    const paid = await create(a, ada, 'buy', '2026-11-01');
    const declined = await create(a, ada, 'buy', '2026-11-01');
    const previewed = await create(a, ada, 'buy', '2026-11-01');
    const direct = await create(a, ada, 'buy', '2026-11-01');
    await event(session, 'transaction_created', paid.id);
    await event(session, 'payment_started', paid.id);
    await event(session, 'transaction_created', declined.id);
    await event(session, 'payment_started', declined.id);
    await event(preview, 'transaction_created', previewed.id);
    await event(null, 'opened', null, 'sell');
    let rows = await expectExact(a);
    const today = new Date().toISOString().slice(0, 10);
    expect(rows.funnel).toEqual([`t|buy|${today}|opened|1`, `t|buy|${today}|payment_started|2`, `t|buy|${today}|quoted|1`, `t|sell|${today}|opened|1`]);
    await moveTo(paid, 'completed');
    await moveTo(declined, 'failed', 'cardDeclined');
    await moveTo(previewed, 'completed');
    await moveTo(direct, 'completed');
    rows = await expectExact(a);
    expect(rows.funnel.filter((r) => r.includes('|completed|') || r.includes('|failed|'))).toEqual([`t|buy|${today}|completed|1`, `t|buy|${today}|failed|1`]);
    const ends = await t.database.pool.query(
      `select transaction_id, event from widget_events where account_id = $1 and event in ('completed', 'failed') order by event`,
      [a],
    );
    expect(ends.rows).toEqual([
      { transaction_id: paid.id, event: 'completed' },
      { transaction_id: declined.id, event: 'failed' },
    ]);
  });

  it('are rebuilt after the generator, whose widget events narrow from opened to completed', async () => {
    const a = await account('Analytics Generated');
    await generateTransactions(t.database.pool, { accountId: a, live: 3_000, test: 500, days: 200, seed: 5 });
    const rows = await stored(a);
    expect(rows).toEqual(await expected(a));
    const steps = await t.database.pool.query<{ step: string; n: number }>(
      `select step, sum(event_count)::int as n from widget_funnel_rollups where account_id = $1 and live_mode group by step`,
      [a],
    );
    const n = Object.fromEntries(steps.rows.map((r) => [r.step, r.n])) as Record<string, number>;
    const [opened, quoted, paymentStarted, completed] = [n.opened ?? 0, n.quoted ?? 0, n.payment_started ?? 0, n.completed ?? 0];
    expect(opened).toBeGreaterThan(quoted);
    expect(quoted).toBeGreaterThan(paymentStarted);
    expect(paymentStarted).toBeGreaterThan(completed);
    expect(n.failed ?? 0).toBeGreaterThan(0);
    // Every completed widget transaction has its completed step.
    const ends = await t.database.pool.query<{ missing: number }>(
      `select count(*)::int as missing from transactions x join widget_events e on e.transaction_id = x.id and e.event = 'transaction_created'
       where x.account_id = $1 and x.status = 'completed' and not exists (select 1 from widget_events c where c.transaction_id = x.id and c.event = 'completed')`,
      [a],
    );
    expect(ends.rows[0]!.missing).toBe(0);
    // The incremental path carries on from the rebuilt rows: a back-fill for the busiest generated customer.
    const busiest = await t.database.pool.query<{ customer_id: string }>(
      `select customer_id from transactions where account_id = $1 and live_mode group by 1 order by count(*) desc limit 1`,
      [a],
    );
    await create(a, busiest.rows[0]!.customer_id, 'buy', '2024-01-15');
    await expectExact(a);
  });
});

async function widgetSession(accountId: string, flow: 'buy' | 'sell' | 'swap', params: Record<string, string> = {}) {
  const result = await t.database.pool.query<{ id: string }>(
    `insert into widget_sessions (token_hash, account_id, live_mode, flow, params, expires_at) values ($1, $2, true, $3, $4, now() + interval '1 hour') returning id`,
    [`hash-${Math.random()}`, accountId, flow, JSON.stringify(params)],
  );
  return result.rows[0]!.id;
}

let staff: { id: string } | null = null;
async function staffUser() {
  if (!staff) {
    const result = await t.database.pool.query<{ id: string }>(
      `insert into users (email, first_name, last_name, is_email_verified, admin_role, otp_secret, is_otp_enabled) values ($1, 'Staff', 'Member', true, 'FraudManager', $2, true) returning id`,
      [`staff-${Date.now()}@example.com`, STAFF_TOTP_SECRET],
    );
    staff = result.rows[0]!;
  }
  return staff;
}
