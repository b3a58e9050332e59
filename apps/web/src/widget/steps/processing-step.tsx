// After paying or depositing: the status, polled every second, in words and as a timeline.
import { useEffect } from 'react';
import type { WidgetTransaction } from '@rampart/shared/widget';
import { StepHeading, StepError } from '../components/ui';
import { Timeline } from '../components/timeline';
import { useWidget } from '../context';
import { useTransactionPolling } from '../hooks';
import { isFinal, statusWords, timeline } from '../lib/status';

export function ProcessingStep({ initial, onEnded }: { initial: WidgetTransaction; onEnded: (transaction: WidgetTransaction, reached: number) => void }) {
  const { api } = useWidget();
  const { transaction, reached, error } = useTransactionPolling(api, initial);
  const delivery = transaction.nft?.delivery ?? null;
  const steps = timeline(transaction.kind, transaction.status, reached, delivery);

  useEffect(() => {
    if (!isFinal(transaction.status)) return undefined;
    const timer = setTimeout(() => onEnded(transaction, reached), 600); // Let the last tick show.
    return () => clearTimeout(timer);
  }, [transaction, reached, onEnded]);

  return (
    <div className="flex flex-1 flex-col">
      <StepHeading description="This usually takes a few seconds in test mode. You can keep this window open.">Processing</StepHeading>
      <p className="mb-5 rounded-xl bg-muted px-3.5 py-3 text-sm" role="status" aria-live="polite" aria-atomic="true">
        {statusWords(transaction.kind, transaction.status, delivery)}
      </p>
      <Timeline steps={transaction.kind === 'swap' ? steps.slice(2) : steps} />
      <StepError error={error} tone="warn" />
    </div>
  );
}
