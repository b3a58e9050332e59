import { describe, expect, it } from 'vitest';
import { formatShare, niceTicks } from './chart-scale';

describe('niceTicks', () => {
  it('steps counts by whole numbers, never repeating a tick, even for one transaction', () => {
    expect(niceTicks(1, true)).toEqual([0, 1, 2, 3, 4]);
    expect(niceTicks(0, true)).toEqual([0, 1, 2, 3, 4]);
    expect(niceTicks(37, true)).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(863, true)).toEqual([0, 250, 500, 750, 1000]);
  });
  it('gives money a round step above the largest value, and 0 to 1 with none', () => {
    expect(niceTicks(0, false)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(niceTicks(Number.NaN, false)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(niceTicks(13_412.5, false)).toEqual([0, 5000, 10_000, 15_000, 20_000]);
    expect(niceTicks(3.2, false)).toEqual([0, 1, 2, 3, 4]);
    for (const max of [0.4, 7, 99, 12_345, 9_999_999]) {
      const ticks = niceTicks(max, false);
      expect(new Set(ticks).size).toBe(5);
      expect(ticks.at(-1)!).toBeGreaterThanOrEqual(max);
    }
  });
});

describe('formatShare', () => {
  it('never shows a non-zero share as 0%', () => {
    expect(formatShare(2 / 5608)).toBe(`<${new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 }).format(0.001)}`);
    expect(formatShare(0)).toBe(new Intl.NumberFormat(undefined, { style: 'percent' }).format(0));
    expect(formatShare(0.8331)).toBe(new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 }).format(0.8331));
  });
});
