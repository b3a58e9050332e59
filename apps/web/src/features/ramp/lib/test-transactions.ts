// The test helpers: which statuses a test transaction can be moved to from where it is.
import { TRANSITIONS, type TransactionKind } from '@rampart/shared/transactions';

/** Every status reachable from `status` by one or more allowed moves (the server walks the steps between). */
export function reachableStatuses(kind: TransactionKind, status: string): string[] {
  const seen = new Set<string>();
  const queue = [...(TRANSITIONS[kind][status] ?? [])];
  while (queue.length) {
    const next = queue.shift()!;
    if (next === status || seen.has(next)) continue;
    seen.add(next);
    queue.push(...(TRANSITIONS[kind][next] ?? []));
  }
  return [...seen];
}

export const TEST_KIND_LABEL = { buy: 'Buy (on-ramp)', sell: 'Sell (off-ramp)', swap: 'Swap' } as const;
export type TestKind = keyof typeof TEST_KIND_LABEL;

/** The detail page's kind from the transaction's GraphQL type (balance transactions have no test helper). */
export function testKindOf(typename: string): TestKind | null {
  return ({ BuyTransaction: 'buy', SellTransaction: 'sell', SwapTransaction: 'swap' } as const)[typename as 'BuyTransaction'] ?? null;
}
