import { formatPercent } from '@/lib/format';

/** Five round y-axis ticks from 0 (counts step by at least 1; nothing gives 0 to 4 or 0 to 1). */
export function niceTicks(max: number, integer: boolean): number[] {
  const positive = Number.isFinite(max) && max > 0 ? max : integer ? 4 : 1;
  const rough = positive / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  let step = [1, 2, 2.5, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= rough) ?? 10 * magnitude;
  if (integer) step = Math.max(1, Math.ceil(step));
  return [0, 1, 2, 3, 4].map((index) => Number((index * step).toPrecision(12)));
}

/** A share of a whole; tiny non-zero shares read "<0.1%" rather than "0%". */
export function formatShare(ratio: number): string {
  return ratio > 0 && ratio < 0.001 ? `<${formatPercent(0.001)}` : formatPercent(ratio);
}

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
