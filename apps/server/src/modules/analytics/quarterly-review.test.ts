import crypto from 'node:crypto';
import type { MembershipRole } from '@rampart/shared/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastEndedQuarter, quarterLabel, quarterRange, shiftQuarter } from '@rampart/shared/analytics';
import { errorCode, startTestApp, type ApiClient, type TestApp } from '../../../test/harness.ts';
import { accountWithMember, signedInMember, signedInUser } from '../../../test/accounts-helper.ts';
import { generateTransactions } from '../transactions/generator.ts';
import { parseEnv } from '../../config/env.ts';
import { lookerEmbedUrl } from './looker.ts';
import { notableChanges } from './quarterly-review.service.ts';

const LOOKER = {
  LOOKER_HOST: 'looker.example.test',
  LOOKER_EMBED_SECRET: 'looker-embed-secret-for-tests',
  LOOKER_MODELS: 'rampart,finance',
  LOOKER_DASHBOARDS: 'volume=12,quarterlyReview=20',
  LOOKER_SESSION_LENGTH: '900',
};

const REVIEW = `query($a: ID!, $live: Boolean!, $q: String, $c: DashboardCurrency) { quarterlyReview(accountId: $a, liveMode: $live, quarter: $q, currencyCode: $c) {
  accountId accountName quarter from to previousQuarter yearAgoQuarter
  headline { name value previousQuarter yearAgo changeFromPreviousQuarter changeFromYearAgo }
  products { product volume transactionCount previousQuarterVolume yearAgoVolume months { date volume transactionCount } }
  topAssets { value volume transactionCount } topCountries { value volume transactionCount } topPaymentMethods { value volume transactionCount }
  conversion { conversionRate steps { step count } } failureReasons { reason count previousCount }
  notableChanges availableQuarters generatedAt } }`;

const ANALYTICS = `query($a: ID!, $live: Boolean!, $from: String!, $to: String!, $p: AnalyticsProduct, $c: DashboardCurrency) {
  analytics(accountId: $a, liveMode: $live, from: $from, to: $to, product: $p, comparison: none, currencyCode: $c) {
    volume { current { volume transactionCount completedCount completionRate feesEarned averageOrder } byProduct { value volume transactionCount } }
    customers { activeCustomers newCustomers }
    geography { countries { value volume transactionCount } }
    paymentMethods { paymentMethods { value volume transactionCount } assets { value volume transactionCount } }
    failures { reasons { reason count } } } }`;

let t: TestApp;
let accountId: string;
let admin: ApiClient;
let analyst: ApiClient;
let support: ApiClient;
const quarter = lastEndedQuarter(new Date().toISOString().slice(0, 10));

async function member(role: MembershipRole) {
  const user = await signedInMember(t, accountId, role);
  return user.client;
}

