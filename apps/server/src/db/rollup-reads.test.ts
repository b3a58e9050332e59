import { describe, expect, it } from 'vitest';
import { splitIntoMonths } from './rollup-reads.ts';

const EMPTY = ['1970-01-02', '1970-01-01'];

describe('splitIntoMonths', () => {
  it('reads whole months as months and the partial months at either end as days', () => {
    expect(splitIntoMonths('2025-11-22', '2026-11-22')).toEqual({
      months: ['2025-12-01', '2026-10-01'],
      before: ['2025-11-22', '2025-11-30'],
      after: ['2026-11-01', '2026-11-22'],
    });
  });
  it('takes a range that starts on the 1st and ends on a month end as months only', () => {
    expect(splitIntoMonths('2026-01-01', '2026-03-31')).toEqual({ months: ['2026-01-01', '2026-03-01'], before: EMPTY, after: EMPTY });
    expect(splitIntoMonths('2024-02-01', '2024-02-29')).toEqual({ months: ['2024-02-01', '2024-02-01'], before: EMPTY, after: EMPTY });
  });
  it('keeps a range without a whole month as days', () => {
    expect(splitIntoMonths('2026-11-16', '2026-11-22')).toEqual({ months: EMPTY, before: ['2026-11-16', '2026-11-22'], after: EMPTY });
    expect(splitIntoMonths('2026-10-15', '2026-11-14')).toEqual({ months: EMPTY, before: ['2026-10-15', '2026-11-14'], after: EMPTY });
  });
  it('handles a whole month followed by days, and days followed by a whole month', () => {
    expect(splitIntoMonths('2026-10-01', '2026-11-05')).toEqual({ months: ['2026-10-01', '2026-10-01'], before: EMPTY, after: ['2026-11-01', '2026-11-05'] });
    expect(splitIntoMonths('2026-09-20', '2026-10-31')).toEqual({ months: ['2026-10-01', '2026-10-01'], before: ['2026-09-20', '2026-09-30'], after: EMPTY });
  });
});
