import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import {
  ANALYTICS_PRODUCT_LABEL,
  isQuarter,
  lastEndedQuarter,
  quarterLabel,
  quarterOf,
  quarterRange,
  shiftQuarter,
  type AnalyticsProduct,
} from '@rampart/shared/analytics';
import { FAILURE_REASON_LABEL, labelOfPaymentMethod } from '@rampart/shared/labels';
import { countryName } from '@rampart/shared/onboarding';
import { ROLLUP_KINDS } from '@rampart/shared/transactions';
import type { Database } from '../../db/client.ts';
import type {
  AnalyticsBreakdown,
  AnalyticsConversion,
  AnalyticsCustomers,
  AnalyticsFailures,
  AnalyticsGeography,
  AnalyticsPaymentMethods,
  AnalyticsVolume,
  DashboardCurrency,
  QuarterlyFigure,
  QuarterlyProduct,
  QuarterlyReview,
} from '../../generated/graphql.ts';
import { badInput, notFound } from '../../graphql/errors.ts';
import type { AnalyticsRequest } from './analytics.service.ts';

/** The figures of one AnalyticsRequest, as the Analytics field resolvers compute them (analytics.service.ts). */
export interface AnalyticsFigures {
  volume(request: AnalyticsRequest): Promise<AnalyticsVolume & { seriesOfProduct(product: string): AnalyticsVolume['series'] }>;
  conversion(request: AnalyticsRequest): Promise<AnalyticsConversion>;
  customers(request: AnalyticsRequest, options?: { headlineOnly?: boolean }): Promise<AnalyticsCustomers>;
  breakdowns(request: AnalyticsRequest): Promise<{ geography: AnalyticsGeography; paymentMethods: AnalyticsPaymentMethods }>;
  failures(request: AnalyticsRequest, options?: { transactionCounts?: Promise<{ current: number; previous: number }> }): Promise<AnalyticsFailures>;
}

export interface QuarterlyReviewArgs {
  liveMode: boolean;
  quarter?: string | null;
  currencyCode?: DashboardCurrency | null;
}

// Constant SQL: the oldest day is one index probe per kind rather than a walk over every kind's days.
const ROLLUP_KIND_ARRAY = sql.raw(`array[${ROLLUP_KINDS.map((kind) => `'${kind}'`).join(', ')}]`);
const PRODUCTS = ['buy', 'sell', 'swap', 'deposit', 'withdrawal'] as const satisfies readonly AnalyticsProduct[];
const SYMBOL: Record<DashboardCurrency, string> = { usd: '$', eur: '€', gbp: '£' };
const TOP = 5;
// Below these a change is noise for a quarterly summary.
const MIN_RELATIVE = 0.05;
const MIN_POINTS = 0.02;
const MIN_FAILURES = 10;
const MAX_FAILURE_NOTES = 3;
const MAX_NOTES = 8;

/** Fraction change, null when there was nothing before (as AnalyticsChanges). */
export function changeOf(current: Decimal.Value, previous: Decimal.Value): number | null {
  const before = new Decimal(previous);
  if (before.isZero()) return null;
  return new Decimal(current).minus(before).div(before).toDecimalPlaces(4).toNumber();
}