beforeAll(async () => {
  t = await startTestApp(LOOKER);
  const owner = await accountWithMember(t, { name: 'Quarterly Co' });
  accountId = owner.accountId;
  admin = owner.client;
  // Eighteen months of history ending now, so the quarter, the one before and a year earlier all have data.
  await generateTransactions(t.database.pool, { accountId, live: 3000, test: 0, days: 540, seed: 16 });
  analyst = await member('analyst');
  support = await member('support_specialist');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const headline = (review: { headline: Array<{ name: string }> }, name: string) =>
  review.headline.find((figure) => figure.name === name) as Record<string, unknown>;

describe('quarterlyReview', () => {
  it('defaults to the last ended quarter; its headline equals a direct count of the transactions', async () => {
    const { quarterlyReview: review } = await analyst.ok(REVIEW, { a: accountId, live: true });
    const range = quarterRange(quarter);
    expect(review).toMatchObject({
      accountId,
      accountName: 'Quarterly Co',
      quarter,
      from: range.from,
      to: range.to,
      previousQuarter: shiftQuarter(quarter, -1),
      yearAgoQuarter: shiftQuarter(quarter, -4),
    });
    const direct = async (of: { from: string; to: string }) =>
      (
        await t.database.pool.query<{ n: number; completed: number; volume: string; fees: string }>(
          `select count(*)::int as n, count(*) filter (where status in ('completed', 'Completed'))::int as completed,
                  round(coalesce(sum(amount * usd_rate) filter (where status in ('completed', 'Completed')), 0), 2)::text as volume,
                  round(coalesce(sum(extra_fee_amount * usd_rate) filter (where status in ('completed', 'Completed')), 0), 2)::text as fees
           from transactions where account_id = $1 and live_mode and (kind <> 'balance' or balance_type in ('Deposit', 'Withdrawal')) and (created_at at time zone 'UTC')::date between $2::date and $3::date`,
          [accountId, of.from, of.to],
        )
      ).rows[0]!;
    const now = await direct(range);
    const before = await direct(quarterRange(shiftQuarter(quarter, -1)));
    const yearAgo = await direct(quarterRange(shiftQuarter(quarter, -4)));
    expect(now.n).toBeGreaterThan(100);
    expect(headline(review, 'volume')).toMatchObject({ value: now.volume, previousQuarter: before.volume, yearAgo: yearAgo.volume });
    expect(headline(review, 'transactions')).toMatchObject({ value: String(now.n), previousQuarter: String(before.n), yearAgo: String(yearAgo.n) });
    expect(headline(review, 'feesEarned')).toMatchObject({ value: now.fees });
    expect(Number(headline(review, 'completionRate').value)).toBeCloseTo(now.completed / now.n, 3);
    expect(headline(review, 'volume').changeFromPreviousQuarter).toBeCloseTo((Number(now.volume) - Number(before.volume)) / Number(before.volume), 3);
    expect(review.products.reduce((sum: number, product: { transactionCount: number }) => sum + product.transactionCount, 0)).toBe(now.n);
    expect(review.products[0].months).toHaveLength(3);
  });

  it('reads the same figures as analytics over the same ranges', async () => {
    const { quarterlyReview: review } = await analyst.ok(REVIEW, { a: accountId, live: true, q: quarter, c: 'eur' });
    const over = async (q: string, product = 'all') =>
      (await analyst.ok(ANALYTICS, { a: accountId, live: true, ...quarterRange(q), p: product, c: 'eur' })).analytics;
    const [now, before, yearAgo] = await Promise.all([over(quarter), over(shiftQuarter(quarter, -1)), over(shiftQuarter(quarter, -4))]);
    expect(headline(review, 'volume')).toMatchObject({
      value: now.volume.current.volume,
      previousQuarter: before.volume.current.volume,
      yearAgo: yearAgo.volume.current.volume,
    });
    expect(headline(review, 'averageOrder').value).toBe(now.volume.current.averageOrder);
    expect(headline(review, 'activeCustomers')).toMatchObject({
      value: String(now.customers.activeCustomers),
      previousQuarter: String(before.customers.activeCustomers),
    });
    expect(headline(review, 'newCustomers').value).toBe(String(now.customers.newCustomers));
    expect(review.topAssets).toEqual(now.paymentMethods.assets.slice(0, 5));
    expect(review.topCountries).toEqual(now.geography.countries.slice(0, 5));
    expect(review.topPaymentMethods).toEqual(now.paymentMethods.paymentMethods.slice(0, 5));
    // Ties are ranked by the previous quarter's count here, so compare as sets.
    const reasons = (rows: Array<{ reason: string; count: number }>) => rows.map((r) => `${r.reason}:${r.count}`).sort();
    expect(reasons(review.failureReasons)).toEqual(reasons(now.failures.reasons));
    const swaps = await over(quarter, 'swap');
    const swapRow = review.products.find((product: { product: string }) => product.product === 'swap');
    expect(swapRow.volume).toBe(swaps.volume.current.volume);
    expect(swapRow.months.reduce((sum: number, m: { transactionCount: number }) => sum + m.transactionCount, 0)).toBe(swaps.volume.current.transactionCount);
  });

  it('says what changed in sentences built from the figures, largest first', async () => {
    const { quarterlyReview: review } = await analyst.ok(REVIEW, { a: accountId, live: true });
    const volume = headline(review, 'volume');
    const change = volume.changeFromPreviousQuarter as number;
    const previous = quarterLabel(shiftQuarter(quarter, -1));
    const shown = `$${Number(volume.value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    const sentence =
      Math.abs(change) < 0.05
        ? `Volume held steady from ${previous} at ${shown}.`
        : `Volume ${change > 0 ? 'rose' : 'fell'} ${Math.round(Math.abs(change) * 100)}% from ${previous} to ${shown}.`;
    expect(review.notableChanges).toContain(sentence);
  });

  it('words changes of shares and failures, and only says there was nothing when there was nothing', () => {
    const totals = (volume: string, n: number, completed: number) => ({
      volume,
      transactionCount: n,
      completedCount: completed,
      failedCount: n - completed,
      completionRate: n ? completed / n : 0,
      feesEarned: '0.00',
      averageOrder: '0.00',
    });
    const row = (value: string, volume: string, share: number, previousVolume: string) => ({
      value,
      transactionCount: 1,
      completedCount: 1,
      volume,
      share,
      completionRate: 1,
      previousTransactionCount: 1,
      previousVolume,
      volumeChange: null,
    });
    const customers = {
      activeCustomers: 10,
      newCustomers: 2,
      returningCustomers: 8,
      isEstimate: false,
      previousActiveCustomers: 10,
      previousNewCustomers: 2,
      previousReturningCustomers: 8,
      months: [],
      cohorts: [],
    };
    const conversion = { steps: [], conversionRate: 0, previousConversionRate: 0, series: [], hasWidgetFunnel: false };
    const volume = (current: ReturnType<typeof totals>, previous: ReturnType<typeof totals>) => ({
      current,
      previous,
      changes: {},
      series: [],
      previousSeries: [],
      byProduct: [],
    });
    const input = {
      quarter: '2026-Q3',
      currencyCode: 'usd' as const,
      current: { volume: volume(totals('1204553.20', 100, 90), totals('971413.87', 100, 90)), customers, conversion },
      yearAgo: { volume: volume(totals('0', 0, 0), totals('0', 0, 0)), customers, conversion },
      geography: { countries: [] },
      paymentMethods: {
        paymentMethods: [row('creditCard', '578185.54', 0.48, '592562.46'), row('sepa', '626367.66', 0.52, '378851.41')],
        assets: [],
        networks: [],
      },
      failures: {
        failedCount: 20,
        previousFailedCount: 10,
        failureRate: 0.2,
        previousFailureRate: 0.1,
        dates: [],
        reasons: [{ reason: 'cardDeclined', count: 20, share: 1, previousCount: 10, change: 1, volume: '0', trend: [] }],
      },
    };
    expect(notableChanges(input)).toEqual([
      "Failures for 'Card declined' doubled (10 to 20).",
      "Credit card's share of volume fell from 61% to 48%.",
      "SEPA bank transfer's share of volume rose from 39% to 52%.",
      'Volume rose 24% from Q2 2026 to $1,204,553.20.',
    ]);
    const empty = { ...input, current: { ...input.current, volume: volume(totals('0', 0, 0), totals('0', 0, 0)) } };
    expect(notableChanges(empty)).toEqual(['No transactions in Q3 2026.']);
  });

  it('lists the quarters from the first data to the last ended one, newest first; an empty account has nothing to say', async () => {
    const { quarterlyReview: review } = await admin.ok(REVIEW, { a: accountId, live: true });
    expect(review.availableQuarters[0]).toBe(quarter);
    expect(review.availableQuarters.length).toBeGreaterThanOrEqual(6);
    expect([...review.availableQuarters].sort().reverse()).toEqual(review.availableQuarters);
    const empty = await accountWithMember(t, { name: 'Empty Quarter' });
    const { quarterlyReview: none } = await empty.client.ok(REVIEW, { a: empty.accountId, live: true });
    expect(none.notableChanges).toEqual([`No transactions in ${quarterLabel(quarter)}.`]);
    expect(none.products).toEqual([]);
    expect(none.availableQuarters).toEqual([quarter]);
  });

  it('refuses a malformed or unended quarter as bad input', async () => {
    for (const q of ['2026-Q5', 'last quarter', shiftQuarter(quarter, 1)]) {
      const result = await analyst.gql(REVIEW, { a: accountId, live: true, q });
      expect(errorCode(result)).toBe('BAD_USER_INPUT');
    }
    const future = await analyst.gql(REVIEW, { a: accountId, live: true, q: shiftQuarter(quarter, 1) });
    expect(future.errors?.[0]?.extensions?.fields?.quarter).toBe(`${quarterLabel(shiftQuarter(quarter, 1))} has not ended yet.`);
  });

  it('is for administrators, analysts and staff with analytics:view; not support specialists or other accounts', async () => {
    expect(errorCode(await support.gql(REVIEW, { a: accountId, live: true }))).toBe('FORBIDDEN_ERROR');
    const other = await accountWithMember(t, { name: 'Other Co' });
    expect(errorCode(await other.client.gql(REVIEW, { a: accountId, live: true }))).toBe('FORBIDDEN_ERROR');
    const dataAnalyst = await signedInUser(t, { adminRole: 'DataAnalyst' });
    expect((await dataAnalyst.client.ok(REVIEW, { a: accountId, live: true })).quarterlyReview.accountName).toBe('Quarterly Co');
    const tier1 = await signedInUser(t, { adminRole: 'SupportAgentTier1' });
    expect(errorCode(await tier1.client.gql(REVIEW, { a: accountId, live: true }))).toBe('FORBIDDEN_ERROR');
  });
});

describe('lookerEmbedUrl', () => {
  const EMBED = `query($a: ID!, $type: AnalyticsType!) { lookerEmbedUrl(accountId: $a, analyticsType: $type) }`;

  it('signs the URL as Looker documents it, scoped to the account', async () => {
    const { lookerEmbedUrl: url } = await analyst.ok(EMBED, { a: accountId, type: 'volume' });
    const parsed = new URL(url);
    expect(parsed.origin).toBe('https://looker.example.test');
    expect(parsed.pathname).toBe(`/login/embed/${encodeURIComponent('/embed/dashboards/12')}`);
    const param = (name: string) => parsed.searchParams.get(name)!;
    const json = (name: string) => JSON.parse(param(name));
    expect(json('external_group_id')).toBe(accountId);
    expect(json('user_attributes')).toEqual({ account_id: accountId });
    expect(json('external_user_id')).toContain(accountId);
    expect(json('models')).toEqual(['rampart', 'finance']);
    expect(json('session_length')).toBe(900);
    expect(json('access_filters')).toEqual({});
    expect(json('force_logout_login')).toBe(true);
    expect(Math.abs(json('time') - Date.now() / 1000)).toBeLessThan(600);
    // Looker's string to sign: host, embed path, then the JSON values in this order, one per line (HMAC-SHA1, base64).
    const lines = [
      'looker.example.test',
      parsed.pathname,
      param('nonce'),
      param('time'),
      param('session_length'),
      param('external_user_id'),
      param('permissions'),
      param('models'),
      param('group_ids'),
      param('external_group_id'),
      param('user_attributes'),
      param('access_filters'),
    ];
    const expected = crypto.createHmac('sha1', 'looker-embed-secret-for-tests').update(lines.join('\n')).digest('base64');
    expect(param('signature')).toBe(expected);
    // Stable per user and account, a fresh nonce each time.
    const again = new URL((await analyst.ok(EMBED, { a: accountId, type: 'volume' })).lookerEmbedUrl);
    expect(again.searchParams.get('external_user_id')).toBe(param('external_user_id'));
    expect(again.searchParams.get('nonce')).not.toBe(param('nonce'));
  });

  it('is null for a type without a dashboard or without configuration, and refused to support specialists', async () => {
    expect((await analyst.ok(EMBED, { a: accountId, type: 'failures' })).lookerEmbedUrl).toBeNull();
    const viewer = { userId: 'u', firstName: 'A', lastName: 'B' };
    expect(
      lookerEmbedUrl({ LOOKER_MODELS: [], LOOKER_SESSION_LENGTH: 3600, LOOKER_DASHBOARDS: 'volume=12' }, { accountId, analyticsType: 'volume', viewer }),
    ).toBeNull();
    expect(errorCode(await support.gql(EMBED, { a: accountId, type: 'volume' }))).toBe('FORBIDDEN_ERROR');
  });

  it('refuses a LOOKER_DASHBOARDS key that is not an analytics type, naming it and the types', () => {
    expect(parseEnv({ LOOKER_DASHBOARDS: 'volume=12, quarterlyReview=20' }).LOOKER_DASHBOARDS).toBe('volume=12, quarterlyReview=20');
    expect(() => parseEnv({ LOOKER_DASHBOARDS: 'volume=12,quartelyReview=20' })).toThrow(
      'LOOKER_DASHBOARDS: unknown type "quartelyReview"; the types are volume, conversion, customers, geography, paymentMethods, failures, quarterlyReview',
    );
    expect(() => parseEnv({ LOOKER_DASHBOARDS: 'volume' })).toThrow('LOOKER_DASHBOARDS: type=dashboardId pairs, comma-separated');
  });

  it('lets the page frame the Looker host only when configured', async () => {
    const response = await fetch(`${t.baseUrl}/healthz`);
    expect(response.headers.get('content-security-policy')).toContain("frame-src 'self' https://looker.example.test");
  });
});
