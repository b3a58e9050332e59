import { formatPercent } from '@/lib/format';

/**
 * Five evenly spaced y-axis ticks from 0 with a round step ("0, 5, 10, 15, 20"): with little data the axis still
 * reads (counts never step by less than 1, so one transaction does not give 0, 0, 0, 1), and with none it shows a
 * plain 0 to 4 (counts) or 0 to 1 (money) instead of repeated zeros.
 */
export function niceTicks(max: number, integer: boolean): number[] {
  const positive = Number.isFinite(max) && max > 0 ? max : integer ? 4 : 1;
  const rough = positive / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  let step = [1, 2, 2.5, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= rough) ?? 10 * magnitude;
  if (integer) step = Math.max(1, Math.ceil(step));
  return [0, 1, 2, 3, 4].map((index) => Number((index * step).toPrecision(12)));
}

/** A share of a whole; tiny non-zero shares read "<0.1%" rather than a misleading "0%". */
export function formatShare(ratio: number): string {
  return ratio > 0 && ratio < 0.001 ? `<${formatPercent(0.001)}` : formatPercent(ratio);
}
