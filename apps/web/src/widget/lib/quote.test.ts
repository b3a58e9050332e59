import { describe, expect, it } from 'vitest';
import { isQuoteExpired, msUntilRefresh, QUOTE_REFRESH_MS, secondsLeft } from './quote';

const now = Date.parse('2026-05-15T12:00:00Z');

describe('quote expiry', () => {
  it('counts a quote within the margin of its expiry as expired', () => {
    expect(isQuoteExpired('2026-05-15T12:00:30Z', now)).toBe(false);
    expect(isQuoteExpired('2026-05-15T12:00:01Z', now)).toBe(true);
    expect(isQuoteExpired('2026-05-15T11:59:00Z', now)).toBe(true);
    expect(isQuoteExpired('not a date', now)).toBe(true);
  });

  it('refreshes 30 s after arrival, or before expiry when that is sooner', () => {
    expect(msUntilRefresh(now, '2026-05-15T12:05:00Z', now)).toBe(QUOTE_REFRESH_MS);
    expect(msUntilRefresh(now, '2026-05-15T12:00:10Z', now)).toBe(8_000);
    expect(msUntilRefresh(now - 40_000, '2026-05-15T12:05:00Z', now)).toBe(0);
    expect(secondsLeft(now + 12_400, now)).toBe(13);
  });
});
