import Decimal from 'decimal.js';
import { z } from 'zod';
import { ANALYTICS_COMPARISONS, ANALYTICS_MAX_DAYS, ANALYTICS_PRODUCTS, WIDGET_FUNNEL_STEPS } from '@rampart/shared/analytics';
import { FIAT_CURRENCIES, networkOf } from '@rampart/shared/transactions';
import type { AnalyticsComparison, AnalyticsProduct, DashboardCurrency } from '../../generated/graphql.ts';
import { parseInput } from '../../graphql/validate.ts';
import type { AnalyticsRepository, AnalyticsScope, Bucket } from './analytics.repository.ts';

/** A validated analytics request: what every Analytics field resolver reads its rollups for. */
export interface AnalyticsRequest {
  accountId: string;
  liveMode: boolean;
  product: AnalyticsProduct;
  currencyCode: DashboardCurrency;
  from: string;
  to: string;
  comparison: AnalyticsComparison;
  previousFrom: string | null;
  previousTo: string | null;
  bucket: 'day' | 'month';
}

const DAY_MS = 86_400_000;
const COMPLETED = new Set(['completed', 'Completed']);
const FAILED = new Set(['failed', 'Failed']);
const PRODUCT_KINDS = ['buy', 'sell', 'swap', 'deposit', 'withdrawal'] as const;
const WIDGET_FLOWS = ['buy', 'sell', 'swap'];
const DATE_MESSAGE = 'Enter a date such as 2026-01-31.';

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const parse = (date: string) => Date.parse(`${date}T00:00:00Z`);
const daysBetween = (from: string, to: string) => Math.round((parse(to) - parse(from)) / DAY_MS) + 1;

const isDate = (value: unknown) => typeof value === 'string' && z.iso.date().safeParse(value).success;
const bothDates = (args: { from: unknown; to: unknown }) => isDate(args.from) && isDate(args.to);

const argsSchema = z
  .object({
    liveMode: z.boolean(),
    from: z.iso.date({ message: DATE_MESSAGE }),
    to: z.iso.date({ message: DATE_MESSAGE }),
    product: z.enum(ANALYTICS_PRODUCTS, { message: 'Choose a product.' }).nullish(),
    comparison: z.enum(ANALYTICS_COMPARISONS, { message: 'Choose previousPeriod, previousYear or none.' }).nullish(),
    currencyCode: z.enum(['usd', 'eur', 'gbp'], { message: 'Choose usd, eur or gbp.' }).nullish(),
  })
  // Only once both dates are valid: a malformed one has its own message.
  .refine((args) => !bothDates(args) || args.from <= args.to, { message: 'The start is after the end.', path: ['from'] })
  .refine((args) => !bothDates(args) || daysBetween(args.from, args.to) <= ANALYTICS_MAX_DAYS, { message: 'Choose at most three years.', path: ['to'] });

export type AnalyticsArgs = z.input<typeof argsSchema>;

/** The same date one year earlier (Feb 29 → Feb 28). */
function yearEarlier(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year - 1, month, 0)).getUTCDate();
  return iso(Date.UTC(year - 1, month - 1, Math.min(day, lastDay)));
}

/** Builds the request of a range already known to be valid (the quarterly review uses it for its quarters). */
export function analyticsRequestFor(
  accountId: string,
  input: {
    liveMode: boolean;
    from: string;
    to: string;
    product?: AnalyticsProduct | null;
    comparison?: AnalyticsComparison | null;
    currencyCode?: DashboardCurrency | null;
  },
): AnalyticsRequest {
  const comparison = input.comparison ?? 'previousPeriod';
  const days = daysBetween(input.from, input.to);
  let previousFrom: string | null = null;
  let previousTo: string | null = null;
  if (comparison === 'previousPeriod') {
    previousTo = iso(parse(input.from) - DAY_MS);
    previousFrom = iso(parse(previousTo) - (days - 1) * DAY_MS);
  } else if (comparison === 'previousYear') {
    previousFrom = yearEarlier(input.from);
    previousTo = yearEarlier(input.to);
  }
  return {
    accountId,
    liveMode: input.liveMode,
    product: input.product ?? 'all',
    currencyCode: input.currencyCode ?? 'usd',
    from: input.from,
    to: input.to,
    comparison,
    previousFrom,
    previousTo,
    bucket: days > 92 ? 'month' : 'day',
  };
}

