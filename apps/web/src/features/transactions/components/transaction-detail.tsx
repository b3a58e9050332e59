import { useQuery } from '@apollo/client/react';

import { Link, useParams } from 'react-router';
import { CopyId } from '@/components/copy-id';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ROUTES } from '@/config/routes';
import { TransactionStatusBadge } from '@/components/status-badge';
import { formatAmount, formatDateTime, multiplyDecimal } from '@/lib/format';
import { humanize, labelOfBalanceType, labelOfPaymentMethod, labelOfStatus } from '@/lib/labels';
import { describeApiError } from '@/lib/graphql-errors';
import { TransactionsDetailQuery } from '@/features/transactions/api/transactions';
import { StaffActions } from '@/features/transactions/components/staff-actions';
import { BackLink, RecordPageError, RecordPageLoading } from '@/components/layouts/record-page';
import { DetailField } from '@/components/detail-field';
import { PageLayout } from '@/components/layouts/page-layout';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { transactionTitle } from '@/features/transactions/lib/title';

/** The ids, hashes and addresses of a transaction break anywhere rather than overflow. */
function Field(props: { label: string; children: React.ReactNode }) {
  return <DetailField breakAll {...props} />;
}

const KIND_OF = { BuyTransaction: 'buy', SellTransaction: 'sell', SwapTransaction: 'swap', BalanceTransaction: 'balance' } as const;
/** /transactions/:id — any kind: timeline, amounts, fees, wallet and explorer links, customer, external ids; staff actions. */
export function TransactionDetail({
  testHelper,
}: {
  testHelper?: (transaction: { id: string; __typename: string; status: string; liveMode: boolean }) => React.ReactNode;
}) {
  const { id = '' } = useParams();
  const { data, loading, error } = useQuery(TransactionsDetailQuery, { variables: { id } });
  const tx = data?.anyTransaction ?? null;
  useDocumentTitle(`${tx ? transactionTitle(tx) : 'Transaction'} · Rampart`);
  const back = <BackLink to={ROUTES.transactions}>Transactions</BackLink>;
  if (loading && !data)
    return (
      <RecordPageLoading back={back}>
        <Skeleton className="h-64 w-full" />
      </RecordPageLoading>
    );
  if (error || !tx) {
    return (
      <RecordPageError back={back} title="Transaction" errorTitle="Could not load this transaction" message={error ? describeApiError(error).message : null} />
    );
  }
  const status = 'buyStatus' in tx ? tx.buyStatus : 'sellStatus' in tx ? tx.sellStatus : 'swapStatus' in tx ? tx.swapStatus : tx.balanceStatus;
  const amount = 'amount' in tx ? formatAmount(tx.amount, tx.currency.code) : formatAmount(tx.baseCurrencyAmount, tx.baseCurrency.code);
  // Fees and the usd/eur/gbp rates are in the fiat side: the base of a buy, the quote of a sell (spec §3 rates);
  // a swap's are in its base crypto, a balance transaction's in its currency.
  const fiat =
    'amount' in tx ? tx.currency.code : tx.__typename === 'SellTransaction' ? (tx.quoteCurrency?.code ?? tx.baseCurrency.code) : tx.baseCurrency.code;
  const base = 'amount' in tx ? tx.amount : tx.__typename === 'SellTransaction' ? (tx.quoteCurrencyAmount ?? '0') : tx.baseCurrencyAmount;
  const refundable = tx.__typename === 'SellTransaction' || tx.__typename === 'SwapTransaction' ? tx : null;
  const refundHash = tx.__typename === 'SellTransaction' ? tx.refundHash : tx.__typename === 'SwapTransaction' ? tx.refundTransactionHash : null;
  return (
    <PageLayout className="gap-4">
      {back}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{transactionTitle(tx)}</h1>
          <p className="flex flex-wrap items-center gap-2 text-lg tabular-nums">
            <span className="whitespace-nowrap">{amount}</span>{' '}
            <TransactionStatusBadge kind={KIND_OF[tx.__typename]} status={status} aria-label={`Status: ${labelOfStatus(KIND_OF[tx.__typename], status)}`} />
            {tx.liveMode ? null : <Badge variant="warning">Test</Badge>}
          </p>
        </div>
        {refundable ? (
          <StaffActions
            kind={refundable.__typename === 'SellTransaction' ? 'sell' : 'swap'}
            transactionId={tx.id}
            status={status}
            amount={amount}
            refundApprovalStatus={refundable.refundApprovalStatus ?? null}
            defaultRefundAddress={refundable.refundWalletAddress ?? (refundable.__typename === 'SellTransaction' ? refundable.walletAddress : null) ?? null}
          />
        ) : null}
      </div>
      {testHelper?.({ id: tx.id, __typename: tx.__typename, status, liveMode: tx.liveMode })}
      <Card className="py-5">
        <CardHeader className="px-5">
          <CardTitle className="text-base">Details</CardTitle>
        </CardHeader>
        <CardContent className="px-5">
          <dl className="grid gap-4 sm:grid-cols-2 md:grid-cols-3">
            <Field label="Id">
              <CopyId id={tx.id} full />
            </Field>
            <Field label="Created">{formatDateTime(tx.createdAt, { zone: true })}</Field>
            <Field label="Updated">{formatDateTime(tx.updatedAt, { zone: true })}</Field>
            <Field label="External transaction id">{tx.externalTransactionId}</Field>
            <Field label="External customer id">{tx.externalCustomerId}</Field>
            <Field label="Customer">
              {tx.customer ? (
                <Link className="underline underline-offset-2" to={`${ROUTES.customers}/${tx.customer.id}`}>
                  {tx.customer.email ?? tx.customer.id}
                </Link>
              ) : null}
            </Field>
            {'quoteCurrencyAmount' in tx ? <Field label="Quote amount">{formatAmount(tx.quoteCurrencyAmount, tx.quoteCurrency?.code)}</Field> : null}
            {'nftTransaction' in tx && tx.nftTransaction ? (
              <Field label="NFT">
                {[tx.nftTransaction.collectionName, tx.nftTransaction.tokenId ? `#${tx.nftTransaction.tokenId}` : null].filter(Boolean).join(' ')}
              </Field>
            ) : null}
            {'type' in tx ? <Field label="Type">{labelOfBalanceType(tx.type)}</Field> : null}
            {'paymentMethod' in tx ? <Field label="Payment method">{labelOfPaymentMethod(tx.paymentMethod)}</Field> : null}
            {'feeAmount' in tx ? (
              <>
                {/* The widget's words for the same amounts (widget/steps/quote-summary.tsx): the customer and the partner name a fee alike. */}
                <Field label="Processing fee">{formatAmount(tx.feeAmount, fiat)}</Field>
                <Field label="Partner fee">{formatAmount(tx.extraFeeAmount, fiat)}</Field>
                <Field label="Network fee">{formatAmount(tx.networkFeeAmount, fiat)}</Field>
              </>
            ) : null}
            <Field label="In USD / EUR / GBP">
              {formatAmount(multiplyDecimal(base, tx.usdRate, 2), 'usd')} · {formatAmount(multiplyDecimal(base, tx.eurRate, 2), 'eur')} ·{' '}
              {formatAmount(multiplyDecimal(base, tx.gbpRate, 2), 'gbp')}
            </Field>
            {'walletAddress' in tx ? (
              <Field label="Wallet address">
                {tx.walletAddress}
                {tx.walletAddressTag ? ` (tag ${tx.walletAddressTag})` : ''}
              </Field>
            ) : null}
            {'depositWalletAddress' in tx ? (
              <>
                <Field label="Deposit wallet">{tx.depositWalletAddress}</Field>
                <Field label="Destination wallet">{tx.destinationWalletAddress}</Field>
              </>
            ) : null}
            {'explorerLinks' in tx && tx.explorerLinks.transactionUrl ? (
              <Field label={`Explorer (${tx.explorerLinks.explorerName})`}>
                <a className="underline underline-offset-2" href={tx.explorerLinks.transactionUrl} target="_blank" rel="noreferrer">
                  View transaction
                </a>
              </Field>
            ) : null}
            {'depositHash' in tx && tx.depositHash ? <Field label="Deposit hash">{tx.depositHash}</Field> : null}
            {'userAgent' in tx ? <Field label="User agent">{tx.userAgent}</Field> : null}
            {tx.failureReasonMessage ? <Field label="Failure reason">{tx.failureReasonMessage}</Field> : null}
          </dl>
        </CardContent>
      </Card>
      {refundable ? (
        <Card className="py-5">
          <CardHeader className="px-5">
            <CardTitle className="text-base">Refund and cancellation</CardTitle>
          </CardHeader>
          <CardContent className="px-5">
            <dl aria-label="Refund and cancellation" className="grid gap-4 sm:grid-cols-2 md:grid-cols-3">
              <Field label="Refund approval">
                {refundable.refundApprovalStatus ? <Badge variant="secondary">{humanize(refundable.refundApprovalStatus)}</Badge> : null}
              </Field>
              <Field label="Refund wallet address">{refundable.refundWalletAddress}</Field>
              <Field label="Refund hash">{refundHash}</Field>
              <Field label="Refund approved">
                {refundable.refundApprovedAt
                  ? `${formatDateTime(refundable.refundApprovedAt, { zone: true })} by ${refundable.refundApprovedByName ?? 'the provider'}`
                  : null}
              </Field>
              <Field label="Cancelled">
                {refundable.cancelledAt ? `${formatDateTime(refundable.cancelledAt, { zone: true })} by ${refundable.cancelledByName ?? 'the provider'}` : null}
              </Field>
            </dl>
          </CardContent>
        </Card>
      ) : null}
      <Card className="py-5">
        <CardHeader className="px-5">
          <CardTitle className="text-base">Status timeline</CardTitle>
        </CardHeader>
        <CardContent className="px-5">
          <ol aria-label="Status timeline" className="relative flex flex-col gap-3 border-l pl-4">
            {tx.statusHistory.map((step, index) => (
              <li key={index} className="relative flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <span className="absolute top-1.5 -left-[21px] size-2.5 rounded-full border-2 border-background bg-primary" aria-hidden />
                <TransactionStatusBadge kind={KIND_OF[tx.__typename]} status={step.status} />
                <time dateTime={step.at}>{formatDateTime(step.at, { zone: true, seconds: true })}</time>
                {step.byName ? <span className="text-muted-foreground">by {step.byName}</span> : null}
                {step.reason ? <span className="text-muted-foreground">· {step.reason}</span> : null}
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
    </PageLayout>
  );
}
