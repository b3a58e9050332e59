import { describe, expect, it } from 'vitest';
import { passesLuhn } from '@rampart/shared/cards';
import { cardSchema, formatExpiry, groupCardNumber } from './card';

const NOW = new Date('2026-11-23T00:00:00Z');
const valid = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', nameOnCard: 'Ada Lovelace' };

function problems(values: Partial<typeof valid>) {
  const result = cardSchema(NOW).safeParse({ ...valid, ...values });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the sandbox card form', () => {
  it('takes the test cards', () => {
    for (const number of ['4242 4242 4242 4242', '4000 0000 0000 0341', '4000 0000 0000 0002']) expect(passesLuhn(number.replace(/ /g, ''))).toBe(true);
    expect(problems({})).toEqual({});
  });

  it('says what is wrong with each field', () => {
    expect(problems({ number: '4242 4242 4242 4241' })).toEqual({ number: 'This card number is not valid; check the digits' });
    expect(problems({ number: '' })).toEqual({ number: 'Enter the card number' });
    expect(problems({ expiry: '13/30' })).toEqual({ expiry: 'Use MM/YY, e.g. 12/34' });
    expect(problems({ expiry: '10/26' })).toEqual({ expiry: 'This card has expired' });
    expect(problems({ expiry: '11/26' })).toEqual({});
    expect(problems({ cvc: '12' })).toEqual({ cvc: 'Enter the 3 or 4 digits on the back' });
    expect(problems({ nameOnCard: '  ' })).toEqual({ nameOnCard: 'Enter the name on the card' });
  });

  it('formats while typing', () => {
    expect(groupCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatExpiry('1234')).toBe('12/34');
    expect(formatExpiry('1')).toBe('1');
  });
});
