import { describe, expect, it } from 'vitest';
import {
  multiplyDecimal,
  formatAmount,
  formatCalendarDate,
  formatCount,
  formatDate,
  formatDateTime,
  formatPercent,
  formatRelativeTime,
  formatTime,
} from '@/lib/format';

const NBSP = '\u00a0';
/** Intl spaces vary by locale (NBSP, narrow NBSP); comparing with plain spaces keeps the expectations readable. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatAmount', () => {
  it('formats fiat with the currency style and its own decimals', () => {
    expect(plain(formatAmount('1234.5', 'usd', { locale: 'en-US' }))).toBe('$1,234.50');
    expect(plain(formatAmount('1234.5', 'eur', { locale: 'de-DE' }))).toBe('1.234,50 €');
    expect(plain(formatAmount('1234.5', 'eur', { locale: 'fr-FR' }))).toBe('1 234,50 €');
    expect(plain(formatAmount('1234', 'jpy', { locale: 'ja-JP' }))).toBe('￥1,234');
    expect(plain(formatAmount('99.9', 'gbp', { locale: 'en-GB' }))).toBe('£99.90');
  });

  it('keeps the decimals a fiat rate carries instead of rounding them away', () => {
    expect(formatAmount('0.000018', 'usd', { locale: 'en-US' })).toBe('$0.000018');
    expect(formatAmount('366.850000', 'usd', { locale: 'en-US' })).toBe('$366.85');
  });

  it('puts the ticker after a crypto amount, with the asset’s own decimals', () => {
    expect(formatAmount('0.0082', 'btc', { locale: 'en-US' })).toBe(`0.0082${NBSP}BTC`);
    expect(formatAmount('366.85', 'usdt', { locale: 'en-US' })).toBe(`366.85${NBSP}USDT`);
    // USDC has 6 decimals: the seventh is rounded, trailing zeros are not shown.
    expect(formatAmount('1.1234567', 'usdc', { locale: 'en-US' })).toBe(`1.123457${NBSP}USDC`);
    expect(formatAmount('25.500000', 'usdc_sol', { locale: 'en-US' })).toBe(`25.5${NBSP}USDC`);
    expect(plain(formatAmount('0.5', 'eth', { locale: 'de-DE' }))).toBe('0,5 ETH');
    expect(plain(formatAmount('1234.5', 'sol', { locale: 'fr-FR' }))).toBe('1 234,5 SOL');
    expect(formatAmount('12', 'btc', { locale: 'ja-JP' })).toBe(`12${NBSP}BTC`);
  });

  it('never breaks an amount across lines', () => {
    for (const [value, code, locale] of [
      ['1234.5', 'eur', 'fr-FR'],
      ['0.0082', 'btc', 'en-US'],
      ['1234.5', 'eur', 'de-DE'],
      ['1000000', 'usdt', 'fr-FR'],
    ] as const) {
      expect(formatAmount(value, code, { locale })).not.toMatch(/ /);
    }
  });

  it('formats tiny and huge amounts exactly, without going through a float', () => {
    expect(formatAmount('0.00000001', 'btc', { locale: 'en-US' })).toBe(`0.00000001${NBSP}BTC`);
    expect(formatAmount('123456789012.12345678', 'btc', { locale: 'en-US' })).toBe(`123,456,789,012.12345678${NBSP}BTC`);
    // As a float this would read 9,007,199,254,740,992.
    expect(formatAmount('9007199254740993', 'usdt', { locale: 'en-US' })).toBe(`9,007,199,254,740,993${NBSP}USDT`);
    expect(formatAmount('123456789012.12', 'usd', { locale: 'en-US' })).toBe('$123,456,789,012.12');
  });

  it('formats negative amounts and zero', () => {
    expect(formatAmount('-12.5', 'usd', { locale: 'en-US' })).toBe('-$12.50');
    expect(formatAmount('-0.0082', 'btc', { locale: 'en-US' })).toBe(`-0.0082${NBSP}BTC`);
    expect(formatAmount('0', 'btc', { locale: 'en-US' })).toBe(`0${NBSP}BTC`);
    expect(formatAmount('-0.00', 'usd', { locale: 'en-US' })).toBe('$0.00');
    expect(formatAmount('0', 'eur', { locale: 'en-US' })).toBe('€0.00');
  });

  it('shows a dash for nothing and the raw text for what is not a number', () => {
    expect(formatAmount(null, 'usd')).toBe('—');
    expect(formatAmount('', 'usd')).toBe('—');
    expect(formatAmount('abc', 'usd')).toBe('abc');
    expect(formatAmount('12.5', null, { locale: 'en-US' })).toBe('12.5');
  });
});

describe('dates and times', () => {
  const moment = '2026-11-23T13:05:09Z';

  it('formats a moment in one style, in the given locale and time zone', () => {
    expect(plain(formatDateTime(moment, { locale: 'en-US', timeZone: 'UTC' }))).toBe('Nov 23, 2026, 1:05 PM');
    expect(plain(formatDateTime(moment, { locale: 'de-DE', timeZone: 'Europe/Berlin' }))).toBe('23. Nov. 2026, 14:05');
    expect(plain(formatDateTime(moment, { locale: 'fr-FR', timeZone: 'Europe/Paris' }))).toBe('23 nov. 2026, 14:05');
    expect(plain(formatDateTime(moment, { locale: 'ja-JP', timeZone: 'Asia/Tokyo' }))).toBe('2026年11月23日 22:05');
  });

  it('names the time zone where it matters, and adds seconds when asked', () => {
    expect(plain(formatDateTime(moment, { locale: 'en-US', timeZone: 'America/New_York', zone: true }))).toBe('Nov 23, 2026, 8:05 AM EST');
    expect(plain(formatDateTime(moment, { locale: 'en-US', timeZone: 'UTC', zone: true, seconds: true }))).toBe('Nov 23, 2026, 1:05:09 PM UTC');
  });

  it('crosses the date line with the time zone', () => {
    expect(plain(formatDate('2026-11-23T23:30:00Z', { locale: 'en-US', timeZone: 'Asia/Tokyo' }))).toBe('Nov 24, 2026');
    expect(plain(formatDate('2026-11-23T23:30:00Z', { locale: 'en-US', timeZone: 'America/Los_Angeles' }))).toBe('Nov 23, 2026');
    expect(plain(formatTime(moment, { locale: 'en-GB', timeZone: 'UTC' }))).toBe('13:05');
  });

  it('keeps a calendar date (a date of birth) on its day in every zone', () => {
    expect(formatCalendarDate('1990-01-31', { locale: 'en-US' })).toBe('Jan 31, 1990');
    expect(formatCalendarDate('not a date')).toBe('not a date');
  });

  it('shows how long ago a moment was', () => {
    const now = new Date('2026-11-23T13:05:00Z');
    expect(formatRelativeTime('2026-11-23T13:02:00Z', { locale: 'en-US', now })).toBe('3 minutes ago');
    expect(formatRelativeTime('2026-11-23T13:04:55Z', { locale: 'en-US', now })).toBe('now');
    expect(formatRelativeTime('2026-11-22T12:00:00Z', { locale: 'en-US', now })).toBe('yesterday');
    expect(formatRelativeTime('2026-11-23T15:05:00Z', { locale: 'en-US', now })).toBe('in 2 hours');
    expect(formatRelativeTime('2026-11-23T13:02:00Z', { locale: 'de-DE', now })).toBe('vor 3 Minuten');
    expect(formatRelativeTime('2024-11-23T13:05:00Z', { locale: 'fr-FR', now })).toBe('il y a 2 ans');
  });

  it('rounds: a 7-day invitation sent a few seconds ago expires in 7 days, not 6 (issue 36)', () => {
    const sent = new Date('2026-11-23T13:05:00Z');
    const expires = new Date(sent.getTime() + 7 * 86_400_000);
    expect(formatRelativeTime(expires, { locale: 'en-US', now: sent.getTime() + 5_000 })).toBe('in 7 days');
    expect(formatRelativeTime('2026-11-23T13:05:00Z', { locale: 'en-US', now: new Date('2026-11-23T14:04:40Z') })).toBe('1 hour ago');
  });

  it('shows a dash for no moment', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDate(undefined)).toBe('—');
    expect(formatRelativeTime('')).toBe('—');
  });
});

describe('counts and percentages', () => {
  it('formats counts and ratios in the locale', () => {
    expect(formatCount(1234567, { locale: 'en-US' })).toBe('1,234,567');
    expect(plain(formatCount(1234567, { locale: 'de-DE' }))).toBe('1.234.567');
    expect(formatCount(12345, { locale: 'en-US', compact: true })).toBe('12.3K');
    expect(formatPercent(0.256, { locale: 'en-US' })).toBe('25.6%');
    expect(plain(formatPercent(0.5, { locale: 'fr-FR' }))).toBe('50 %');
    expect(formatPercent(null)).toBe('—');
  });
});

describe('multiplyDecimal', () => {
  it('multiplies decimal strings exactly and rounds half away from zero', () => {
    expect(multiplyDecimal('100', '0.92', 2)).toBe('92.00');
    expect(multiplyDecimal('0.1', '0.2', 2)).toBe('0.02');
    expect(multiplyDecimal('123456789012.12345678', '1.5', 2)).toBe('185185183518.19');
    expect(multiplyDecimal('-2.005', '1', 2)).toBe('-2.01');
    expect(multiplyDecimal('-0.001', '1', 2)).toBe('0.00');
    expect(multiplyDecimal('abc', '1', 2)).toBeNull();
  });
});
