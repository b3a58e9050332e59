import { useMutation, useReactiveVar } from '@apollo/client/react';
import { FAILURE_REASONS } from '@rampart/shared/transactions';
import { FlaskConicalIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { SelectItems } from '@/components/select-items';
import { Spinner } from '@/components/ui/spinner';
import { MoveTestTransactionMutation } from '@/features/ramp/api/test-transactions';
import { reachableStatuses, testKindOf } from '@/features/ramp/lib/test-transactions';
import { usePermission } from '@/hooks/use-permission';
import { toast } from '@/hooks/use-toast';
import { describeApiError } from '@/lib/graphql-errors';
import { labelOfStatus } from '@/lib/labels';
import { testModeVar } from '@/lib/local-state';

const NO_REASON = '__none';

/** Test mode only: moves a test transaction to any status its state machine reaches, each step emitting its webhook. */
export function MoveTestTransaction({ transaction }: { transaction: { id: string; __typename: string; status: string; liveMode: boolean } }) {
  const id = useId();
  const testMode = useReactiveVar(testModeVar);
  const canManage = usePermission('integration:manage');
  const kind = testKindOf(transaction.__typename);
  const [status, setStatus] = useState('');
  const [reason, setReason] = useState(NO_REASON);
  const [move, moving] = useMutation(MoveTestTransactionMutation, { refetchQueries: ['Transactions_Detail'], awaitRefetchQueries: true });
  if (!kind || transaction.liveMode || !testMode || !canManage) return null;
  const options = reachableStatuses(kind, transaction.status);
  if (options.length === 0) return null;

  async function submit() {
    try {
      await move({ variables: { id: transaction.id, status, failureReason: status === 'failed' && reason !== NO_REASON ? reason : null } });
      toast({ title: `Moved to ${labelOfStatus(kind, status)}`, description: 'Each step on the way sent its webhook.' });
      setStatus('');
      setReason(NO_REASON);
    } catch (caught) {
      toast({ variant: 'destructive', title: 'Could not move it', description: describeApiError(caught).message });
    }
  }

  return (
    <div role="group" aria-label="Test helper" className="flex flex-col gap-2 rounded-lg border border-dashed border-amber-500/50 p-3">
      <p className="flex items-center gap-1.5 text-xs font-medium text-amber-800 dark:text-amber-200">
        <FlaskConicalIcon className="size-3.5" aria-hidden /> Test helper
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-status`} className="text-xs">
            Move to status
          </Label>
          <Select value={status} onValueChange={setStatus}>
            <SelectTrigger id={`${id}-status`} className="w-48">
              <SelectValue placeholder="Choose a status" />
            </SelectTrigger>
            <SelectContent>
              <SelectItems options={options} labelOf={(option) => labelOfStatus(kind, option)} />
            </SelectContent>
          </Select>
        </div>
        {status === 'failed' && (
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-reason`} className="text-xs">
              Failure reason
            </Label>
            <Select value={reason} onValueChange={setReason}>
              <SelectTrigger id={`${id}-reason`} className="w-56">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NO_REASON}>None given</SelectItem>
                {Object.entries(FAILURE_REASONS).map(([key, label]) => (
                  <SelectItem key={key} value={key}>
                    {label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        )}
        <Button size="sm" disabled={!status || moving.loading} onClick={() => void submit()}>
          {moving.loading && <Spinner label="Moving" />}
          Move
        </Button>
      </div>
    </div>
  );
}
