/**
 * Analytics over real HTTP GraphQL and real PostgreSQL. Transactions go through the real write paths
 * (createTransaction, changeStatus), so the rollups are the ones production keeps; every figure is then checked
 * against a computation from the transactions table (and widget_events for the funnel) written here.
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIAT_CURRENCIES, networkOf } from '@rampart/shared/transactions';
import { staffHasAccountPermission } from '@rampart/shared/permissions';
import { errorCode, startTestApp, type ApiClient, type TestApp } from '../../../test/harness.ts';
import { accountWithMember, signedInMember, signedInUser } from '../../../test/accounts-helper.ts';
import { createWidgetRepository } from '../widget/widget.repository.ts';

const QUERY = `query($a: ID!, $live: Boolean!, $from: String!, $to: String!, $p: AnalyticsProduct, $c: AnalyticsComparison, $cur: DashboardCurrency) {
  analytics(accountId: $a, liveMode: $live, from: $from, to: $to, product: $p, comparison: $c, currencyCode: $cur) {
    accountId liveMode product currencyCode from to comparison previousFrom previousTo bucket
    volume {
      current { ...totals } previous { ...totals }
      changes { volume transactionCount completionRate feesEarned averageOrder }
      series { ...point } previousSeries { ...point } byProduct { ...breakdown }
    }
    conversion {
      steps { step count previousCount shareOfOpened dropFromPrevious } conversionRate previousConversionRate hasWidgetFunnel
      series { date opened quoted paymentStarted completed failed }
    }
    customers {
      activeCustomers newCustomers returningCustomers isEstimate previousActiveCustomers previousNewCustomers previousReturningCustomers
      months { month activeCustomers newCustomers returningCustomers } cohorts { cohortMonth size retained }
    }
    geography { countries { ...breakdown } }
    paymentMethods { paymentMethods { ...breakdown } assets { ...breakdown } networks { ...breakdown } }
    failures { failedCount previousFailedCount failureRate previousFailureRate dates reasons { reason count share previousCount change volume trend } }
  }
}
fragment totals on AnalyticsTotals { volume transactionCount completedCount failedCount completionRate feesEarned averageOrder }
fragment point on AnalyticsVolumePoint { date volume transactionCount completedCount feesEarned }
fragment breakdown on AnalyticsBreakdown { value transactionCount completedCount volume share completionRate previousTransactionCount previousVolume volumeChange }`;

type Product = 'all' | 'buy' | 'sell' | 'swap' | 'deposit' | 'withdrawal';
type Comparison = 'previousPeriod' | 'previousYear' | 'none';
type Currency = 'usd' | 'eur' | 'gbp';
type Kind = Exclude<Product, 'all'>;
interface Ask {
  from: string;
  to: string;
  product?: Product;
  comparison?: Comparison;
  currency?: Currency;
}

const KINDS: Kind[] = ['buy', 'sell', 'swap', 'deposit', 'withdrawal'];
const DAY_MS = 86_400_000;
const parse = (date: string) => Date.parse(`${date}T00:00:00Z`);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

let t: TestApp;
let admin: ApiClient;
let mainAccountId: string;
let otherAccountId: string;
let otherAdmin: ApiClient;
let mainCustomers: string[] = [];

// ---------------------------------------------------------------------------------------------------------------
// Writing transactions through the service.

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Outcome = 'completed' | 'failed' | 'open';
const PATHS: Record<Kind, Record<Outcome, string[]>> = {
  buy: { completed: ['pending', 'completed'], failed: ['failed'], open: ['pending'] },
  sell: { completed: ['pending', 'completed'], failed: ['failed'], open: [] },
  swap: {
    completed: ['waitingForDepositAddressGeneration', 'waitingForDepositKytRegistration', 'waitingForDeposit', 'executingSwap', 'completed'],
    failed: ['failed'],
    open: ['waitingForDepositAddressGeneration'],
  },
  deposit: { completed: ['Pending', 'Completed'], failed: ['Failed'], open: ['Pending'] },
  withdrawal: { completed: ['Pending', 'Completed'], failed: ['Failed'], open: ['Pending'] },
};
const ASSETS = ['eth', 'btc', 'usdc_sol', 'usdc_polygon', 'sol'];
const FIATS = ['usd', 'eur', 'gbp'];
const COUNTRIES = ['GB', 'US', 'FR', null];
const METHODS = ['creditCard', 'sepa', 'applePay', null];
const REASONS = ['cardDeclined', 'insufficientFunds', 'quoteExpired', 'kycRejected'];

interface Made {
  kind: Kind;
  at: Date;
  outcome: Outcome;
  customerId: string | null;
  accountId: string;
  liveMode?: boolean;
  amount: string;
  rng: () => number;
}

async function make(spec: Made) {
  const { rng } = spec;
  const pick = <T>(values: readonly T[]) => values[Math.floor(rng() * values.length)]!;
  const asset = pick(ASSETS);
  const fiat = pick(FIATS);
  const common = {
    accountId: spec.accountId,
    liveMode: spec.liveMode ?? true,
    amount: spec.amount,
    baseCurrencyAmount: spec.amount,
    extraFeeAmount: (rng() * 5).toFixed(2),
    usdRate: (0.5 + rng()).toFixed(4),
    eurRate: (0.5 + rng()).toFixed(4),
    gbpRate: (0.5 + rng()).toFixed(4),
    customerId: spec.customerId,
    country: pick(COUNTRIES),
    paymentMethod: pick(METHODS),
    createdAt: spec.at,
  };
  const service = t.app.services.transactions;
  const row =
    spec.kind === 'buy'
      ? await service.createTransaction({ ...common, kind: 'buy', baseCurrencyCode: fiat, quoteCurrencyCode: asset, fiatCurrencyCode: fiat })
      : spec.kind === 'sell'
        ? await service.createTransaction({ ...common, kind: 'sell', baseCurrencyCode: asset, quoteCurrencyCode: fiat, fiatCurrencyCode: fiat })
        : spec.kind === 'swap'
          ? await service.createTransaction({
              ...common,
              kind: 'swap',
              baseCurrencyCode: asset,
              quoteCurrencyCode: asset === 'eth' ? 'btc' : 'eth',
              fiatCurrencyCode: 'usd',
            })
          : await service.createTransaction({
              ...common,
              kind: 'balance',
              balanceType: spec.kind === 'deposit' ? 'Deposit' : 'Withdrawal',
              baseCurrencyCode: fiat,
              fiatCurrencyCode: fiat,
            });
  const reason = pick(REASONS);
  for (const status of PATHS[spec.kind][spec.outcome]) {
    await service.changeStatus(row.id, status, { failureReason: status === 'failed' || status === 'Failed' ? reason : null });
  }
  return row;
}

async function customer(accountId: string, n: number) {
  const result = await t.database.pool.query<{ id: string }>(
    `insert into customers (account_id, live_mode, email, external_customer_id, country, default_currency, kyc_level, identity_check_status)
     values ($1, true, $2, $3, 'GB', 'gbp', 'Full', 'Clear') returning id`,
    [accountId, `analytics-${n}-${accountId.slice(0, 8)}@example.com`, `an-${n}`],
  );
  return result.rows[0]!.id;
}

/** `count` transactions spread over [from, to], a random kind, outcome and customer each. */
async function generate(accountId: string, customers: string[], from: string, to: string, count: number, seed: number) {
  const rng = random(seed);
  const span = parse(to) - parse(from) + DAY_MS;
  for (let n = 0; n < count; n += 1) {
    const roll = rng();
    await make({
      accountId,
      kind: KINDS[Math.floor(rng() * KINDS.length)]!,
      at: new Date(parse(from) + Math.floor(rng() * span)),
      outcome: roll < 0.55 ? 'completed' : roll < 0.8 ? 'failed' : 'open',
      customerId: rng() < 0.1 ? null : customers[Math.floor(rng() * customers.length)]!,
      amount: (5 + rng() * 500).toFixed(2),
      rng,
    });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The figures computed directly from the transactions table and widget_events.

interface Tx {
  kind: Kind;
  day: string;
  status: string;
  reason: string;
  amount: string;
  fee: string;
  rate: string;
  customerId: string | null;
  country: string;
  method: string;
  asset: string;
}

async function transactionsOf(accountId: string, currency: Currency): Promise<Tx[]> {
  const result = await t.database.pool.query(
    `select case when kind = 'balance' then lower(balance_type) else kind end as kind, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
            status, coalesce(failure_reason, 'unknown') as reason, amount::text, coalesce(extra_fee_amount, 0)::text as fee, ${currency}_rate::text as rate,
            customer_id as "customerId", coalesce(country, 'unknown') as country, coalesce(payment_method, 'none') as method,
            case kind when 'buy' then quote_currency_code when 'sell' then base_currency_code when 'swap' then base_currency_code else fiat_currency_code end as asset
     from transactions where account_id = $1 and live_mode`,
    [accountId],
  );
  return (result.rows as Tx[]).filter((row) => (KINDS as string[]).includes(row.kind));
}

const round4 = (value: Decimal) => value.toDecimalPlaces(4).toNumber();
const rate = (part: Decimal.Value, whole: Decimal.Value) => (new Decimal(whole).isZero() ? 0 : round4(Decimal.min(1, new Decimal(part).div(whole))));
const changeOf = (current: Decimal.Value, previous: Decimal.Value) =>
  new Decimal(previous).isZero() ? null : round4(new Decimal(current).minus(previous).div(previous));
const isCompleted = (tx: Tx) => tx.status === 'completed' || tx.status === 'Completed';
const isFailed = (tx: Tx) => tx.status === 'failed' || tx.status === 'Failed';
const money = (tx: Tx) => new Decimal(tx.amount).times(tx.rate);
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

function bucketDates(from: string, to: string, bucket: string): string[] {
  const dates: string[] = [];
  if (bucket === 'day') for (let ms = parse(from); ms <= parse(to); ms += DAY_MS) dates.push(iso(ms));
  else for (let month = monthOf(from); month <= to; month = iso(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1))) dates.push(month);
  return dates;
}

function totalsOf(rows: Tx[]) {
  const completed = rows.filter(isCompleted);
  const volume = completed.reduce((sum, tx) => sum.plus(money(tx)), new Decimal(0));
  return {
    volume: volume.toFixed(2),
    transactionCount: rows.length,
    completedCount: completed.length,
    failedCount: rows.filter(isFailed).length,
    completionRate: rate(completed.length, rows.length),
    feesEarned: completed.reduce((sum, tx) => sum.plus(new Decimal(tx.fee).times(tx.rate)), new Decimal(0)).toFixed(2),
    averageOrder: completed.length ? volume.div(completed.length).toFixed(2) : '0.00',
  };
}

/** A breakdown by `valueOf`, sorted by value (the order is checked separately). */
function breakdownOf(current: Tx[], previous: Tx[], valueOf: (tx: Tx) => string) {
  const values = [...new Set([...current, ...previous].map(valueOf))].sort();
  const completedVolume = (rows: Tx[]) => rows.filter(isCompleted).reduce((sum, tx) => sum.plus(money(tx)), new Decimal(0));
  const total = completedVolume(current);
  return values.map((value) => {
    const mine = current.filter((tx) => valueOf(tx) === value);
    const before = previous.filter((tx) => valueOf(tx) === value);
    const volume = completedVolume(mine);
    return {
      value,
      transactionCount: mine.length,
      completedCount: mine.filter(isCompleted).length,
      volume: volume.toFixed(2),
      share: rate(volume, total),
      completionRate: rate(mine.filter(isCompleted).length, mine.length),
      previousTransactionCount: before.length,
      previousVolume: completedVolume(before).toFixed(2),
      volumeChange: changeOf(volume.toFixed(2), completedVolume(before).toFixed(2)),
    };
  });
}

interface Funnel {
  flow: string;
  event: string;
  day: string;
}

function expected(ask: Required<Ask>, previous: { from: string; to: string } | null, all: Tx[], events: Funnel[]) {
  const kinds = ask.product === 'all' ? KINDS : [ask.product];
  const ofProduct = all.filter((tx) => (kinds as string[]).includes(tx.kind));
  const within = (from: string, to: string) => ofProduct.filter((tx) => tx.day >= from && tx.day <= to);
  const days = Math.round((parse(ask.to) - parse(ask.from)) / DAY_MS) + 1;
  const bucket = days > 92 ? 'month' : 'day';
  const bucketOf = (day: string) => (bucket === 'day' ? day : monthOf(day));
  const current = within(ask.from, ask.to);
  const compared = previous ? within(previous.from, previous.to) : [];
  const dates = bucketDates(ask.from, ask.to, bucket);
  const seriesOf = (from: string, to: string, rows: Tx[]) =>
    bucketDates(from, to, bucket).map((date) => {
      const inBucket = rows.filter((tx) => bucketOf(tx.day) === date);
      const totals = totalsOf(inBucket);
      return { date, volume: totals.volume, transactionCount: totals.transactionCount, completedCount: totals.completedCount, feesEarned: totals.feesEarned };
    });
  const currentTotals = totalsOf(current);
  const previousTotals = totalsOf(compared);
  const changed = (key: 'volume' | 'transactionCount' | 'completionRate' | 'feesEarned' | 'averageOrder') =>
    previous ? changeOf(currentTotals[key], previousTotals[key]) : null;

  // Funnel: widget_events rows are the truth.
  const flows = ask.product === 'all' ? ['buy', 'sell', 'swap'] : ['buy', 'sell', 'swap'].filter((flow) => flow === ask.product);
  const eventsIn = (from: string, to: string) => events.filter((e) => flows.includes(e.flow) && e.day >= from && e.day <= to);
  const stepCount = (rows: Funnel[], step: string) => rows.filter((e) => e.event === step).length;
  const funnelNow = eventsIn(ask.from, ask.to);
  const funnelBefore = previous ? eventsIn(previous.from, previous.to) : [];
  const STEPS = ['opened', 'quoted', 'payment_started', 'completed', 'failed'];
  const opened = stepCount(funnelNow, 'opened');

  // Customers: first day per customer over the product's whole history.
  const withCustomer = ofProduct.filter((tx) => tx.customerId);
  const firstDay = new Map<string, string>();
  for (const tx of withCustomer) if (!firstDay.has(tx.customerId!) || tx.day < firstDay.get(tx.customerId!)!) firstDay.set(tx.customerId!, tx.day);
  const activeIn = (from: string, to: string) => new Set(withCustomer.filter((tx) => tx.day >= from && tx.day <= to).map((tx) => tx.customerId!));
  const newIn = (from: string, to: string) => [...firstDay.values()].filter((day) => day >= from && day <= to).length;
  const active = activeIn(ask.from, ask.to).size;
  const created = newIn(ask.from, ask.to);
  const previousActive = previous ? activeIn(previous.from, previous.to).size : 0;
  const previousCreated = previous ? newIn(previous.from, previous.to) : 0;
  const months = bucketDates(ask.from, ask.to, 'month');
  const monthEnd = (month: string) => iso(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0));

  // Failures.
  const failedNow = current.filter(isFailed);
  const failedBefore = compared.filter(isFailed);
  const reasons = [...new Set([...failedNow, ...failedBefore].map((tx) => tx.reason))].sort();

  return {
    accountId: mainAccountId,
    liveMode: true,
    product: ask.product,
    currencyCode: ask.currency,
    from: ask.from,
    to: ask.to,
    comparison: ask.comparison,
    previousFrom: previous?.from ?? null,
    previousTo: previous?.to ?? null,
    bucket,
    volume: {
      current: currentTotals,
      previous: previousTotals,
      changes: {
        volume: changed('volume'),
        transactionCount: changed('transactionCount'),
        completionRate: changed('completionRate'),
        feesEarned: changed('feesEarned'),
        averageOrder: changed('averageOrder'),
      },
      series: seriesOf(ask.from, ask.to, current),
      previousSeries: previous ? seriesOf(previous.from, previous.to, compared) : [],
      byProduct:
        ask.product === 'all' || current.length || compared.length
          ? breakdownOf(current, compared, (tx) => tx.kind)
          : [
              {
                value: ask.product,
                transactionCount: 0,
                completedCount: 0,
                volume: '0.00',
                share: 0,
                completionRate: 0,
                previousTransactionCount: 0,
                previousVolume: '0.00',
                volumeChange: null,
              },
            ],
    },
    conversion: {
      steps: STEPS.map((step, index) => {
        const count = stepCount(funnelNow, step);
        const before = index === 0 || step === 'failed' ? 0 : stepCount(funnelNow, STEPS[index - 1]!);
        return {
          step,
          count,
          previousCount: stepCount(funnelBefore, step),
          shareOfOpened: rate(count, opened),
          dropFromPrevious: before === 0 ? 0 : rate(Math.max(before - count, 0), before),
        };
      }),
      conversionRate: rate(stepCount(funnelNow, 'completed'), opened),
      previousConversionRate: rate(stepCount(funnelBefore, 'completed'), stepCount(funnelBefore, 'opened')),
      hasWidgetFunnel: flows.length > 0,
      series: dates.map((date) => {
        const inBucket = funnelNow.filter((e) => bucketOf(e.day) === date);
        return {
          date,
          opened: stepCount(inBucket, 'opened'),
          quoted: stepCount(inBucket, 'quoted'),
          paymentStarted: stepCount(inBucket, 'payment_started'),
          completed: stepCount(inBucket, 'completed'),
          failed: stepCount(inBucket, 'failed'),
        };
      }),
    },
    customers: {
      activeCustomers: active,
      newCustomers: created,
      returningCustomers: Math.max(active - created, 0),
      isEstimate: false,
      previousActiveCustomers: previousActive,
      previousNewCustomers: previousCreated,
      previousReturningCustomers: Math.max(previousActive - previousCreated, 0),
      months: months.map((month) => {
        const activeCustomers = activeIn(month, monthEnd(month)).size;
        const newCustomers = newIn(month, monthEnd(month));
        return { month, activeCustomers, newCustomers, returningCustomers: Math.max(activeCustomers - newCustomers, 0) };
      }),
      cohorts: months
        .slice(-12)
        .map((cohortMonth) => {
          const members = [...firstDay].filter(([, day]) => monthOf(day) === cohortMonth).map(([id]) => id);
          const retained = months
            .filter((month) => month >= cohortMonth)
            .map((month) => {
              const seen = activeIn(month, monthEnd(month));
              return members.filter((id) => seen.has(id)).length;
            });
          return { cohortMonth, size: members.length, retained };
        })
        .filter((cohort) => cohort.size > 0),
    },
    geography: { countries: breakdownOf(current, compared, (tx) => tx.country) },
    paymentMethods: {
      paymentMethods: breakdownOf(current, compared, (tx) => tx.method),
      assets: breakdownOf(current, compared, (tx) => tx.asset),
      networks: breakdownOf(current, compared, (tx) =>
        (FIAT_CURRENCIES as readonly string[]).includes(tx.asset) ? 'fiat' : (networkOf(tx.asset) ?? 'unknown'),
      ),
    },
    failures: {
      failedCount: failedNow.length,
      previousFailedCount: failedBefore.length,
      failureRate: rate(failedNow.length, current.length),
      previousFailureRate: rate(failedBefore.length, compared.length),
      dates,
      reasons: reasons.map((reason) => {
        const mine = failedNow.filter((tx) => tx.reason === reason);
        const before = failedBefore.filter((tx) => tx.reason === reason).length;
        return {
          reason,
          count: mine.length,
          share: rate(mine.length, failedNow.length),
          previousCount: before,
          change: previous ? changeOf(mine.length, before) : null,
          volume: mine.reduce((sum, tx) => sum.plus(money(tx)), new Decimal(0)).toFixed(2),
          trend: dates.map((date) => mine.filter((tx) => bucketOf(tx.day) === date).length),
        };
      }),
    },
  };
}

