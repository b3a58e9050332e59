// The second confirmation a 3-D Secure card asks for, simulated: the customer approves or fails it.
import { ShieldCheck } from 'lucide-react';
import type { WidgetTransaction } from '@rampart/shared/widget';
import { Button, StepHeading, StepActions, StepError } from '../components/ui';
import { useWidget } from '../context';
import { formatFiat } from '../lib/decimal';

export function ConfirmStep({
  transaction,
  submitting,
  error,
  onAnswer,
}: {
  transaction: WidgetTransaction;
  submitting: 'approve' | 'fail' | null;
  error: string | null;
  onAnswer: (approve: boolean) => void;
}) {
  const { bootstrap } = useWidget();
  return (
    <div className="flex flex-1 flex-col">
      <StepHeading description="Test mode: this stands in for your bank's 3-D Secure page.">Confirm with your bank</StepHeading>
      <div className="rounded-2xl border border-line p-5 text-center">
        <ShieldCheck aria-hidden className="mx-auto size-10 text-brand" />
        <p className="mt-3 text-base">
          Approve the payment of <strong className="tabular-nums">{formatFiat(transaction.baseCurrencyAmount, transaction.fiatCurrencyCode)}</strong> to{' '}
          {bootstrap.account.name}?
        </p>
        <p className="mt-1 text-sm text-muted-fg">Your bank would ask for a code or a tap in its app here.</p>
      </div>
      <StepError error={error} />
      <StepActions className="space-y-2">
        <Button onClick={() => onAnswer(true)} loading={submitting === 'approve'} disabled={submitting !== null}>
          Approve
        </Button>
        <Button variant="danger" onClick={() => onAnswer(false)} loading={submitting === 'fail'} disabled={submitting !== null}>
          Fail authentication
        </Button>
      </StepActions>
    </div>
  );
}
