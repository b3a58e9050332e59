// Sell and swap: where to send the crypto. Test mode offers a simulated deposit instead of a real transfer.
import { useEffect, useState } from 'react';
import type { WidgetTransaction } from '@rampart/shared/widget';
import { Button, CopyButton, Notice, Spinner, StepHeading, StepActions, StepError } from '../components/ui';
import { Timeline } from '../components/timeline';
import { useWidget } from '../context';
import { useTransactionPolling } from '../hooks';
import { assetLabel } from '../lib/address';
import { formatCrypto } from '../lib/decimal';
import { isFinal, statusWords, timeline } from '../lib/status';
import { WidgetRequestError } from '../lib/api';

const ready = (transaction: WidgetTransaction) =>
  isFinal(transaction.status) || (transaction.status === 'waitingForDeposit' && Boolean(transaction.depositWalletAddress));

export function DepositStep({
  initial,
  onDeposited,
  onEnded,
}: {
  initial: WidgetTransaction;
  onDeposited: (transaction: WidgetTransaction) => void;
  onEnded: (transaction: WidgetTransaction) => void;
}) {
  const { api, currency } = useWidget();
  const { transaction, error: pollError } = useTransactionPolling(api, initial, ready);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const asset = currency(transaction.cryptoCurrencyCode);
  const ticker = asset?.ticker ?? transaction.cryptoCurrencyCode;
  const amount = formatCrypto(transaction.baseCurrencyAmount, ticker, asset?.decimals);

  useEffect(() => {
    if (isFinal(transaction.status)) onEnded(transaction);
  }, [transaction, onEnded]);
  if (isFinal(transaction.status)) return null;

  if (!ready(transaction)) {
    return (
      <div className="flex flex-1 flex-col">
        <StepHeading>Preparing your deposit address</StepHeading>
        <p className="sr-only" aria-live="polite">
          {statusWords(transaction.kind, transaction.status)}
        </p>
        {transaction.kind === 'swap' ? <Timeline steps={timeline('swap', transaction.status).slice(0, 3)} /> : <Spinner label="One moment…" />}
        {pollError ? (
          <div className="mt-4">
            <Notice tone="warn">{pollError}</Notice>
          </div>
        ) : null}
      </div>
    );
  }

  const simulate = async () => {
    setSubmitting(true);
    setError(null);
    try {
      onDeposited(await api.deposit(transaction.id));
    } catch (caught) {
      setError(caught instanceof WidgetRequestError ? caught.message : 'The deposit could not be simulated. Try again.');
      setSubmitting(false);
    }
  };

  return (
    <div className="flex flex-1 flex-col">
      <StepHeading description={asset ? `Send only ${assetLabel(asset)} to this address; other assets or networks are lost.` : undefined}>
        Send {amount} to this address
      </StepHeading>
      <div className="rounded-2xl border border-line p-4">
        <p className="text-sm text-muted-fg">Deposit address{asset ? ` (${asset.networkName})` : ''}</p>
        <p className="mt-1 font-mono text-sm break-all" data-testid="deposit-address">
          {transaction.depositWalletAddress}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <CopyButton value={transaction.depositWalletAddress ?? ''} label="Copy address" />
          <CopyButton value={transaction.baseCurrencyAmount} label="Copy amount" />
        </div>
      </div>
      <div className="mt-4">
        <Notice tone="warn" title="Test mode">
          No real transfer is needed: simulate the deposit and the transaction carries on as if {amount} had arrived.
        </Notice>
      </div>
      <StepError error={error} />
      <StepActions>
        <Button onClick={() => void simulate()} loading={submitting}>
          Simulate deposit (test mode)
        </Button>
      </StepActions>
    </div>
  );
}
