import { describe, expect, it } from 'vitest';
import type { WidgetTransaction } from '@rampart/shared/widget';
import { returnUrl } from './links';
import { sumCents } from './decimal';

const transaction = { id: 'tx-1', status: 'completed' } as WidgetTransaction;

describe('return link and fee sum', () => {
  it("appends the outcome to the partner's https link and refuses other schemes", () => {
    expect(returnUrl('https://shop.example/done?order=7', transaction)).toBe(
      'https://shop.example/done?order=7&transactionId=tx-1&transactionStatus=completed',
    );
    expect(returnUrl('javascript:alert(1)', transaction)).toBeNull();
    expect(returnUrl('not a url', transaction)).toBeNull();
    expect(returnUrl(null, transaction)).toBeNull();
  });

  it('adds fiat amounts exactly', () => {
    expect(sumCents(['4.50', '0.50', '0.00'])).toBe('5.00');
    expect(sumCents(['0.1', '0.2'])).toBe('0.30');
    expect(sumCents(['999999999999.99', '0.01'])).toBe('1000000000000.00');
    expect(sumCents(['0.05'])).toBe('0.05');
  });
});
