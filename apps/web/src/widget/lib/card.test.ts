import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@rampart/shared/widget';
import { cvcValid, formatCardNumber, formatExpiryTyping, luhnValid, parseExpiry } from './card';

describe('card number', () => {
  it('groups by four and stops at 19 digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42')).toBe('4242 4242 42');
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });

  it('passes the Luhn check for every documented test card and fails a typo', () => {
    for (const card of TEST_CARDS) expect(luhnValid(card.number)).toBe(true);
    expect(luhnValid('4242 4242 4242 4241')).toBe(false);
    expect(luhnValid('4242')).toBe(false);
  });
});

describe('expiry and CVC', () => {
  const now = new Date('2026-05-15T00:00:00Z');
  it('formats while typing', () => {
    expect(formatExpiryTyping('4')).toBe('04');
    expect(formatExpiryTyping('1')).toBe('1');
    expect(formatExpiryTyping('123')).toBe('12 / 3');
    expect(formatExpiryTyping('12 / 345')).toBe('12 / 34');
  });

  it('parses MM / YY and refuses past or impossible dates', () => {
    expect(parseExpiry('07 / 30', now)).toEqual({ ok: true, month: '07', year: '2030' });
    expect(parseExpiry('5/2026', now)).toEqual({ ok: true, month: '05', year: '2026' });
    expect(parseExpiry('04 / 26', now)).toEqual({ ok: false, error: 'This card has expired.' });
    expect(parseExpiry('13 / 30', now)).toMatchObject({ ok: false });
    expect(parseExpiry('12', now)).toMatchObject({ ok: false });
  });

  it('accepts three or four digit CVCs', () => {
    expect(cvcValid('123')).toBe(true);
    expect(cvcValid('1234')).toBe(true);
    expect(cvcValid('12')).toBe(false);
    expect(cvcValid('12a')).toBe(false);
  });
});
