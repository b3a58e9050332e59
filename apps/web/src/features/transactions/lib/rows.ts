import type { Transactions_BalanceListQuery, Transactions_BuyListQuery, Transactions_SellListQuery, Transactions_SwapListQuery } from '@/gql/graphql';
import { formatAmount } from '@/lib/format';
import { labelOfBalanceType } from '@/lib/labels';

/** An item of any of the four list queries. */
export type TransactionListItem =
  | Transactions_BuyListQuery['transactions']['items'][number]
  | Transactions_SellListQuery['sellTransactions']['items'][number]
  | Transactions_SwapListQuery['swapTransactions']['items'][number]
  | Transactions_BalanceListQuery['balanceTransactions']['items'][number];

/** One line of the transactions list, whatever the kind. */
export interface TransactionRow {
  id: string;
  createdAt: string;
  status: string;
  externalTransactionId?: string | null;
  amount: string | null;
  currency: string | null;
  /** What the customer receives (buy, sell, swap) or the balance type. */
  secondary: string | null;
}

/** A balance transaction has one amount and a type; the others an amount paid and one received. */
export function toTransactionRow(item: TransactionListItem): TransactionRow {
  const common = { id: item.id, createdAt: item.createdAt, status: item.status, externalTransactionId: item.externalTransactionId };
  return 'amount' in item
    ? { ...common, amount: item.amount, currency: item.currency.code, secondary: labelOfBalanceType(item.type) }
    : {
        ...common,
        amount: item.baseCurrencyAmount,
        currency: item.baseCurrency.code,
        secondary: item.quoteCurrencyAmount ? formatAmount(item.quoteCurrencyAmount, item.quoteCurrency?.code) : null,
      };
}
