import { Link, useParams } from 'react-router';
import { useQuery } from '@apollo/client/react';
import { ErrorAlert } from '@/components/form-alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { describeApiError } from '@/lib/graphql-errors';
import { TransactionsDetailQuery } from '@/features/transactions/api/transactions';
import { STATUS_TONE, TIME_ZONE, formatAmount, formatDate } from '@/features/transactions/lib/format';
import { CopyId } from '@/features/transactions/components/transactions-screen';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="break-all text-sm">{children ?? '—'}</dd>
    </div>
  );
}

/** /transactions/:id — any kind: timeline, amounts, fees, wallet and explorer links, customer, external ids. */
export function TransactionDetail() {
  const { id = '' } = useParams();
  const { data, loading, error } = useQuery(TransactionsDetailQuery, { variables: { id } });
  if (loading && !data) return <Skeleton className="h-64 w-full" />;
  if (error || !data) return <ErrorAlert title="Could not load this transaction" message={error ? describeApiError(error).message : null} />;
  const tx = data.anyTransaction;
  const status = 'buyStatus' in tx ? tx.buyStatus : 'sellStatus' in tx ? tx.sellStatus : 'swapStatus' in tx ? tx.swapStatus : tx.balanceStatus;
  const amount = 'amount' in tx ? formatAmount(tx.amount, tx.currency.code) : formatAmount(tx.baseCurrencyAmount, tx.baseCurrency.code);
  const fiat = 'amount' in tx ? tx.currency.code : tx.baseCurrency.code;
  const base = 'amount' in tx ? tx.amount : tx.baseCurrencyAmount;
  return (
    <div className="flex flex-col gap-4">
      <Link to="/transactions" className="text-sm underline-offset-2 hover:underline">← Transactions</Link>
      <Card className="py-5">
        <CardHeader className="px-5">
          <CardTitle className="flex flex-wrap items-center gap-2 text-base">
            {amount} <Badge variant={STATUS_TONE[status] ?? 'secondary'}>{status}</Badge> {tx.liveMode ? null : <Badge variant="outline">Test</Badge>}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 px-5 md:grid-cols-3">
          <Field label="Id"><CopyId id={tx.id} /></Field>
          <Field label={`Created (${TIME_ZONE})`}>{formatDate(tx.createdAt)}</Field>
          <Field label="External transaction id">{tx.externalTransactionId}</Field>
          <Field label="External customer id">{tx.externalCustomerId}</Field>
          <Field label="Customer">{tx.customer ? <Link className="underline" to={`/customers/${tx.customer.id}`}>{tx.customer.email ?? tx.customer.id}</Link> : null}</Field>
          {'quoteCurrencyAmount' in tx ? <Field label="Quote amount">{formatAmount(tx.quoteCurrencyAmount, tx.quoteCurrency?.code)}</Field> : null}
          {'feeAmount' in tx ? (
            <>
              <Field label="Fee">{formatAmount(tx.feeAmount, fiat)}</Field>
              <Field label="Extra fee">{formatAmount(tx.extraFeeAmount, fiat)}</Field>
              <Field label="Network fee">{formatAmount(tx.networkFeeAmount, fiat)}</Field>
            </>
          ) : null}
          <Field label="In USD / EUR / GBP">
            {formatAmount(String((Number(base) * Number(tx.usdRate)).toFixed(2)), 'usd')} · {formatAmount(String((Number(base) * Number(tx.eurRate)).toFixed(2)), 'eur')} ·{' '}
            {formatAmount(String((Number(base) * Number(tx.gbpRate)).toFixed(2)), 'gbp')}
          </Field>
          {'walletAddress' in tx ? <Field label="Wallet address">{tx.walletAddress}{tx.walletAddressTag ? ` (tag ${tx.walletAddressTag})` : ''}</Field> : null}
          {'explorerLinks' in tx && tx.explorerLinks.transactionUrl ? (
            <Field label={`Explorer (${tx.explorerLinks.explorerName})`}>
              <a className="underline" href={tx.explorerLinks.transactionUrl} target="_blank" rel="noreferrer">View transaction</a>
            </Field>
          ) : null}
          {'userAgent' in tx ? <Field label="User agent">{tx.userAgent}</Field> : null}
          {tx.failureReasonMessage ? <Field label="Failure reason">{tx.failureReasonMessage}</Field> : null}
        </CardContent>
      </Card>
      <Card className="py-5">
        <CardHeader className="px-5"><CardTitle className="text-base">Status timeline</CardTitle></CardHeader>
        <CardContent className="px-5">
          <ol className="flex flex-col gap-2">
            {tx.statusHistory.map((step, index) => (
              <li key={index} className="flex items-center gap-3 text-sm">
                <Badge variant={STATUS_TONE[step.status] ?? 'secondary'}>{step.status}</Badge>
                <span>{formatDate(step.at)}</span>
                {step.reason ? <span className="text-muted-foreground">{step.reason}</span> : null}
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
    </div>
  );
}