/** Change as a fraction (0.1 = +10%); null when the compared figure is zero. */
function change(current: Decimal.Value, previous: Decimal.Value): number | null {
  const before = new Decimal(previous);
  if (before.isZero()) return null;
  return new Decimal(current).minus(before).div(before).toDecimalPlaces(4).toNumber();
}

const ratio = (part: Decimal.Value, whole: Decimal.Value) => {
  const total = new Decimal(whole);
  return total.isZero()
    ? 0
    : Decimal.min(1, Decimal.max(0, new Decimal(part).div(total)))
        .toDecimalPlaces(4)
        .toNumber();
};

/** The first day of each bucket of [from, to]: every day, or every month it touches (dated the 1st). */
export function bucketsOf(from: string, to: string, bucket: Bucket): string[] {
  const dates: string[] = [];
  if (bucket === 'day') {
    for (let ms = parse(from); ms <= parse(to); ms += DAY_MS) dates.push(iso(ms));
    return dates;
  }
  const end = parse(`${to.slice(0, 7)}-01`);
  for (let ms = parse(`${from.slice(0, 7)}-01`); ms <= end;) {
    dates.push(iso(ms));
    const d = new Date(ms);
    ms = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
  return dates;
}

interface Totals {
  volume: Decimal;
  fees: Decimal;
  count: number;
  completed: number;
  failed: number;
}

const emptyTotals = (): Totals => ({ volume: new Decimal(0), fees: new Decimal(0), count: 0, completed: 0, failed: 0 });

function addRow(totals: Totals, row: { status: string; n: number; volume: string; fee: string }) {
  totals.count += row.n;
  if (FAILED.has(row.status)) totals.failed += row.n;
  if (COMPLETED.has(row.status)) {
    totals.completed += row.n;
    totals.volume = totals.volume.plus(row.volume);
    totals.fees = totals.fees.plus(row.fee);
  }
}

function totalsFigures(totals: Totals) {
  return {
    volume: totals.volume.toFixed(2),
    transactionCount: totals.count,
    completedCount: totals.completed,
    failedCount: totals.failed,
    completionRate: ratio(totals.completed, totals.count),
    feesEarned: totals.fees.toFixed(2),
    averageOrder: totals.completed ? totals.volume.div(totals.completed).toFixed(2) : '0.00',
  };
}

interface BreakdownRow {
  value: string;
  n: number;
  completed: number;
  volume: Decimal.Value;
}

/** Current and compared rows of one breakdown, merged by value, largest volume first; `always` values even when empty. */
function breakdown(current: BreakdownRow[], previous: BreakdownRow[], always: string[] = []) {
  const merged = new Map<string, { n: number; completed: number; volume: Decimal; previousN: number; previousVolume: Decimal }>();
  const entry = (value: string) => {
    let found = merged.get(value);
    if (!found) merged.set(value, (found = { n: 0, completed: 0, volume: new Decimal(0), previousN: 0, previousVolume: new Decimal(0) }));
    return found;
  };
  for (const value of always) entry(value);
  for (const row of current) {
    const found = entry(row.value);
    found.n += row.n;
    found.completed += row.completed;
    found.volume = found.volume.plus(row.volume);
  }
  for (const row of previous) {
    const found = entry(row.value);
    found.previousN += row.n;
    found.previousVolume = found.previousVolume.plus(row.volume);
  }
  const total = [...merged.values()].reduce((sum, row) => sum.plus(row.volume), new Decimal(0));
  return [...merged.entries()]
    .filter(([value, row]) => row.n > 0 || row.previousN > 0 || always.includes(value))
    .sort(([a, x], [b, y]) => y.volume.comparedTo(x.volume) || y.n - x.n || y.previousVolume.comparedTo(x.previousVolume) || (a < b ? -1 : 1))
    .map(([value, row]) => ({
      value,
      transactionCount: row.n,
      completedCount: row.completed,
      volume: row.volume.toFixed(2),
      share: ratio(row.volume, total),
      completionRate: ratio(row.completed, row.n),
      previousTransactionCount: row.previousN,
      previousVolume: row.previousVolume.toFixed(2),
      volumeChange: change(row.volume.toFixed(2), row.previousVolume.toFixed(2)),
    }));
}

/** The network an asset travels on; 'fiat' for fiat currencies (deposits and withdrawals). */
function networkOfAsset(code: string): string {
  if ((FIAT_CURRENCIES as readonly string[]).includes(code)) return 'fiat';
  return networkOf(code) ?? 'unknown';
}

export function createAnalyticsService(deps: { repository: AnalyticsRepository; now?: () => Date }) {
  const { repository } = deps;

  const kindsOf = (product: AnalyticsProduct): readonly string[] => (product === 'all' ? PRODUCT_KINDS : [product]);
  const scopeOf = (request: AnalyticsRequest, kinds = kindsOf(request.product)): AnalyticsScope => ({
    accountId: request.accountId,
    liveMode: request.liveMode,
    kinds,
    currency: request.currencyCode,
  });
  /** The compared range, or null without comparison. */
  const previousOf = (request: AnalyticsRequest) =>
    request.previousFrom && request.previousTo ? { from: request.previousFrom, to: request.previousTo } : null;

  async function dimensionPair(request: AnalyticsRequest, dimensions: string[]) {
    const scope = scopeOf(request);
    const previous = previousOf(request);
    const [current, compared] = await Promise.all([
      repository.dimensions(scope, request.from, request.to, dimensions),
      previous ? repository.dimensions(scope, previous.from, previous.to, dimensions) : Promise.resolve([]),
    ]);
    const of = (rows: typeof current, dimension: string) => rows.filter((row) => row.dimension === dimension);
    return { current, compared, of };
  }

  type DimensionPair = Awaited<ReturnType<typeof dimensionPair>>;
  const geographyOf = ({ current, compared, of }: DimensionPair) => ({ countries: breakdown(of(current, 'country'), of(compared, 'country')) });
  const paymentMethodsOf = ({ current, compared, of }: DimensionPair) => {
    const byNetwork = (rows: typeof current) => of(rows, 'currency').map((row) => ({ ...row, value: networkOfAsset(row.value) }));
    return {
      paymentMethods: breakdown(of(current, 'paymentMethod'), of(compared, 'paymentMethod')),
      assets: breakdown(of(current, 'currency'), of(compared, 'currency')),
      networks: breakdown(byNetwork(current), byNetwork(compared)),
    };
  };

  return {
    /** Validates the arguments of Query.analytics; each Analytics field then reads its own rollups. */
    request(accountId: string, input: AnalyticsArgs): AnalyticsRequest {
      const args = parseInput(argsSchema, input);
      return analyticsRequestFor(accountId, args);
    },

    async volume(request: AnalyticsRequest) {
      const scope = scopeOf(request);
      const previous = previousOf(request);
      const [currentRows, previousRows] = await Promise.all([
        repository.totals(scope, request.from, request.to, request.bucket),
        previous ? repository.totals(scope, previous.from, previous.to, request.bucket) : Promise.resolve([]),
      ]);
      const sum = (rows: typeof currentRows) => {
        const all = emptyTotals();
        const buckets = new Map<string, Totals>();
        const kinds = new Map<string, Totals>();
        const kindBuckets = new Map<string, Map<string, Totals>>();
        for (const row of rows) {
          addRow(all, row);
          if (!buckets.has(row.bucket)) buckets.set(row.bucket, emptyTotals());
          addRow(buckets.get(row.bucket)!, row);
          if (!kinds.has(row.kind)) kinds.set(row.kind, emptyTotals());
          addRow(kinds.get(row.kind)!, row);
          if (!kindBuckets.has(row.kind)) kindBuckets.set(row.kind, new Map());
          const ofKind = kindBuckets.get(row.kind)!;
          if (!ofKind.has(row.bucket)) ofKind.set(row.bucket, emptyTotals());
          addRow(ofKind.get(row.bucket)!, row);
        }
        return { all, buckets, kinds, kindBuckets };
      };
      const current = sum(currentRows);
      const compared = sum(previousRows);
      const series = (from: string, to: string, buckets: Map<string, Totals>) =>
        bucketsOf(from, to, request.bucket).map((date) => {
          const totals = buckets.get(date) ?? emptyTotals();
          return {
            date,
            volume: totals.volume.toFixed(2),
            transactionCount: totals.count,
            completedCount: totals.completed,
            feesEarned: totals.fees.toFixed(2),
          };
        });
      const currentFigures = totalsFigures(current.all);
      const previousFigures = totalsFigures(compared.all);
      const asRows = (kinds: Map<string, Totals>) => [...kinds].map(([value, t]) => ({ value, n: t.count, completed: t.completed, volume: t.volume }));
      const byProduct = breakdown(asRows(current.kinds), asRows(compared.kinds), request.product === 'all' ? [] : [request.product]);
      const changed = (key: 'volume' | 'transactionCount' | 'completionRate' | 'feesEarned' | 'averageOrder') =>
        previous ? change(currentFigures[key], previousFigures[key]) : null;
      return {
        current: currentFigures,
        previous: previousFigures,
        changes: {
          volume: changed('volume'),
          transactionCount: changed('transactionCount'),
          completionRate: changed('completionRate'),
          feesEarned: changed('feesEarned'),
          averageOrder: changed('averageOrder'),
        },
        series: series(request.from, request.to, current.buckets),
        previousSeries: previous ? series(previous.from, previous.to, compared.buckets) : [],
        byProduct,
        /** The current series of each product (rollup kind) in the same rows; not a GraphQL field (the quarterly review's charts). */
        seriesOfProduct: (product: string) => series(request.from, request.to, current.kindBuckets.get(product) ?? new Map<string, Totals>()),
      };
    },

    async conversion(request: AnalyticsRequest) {
      const flows = request.product === 'all' ? WIDGET_FLOWS : WIDGET_FLOWS.filter((flow) => flow === request.product);
      const scope = scopeOf(request, flows);
      const previous = previousOf(request);
      const [currentRows, previousRows] = await Promise.all([
        repository.funnel(scope, request.from, request.to, request.bucket),
        previous ? repository.funnel(scope, previous.from, previous.to, request.bucket) : Promise.resolve([]),
      ]);
      const countOf = (rows: typeof currentRows) => {
        const counts = new Map<string, number>(WIDGET_FUNNEL_STEPS.map((step) => [step, 0]));
        for (const row of rows) counts.set(row.step, (counts.get(row.step) ?? 0) + row.n);
        return counts;
      };
      const current = countOf(currentRows);
      const compared = countOf(previousRows);
      const opened = current.get('opened')!;
      const steps = WIDGET_FUNNEL_STEPS.map((step, index) => {
        const count = current.get(step)!;
        const before = index === 0 || step === 'failed' ? null : current.get(WIDGET_FUNNEL_STEPS[index - 1]!)!;
        return {
          step,
          count,
          previousCount: compared.get(step)!,
          shareOfOpened: ratio(count, opened),
          dropFromPrevious: before === null || before === 0 ? 0 : ratio(before - count, before),
        };
      });
      const perBucket = new Map<string, Record<string, number>>();
      for (const row of currentRows) {
        const point = perBucket.get(row.bucket) ?? {};
        point[row.step] = (point[row.step] ?? 0) + row.n;
        perBucket.set(row.bucket, point);
      }
      return {
        steps,
        conversionRate: ratio(current.get('completed')!, opened),
        previousConversionRate: ratio(compared.get('completed')!, compared.get('opened')!),
        series: bucketsOf(request.from, request.to, request.bucket).map((date) => {
          const point = perBucket.get(date) ?? {};
          return {
            date,
            opened: point.opened ?? 0,
            quoted: point.quoted ?? 0,
            paymentStarted: point.payment_started ?? 0,
            completed: point.completed ?? 0,
            failed: point.failed ?? 0,
          };
        }),
        hasWidgetFunnel: flows.length > 0,
      };
    },

    /** `headlineOnly` skips the months and cohorts (the quarterly review shows only the totals). */
    async customers(request: AnalyticsRequest, options: { headlineOnly?: boolean } = {}) {
      const sketchScope = scopeOf(request);
      // The customer tables hold kind 'all' too: a customer of two products is one customer.
      const customerScope = scopeOf(request, [request.product]);
      const previous = previousOf(request);
      const months = bucketsOf(request.from, request.to, 'month');
      const firstMonth = months[0]!;
      const lastMonth = months.at(-1)!;
      const cohortMonths = months.slice(-12);
      const [active, created, previousActive, previousCreated, monthRows, cohortRows] = await Promise.all([
        repository.activeCustomers(sketchScope, request.from, request.to),
        repository.newCustomers(customerScope, request.from, request.to),
        previous ? repository.activeCustomers(sketchScope, previous.from, previous.to) : Promise.resolve({ count: 0, isEstimate: false }),
        previous ? repository.newCustomers(customerScope, previous.from, previous.to) : Promise.resolve(0),
        options.headlineOnly ? Promise.resolve([]) : repository.customerMonths(customerScope, firstMonth, lastMonth),
        options.headlineOnly ? Promise.resolve([]) : repository.cohorts(customerScope, cohortMonths[0]!, lastMonth),
      ]);
      const byMonth = new Map(monthRows.map((row) => [row.month, row]));
      const cells = new Map(cohortRows.map((row) => [`${row.cohort}/${row.activity}`, row.customers]));
      const cohorts = cohortMonths
        .map((cohortMonth) => {
          const retained = months.slice(months.indexOf(cohortMonth)).map((activity) => cells.get(`${cohortMonth}/${activity}`) ?? 0);
          return { cohortMonth, size: retained[0] ?? 0, retained };
        })
        .filter((cohort) => cohort.size > 0);
      return {
        activeCustomers: active.count,
        newCustomers: created,
        returningCustomers: Math.max(active.count - created, 0),
        isEstimate: active.isEstimate,
        previousActiveCustomers: previousActive.count,
        previousNewCustomers: previousCreated,
        previousReturningCustomers: Math.max(previousActive.count - previousCreated, 0),
        months: months.map((month) => {
          const row = byMonth.get(month);
          const activeCustomers = row?.active ?? 0;
          const newCustomers = row?.created ?? 0;
          return { month, activeCustomers, newCustomers, returningCustomers: Math.max(activeCustomers - newCustomers, 0) };
        }),
        cohorts,
      };
    },

    async geography(request: AnalyticsRequest) {
      return geographyOf(await dimensionPair(request, ['country']));
    },

    async paymentMethods(request: AnalyticsRequest) {
      return paymentMethodsOf(await dimensionPair(request, ['paymentMethod', 'currency']));
    },

    /** Geography and payment methods from one read of the breakdowns (the quarterly review shows both). */
    async breakdowns(request: AnalyticsRequest) {
      const pair = await dimensionPair(request, ['country', 'paymentMethod', 'currency']);
      return { geography: geographyOf(pair), paymentMethods: paymentMethodsOf(pair) };
    },

    /**
     * `transactionCounts`: the range's and the compared range's transaction counts when the caller reads them anyway
     * (the quarterly review's volume), so the failure rate needs no reads of its own.
     */
    async failures(request: AnalyticsRequest, options: { transactionCounts?: Promise<{ current: number; previous: number }> } = {}) {
      const scope = scopeOf(request);
      const previous = previousOf(request);
      const counts =
        options.transactionCounts ??
        Promise.all([
          repository.transactionCount(scope, request.from, request.to),
          previous ? repository.transactionCount(scope, previous.from, previous.to) : Promise.resolve(0),
        ]).then(([current, compared]) => ({ current, previous: compared }));
      const [currentRows, previousRows, { current: currentTotals, previous: previousTotals }] = await Promise.all([
        repository.failures(scope, request.from, request.to, request.bucket),
        previous ? repository.failures(scope, previous.from, previous.to, request.bucket) : Promise.resolve([]),
        counts,
      ]);
      const dates = bucketsOf(request.from, request.to, request.bucket);
      const reasons = new Map<string, { count: number; previousCount: number; volume: Decimal; trend: Map<string, number> }>();
      const entry = (reason: string) => {
        let found = reasons.get(reason);
        if (!found) reasons.set(reason, (found = { count: 0, previousCount: 0, volume: new Decimal(0), trend: new Map() }));
        return found;
      };
      for (const row of currentRows) {
        const found = entry(row.reason);
        found.count += row.n;
        found.volume = found.volume.plus(row.volume);
        found.trend.set(row.bucket, (found.trend.get(row.bucket) ?? 0) + row.n);
      }
      for (const row of previousRows) entry(row.reason).previousCount += row.n;
      const failedCount = currentRows.reduce((sum, row) => sum + row.n, 0);
      const previousFailedCount = previousRows.reduce((sum, row) => sum + row.n, 0);
      return {
        failedCount,
        previousFailedCount,
        failureRate: ratio(failedCount, currentTotals),
        previousFailureRate: ratio(previousFailedCount, previousTotals),
        dates,
        reasons: [...reasons.entries()]
          .sort(([a, x], [b, y]) => y.count - x.count || y.previousCount - x.previousCount || (a < b ? -1 : 1))
          .map(([reason, row]) => ({
            reason,
            count: row.count,
            share: ratio(row.count, failedCount),
            previousCount: row.previousCount,
            change: previous ? change(row.count, row.previousCount) : null,
            volume: row.volume.toFixed(2),
            trend: dates.map((date) => row.trend.get(date) ?? 0),
          })),
      };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