type Result = ReturnType<typeof expected>;

/** Breakdowns come largest volume first, failure reasons largest count first; compared sorted by value. */
function normalised(result: Result): Result {
  const byValue = <T extends { value: string; volume: string }>(rows: T[]) => {
    for (let i = 1; i < rows.length; i += 1) expect(Number(rows[i - 1]!.volume) >= Number(rows[i]!.volume), `ranked by volume: ${rows[i]!.value}`).toBe(true);
    return [...rows].sort((a, b) => (a.value < b.value ? -1 : 1));
  };
  const reasons = result.failures.reasons;
  for (let i = 1; i < reasons.length; i += 1) expect(reasons[i - 1]!.count).toBeGreaterThanOrEqual(reasons[i]!.count);
  return {
    ...result,
    volume: { ...result.volume, byProduct: byValue(result.volume.byProduct) },
    geography: { countries: byValue(result.geography.countries) },
    paymentMethods: {
      paymentMethods: byValue(result.paymentMethods.paymentMethods),
      assets: byValue(result.paymentMethods.assets),
      networks: byValue(result.paymentMethods.networks),
    },
    failures: { ...result.failures, reasons: [...reasons].sort((a, b) => (a.reason < b.reason ? -1 : 1)) },
  };
}

async function funnelEvents(accountId: string): Promise<Funnel[]> {
  const result = await t.database.pool.query<Funnel>(
    `select flow, event, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day from widget_events
     where account_id = $1 and live_mode and event in ('opened', 'quoted', 'payment_started', 'completed', 'failed')`,
    [accountId],
  );
  return result.rows;
}