export function formatMoney(amount: Decimal.Value, currency: DashboardCurrency): string {
  const fixed = new Decimal(amount).toFixed(2);
  const [whole, cents] = fixed.replace('-', '').split('.') as [string, string];
  return `${fixed.startsWith('-') ? '-' : ''}${SYMBOL[currency]}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;
const ratioWords = (change: number) => {
  const ratio = change + 1;
  if (ratio >= 1.95 && ratio < 2.05) return 'doubled';
  if (ratio >= 2.95 && ratio < 3.05) return 'tripled';
  if (ratio > 0.48 && ratio <= 0.52) return 'halved';
  return `${change > 0 ? 'rose' : 'fell'} ${percent(Math.abs(change))}`;
};
// A stored country that is no region code (free text from an import) reads as itself rather than failing the report.
const regionName = (code: string) => {
  try {
    return countryName(code.toUpperCase());
  } catch {
    return code;
  }
};
const possessive = (label: string) => (label.endsWith('s') ? `${label}'` : `${label}'s`);

interface Notable {
  magnitude: number;
  text: string;
  /** The quarter-on-quarter volume sentence stays whatever else is cut. */
  keep?: boolean;
}

function shareShifts(rows: AnalyticsBreakdown[], label: (value: string) => string): Notable[] {
  const previousTotal = rows.reduce((sum, row) => sum.plus(row.previousVolume), new Decimal(0));
  if (previousTotal.isZero()) return [];
  const notes: Notable[] = [];
  for (const row of rows) {
    // "No payment method" or "Unknown country" gaining share says nothing a partner can act on.
    if (row.value === 'none' || row.value === 'unknown') continue;
    const before = new Decimal(row.previousVolume).div(previousTotal).toNumber();
    const shift = row.share - before;
    if (Math.abs(shift) < 0.05 || Math.round(row.share * 100) === Math.round(before * 100)) continue;
    notes.push({
      magnitude: Math.abs(shift) * 2,
      text: `${possessive(label(row.value))} share of volume ${shift > 0 ? 'rose' : 'fell'} from ${percent(before)} to ${percent(row.share)}.`,
    });
  }
  return notes;
}

interface QuarterFigures {
  volume: AnalyticsVolume;
  customers: AnalyticsCustomers;
  conversion: AnalyticsConversion;
}

/**
 * The notable changes of a quarter in words, largest first: every sentence is computed from the figures passed in,
 * and a quarter without transactions says only that.
 */
export function notableChanges(input: {
  quarter: string;
  currencyCode: DashboardCurrency;
  current: QuarterFigures;
  yearAgo: QuarterFigures;
  geography: AnalyticsGeography;
  paymentMethods: AnalyticsPaymentMethods;
  failures: AnalyticsFailures;
}): string[] {
  const { current, yearAgo, currencyCode } = input;
  const label = quarterLabel(input.quarter);
  const previousLabel = quarterLabel(shiftQuarter(input.quarter, -1));
  const yearAgoLabel = quarterLabel(shiftQuarter(input.quarter, -4));
  const now = current.volume.current;
  const before = current.volume.previous;
  if (now.transactionCount === 0) {
    return [
      before.transactionCount > 0
        ? `No transactions in ${label}, after ${before.transactionCount.toLocaleString('en-US')} in ${previousLabel}.`
        : `No transactions in ${label}.`,
    ];
  }
  const notes: Notable[] = [];
  const relative = (name: string, value: Decimal.Value, previous: Decimal.Value, against: string, shown: string) => {
    const change = changeOf(value, previous);
    if (change === null) return;
    if (Math.abs(change) < MIN_RELATIVE) {
      if (name === 'Volume' && against === previousLabel) notes.push({ magnitude: 0, keep: true, text: `Volume held steady from ${against} at ${shown}.` });
      return;
    }
    notes.push({
      magnitude: Math.abs(change),
      keep: name === 'Volume' && against === previousLabel,
      text: `${name} ${change > 0 ? 'rose' : 'fell'} ${percent(Math.abs(change))} from ${against} to ${shown}.`,
    });
  };
  const volumeShown = formatMoney(now.volume, currencyCode);
  if (new Decimal(before.volume).isZero() && !new Decimal(now.volume).isZero()) {
    notes.push({ magnitude: 1, text: `Completed volume reached ${volumeShown}, after none in ${previousLabel}.` });
  }
  relative('Volume', now.volume, before.volume, previousLabel, volumeShown);
  const yearAgoNow = yearAgo.volume.current;
  relative('Volume', now.volume, yearAgoNow.volume, yearAgoLabel, volumeShown);
  relative('Transactions', now.transactionCount, before.transactionCount, previousLabel, now.transactionCount.toLocaleString('en-US'));
  relative(
    'Active customers',
    current.customers.activeCustomers,
    current.customers.previousActiveCustomers,
    previousLabel,
    current.customers.activeCustomers.toLocaleString('en-US'),
  );
  relative(
    'New customers',
    current.customers.newCustomers,
    current.customers.previousNewCustomers,
    previousLabel,
    current.customers.newCustomers.toLocaleString('en-US'),
  );
  relative('Fees earned', now.feesEarned, before.feesEarned, previousLabel, formatMoney(now.feesEarned, currencyCode));

  const points = (name: string, value: number, previous: number, hadPrevious: boolean) => {
    const shift = value - previous;
    if (!hadPrevious || Math.abs(shift) < MIN_POINTS || Math.round(value * 100) === Math.round(previous * 100)) return;
    notes.push({ magnitude: Math.abs(shift) * 2, text: `${name} ${shift > 0 ? 'rose' : 'fell'} from ${percent(previous)} to ${percent(value)}.` });
  };
  points('Completion rate', now.completionRate, before.completionRate, before.transactionCount > 0);
  const openedBefore = current.conversion.steps.find((step) => step.step === 'opened')?.previousCount ?? 0;
  if (current.conversion.hasWidgetFunnel)
    points('Widget conversion', current.conversion.conversionRate, current.conversion.previousConversionRate, openedBefore > 0);

  notes.push(...shareShifts(current.volume.byProduct, (value) => ANALYTICS_PRODUCT_LABEL[value as AnalyticsProduct] ?? value));
  notes.push(...shareShifts(input.paymentMethods.paymentMethods, (value) => (value === 'none' ? 'No payment method' : labelOfPaymentMethod(value))));
  notes.push(...shareShifts(input.geography.countries, regionName));
  notes.push(...shareShifts(input.paymentMethods.assets, (value) => value.toUpperCase().replace(/_/g, ' on ')));

  const failureNotes: Notable[] = [];
  for (const reason of input.failures.reasons) {
    const name = reason.reason === 'unknown' ? 'Unknown reason' : (FAILURE_REASON_LABEL[reason.reason] ?? reason.reason);
    if (Math.max(reason.count, reason.previousCount) < MIN_FAILURES) continue;
    if (reason.previousCount === 0) {
      failureNotes.push({
        magnitude: 0.5,
        text: `Failures for '${name}' appeared: ${reason.count.toLocaleString('en-US')} in ${label}, none in ${previousLabel}.`,
      });
    } else if (reason.change != null && Math.abs(reason.change) >= 0.25) {
      // Weighed below volume and share changes: failure counts are small and swing more.
      failureNotes.push({
        magnitude: Math.min(Math.abs(reason.change), 1) / 2,
        text: `Failures for '${name}' ${ratioWords(reason.change)} (${reason.previousCount.toLocaleString('en-US')} to ${reason.count.toLocaleString('en-US')}).`,
      });
    }
  }
  notes.push(...failureNotes.sort((a, b) => b.magnitude - a.magnitude).slice(0, MAX_FAILURE_NOTES));
  const ranked = notes.map((note, order) => ({ ...note, order })).sort((a, b) => b.magnitude - a.magnitude || a.order - b.order);
  const kept = ranked.filter((note) => note.keep);
  const others = ranked.filter((note) => !note.keep).slice(0, MAX_NOTES - kept.length);
  return ranked.filter((note) => kept.includes(note) || others.includes(note)).map((note) => note.text);
}

function figure(
  name: string,
  label: string,
  value: Decimal.Value,
  previousQuarter: Decimal.Value,
  yearAgo: Decimal.Value,
  format: (value: Decimal.Value) => string,
): QuarterlyFigure {
  return {
    name,
    label,
    value: format(value),
    previousQuarter: format(previousQuarter),
    yearAgo: format(yearAgo),
    changeFromPreviousQuarter: changeOf(value, previousQuarter),
    changeFromYearAgo: changeOf(value, yearAgo),
  };
}

const money = (value: Decimal.Value) => new Decimal(value).toFixed(2);
const count = (value: Decimal.Value) => new Decimal(value).toFixed(0);
const rate = (value: Decimal.Value) => String(new Decimal(value).toNumber());

/** Quarterly reviews: three quarters of analytics figures (the quarter, the one before, a year earlier) summarised. */
export function createQuarterlyReviewService(deps: { analytics: AnalyticsFigures; readDb: Database; today?: () => string }) {
  const { analytics, readDb } = deps;
  const today = deps.today ?? (() => new Date().toISOString().slice(0, 10));

  /** The first quarter with data: the account's creation, or its oldest transaction if back-filled before that. */
  async function firstDay(accountId: string, liveMode: boolean): Promise<{ name: string; isDemo: boolean; first: string } | null> {
    const result = await readDb.execute<{ name: string; is_demo: boolean; created: string; oldest: string | null }>(sql`
      select a.name, (select o.is_demo from organizations o where o.id = a.organization_id) as is_demo, to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD') as created,
        (select to_char(min(k.first), 'YYYY-MM-DD') from unnest(${ROLLUP_KIND_ARRAY}) as kind,
           lateral (select min(r.day) as first from transaction_rollups r where r.account_id = a.id and r.live_mode = ${liveMode} and r.kind = kind) k) as oldest
      from accounts a where a.id = ${accountId}`);
    const row = result.rows[0];
    if (!row) return null;
    return { name: row.name, isDemo: row.is_demo, first: row.oldest && row.oldest < row.created ? row.oldest : row.created };
  }

  return {
    async review(accountId: string, args: QuarterlyReviewArgs): Promise<QuarterlyReview> {
      const last = lastEndedQuarter(today());
      const quarter = args.quarter ?? last;
      if (!isQuarter(quarter)) throw badInput({ quarter: 'A quarter looks like 2026-Q3.' });
      if (quarter > last) throw badInput({ quarter: `${quarterLabel(quarter)} has not ended yet.` });
      // Read beside the figures, not before them (the account exists: the access check found it).
      const accountRead = firstDay(accountId, args.liveMode);
      const currencyCode = args.currencyCode ?? 'usd';
      const previousQuarter = shiftQuarter(quarter, -1);
      const yearAgoQuarter = shiftQuarter(quarter, -4);
      const range = quarterRange(quarter);
      const previousRange = quarterRange(previousQuarter);
      const yearAgoRange = quarterRange(yearAgoQuarter);

      // Months as buckets: a quarter's series reads as its three months.
      const request = (product: AnalyticsProduct, of: { from: string; to: string }, compared: { from: string; to: string } | null): AnalyticsRequest => ({
        accountId,
        liveMode: args.liveMode,
        product,
        currencyCode,
        from: of.from,
        to: of.to,
        comparison: compared ? 'previousPeriod' : 'none',
        previousFrom: compared?.from ?? null,
        previousTo: compared?.to ?? null,
        bucket: 'month',
      });
      // The quarter compared with the quarter before; the year-ago quarter on its own.
      const current = request('all', range, previousRange);
      const yearAgoRequest = request('all', yearAgoRange, null);
      // One read per rollup and range where the figures allow it: the failures take their rate's counts from the volume.
      const currentVolume = analytics.volume(current);
      const [volume, customers, conversion, { geography, paymentMethods }, failures, yearAgoVolume, yearAgoCustomers, yearAgoConversion] = await Promise.all([
        currentVolume,
        analytics.customers(current, { headlineOnly: true }),
        analytics.conversion(current),
        analytics.breakdowns(current),
        analytics.failures(current, {
          transactionCounts: currentVolume.then((figures) => ({ current: figures.current.transactionCount, previous: figures.previous.transactionCount })),
        }),
        analytics.volume(yearAgoRequest),
        analytics.customers(yearAgoRequest, { headlineOnly: true }),
        analytics.conversion(yearAgoRequest),
      ]);
      const account = await accountRead;
      if (!account) throw notFound('Account');

      const yearAgoByProduct = new Map(yearAgoVolume.byProduct.map((row) => [row.value, row]));
      const byProduct = new Map(volume.byProduct.map((row) => [row.value, row]));
      const shown = PRODUCTS.filter((product) => {
        const row = byProduct.get(product);
        return (row?.transactionCount ?? 0) + (row?.previousTransactionCount ?? 0) + (yearAgoByProduct.get(product)?.transactionCount ?? 0) > 0;
      });
      const products: QuarterlyProduct[] = shown.map((product) => {
        const row = byProduct.get(product);
        return {
          product,
          volume: row?.volume ?? '0.00',
          transactionCount: row?.transactionCount ?? 0,
          completionRate: row?.completionRate ?? 0,
          previousQuarterVolume: row?.previousVolume ?? '0.00',
          yearAgoVolume: yearAgoByProduct.get(product)?.volume ?? '0.00',
          months: volume.seriesOfProduct(product),
        };
      });

      const now = volume.current;
      const before = volume.previous;
      const ago = yearAgoVolume.current;
      const headline = [
        figure('volume', 'Volume', now.volume, before.volume, ago.volume, money),
        figure('transactions', 'Transactions', now.transactionCount, before.transactionCount, ago.transactionCount, count),
        figure('completionRate', 'Completion rate', now.completionRate, before.completionRate, ago.completionRate, rate),
        figure('feesEarned', 'Fees earned', now.feesEarned, before.feesEarned, ago.feesEarned, money),
        figure('averageOrder', 'Average order', now.averageOrder, before.averageOrder, ago.averageOrder, money),
        figure('activeCustomers', 'Active customers', customers.activeCustomers, customers.previousActiveCustomers, yearAgoCustomers.activeCustomers, count),
        figure('newCustomers', 'New customers', customers.newCustomers, customers.previousNewCustomers, yearAgoCustomers.newCustomers, count),
        figure('conversionRate', 'Widget conversion', conversion.conversionRate, conversion.previousConversionRate, yearAgoConversion.conversionRate, rate),
      ];

      const availableQuarters: string[] = [];
      for (let q = last; q >= quarterOf(account.first); q = shiftQuarter(q, -1)) availableQuarters.push(q);
      if (availableQuarters.length === 0) availableQuarters.push(last);

      return {
        accountId,
        accountName: account.name,
        isDemo: account.isDemo,
        liveMode: args.liveMode,
        currencyCode,
        quarter,
        from: range.from,
        to: range.to,
        previousQuarter,
        yearAgoQuarter,
        headline,
        products,
        topAssets: paymentMethods.assets.slice(0, TOP),
        topCountries: geography.countries.slice(0, TOP),
        topPaymentMethods: paymentMethods.paymentMethods.slice(0, TOP),
        conversion,
        failureReasons: failures.reasons,
        notableChanges: notableChanges({
          quarter,
          currencyCode,
          current: { volume, customers, conversion },
          yearAgo: { volume: yearAgoVolume, customers: yearAgoCustomers, conversion: yearAgoConversion },
          geography,
          paymentMethods,
          failures,
        }),
        availableQuarters,
        generatedAt: new Date().toISOString(),
      };
    },
  };
}

export type QuarterlyReviewService = ReturnType<typeof createQuarterlyReviewService>;
