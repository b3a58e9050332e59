import { useQuery } from '@apollo/client/react';
import { Link, useNavigate } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ROUTES } from '@/config/routes';
import type { Customers_TransactionFragment } from '@/gql/graphql';
import { TransactionStatusBadge } from '@/components/status-badge';
import { formatAmount, formatDateTime } from '@/lib/format';
import { labelOfBalanceType } from '@/lib/labels';
import { CustomersTransactionsQuery } from '@/features/customers/api/customers';
import { Pager } from '@/features/customers/components/pager';
import { PROFILE_PAGE_SIZE } from '@/features/customers/lib/search-params';
import { QueryErrorAlert } from '@/components/query-boundary';

const CODE = { BuyTransaction: 'buy', SellTransaction: 'sell', SwapTransaction: 'swap', BalanceTransaction: 'balance' } as const;
const KIND: Record<Customers_TransactionFragment['__typename'], string> = {
  BuyTransaction: 'Buy',
  SellTransaction: 'Sell',
  SwapTransaction: 'Swap',
  BalanceTransaction: 'Balance',
};

function describe(tx: Customers_TransactionFragment) {
  return { ...describeRow(tx), code: CODE[tx.__typename] };
}

function describeRow(tx: Customers_TransactionFragment) {
  switch (tx.__typename) {
    case 'BuyTransaction':
      return {
        status: tx.buyStatus,
        amount: formatAmount(tx.baseCurrencyAmount, tx.baseCurrency.code),
        other: formatAmount(tx.quoteCurrencyAmount, tx.quoteCurrency?.code),
        kind: KIND.BuyTransaction,
      };
    case 'SellTransaction':
      return {
        status: tx.sellStatus,
        amount: formatAmount(tx.baseCurrencyAmount, tx.baseCurrency.code),
        other: formatAmount(tx.quoteCurrencyAmount, tx.quoteCurrency?.code),
        kind: KIND.SellTransaction,
      };
    case 'SwapTransaction':
      return {
        status: tx.swapStatus,
        amount: formatAmount(tx.baseCurrencyAmount, tx.baseCurrency.code),
        other: formatAmount(tx.quoteCurrencyAmount, tx.quoteCurrency?.code),
        kind: KIND.SwapTransaction,
      };
    case 'BalanceTransaction':
      return { status: tx.balanceStatus, amount: formatAmount(tx.amount, tx.currency.code), other: labelOfBalanceType(tx.type), kind: KIND.BalanceTransaction };
  }
}

/** A customer's transactions of every kind, newest first, each linking to its detail. */
export function CustomerTransactions({
  accountId,
  customerId,
  isLive,
  page,
  onPage,
}: {
  accountId: string;
  customerId: string;
  isLive: boolean;
  page: number;
  onPage: (page: number) => void;
}) {
  const navigate = useNavigate();
  const { data, previousData, loading, error, refetch } = useQuery(CustomersTransactionsQuery, {
    variables: { accountId, id: customerId, isLive, skip: (page - 1) * PROFILE_PAGE_SIZE, take: PROFILE_PAGE_SIZE },
  });
  const list = (data ?? previousData)?.customer.transactions ?? null;
  if (error && !list) return <QueryErrorAlert title="Could not load the transactions" error={error} onRetry={refetch} />;
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <Table aria-label="Customer transactions" aria-busy={loading} className="min-w-[560px]">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Created</TableHead>
            <TableHead>Kind</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Amount</TableHead>
            <TableHead>Receives / type</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {!list
            ? Array.from({ length: 4 }, (_, i) => (
                <TableRow key={i} className="hover:bg-transparent">
                  <TableCell colSpan={5}>
                    <Skeleton className="h-5 w-full" />
                  </TableCell>
                </TableRow>
              ))
            : null}
          {list && list.items.length === 0 ? (
            <TableRow className="hover:bg-transparent">
              <TableCell colSpan={5} className="py-8 text-center text-muted-foreground">
                No transactions yet.
              </TableCell>
            </TableRow>
          ) : null}
          {list?.items.map((tx) => {
            const row = describe(tx);
            return (
              <TableRow key={tx.id} className="cursor-pointer" onClick={() => navigate(`${ROUTES.transactions}/${tx.id}`)}>
                <TableCell className="whitespace-nowrap">
                  <Link to={`${ROUTES.transactions}/${tx.id}`} className="underline-offset-2 hover:underline" onClick={(event) => event.stopPropagation()}>
                    {formatDateTime(tx.createdAt)}
                  </Link>
                </TableCell>
                <TableCell>{row.kind}</TableCell>
                <TableCell>
                  <TransactionStatusBadge kind={row.code} status={row.status} />
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{row.amount}</TableCell>
                <TableCell className="whitespace-nowrap text-muted-foreground">{row.other}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {list ? (
        <Pager
          label="Transaction pages"
          page={page}
          pageSize={PROFILE_PAGE_SIZE}
          totalCount={list.totalCount}
          isTotalExact={list.isTotalExact}
          shown={list.items.length}
          onPage={onPage}
        />
      ) : null}
    </div>
  );
}
