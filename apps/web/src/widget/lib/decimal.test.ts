import { describe, expect, it } from 'vitest';
import { compareDecimal, formatCrypto, formatDecimal, formatFiat, parseAmountInput, sanitizeAmountTyping } from './decimal';

describe('amount input', () => {
  it('keeps digits and one separator while typing', () => {
    expect(sanitizeAmountTyping('1a2,3.4')).toBe('12.34');
    expect(sanitizeAmountTyping('$ 100')).toBe('100');
  });

  it('parses to a canonical decimal string, never through a float', () => {
    expect(parseAmountInput('0012.50', 2)).toEqual({ ok: true, value: '12.5' });
    expect(parseAmountInput('0.1', 8)).toEqual({ ok: true, value: '0.1' });
    expect(parseAmountInput('123456789012345.12345678', 8)).toEqual({ ok: true, value: '123456789012345.12345678' });
    expect(parseAmountInput('1,000.50', 2)).toEqual({ ok: true, value: '1000.5' });
    expect(parseAmountInput('12,5', 2)).toEqual({ ok: true, value: '12.5' });
    expect(parseAmountInput('.5', 2)).toEqual({ ok: true, value: '0.5' });
    expect(parseAmountInput('7.', 2)).toEqual({ ok: true, value: '7' });
  });

  it('refuses empty, zero, letters and too many decimals in words', () => {
    expect(parseAmountInput('', 2)).toEqual({ ok: false, error: 'Enter an amount.' });
    expect(parseAmountInput('0.00', 2)).toEqual({ ok: false, error: 'Enter an amount above zero.' });
    expect(parseAmountInput('1e5', 2)).toMatchObject({ ok: false });
    expect(parseAmountInput('-3', 2)).toMatchObject({ ok: false });
    expect(parseAmountInput('1.234', 2)).toEqual({ ok: false, error: 'Use at most 2 decimal places.' });
    expect(parseAmountInput('1.5', 0)).toEqual({ ok: false, error: 'Enter a whole number.' });
    expect(parseAmountInput('1.500', 2)).toEqual({ ok: true, value: '1.5' });
    // The server's bound on any amount, from the same shared check.
    expect(parseAmountInput('12345678901234567890.5', 2)).toEqual({ ok: false, error: 'The amount is too large: at most 15 digits before the decimal point.' });
  });

  it('compares decimal strings exactly', () => {
    expect(compareDecimal('10', '9.99')).toBe(1);
    expect(compareDecimal('0.1', '0.10')).toBe(0);
    expect(compareDecimal('0.0000001', '0.000001')).toBe(-1);
    expect(compareDecimal('0020', '20.000')).toBe(0);
  });
});

describe('formatting', () => {
  it('groups thousands and cuts without rounding up', () => {
    expect(formatDecimal('1234567.891', { maxDecimals: 2 })).toBe('1,234,567.89');
    expect(formatDecimal('0.99999999', { maxDecimals: 2 })).toBe('0.99');
    expect(formatDecimal('5', { minDecimals: 2, maxDecimals: 2 })).toBe('5.00');
    expect(formatDecimal('0.00150000')).toBe('0.0015');
  });

  it('writes fiat and crypto amounts', () => {
    expect(formatFiat('1234.5', 'usd')).toBe('$1,234.50');
    expect(formatFiat('99', 'eur')).toBe('€99.00');
    expect(formatFiat('1500', 'jpy')).toBe('¥1,500');
    expect(formatFiat('10', 'chf')).toBe('10.00 CHF');
    expect(formatCrypto('0.00153000', 'btc')).toBe('0.00153 BTC');
  });
});
