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
  /** "Up 12.3%", "Down 2.1 pts", "No change", "New" or "Not comparable". */
  headline: string;
  /** What it is compared with: "vs Q2 2026 · was $1,100.00", or "none in Q2 2026". */
  context: string;
  /** The whole change as a sentence, for screen readers: "Up 12.3% on Q2 2026 ($1,100.00)." */
  sentence: string;
}

const points = (ratio: number) => `${new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }).format(Math.abs(ratio) * 100)} pts`;

/**
 * A change against a compared quarter. Rates change by percentage points (85% → 88% is "up 3 pts", not "up 3.5%"),
 * and only when the compared quarter had transactions (`comparable`); money and counts by the server's relative
 * change, which is null when the compared quarter had nothing.
 */
export function describeChange(
  kind: FigureKind,
  value: string,
  previous: string,
  change: number | null | undefined,
  quarter: string,
  currency: string,
  comparable = true,
): ChangeWords {
  const label = quarterLabel(quarter);
  const was = formatFigure(kind, previous, currency);
  const current = Number(value);
  const before = Number(previous);
  const compared = (direction: Direction, headline: string): ChangeWords => ({
    direction,
    headline,
    context: `vs ${label} · was ${was}`,
    sentence: `${headline} on ${label} (${was}).`,
  });
  if (kind === 'rate') {
    if (!comparable)
      return {
        direction: 'none',
        headline: 'Not comparable',
        context: `no transactions in ${label}`,
        sentence: `Not comparable: no transactions in ${label}.`,
      };
    const diff = current - before;
    if (Math.abs(diff) < 0.0005) return compared('flat', 'No change');
    return compared(diff > 0 ? 'up' : 'down', `${diff > 0 ? 'Up' : 'Down'} ${points(diff)}`);
  }
  if (change === null || change === undefined || !Number.isFinite(change)) {
    if (current !== 0 && before === 0) return { direction: 'up', headline: 'New', context: `none in ${label}`, sentence: `New: none in ${label}.` };
    return { direction: 'none', headline: 'No change', context: `none in ${label} either`, sentence: `None in ${label} either.` };
  }
  if (Math.abs(change) < 0.0005) return compared('flat', 'No change');
  return compared(change > 0 ? 'up' : 'down', `${change > 0 ? 'Up' : 'Down'} ${formatPercent(Math.abs(change))}`);
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
