import { describe, expect, it } from 'vitest';
import { toTransactionRow, type TransactionListItem } from '@/features/transactions/lib/rows';

describe('toTransactionRow', () => {
  it('shows a buy by what the customer pays, and what they receive beside it', () => {
    const row = toTransactionRow({
      id: 'tx-1',
      createdAt: '2026-03-01T10:00:00.000Z',
      status: 'completed',
      externalTransactionId: 'ext-1',
      externalCustomerId: null,
      baseCurrencyAmount: '100.00',
      baseCurrency: { code: 'eur' },
      quoteCurrencyAmount: '0.0021',
      quoteCurrency: { code: 'btc' },
      paymentMethod: null,
    } satisfies TransactionListItem);
    expect(row).toMatchObject({ id: 'tx-1', status: 'completed', externalTransactionId: 'ext-1', amount: '100.00', currency: 'eur' });
    expect(row.secondary).toBe('0.0021\u00a0BTC'); // formatAmount keeps the code on the amount's line;
  });

  it('leaves the received amount out until it is known', () => {
    const row = toTransactionRow({
      id: 'tx-2',
      createdAt: '2026-03-01T10:00:00.000Z',
      status: 'pending',
      externalTransactionId: null,
      externalCustomerId: null,
      baseCurrencyAmount: '5',
      baseCurrency: { code: 'usd' },
      quoteCurrencyAmount: null,
      quoteCurrency: null,
      paymentMethod: null,
    } satisfies TransactionListItem);
    expect(row.secondary).toBeNull();
  });

  it('shows a balance transaction by its amount and its type', () => {
    const row = toTransactionRow({
      __typename: 'BalanceTransaction',
      id: 'bal-1',
      createdAt: '2026-03-01T10:00:00.000Z',
      status: 'Completed',
      type: 'Withdrawal',
      amount: '42.50',
      currency: { code: 'usdc' },
      externalTransactionId: null,
      externalCustomerId: null,
    } satisfies TransactionListItem);
    expect(row).toEqual({
      id: 'bal-1',
      createdAt: '2026-03-01T10:00:00.000Z',
      status: 'Completed',
      externalTransactionId: null,
      amount: '42.50',
      currency: 'usdc',
      secondary: 'Withdrawal',
    });
  });
});
