import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useAdminPermission } from '@/hooks/use-permission';
import { ACTION_LABEL, StaffActionDialog, type StaffAction, type StaffKind } from '@/features/transactions/components/staff-action-dialog';

const ACTIONS: StaffAction[] = ['freeze', 'approve', 'cancel', 'refund'];

/** Why an action does not apply to a transaction in this state (the server decides; this only explains). */
function unavailable(action: StaffAction, status: string, refundApprovalStatus: string | null): string | null {
  const terminal = status === 'completed' || status === 'failed';
  switch (action) {
    case 'freeze':
      return terminal || status === 'frozen' ? `A ${status} transaction cannot be frozen.` : null;
    case 'approve':
      return status === 'frozen' ? null : 'Only frozen transactions can be approved.';
    case 'cancel':
      return terminal ? `This transaction is already ${status}.` : null;
    case 'refund':
      if (refundApprovalStatus === 'Approved') return 'Already refunded.';
      return status === 'failed' || status === 'frozen' ? null : 'Cancel or freeze the transaction before refunding it.';
  }
}

/** Staff actions on a sell or swap transaction, each shown only when the viewer's admin role grants it. */
export function StaffActions(props: {
  kind: StaffKind;
  transactionId: string;
  status: string;
  amount: string;
  refundApprovalStatus: string | null;
  defaultRefundAddress: string | null;
}) {
  const prefix = props.kind === 'sell' ? 'sellTransaction' : 'swapTransaction';
  const allowed: Record<StaffAction, boolean> = {
    approve: useAdminPermission(`${prefix}:approve`),
    cancel: useAdminPermission(`${prefix}:cancel`),
    freeze: useAdminPermission(`${prefix}:freeze`),
    refund: useAdminPermission(`${prefix}:refund`),
  };
  const [open, setOpen] = useState<StaffAction | null>(null);
  const granted = ACTIONS.filter((action) => allowed[action]);
  if (granted.length === 0) return null;
  return (
    <div role="group" aria-label="Staff actions" className="flex flex-wrap items-center gap-2">
      {granted.map((action) => {
        const reason = unavailable(action, props.status, props.refundApprovalStatus);
        return (
          <Button
            key={action}
            size="sm"
            variant={action === 'approve' ? 'default' : 'outline'}
            disabled={reason !== null}
            title={reason ?? undefined}
            onClick={() => setOpen(action)}
          >
            {ACTION_LABEL[action]}
          </Button>
        );
      })}
      <StaffActionDialog
        kind={props.kind}
        action={open}
        transactionId={props.transactionId}
        amount={props.amount}
        defaultRefundAddress={props.defaultRefundAddress}
        onOpenChange={(next) => !next && setOpen(null)}
      />
    </div>
  );
}
