import { useMutation } from '@apollo/client/react';
import { statusReasonSchema, type AccountStatus } from '@rampart/shared/account-status';
import type { AdminPermission } from '@rampart/shared/permissions';
import { ReasonAlertDialog } from '@/components/form/reason-alert-dialog';
import { CloseAccountMutation, DisableAccountMutation, EnableAccountMutation } from '@/features/admin-organizations/api/organization';
import { toast } from '@/hooks/use-toast';

/** Each status, the permission that sets it (the permission table) and what it does, in the words the dialog shows. */
export const STATUS_ACTIONS: ReadonlyArray<{ status: AccountStatus; permission: AdminPermission; label: string; consequence: string }> = [
  {
    status: 'Active',
    permission: 'account:enable',
    label: 'Make active',
    consequence: 'Its API keys, widget and webhooks work again in both modes, and the banner leaves its members’ dashboard.',
  },
  {
    status: 'Dormant',
    permission: 'account:disable',
    label: 'Make dormant',
    consequence:
      'Live-mode API keys and webhooks stop and waiting live deliveries are given up; test mode keeps working. Its members see a banner asking them to contact you.',
  },
  {
    status: 'Closed',
    permission: 'account:close',
    label: 'Close account',
    consequence:
      'Its API keys are refused on /v1, its widget starts no transaction, its webhooks stop and waiting deliveries are given up. Its members see a banner asking them to contact you.',
  },
];

/** Asks for the reason of a status change (kept in the audit trail) and makes it. */
export function StatusDialog({
  account,
  status,
  onOpenChange,
  onChanged,
}: {
  account: { id: string; name: string };
  /** The status to set; null when closed. */
  status: AccountStatus | null;
  onOpenChange: (open: boolean) => void;
  onChanged: () => void;
}) {
  const [enable] = useMutation(EnableAccountMutation);
  const [disable] = useMutation(DisableAccountMutation);
  const [close] = useMutation(CloseAccountMutation);
  const action = STATUS_ACTIONS.find((candidate) => candidate.status === status);

  return (
    <ReasonAlertDialog
      open={status !== null}
      onOpenChange={onOpenChange}
      reasonSchema={statusReasonSchema}
      hint="Why, for the audit trail and your colleagues."
      onConfirm={async (reason) => {
        const variables = { accountId: account.id, reason };
        if (status === 'Active') await enable({ variables });
        else if (status === 'Dormant') await disable({ variables });
        else await close({ variables });
        toast({ title: `${account.name} is now ${status?.toLowerCase()}` });
        onChanged();
      }}
      title={action ? `${action.label}: ${account.name}` : ''}
      description={action ? `${action.consequence} The reason is kept in the audit trail.` : ''}
      submitLabel={action?.label ?? ''}
      destructive={status !== 'Active'}
    />
  );
}
