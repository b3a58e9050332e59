import { expect, it } from 'vitest';
import { reachableStatuses, testKindOf } from './test-transactions';

it('offers every status reachable from the current one, in breadth order', () => {
  expect(reachableStatuses('buy', 'waitingPayment')).toEqual(['waitingAuthorization', 'pending', 'failed', 'completed']);
  expect(reachableStatuses('buy', 'pending')).toEqual(['waitingAuthorization', 'completed', 'failed']);
  expect(reachableStatuses('sell', 'waitingForDeposit')).toEqual(['pending', 'frozen', 'failed', 'completed']);
  expect(reachableStatuses('buy', 'completed')).toEqual([]);
  expect(reachableStatuses('swap', 'screeningWalletAddress')).toContain('completed');
});

it('names the helper kind of a transaction type', () => {
  expect(testKindOf('SellTransaction')).toBe('sell');
  expect(testKindOf('BalanceTransaction')).toBeNull();
});
