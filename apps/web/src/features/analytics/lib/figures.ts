import { formatPercent } from '@/lib/format';

// The dashboards' chart scale: one rule for every chart's axis and shares.
export { formatShare, niceTicks } from '@/lib/chart-scale';

/** A change as "+12.5%" / "−3%", or "—" without a compared figure. */
export function formatChange(change: number | null | undefined): string {
  if (change === null || change === undefined) return '—';
  return `${change >= 0 ? '+' : ''}${formatPercent(change)}`;
}

/** A ratio for the CSV: up to 6 decimals, no exponent. */
export function rawRatio(value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(Number(value.toFixed(6)));
}

/** "2026-11" month of a YYYY-MM-DD first day, as "Nov 2026". */
export function formatMonth(day: string): string {
  return new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day.slice(0, 7)}-01T00:00:00Z`));
}
