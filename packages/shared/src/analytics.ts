/** Analytics and the quarterly review (issue 16): products, funnel steps, tabs and quarter arithmetic, for both sides. */

export const ANALYTICS_PRODUCTS = ['all', 'buy', 'sell', 'swap', 'deposit', 'withdrawal'] as const;
export type AnalyticsProduct = (typeof ANALYTICS_PRODUCTS)[number];

export const ANALYTICS_PRODUCT_LABEL: Record<AnalyticsProduct, string> = {
  all: 'All products',
  buy: 'On-ramp',
  sell: 'Off-ramp',
  swap: 'Swaps',
  deposit: 'Deposits',
  withdrawal: 'Withdrawals',
};

export const ANALYTICS_COMPARISONS = ['previousPeriod', 'previousYear', 'none'] as const;
export type AnalyticsComparison = (typeof ANALYTICS_COMPARISONS)[number];

export const ANALYTICS_COMPARISON_LABEL: Record<AnalyticsComparison, string> = {
  previousPeriod: 'Previous period',
  previousYear: 'Same period last year',
  none: 'No comparison',
};

/** The widget funnel in order (the widget records these per session; completed and failed per transaction). */
export const WIDGET_FUNNEL_STEPS = ['opened', 'quoted', 'payment_started', 'completed', 'failed'] as const;
export type WidgetFunnelStep = (typeof WIDGET_FUNNEL_STEPS)[number];

export const WIDGET_FUNNEL_STEP_LABEL: Record<WidgetFunnelStep, string> = {
  opened: 'Widget opened',
  quoted: 'Quote shown',
  payment_started: 'Payment started',
  completed: 'Completed',
  failed: 'Failed',
};

/** The /analytics tabs, and the Looker dashboard type each one embeds (spec §7 lookerEmbedUrl analyticsType). */
export const ANALYTICS_TYPES = ['volume', 'conversion', 'customers', 'geography', 'paymentMethods', 'failures', 'quarterlyReview'] as const;
export type AnalyticsType = (typeof ANALYTICS_TYPES)[number];

export const ANALYTICS_TYPE_LABEL: Record<AnalyticsType, string> = {
  volume: 'Volume',
  conversion: 'Conversion',
  customers: 'Customers',
  geography: 'Geography',
  paymentMethods: 'Payment methods',
  failures: 'Failures',
  quarterlyReview: 'Quarterly review',
};

/** The longest analytics range, in days. */
export const ANALYTICS_MAX_DAYS = 3 * 366;

// Quarters: "2026-Q3" covers 2026-07-01 to 2026-09-30 (UTC days).
const QUARTER = /^(\d{4})-Q([1-4])$/;

export function isQuarter(value: string): boolean {
  return QUARTER.test(value);
}

/** The quarter a YYYY-MM-DD day falls in. */
export function quarterOf(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return `${year}-Q${Math.floor((month - 1) / 3) + 1}`;
}

/** First and last day of a quarter like 2026-Q3. */
export function quarterRange(quarter: string): { from: string; to: string } {
  const match = QUARTER.exec(quarter);
  if (!match) throw new Error(`Not a quarter: ${quarter}`);
  const year = Number(match[1]);
  const q = Number(match[2]);
  const from = new Date(Date.UTC(year, (q - 1) * 3, 1));
  const to = new Date(Date.UTC(year, q * 3, 0));
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}

/** The quarter `steps` quarters after (negative: before) this one. */
export function shiftQuarter(quarter: string, steps: number): string {
  const match = QUARTER.exec(quarter);
  if (!match) throw new Error(`Not a quarter: ${quarter}`);
  const index = Number(match[1]) * 4 + Number(match[2]) - 1 + steps;
  return `${Math.floor(index / 4)}-Q${(index % 4) + 1}`;
}

/** The last quarter that has ended on this UTC day. */
export function lastEndedQuarter(today: string): string {
  return shiftQuarter(quarterOf(today), -1);
}

/** "Q3 2026" for 2026-Q3. */
export function quarterLabel(quarter: string): string {
  const match = QUARTER.exec(quarter);
  return match ? `Q${match[2]} ${match[1]}` : quarter;
}