/** Queries analytics and checks every figure against the direct computation. */
async function check(ask: Ask, previous: { from: string; to: string } | null, options: { accountId?: string; client?: ApiClient } = {}) {
  const full: Required<Ask> = { product: 'all', comparison: 'previousPeriod', currency: 'usd', ...ask };
  const accountId = options.accountId ?? mainAccountId;
  const data = await (options.client ?? admin).ok<{ analytics: Result }>(QUERY, {
    a: accountId,
    live: true,
    from: ask.from,
    to: ask.to,
    p: ask.product,
    c: ask.comparison,
    cur: ask.currency,
  });
  const want = expected(full, previous, await transactionsOf(accountId, full.currency), await funnelEvents(accountId));
  want.accountId = accountId;
  expect(normalised(data.analytics), JSON.stringify(ask)).toEqual(want);
  return data.analytics;
}

// ---------------------------------------------------------------------------------------------------------------

beforeAll(async () => {
  t = await startTestApp();
  const main = await accountWithMember(t, { name: 'Analytics Main' });
  admin = main.client;
  mainAccountId = main.accountId;
  const other = await accountWithMember(t, { name: 'Analytics Other' });
  otherAdmin = other.client;
  otherAccountId = other.accountId;
  mainCustomers = [];
  for (let n = 0; n < 14; n += 1) mainCustomers.push(await customer(mainAccountId, n));
  const otherCustomers = [await customer(otherAccountId, 0), await customer(otherAccountId, 1)];
  // A year and a half of the main account (a year earlier than the ranges asked, for previousYear and cohorts).
  await generate(mainAccountId, mainCustomers, '2025-01-10', '2026-04-20', 150, 16);
  // Dense March 2026 and the period before it, so daily figures have several per bucket; new customers join here.
  for (let n = 14; n < 22; n += 1) mainCustomers.push(await customer(mainAccountId, n));
  await generate(mainAccountId, mainCustomers, '2026-01-20', '2026-03-31', 90, 17);
  // The other organization, on the same days, and the main account's test mode: never counted.
  await generate(otherAccountId, otherCustomers, '2025-06-01', '2026-04-20', 40, 18);
  const rng = random(19);
  for (let n = 0; n < 6; n += 1) {
    await make({
      accountId: mainAccountId,
      liveMode: false,
      kind: 'buy',
      at: new Date(Date.UTC(2026, 2, 10 + n)),
      outcome: 'completed',
      customerId: null,
      amount: '999.00',
      rng,
    });
  }
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe('analytics figures match the transactions they summarise', () => {
  it('a month by day, every product, against the previous period, the same period a year earlier and nothing', async () => {
    for (const product of ['all', ...KINDS] as Product[]) {
      await check({ from: '2026-03-01', to: '2026-03-31', product }, { from: '2026-01-29', to: '2026-02-28' });
      await check({ from: '2026-03-01', to: '2026-03-31', product, comparison: 'previousYear', currency: 'eur' }, { from: '2025-03-01', to: '2025-03-31' });
      await check({ from: '2026-03-01', to: '2026-03-31', product, comparison: 'none', currency: 'gbp' }, null);
    }
    // A range starting mid-month and ending mid-month: whole months and loose days read different rollups.
    await check({ from: '2026-02-10', to: '2026-03-20' }, { from: '2026-01-02', to: '2026-02-09' });
  });

  it('a long range by month, with whole months read from the monthly rollups and loose days around them', async () => {
    const result = await check({ from: '2025-05-15', to: '2026-04-10' }, { from: '2024-06-18', to: '2025-05-14' });
    expect(result.bucket).toBe('month');
    expect(result.volume.series[0]!.date).toBe('2025-05-01');
    expect(result.customers.cohorts.length).toBeGreaterThan(0);
    expect(result.customers.cohorts.every((cohort) => cohort.cohortMonth >= '2025-05-01')).toBe(true);
    await check(
      { from: '2025-05-15', to: '2026-04-10', product: 'sell', comparison: 'previousYear', currency: 'gbp' },
      { from: '2024-05-15', to: '2025-04-10' },
    );
    await check({ from: '2025-01-01', to: '2026-04-30', product: 'deposit', comparison: 'none' }, null);
  });

  it('follows status changes after the fact: a completed and a failed transaction move every figure', async () => {
    const open = await t.database.pool.query<{ id: string; kind: string; balance_type: string | null }>(
      `select id, kind, balance_type from transactions where account_id = $1 and live_mode and status in ('pending', 'Pending', 'waitingForDeposit')
       and created_at >= '2026-03-01' and created_at < '2026-04-01' order by created_at limit 2`,
      [mainAccountId],
    );
    expect(open.rows).toHaveLength(2);
    const [toComplete, toFail] = open.rows as [(typeof open.rows)[0], (typeof open.rows)[0]];
    const before = await check({ from: '2026-03-01', to: '2026-03-31' }, { from: '2026-01-29', to: '2026-02-28' });
    const balance = toComplete.kind === 'balance';
    if (toComplete.kind === 'sell') await t.app.services.transactions.changeStatus(toComplete.id, 'pending');
    await t.app.services.transactions.changeStatus(toComplete.id, balance ? 'Completed' : 'completed');
    await t.app.services.transactions.changeStatus(toFail.id, toFail.kind === 'balance' ? 'Failed' : 'failed', { failureReason: 'riskDeclined' });
    const after = await check({ from: '2026-03-01', to: '2026-03-31' }, { from: '2026-01-29', to: '2026-02-28' });
    expect(after.volume.current.completedCount).toBe(before.volume.current.completedCount + 1);
    expect(after.failures.failedCount).toBe(before.failures.failedCount + 1);
    expect(after.failures.reasons.some((reason) => reason.reason === 'riskDeclined')).toBe(true);
    await check({ from: '2025-05-15', to: '2026-04-10', comparison: 'none' }, null);
  });

  it('a back-filled older transaction moves its customer to an earlier first day and cohort', async () => {
    const firstDays = await t.database.pool.query<{ customer_id: string; first: string }>(
      `select customer_id, to_char(min(created_at at time zone 'UTC'), 'YYYY-MM-DD') as first from transactions
       where account_id = $1 and live_mode and customer_id is not null group by 1 order by 2 desc limit 1`,
      [mainAccountId],
    );
    const latest = firstDays.rows[0]!;
    const monthRange = { from: '2025-05-01', to: '2026-04-30', comparison: 'none' as const };
    const before = await check(monthRange, null);
    expect(latest.first >= '2026-01-01').toBe(true);
    await make({
      accountId: mainAccountId,
      kind: 'buy',
      at: new Date('2025-06-03T12:00:00Z'),
      outcome: 'completed',
      customerId: latest.customer_id,
      amount: '42.00',
      rng: random(20),
    });
    const after = await check(monthRange, null);
    const cohort = (result: Result, month: string) => result.customers.cohorts.find((c) => c.cohortMonth === month)?.size ?? 0;
    expect(cohort(after, '2025-06-01')).toBe(cohort(before, '2025-06-01') + 1);
    expect(cohort(after, monthOf(latest.first))).toBe(cohort(before, monthOf(latest.first)) - 1);
    await check({ from: '2026-03-01', to: '2026-03-31' }, { from: '2026-01-29', to: '2026-02-28' });
    await check({ from: '2025-06-01', to: '2025-06-30', product: 'buy', comparison: 'none' }, null);
  });
});

describe('conversion funnel', () => {
  it('counts the recorded widget events per step and flow, the ends recorded at the status change; preview sessions count nothing', async () => {
    const owner = await accountWithMember(t, { name: 'Analytics Funnel' });
    const accountId = owner.accountId;
    const widget = createWidgetRepository(t.database.db);
    const session = async (flow: 'buy' | 'sell' | 'swap', preview = false) => {
      const result = await t.database.pool.query<{ id: string }>(
        `insert into widget_sessions (token_hash, account_id, live_mode, flow, params, expires_at) values ($1, $2, true, $3, $4, now() + interval '1 hour') returning id`,
        [`analytics-${Math.random()}`, accountId, flow, preview ? { preview: '1' } : {}],
      );
      return result.rows[0]!.id;
    };
    const rng = random(21);
    const walk = async (flow: 'buy' | 'sell' | 'swap', reach: number, end: Outcome | null, preview = false) => {
      const sessionId = await session(flow, preview);
      const steps = ['opened', 'quoted', 'payment_started'] as const;
      for (const event of steps.slice(0, reach)) await widget.recordEvent({ accountId, liveMode: true, sessionId, flow, event });
      if (!end) return;
      const row = await make({ accountId, kind: flow, at: new Date(), outcome: 'open', customerId: null, amount: '100.00', rng });
      await widget.recordEvent({ accountId, liveMode: true, sessionId, flow, event: 'transaction_created', transactionId: row.id });
      const kind = flow as Kind;
      const path = end === 'failed' ? ['failed'] : PATHS[kind].completed.slice(PATHS[kind].open.length);
      for (const status of path) await t.app.services.transactions.changeStatus(row.id, status, { failureReason: status === 'failed' ? 'cardDeclined' : null });
    };
    await walk('buy', 3, 'completed');
    await walk('buy', 3, 'completed');
    await walk('buy', 3, 'failed');
    await walk('buy', 2, null);
    await walk('buy', 1, null);
    await walk('sell', 3, 'completed');
    await walk('sell', 1, null);
    await walk('swap', 3, 'failed');
    await walk('buy', 3, 'completed', true);
    const events = await funnelEvents(accountId);
    expect(events.filter((e) => e.event === 'opened')).toHaveLength(8);
    expect(events.filter((e) => e.event === 'completed')).toHaveLength(3);
    const today = iso(Date.now());
    const week = { from: iso(Date.now() - 6 * DAY_MS), to: today };
    const previous = { from: iso(Date.now() - 13 * DAY_MS), to: iso(Date.now() - 7 * DAY_MS) };
    for (const product of ['all', 'buy', 'sell', 'swap', 'deposit'] as Product[]) {
      const result = await check({ ...week, product }, previous, { accountId, client: owner.client });
      if (product === 'all') {
        expect(result.conversion.steps.map((s) => s.count)).toEqual([8, 6, 5, 3, 2]);
        expect(result.conversion.conversionRate).toBe(0.375);
      }
      if (product === 'deposit') {
        expect(result.conversion.hasWidgetFunnel).toBe(false);
        expect(result.conversion.steps.every((s) => s.count === 0)).toBe(true);
      }
    }
  });
});

describe('an account with no data', () => {
  it('answers zeros and empty lists, never an error', async () => {
    const empty = await accountWithMember(t, { name: 'Analytics Empty' });
    const data = await empty.client.ok<{ analytics: Result }>(QUERY, { a: empty.accountId, live: true, from: '2025-01-01', to: '2026-03-31' });
    const a = data.analytics;
    expect(a.volume.current).toEqual({
      volume: '0.00',
      transactionCount: 0,
      completedCount: 0,
      failedCount: 0,
      completionRate: 0,
      feesEarned: '0.00',
      averageOrder: '0.00',
    });
    expect(a.volume.changes).toEqual({ volume: null, transactionCount: null, completionRate: null, feesEarned: null, averageOrder: null });
    expect(a.volume.series).toHaveLength(15);
    expect(a.volume.series.every((p) => p.volume === '0.00' && p.transactionCount === 0)).toBe(true);
    expect(a.volume.byProduct).toEqual([]);
    expect(a.conversion.conversionRate).toBe(0);
    expect(a.conversion.steps.map((s) => [s.count, s.shareOfOpened, s.dropFromPrevious])).toEqual(Array(5).fill([0, 0, 0]));
    expect(a.customers).toMatchObject({ activeCustomers: 0, newCustomers: 0, returningCustomers: 0, isEstimate: false, cohorts: [] });
    expect(a.customers.months.every((m) => m.activeCustomers === 0)).toBe(true);
    expect(a.geography.countries).toEqual([]);
    expect(a.paymentMethods).toEqual({ paymentMethods: [], assets: [], networks: [] });
    expect(a.failures).toMatchObject({ failedCount: 0, failureRate: 0, reasons: [] });
    const buy = await empty.client.ok<{ analytics: Result }>(QUERY, {
      a: empty.accountId,
      live: true,
      from: '2026-03-01',
      to: '2026-03-01',
      p: 'buy',
      c: 'none',
    });
    expect(buy.analytics.volume.byProduct).toEqual([expect.objectContaining({ value: 'buy', transactionCount: 0, volume: '0.00', volumeChange: null })]);
    expect(buy.analytics.volume.previousSeries).toEqual([]);
  });
});

describe('access', () => {
  const ask = (client: ApiClient, accountId: string) => client.gql(QUERY, { a: accountId, live: true, from: '2026-03-01', to: '2026-03-31' });

  it('never counts another organization, and refuses another account', async () => {
    // The main account's figures were checked against its own rows above; the other account sees only its own.
    const own = await otherAdmin.ok<{ analytics: Result }>(QUERY, { a: otherAccountId, live: true, from: '2025-06-01', to: '2026-04-20' });
    const rows = await t.database.pool.query<{ n: number }>(`select count(*)::int as n from transactions where account_id = $1 and live_mode`, [
      otherAccountId,
    ]);
    expect(own.analytics.volume.current.transactionCount).toBe(rows.rows[0]!.n);
    expect(errorCode(await ask(otherAdmin, mainAccountId))).toBe('FORBIDDEN_ERROR');
    expect(errorCode(await ask(admin, otherAccountId))).toBe('FORBIDDEN_ERROR');
    expect(errorCode(await t.client().gql(QUERY, { a: mainAccountId, live: true, from: '2026-03-01', to: '2026-03-31' }))).toBe('UNAUTHENTICATED');
  });

  it('lets administrators, analysts and staff with analytics:view read; refuses developers, support specialists and other staff', async () => {
    const member = async (role: 'administrator' | 'analyst' | 'developer' | 'support_specialist') => {
      const user = await signedInMember(t, mainAccountId, role);
      return user.client;
    };
    expect(errorCode(await ask(await member('administrator'), mainAccountId))).toBeUndefined();
    expect(errorCode(await ask(await member('analyst'), mainAccountId))).toBeUndefined();
    expect(errorCode(await ask(await member('developer'), mainAccountId))).toBe('FORBIDDEN_ERROR');
    expect(errorCode(await ask(await member('support_specialist'), mainAccountId))).toBe('FORBIDDEN_ERROR');
    expect(staffHasAccountPermission('DataAnalyst', 'analytics:read')).toBe(true);
    expect(staffHasAccountPermission('SupportAgentTier1', 'analytics:read')).toBe(false);
    expect(errorCode(await ask((await signedInUser(t, { adminRole: 'DataAnalyst' })).client, mainAccountId))).toBeUndefined();
    expect(errorCode(await ask((await signedInUser(t, { adminRole: 'SupportAgentTier1' })).client, mainAccountId))).toBe('FORBIDDEN_ERROR');
  });
});

describe('bad input', () => {
  it('refuses malformed dates, a reversed range and more than three years, naming the field', async () => {
    const fields = async (from: string, to: string) => {
      const result = await admin.gql(QUERY, { a: mainAccountId, live: true, from, to });
      expect(errorCode(result)).toBe('BAD_USER_INPUT');
      return result.errors![0]!.extensions!.fields as Record<string, string>;
    };
    expect(await fields('yesterday', '2026-03-01')).toEqual({ from: 'Enter a date such as 2026-01-31.' });
    expect(await fields('2026-01-01', '2026-02-30')).toEqual({ to: 'Enter a date such as 2026-01-31.' });
    expect(await fields('2026-03-02', '2026-03-01')).toEqual({ from: 'The start is after the end.' });
    expect(await fields('2023-01-01', '2026-03-01')).toEqual({ to: 'Choose at most three years.' });
    expect(errorCode(await admin.gql(QUERY, { a: mainAccountId, live: true, from: '2026-03-01', to: '2026-03-01', p: 'reward' }))).toBe('BAD_USER_INPUT');
    // Exactly the longest range is accepted.
    const to = iso(parse('2023-06-01') + (3 * 366 - 1) * DAY_MS);
    expect(
      errorCode(
        await admin.gql(`query($a: ID!, $to: String!) { analytics(accountId: $a, liveMode: true, from: "2023-06-01", to: $to) { bucket } }`, {
          a: mainAccountId,
          to,
        }),
      ),
    ).toBeUndefined();
  });
});
