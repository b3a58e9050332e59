import { describe, expect, it } from 'vitest';
import { describeChange, figureKind, formatFigure, labelOfBreakdown, labelOfReason } from '@/features/quarterly-review/lib/figures';
import { parseReviewParams, reviewSearchParams } from '@/features/quarterly-review/lib/search-params';

describe('headline figures', () => {
  it('formats money, counts and rates by the figure name', () => {
    expect(figureKind('volume')).toBe('money');
    expect(figureKind('conversionRate')).toBe('rate');
    expect(figureKind('activeCustomers')).toBe('count');
    expect(formatFigure('money', '1234.5', 'usd')).toBe('$1,234.50');
    expect(formatFigure('count', '12345', 'usd')).toBe('12,345');
    expect(formatFigure('rate', '0.256', 'usd')).toBe('25.6%');
  });

  it('states a relative change for money and counts, in words and numbers', () => {
    const up = describeChange('money', '1100', '1000', 0.1, '2026-Q2', 'usd');
    expect(up).toMatchObject({ direction: 'up', headline: 'Up 10%', context: 'vs Q2 2026 · was $1,000.00' });
    expect(up.sentence).toBe('Up 10% on Q2 2026 ($1,000.00).');
    expect(describeChange('count', '90', '100', -0.1, '2025-Q3', 'usd')).toMatchObject({ direction: 'down', headline: 'Down 10%' });
    expect(describeChange('count', '100', '100', 0, '2025-Q3', 'usd')).toMatchObject({ direction: 'flat', headline: 'No change' });
  });

  it('states a rate change in percentage points', () => {
    expect(describeChange('rate', '0.88', '0.85', 0.035, '2026-Q2', 'usd')).toMatchObject({
      direction: 'up',
      headline: 'Up 3 pts',
      context: 'vs Q2 2026 · was 85%',
    });
    expect(describeChange('rate', '0.88', '0', null, '2025-Q3', 'usd', false)).toMatchObject({
      direction: 'none',
      headline: 'Not comparable',
      context: 'no transactions in Q3 2025',
    });
  });

  it('says when the compared quarter had nothing', () => {
    expect(describeChange('money', '10', '0', null, '2026-Q2', 'usd')).toMatchObject({ direction: 'up', headline: 'New', context: 'none in Q2 2026' });
    expect(describeChange('money', '0', '0', null, '2026-Q2', 'usd')).toMatchObject({
      direction: 'none',
      headline: 'No change',
      context: 'none in Q2 2026 either',
    });
  });

  it('names unknown breakdown values and reasons in words', () => {
    expect(labelOfBreakdown('country', 'unknown')).toBe('Unknown country');
    expect(labelOfBreakdown('country', 'DE')).toBe('Germany');
    expect(labelOfBreakdown('paymentMethod', 'none')).toBe('No payment method');
    expect(labelOfReason('unknown')).toBe('Unknown reason');
    expect(labelOfReason('cardDeclined')).toBe('Card declined');
  });
});

describe('review search params', () => {
  it('keeps an ended quarter, a known currency and an account id', () => {
    const params = parseReviewParams(new URLSearchParams('quarter=2026-Q3&currency=eur&accountId=abc-123'), '2026-11-23');
    expect(params).toEqual({ quarter: '2026-Q3', currency: 'eur', accountId: 'abc-123' });
    expect(reviewSearchParams(params).toString()).toBe('accountId=abc-123&quarter=2026-Q3&currency=eur');
  });

  it('falls back to the defaults for a quarter not yet ended and malformed values', () => {
    expect(parseReviewParams(new URLSearchParams('quarter=2026-Q4&currency=jpy'), '2026-11-23')).toEqual({ quarter: null, currency: null, accountId: null });
    expect(parseReviewParams(new URLSearchParams('quarter=Q3'), '2026-11-23').quarter).toBeNull();
  });
});
