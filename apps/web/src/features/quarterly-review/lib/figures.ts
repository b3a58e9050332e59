import { quarterLabel } from '@rampart/shared/analytics';
import { formatAmount, formatCount, formatCountry, formatPercent } from '@/lib/format';
import { labelOfAsset, labelOfFailureReason, labelOfPaymentMethod } from '@/lib/labels';

// Words and numbers of the review: a headline figure's value, and its change against a compared quarter.

export type FigureKind = 'money' | 'count' | 'rate';

const MONEY = new Set(['volume', 'feesEarned', 'averageOrder']);
const RATES = new Set(['completionRate', 'conversionRate']);

export function figureKind(name: string): FigureKind {
  return MONEY.has(name) ? 'money' : RATES.has(name) ? 'rate' : 'count';
}

/** A headline value as the server sends it (decimal string, integer or 0-to-1 rate) in the reader's format. */
export function formatFigure(kind: FigureKind, value: string, currency: string): string {
  if (kind === 'money') return formatAmount(value, currency);
  if (kind === 'rate') return formatPercent(Number(value));
  return formatCount(Number(value));
}

export type Direction = 'up' | 'down' | 'flat' | 'none';

export interface ChangeWords {
  direction: Direction;
  /** "Up 12.3%", "Down 2.1 pts", "No change", "New" or "No figures". */
  headline: string;
  /** The whole change as a sentence, for screen readers and the printed page: "Up 12.3% on Q2 2026 ($1,100.00)." */
  sentence: string;
  /** The compared value in the reader's format. */
  previous: string;
}

const points = (ratio: number) => `${new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }).format(Math.abs(ratio) * 100)} pts`;

/**
 * A change against a compared quarter. Rates change by percentage points (85% → 88% is "up 3 pts", not "up 3.5%");
 * money and counts by the server's relative change, which is null when the compared quarter had nothing.
 */
export function describeChange(kind: FigureKind, value: string, previous: string, change: number | null | undefined, quarter: string, currency: string): ChangeWords {
  const label = quarterLabel(quarter);
  const was = formatFigure(kind, previous, currency);
  const current = Number(value);
  const before = Number(previous);
  let direction: Direction;
  let headline: string;
  if (kind === 'rate') {
    const diff = current - before;
    direction = Math.abs(diff) < 0.0005 ? 'flat' : diff > 0 ? 'up' : 'down';
    headline = direction === 'flat' ? 'No change' : `${direction === 'up' ? 'Up' : 'Down'} ${points(diff)}`;
  } else if (change === null || change === undefined || !Number.isFinite(change)) {
    direction = current > 0 && before === 0 ? 'up' : 'none';
    headline = direction === 'up' ? 'New' : 'No figures';
  } else {
    direction = Math.abs(change) < 0.0005 ? 'flat' : change > 0 ? 'up' : 'down';
    headline = direction === 'flat' ? 'No change' : `${direction === 'up' ? 'Up' : 'Down'} ${formatPercent(Math.abs(change))}`;
  }
  const sentence =
    direction === 'none'
      ? `Nothing to compare with in ${label}.`
      : headline === 'New'
        ? `New since ${label}, which had none.`
        : `${headline} on ${label} (${was}).`;
  return { direction, headline, sentence, previous: was };
}

/** A breakdown value in words: an asset, a country or a payment method ('unknown' and 'none' read as words). */
export function labelOfBreakdown(kind: 'asset' | 'country' | 'paymentMethod', value: string): string {
  if (kind === 'country') return value === 'unknown' ? 'Unknown country' : formatCountry(value);
  if (kind === 'paymentMethod') return value === 'none' ? 'No payment method' : labelOfPaymentMethod(value);
  return labelOfAsset(value);
}

export function labelOfReason(reason: string): string {
  return reason === 'unknown' ? 'Unknown reason' : labelOfFailureReason(reason);
}

/** "Jul 2026" for the first day of a month (UTC). */
export function formatMonth(firstDay: string): string {
  return new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${firstDay}T00:00:00Z`));
}
