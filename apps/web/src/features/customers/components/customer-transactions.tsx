import { useQuery } from '@apollo/client/react';
import { Link, useNavigate } from 'react-router';
import { TableCell, TableRow } from '@/components/ui/table';
import { ROUTES } from '@/config/routes';
import type { Customers_TransactionFragment } from '@/gql/graphql';
import { TransactionStatusBadge } from '@/components/status-badge';
import { formatAmount, formatDateTime } from '@/lib/format';
import { labelOfBalanceType } from '@/lib/labels';
import { CustomersTransactionsQuery } from '@/features/customers/api/customers';
import { ProfilePager, ProfileTable, profileListVariables, type ProfileListProps } from '@/features/customers/components/profile-parts';
import { QueryErrorAlert } from '@/components/query-boundary';

const CODE = { BuyTransaction: 'buy', SellTransaction: 'sell', SwapTransaction: 'swap', BalanceTransaction: 'balance' } as const;
const KIND: Record<Customers_TransactionFragment['__typename'], string> = {
  BuyTransaction: 'Buy',
  SellTransaction: 'Sell',
  SwapTransaction: 'Swap',
  BalanceTransaction: 'Balance',
};

const COLUMNS = [
  { heading: 'Created' },
  { heading: 'Kind' },
  { heading: 'Status' },
  { heading: 'Amount', className: 'text-right' },
  { heading: 'Receives / type' },
];

function describe(tx: Customers_TransactionFragment) {
  return { ...describeRow(tx), code: CODE[tx.__typename] };
}

function describeRow(tx: Customers_TransactionFragment) {
  if (tx.__typename === 'BalanceTransaction') {
    return { status: tx.balanceStatus, amount: formatAmount(tx.amount, tx.currency.code), other: labelOfBalanceType(tx.type), kind: KIND.BalanceTransaction };
  }
  return {
    status: tx.__typename === 'BuyTransaction' ? tx.buyStatus : tx.__typename === 'SellTransaction' ? tx.sellStatus : tx.swapStatus,
    amount: formatAmount(tx.baseCurrencyAmount, tx.baseCurrency.code),
    other: formatAmount(tx.quoteCurrencyAmount, tx.quoteCurrency?.code),
    kind: KIND[tx.__typename],
  };
}

/** A customer's transactions of every kind, newest first, each linking to its detail. */
export function CustomerTransactions(props: ProfileListProps) {
  const { page, onPage } = props;
  const navigate = useNavigate();
  const { data, previousData, loading, error, refetch } = useQuery(CustomersTransactionsQuery, {
    variables: profileListVariables(props),
  });
  const list = (data ?? previousData)?.customer.transactions ?? null;
  if (error && !list) return <QueryErrorAlert title="Could not load the transactions" error={error} onRetry={refetch} />;
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <ProfileTable
        label="Customer transactions"
        columns={COLUMNS}
        className="min-w-[560px]"
        busy={loading}
        loadingRows={list ? 0 : 4}
        message={list && list.items.length === 0 ? 'No transactions yet.' : null}
      >
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
      </ProfileTable>
      {list ? <ProfilePager label="Transaction pages" list={list} page={page} onPage={onPage} /> : null}
    </div>
  );
}
