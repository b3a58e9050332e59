import * as enums from '@rampart/shared/enums';
import { describe, expect, it } from 'vitest';
import { humanize, LABELLED_ENUMS, labelOfAsset, labelOfPaymentMethod, labelOfStatus } from '@/lib/labels';

/** Lists of values that are not shown to people as enumerations (free text offered as is). */
const NOT_SHOWN_AS_LABELS = new Set(['JOB_TITLES']);

describe('labels', () => {
  it('labels every enumeration of @rampart/shared/enums', () => {
    const covered = new Set(LABELLED_ENUMS.map((entry) => entry.name));
    const lists = Object.entries(enums).filter(([name, value]) => Array.isArray(value) && !NOT_SHOWN_AS_LABELS.has(name));
    expect(lists.length).toBeGreaterThan(10);
    expect(lists.map(([name]) => name).filter((name) => !covered.has(name))).toEqual([]);
  });

  it('has a label in words for every value', () => {
    for (const { name, values, labels } of LABELLED_ENUMS) {
      for (const value of values) {
        expect(labels[value], `${name}.${value}`).toBeTruthy();
        // A label never is the identifier itself when the identifier is not a word (camelCase, snake_case).
        if (/[a-z][A-Z]|_/.test(value)) expect(labels[value], `${name}.${value}`).not.toBe(value);
      }
    }
  });

  it('reads statuses, payment methods and assets as people say them', () => {
    expect(labelOfStatus('swap', 'waitingForDepositAddressGeneration')).toBe('Waiting for deposit address');
    expect(labelOfStatus('buy', 'waitingPayment')).toBe('Waiting for payment');
    expect(labelOfStatus(null, 'WaitingPayment')).toBe('Waiting for payment');
    expect(labelOfPaymentMethod('creditCard')).toBe('Credit card');
    expect(labelOfAsset('usdc_sol')).toBe('USDC on Solana');
    expect(labelOfAsset('usdc')).toBe('USDC on Ethereum');
    expect(labelOfAsset('eth_base')).toBe('ETH on Base');
    expect(labelOfAsset('btc')).toBe('BTC');
  });

  it('turns an unknown identifier into words rather than showing it raw', () => {
    expect(humanize('someNewStatus')).toBe('Some new status');
    expect(humanize('swap_quote_expired')).toBe('Swap quote expired');
    expect(labelOfStatus('buy', 'brandNew')).toBe('Brand new');
  });
});
