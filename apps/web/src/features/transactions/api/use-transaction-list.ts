import { useQuery } from '@apollo/client/react';
import type { TransactionKind } from '@rampart/shared/transactions';
import {
  TransactionsBalanceListQuery,
  TransactionsBuyListQuery,
  TransactionsSellListQuery,
  TransactionsSwapListQuery,
} from '@/features/transactions/api/transactions';
import { KIND, listVariables, type Tab, type TransactionFilters } from '@/features/transactions/lib/search-params';
import { toTransactionRow } from '@/features/transactions/lib/rows';

/** The page of the tab's list: four queries, one per kind, of which only the tab's runs. */
export function useTransactionList({
  tab,
  filters,
  accountId,
  testMode,
}: {
  tab: Tab;
  filters: TransactionFilters;
  accountId: string | null;
  testMode: boolean;
}) {
  const kind: TransactionKind = KIND[tab];
  const common = { accountId: accountId ?? '', liveMode: !testMode, ...listVariables(filters) };
  const skip = !accountId;
  // Coming back shows the cached page and asks again, so a purchase made since the last visit is listed.
  const fetchPolicy = 'cache-and-network';
  const buy = useQuery(TransactionsBuyListQuery, {
    variables: { ...common, transactionType: tab === 'nft' ? 'nft' : null } as never, // one filter object for the four lists; the buy query reads only its own status values
    skip: skip || kind !== 'buy',
    fetchPolicy,
  });
  const sell = useQuery(TransactionsSellListQuery, { variables: common as never, skip: skip || kind !== 'sell', fetchPolicy }); // one filter object for the four lists; the sell query reads only its own status values
  const swap = useQuery(TransactionsSwapListQuery, { variables: common as never, skip: skip || kind !== 'swap', fetchPolicy }); // one filter object for the four lists; the swap query reads only its own status values
  const balance = useQuery(TransactionsBalanceListQuery, { variables: common as never, skip: skip || kind !== 'balance', fetchPolicy }); // one filter object for the four lists; the balance query reads only its own status values
  const active = { buy, sell, swap, balance }[kind];
  const page = buy.data?.transactions ?? sell.data?.sellTransactions ?? swap.data?.swapTransactions ?? balance.data?.balanceTransactions ?? null;
  return {
    page,
    rows: (page?.items ?? []).map(toTransactionRow),
    loading: active.loading,
    error: active.error,
    refetch: active.refetch,
  };
}
