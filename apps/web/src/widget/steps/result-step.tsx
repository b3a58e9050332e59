// The end: what arrived (with the blockchain link), or why it failed and how to try again.
import { CircleCheck, CircleX, ExternalLink } from 'lucide-react';
import type { WidgetTransaction } from '@rampart/shared/widget';
import { Button, Rows, StepHeading } from '../components/ui';
import { Timeline } from '../components/timeline';
import { useWidget } from '../context';
import { shortAddress } from '../lib/address';
import { formatCrypto, formatFiat, isZero, sumCents } from '../lib/decimal';
import { returnUrl } from '../lib/links';
import { timeline } from '../lib/status';

export function ResultStep({
  transaction,
  reached,
  receiveCode,
  onRetry,
  onRestart,
}: {
  transaction: WidgetTransaction;
  reached: number;
  receiveCode: string | null;
  onRetry: () => void;
  onRestart: () => void;
}) {
  const { bootstrap, currency } = useWidget();
  const back = returnUrl(bootstrap.redirectURL, transaction);
  const inFrame = window.top !== window.self;
  const asset = currency(transaction.cryptoCurrencyCode);
  const received = receiveCode ? currency(receiveCode) : undefined;
  const ticker = asset?.ticker ?? transaction.cryptoCurrencyCode;
  const fiat = transaction.fiatCurrencyCode;
  const completed = transaction.status === 'completed';

  const rows: { label: string; value: string; strong?: boolean }[] = [];
  if (transaction.nft) {
    rows.push({ label: completed ? 'You paid' : 'Amount', value: formatFiat(transaction.baseCurrencyAmount, fiat) });
    const token = transaction.nft.tokenId ? `${transaction.nft.collectionName} #${transaction.nft.tokenId}` : transaction.nft.collectionName;
    rows.push({ label: completed ? 'You got' : 'You would get', value: token, strong: true });
  } else if (transaction.kind === 'buy') {
    rows.push({ label: completed ? 'You paid' : 'Amount', value: formatFiat(transaction.baseCurrencyAmount, fiat) });
    if (transaction.quoteCurrencyAmount)
      rows.push({
        label: completed ? 'You got' : 'You would get',
        value: formatCrypto(transaction.quoteCurrencyAmount, ticker, asset?.decimals),
        strong: true,
      });
  } else if (transaction.kind === 'sell') {
    rows.push({ label: completed ? 'You sent' : 'Amount', value: formatCrypto(transaction.baseCurrencyAmount, ticker, asset?.decimals) });
    if (transaction.quoteCurrencyAmount)
      rows.push({ label: completed ? 'Paid out' : 'Payout', value: formatFiat(transaction.quoteCurrencyAmount, fiat), strong: true });
  } else {
    rows.push({ label: completed ? 'You sent' : 'Amount', value: formatCrypto(transaction.baseCurrencyAmount, ticker, asset?.decimals) });
    if (transaction.quoteCurrencyAmount)
      rows.push({
        label: completed ? 'You got' : 'You would get',
        value: formatCrypto(transaction.quoteCurrencyAmount, received?.ticker ?? '', received?.decimals),
        strong: true,
      });
  }
  const fees = [transaction.feeAmount, transaction.extraFeeAmount, transaction.networkFeeAmount];
  if (fees.some((fee) => !isZero(fee))) rows.splice(1, 0, { label: 'Fees', value: formatFiat(sumCents(fees), fiat) });
  if (transaction.walletAddress && transaction.kind !== 'sell') rows.push({ label: 'To wallet', value: shortAddress(transaction.walletAddress) });

  return (
    <div className="flex flex-1 flex-col">
      <div className="mb-2 flex justify-center">
        {completed ? <CircleCheck aria-hidden className="size-14 text-ok" /> : <CircleX aria-hidden className="size-14 text-danger" />}
      </div>
      <div className="text-center">
        <StepHeading description={completed ? undefined : (transaction.failureMessage ?? 'The transaction could not be completed.')}>
          {completed
            ? transaction.kind === 'sell'
              ? 'Sale complete'
              : transaction.kind === 'swap'
                ? 'Swap complete'
                : 'Purchase complete'
            : 'The transaction failed'}
        </StepHeading>
      </div>
      <p className="sr-only" role="status">
        {completed ? 'Completed.' : `Failed. ${transaction.failureMessage ?? ''}`}
      </p>
      <Rows rows={rows} className="rounded-2xl border border-line p-4" />
      {completed && transaction.cryptoTransactionId ? (
        <p className="mt-3 text-sm">
          {transaction.explorerUrl ? (
            <a
              href={transaction.explorerUrl}
              target="_blank"
              rel="noreferrer noopener"
              className="inline-flex items-center gap-1 font-medium text-brand underline underline-offset-2"
            >
              View on the blockchain explorer
              <ExternalLink aria-hidden className="size-3.5" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : (
            <span className="text-muted-fg">
              Transaction hash: <span className="font-mono break-all">{transaction.cryptoTransactionId}</span>
            </span>
          )}
        </p>
      ) : null}
      {/* Where it stopped, when it had got anywhere (a declined card stops before the first step). */}
      {!completed && reached > 0 ? (
        <div className="mt-4">
          <Timeline
            steps={timeline(transaction.kind, transaction.status, reached, transaction.nft?.delivery ?? null).slice(transaction.kind === 'swap' ? 2 : 0)}
          />
        </div>
      ) : null}
      <p className="mt-4 text-xs text-muted-fg">
        Reference <span className="font-mono">{transaction.id}</span>
      </p>
      <div className="mt-auto space-y-2 pt-6">
        {!completed ? <Button onClick={onRetry}>Try again</Button> : null}
        {back ? (
          <a
            href={back}
            target={inFrame ? '_top' : undefined}
            className="inline-flex min-h-12 w-full items-center justify-center rounded-xl border border-line px-4 font-semibold hover:bg-muted"
          >
            Back to {bootstrap.account.name}
          </a>
        ) : null}
        {completed ? (
          <Button variant="ghost" onClick={onRestart}>
            Start a new {transaction.kind === 'buy' ? 'purchase' : transaction.kind === 'sell' ? 'sale' : 'swap'}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
