import { describe, expect, it } from 'vitest';
import { analyticsSearchParams, customRangeError, parseAnalyticsParams, resolveRange } from '@/features/analytics/lib/search-params';

describe('analytics URL params', () => {
  it('reads defaults from an empty URL and writes nothing back', () => {
    const state = parseAnalyticsParams(new URLSearchParams());
    expect(state).toEqual({ product: 'all', range: '30d', from: '', to: '', comparison: 'previousPeriod', currency: null, tab: 'volume' });
    expect(analyticsSearchParams(state).toString()).toBe('');
  });

  it('round-trips every control', () => {
    const query = 'tab=failures&product=swap&range=custom&from=2026-01-01&to=2026-03-31&comparison=previousYear&currency=gbp';
    const state = parseAnalyticsParams(new URLSearchParams(query));
    expect(state).toEqual({
      product: 'swap',
      range: 'custom',
      from: '2026-01-01',
      to: '2026-03-31',
      comparison: 'previousYear',
      currency: 'gbp',
      tab: 'failures',
    });
    expect(analyticsSearchParams(state).toString()).toBe(query);
  });

  it('falls back on unknown values and on a custom range that is not valid', () => {
    const state = parseAnalyticsParams(new URLSearchParams('tab=x&product=nft&range=custom&from=2026-02-30&to=2026-03-01&comparison=y&currency=jpy'));
    expect(state).toMatchObject({ product: 'all', range: '30d', from: '', to: '', comparison: 'previousPeriod', currency: null, tab: 'volume' });
    expect(parseAnalyticsParams(new URLSearchParams('range=custom&from=2026-03-02&to=2026-03-01')).range).toBe('30d');
  });
});

describe('range presets', () => {
  const today = '2026-11-23';
  it.each([
    ['7d', '2026-11-17'],
    ['30d', '2026-10-25'],
    ['90d', '2026-08-26'],
    ['qtd', '2026-10-01'],
    ['ytd', '2026-01-01'],
    ['12m', '2025-12-01'],
  ] as const)('%s starts on %s and ends today', (range, from) => {
    expect(resolveRange({ range, from: '', to: '' }, today)).toEqual({ from, to: today });
  });

  it('crosses a year for the first quarter and for 12 months in January', () => {
    expect(resolveRange({ range: 'qtd', from: '', to: '' }, '2026-02-10')).toEqual({ from: '2026-01-01', to: '2026-02-10' });
    expect(resolveRange({ range: '12m', from: '', to: '' }, '2026-01-05')).toEqual({ from: '2025-02-01', to: '2026-01-05' });
  });

  it('keeps a custom range and checks it', () => {
    expect(resolveRange({ range: 'custom', from: '2026-01-01', to: '2026-01-31' }, today)).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(customRangeError('2026-01-01', '2026-01-31')).toBeNull();
    expect(customRangeError('', '2026-01-31')).toBe('Choose a start date.');
    expect(customRangeError('2026-02-01', '2026-01-31')).toBe('The end is before the start.');
    expect(customRangeError('2020-01-01', '2026-01-31')).toMatch(/^Choose at most/);
  });
});
