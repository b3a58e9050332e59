import Decimal from 'decimal.js';
import { z } from 'zod';
import { parseInput } from '../../graphql/validate.ts';
import type { DashboardsRepository, RollupScope } from './dashboards.repository.ts';

export const DASHBOARD_RANGES = ['day', 'week', 'month', 'quarter', 'year', 'custom'] as const;
const RANGE_DAYS: Record<string, number> = { day: 1, week: 7, month: 30, quarter: 90, year: 365 };
const COMPLETED = new Set(['completed', 'Completed']);

const argsSchema = z
  .object({
    liveMode: z.boolean(),
    currencyCode: z.enum(['usd', 'eur', 'gbp'], { message: 'Choose usd, eur or gbp.' }).nullish(),
    range: z.enum(DASHBOARD_RANGES).nullish(),
    from: z.iso.date({ message: 'Enter a date such as 2026-01-31.' }).nullish(),
    to: z.iso.date({ message: 'Enter a date such as 2026-01-31.' }).nullish(),
  })
  .refine((args) => args.range !== 'custom' || (args.from && args.to), { message: 'A custom range needs a start and an end.', path: ['from'] })
  .refine((args) => !args.from || !args.to || args.from <= args.to, { message: 'The start is after the end.', path: ['from'] })
  .refine((args) => !args.from || !args.to || daysBetween(args.from, args.to) <= 3 * 366, { message: 'Choose at most three years.', path: ['to'] });

export type DashboardArgs = z.input<typeof argsSchema>;

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const parse = (date: string) => Date.parse(`${date}T00:00:00Z`);
function daysBetween(from: string, to: string) {
  return Math.round((parse(to) - parse(from)) / DAY_MS) + 1;
}

export interface Kpis {
  volume: string;
  transactionCount: number;
  completedCount: number;
  completionRate: number;
  feesEarned: string;
  averageOrder: string;
  uniqueCustomers: number;
  isUniqueCustomersEstimate: boolean;
}

/** Change from the previous period as a fraction (0.1 = +10%); null when the previous period had nothing. */
function change(current: Decimal.Value, previous: Decimal.Value): number | null {
  const before = new Decimal(previous);
  if (before.isZero()) return null;
  return new Decimal(current).minus(before).div(before).toDecimalPlaces(4).toNumber();
}

export function createDashboardsService(deps: { repository: DashboardsRepository; now?: () => Date }) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());

  async function kpisOf(scope: RollupScope, from: string, to: string, bucket: 'day' | 'month') {
    const [rows, unique] = await Promise.all([repository.totals(scope, from, to, bucket), repository.uniqueCustomers(scope, from, to)]);
    let volume = new Decimal(0);
    let fees = new Decimal(0);
    let count = 0;
    let completed = 0;
    const buckets = new Map<string, { volume: Decimal; fees: Decimal; count: number; completed: number }>();
    const statuses = new Map<string, number>();
    for (const row of rows) {
      const entry = buckets.get(row.bucket) ?? { volume: new Decimal(0), fees: new Decimal(0), count: 0, completed: 0 };
      entry.count += row.n;
      count += row.n;
      statuses.set(row.status, (statuses.get(row.status) ?? 0) + row.n);
      if (COMPLETED.has(row.status)) {
        entry.volume = entry.volume.plus(row.volume);
        entry.fees = entry.fees.plus(row.fee);
        entry.completed += row.n;
        volume = volume.plus(row.volume);
        fees = fees.plus(row.fee);
        completed += row.n;
      }
      buckets.set(row.bucket, entry);
    }
    const kpis: Kpis = {
      volume: volume.toFixed(2),
      transactionCount: count,
      completedCount: completed,
      completionRate: count ? Math.round((completed / count) * 10_000) / 10_000 : 0,
      feesEarned: fees.toFixed(2),
      averageOrder: completed ? volume.div(completed).toFixed(2) : '0.00',
      uniqueCustomers: unique.count,
      isUniqueCustomersEstimate: unique.isEstimate,
    };
    return { kpis, buckets, statuses };
  }

  return {
    async dashboard(kind: string, accountId: string, input: DashboardArgs) {
      const args = parseInput(argsSchema, input);
      const currency = args.currencyCode ?? 'usd';
      const range = args.range ?? (args.from && args.to ? 'custom' : 'month');
      const today = iso(now().getTime());
      const to = range === 'custom' ? args.to! : today;
      const days = range === 'custom' ? daysBetween(args.from!, args.to!) : RANGE_DAYS[range]!;
      const from = iso(parse(to) - (days - 1) * DAY_MS);
      const previousTo = iso(parse(from) - DAY_MS);
      const previousFrom = iso(parse(previousTo) - (days - 1) * DAY_MS);
      const bucket = days > 92 ? 'month' : 'day';
      const scope: RollupScope = { accountId, liveMode: args.liveMode, kind, currency };
      const [current, previous, dimensions] = await Promise.all([
        kpisOf(scope, from, to, bucket),
        kpisOf(scope, previousFrom, previousTo, bucket),
        repository.dimensions(scope, from, to),
      ]);
      const series: Array<{ date: string; volume: string; transactionCount: number; completedCount: number; feesEarned: string }> = [];
      for (let ms = parse(from); ms <= parse(to);) {
        const key = iso(ms);
        const entry = current.buckets.get(key);
        series.push({
          date: key,
          volume: entry?.volume.toFixed(2) ?? '0.00',
          transactionCount: entry?.count ?? 0,
          completedCount: entry?.completed ?? 0,
          feesEarned: entry?.fees.toFixed(2) ?? '0.00',
        });
        if (bucket === 'day') ms += DAY_MS;
        else {
          const d = new Date(ms);
          ms = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
        }
      }
      if (bucket === 'month' && series.length) series[0]!.date = `${from.slice(0, 7)}-01`;
      const breakdown = (dimension: string, limit: number) => {
        const rows = dimensions.filter((row) => row.dimension === dimension);
        const total = rows.reduce((sum, row) => sum.plus(row.volume), new Decimal(0));
        return rows
          .sort((a, b) => new Decimal(b.volume).comparedTo(a.volume) || b.n - a.n)
          .slice(0, limit)
          .map((row) => ({
            value: row.value,
            transactionCount: row.n,
            completedCount: row.completed,
            volume: new Decimal(row.volume).toFixed(2),
            share: total.isZero() ? 0 : new Decimal(row.volume).div(total).toDecimalPlaces(4).toNumber(),
          }));
      };
      return {
        kind,
        currencyCode: currency,
        range,
        from,
        to,
        previousFrom,
        previousTo,
        bucket,
        current: current.kpis,
        previous: previous.kpis,
        changes: {
          volume: change(current.kpis.volume, previous.kpis.volume),
          transactionCount: change(current.kpis.transactionCount, previous.kpis.transactionCount),
          completionRate: change(current.kpis.completionRate, previous.kpis.completionRate),
          feesEarned: change(current.kpis.feesEarned, previous.kpis.feesEarned),
          averageOrder: change(current.kpis.averageOrder, previous.kpis.averageOrder),
          uniqueCustomers: change(current.kpis.uniqueCustomers, previous.kpis.uniqueCustomers),
        },
        series,
        statuses: [...current.statuses.entries()]
          .map(([status, transactionCount]) => ({ status, transactionCount }))
          .sort((a, b) => b.transactionCount - a.transactionCount),
        topCurrencies: breakdown('currency', 8),
        paymentMethods: breakdown('paymentMethod', 10),
        countries: breakdown('country', 10),
      };
    },
  };
}

export type DashboardsService = ReturnType<typeof createDashboardsService>;
