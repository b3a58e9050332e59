// Analytics controls live in the URL (STYLE rule 11): reload and share keep product, range, comparison, currency, tab.
import { ANALYTICS_COMPARISONS, ANALYTICS_MAX_DAYS, ANALYTICS_PRODUCTS, type AnalyticsComparison, type AnalyticsProduct } from '@rampart/shared/analytics';
import { oneOf, REPORT_CURRENCIES, type ReportCurrency } from '@/lib/url-choices';

export const ANALYTICS_RANGES = ['7d', '30d', '90d', 'qtd', 'ytd', '12m', 'custom'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const ANALYTICS_RANGE_LABEL: Record<AnalyticsRange, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  qtd: 'Quarter to date',
  ytd: 'Year to date',
  '12m': 'Last 12 months',
  custom: 'Custom',
};

export const ANALYTICS_TABS = ['volume', 'conversion', 'customers', 'geography', 'paymentMethods', 'failures', 'looker'] as const;
export type AnalyticsTab = (typeof ANALYTICS_TABS)[number];

export interface AnalyticsParams {
  product: AnalyticsProduct;
  range: AnalyticsRange;
  /** yyyy-mm-dd UTC days, custom range only (else ''). */
  from: string;
  to: string;
  comparison: AnalyticsComparison;
  /** null: the signed-in user's preferred currency. */
  currency: ReportCurrency | null;
  tab: AnalyticsTab;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) => DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** A custom range the server accepts: real days, from ≤ to, at most ANALYTICS_MAX_DAYS. */
export function customRangeError(from: string, to: string): string | null {
  if (!isDay(from)) return 'Choose a start date.';
  if (!isDay(to)) return 'Choose an end date.';
  if (from > to) return 'The end is before the start.';
  if (daysBetween(from, to) > ANALYTICS_MAX_DAYS) return `Choose at most ${ANALYTICS_MAX_DAYS} days.`;
  return null;
}

export function parseAnalyticsParams(params: URLSearchParams): AnalyticsParams {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const range = oneOf(ANALYTICS_RANGES, params.get('range')) ?? '30d';
  const custom = range === 'custom' && customRangeError(from, to) === null;
  return {
    product: oneOf(ANALYTICS_PRODUCTS, params.get('product')) ?? 'all',
    range: range === 'custom' && !custom ? '30d' : range,
    from: custom ? from : '',
    to: custom ? to : '',
    comparison: oneOf(ANALYTICS_COMPARISONS, params.get('comparison')) ?? 'previousPeriod',
    currency: oneOf(REPORT_CURRENCIES, params.get('currency')),
    tab: oneOf(ANALYTICS_TABS, params.get('tab')) ?? 'volume',
  };
}

/** Only what differs from the defaults goes in the URL. */
export function analyticsSearchParams(next: AnalyticsParams): URLSearchParams {
  const params = new URLSearchParams();
  if (next.tab !== 'volume') params.set('tab', next.tab);
  if (next.product !== 'all') params.set('product', next.product);
  if (next.range !== '30d') params.set('range', next.range);
  if (next.range === 'custom') {
    params.set('from', next.from);
    params.set('to', next.to);
  }
  if (next.comparison !== 'previousPeriod') params.set('comparison', next.comparison);
  if (next.currency) params.set('currency', next.currency);
  return params;
}

/** The UTC days a preset covers, ending today (custom: its own days). */
export function resolveRange(state: Pick<AnalyticsParams, 'range' | 'from' | 'to'>, today: string): { from: string; to: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  switch (state.range) {
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case '90d':
      return { from: addDays(today, -89), to: today };
    case 'qtd':
      return { from: dayOf(new Date(Date.UTC(year, Math.floor((month - 1) / 3) * 3, 1))), to: today };
    case 'ytd':
      return { from: `${year}-01-01`, to: today };
    case '12m':
      // Twelve whole months: the current one and the eleven before.
      return { from: dayOf(new Date(Date.UTC(year, month - 12, 1))), to: today };
    case 'custom':
      return { from: state.from, to: state.to };
  }
}
