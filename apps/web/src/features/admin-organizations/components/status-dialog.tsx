import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { statusReasonSchema, type AccountStatus } from '@rampart/shared/account-status';
import type { AdminPermission } from '@rampart/shared/permissions';
import { FormAlertDialog } from '@/components/form/form-alert-dialog';
import { TextareaField } from '@/components/form/textarea-field';
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

const schema = z.object({ reason: statusReasonSchema });
type Values = z.infer<typeof schema>;

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
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
  const [enable] = useMutation(EnableAccountMutation);
  const [disable] = useMutation(DisableAccountMutation);
  const [close] = useMutation(CloseAccountMutation);
  useEffect(() => {
    if (status) form.reset({ reason: '' });
  }, [status, form]);
  const action = STATUS_ACTIONS.find((candidate) => candidate.status === status);

  return (
    <FormAlertDialog
      open={status !== null}
      onOpenChange={onOpenChange}
      form={form}
      serverFields={{ reason: 'reason' }}
      onSubmit={async ({ reason }) => {
        const variables = { accountId: account.id, reason };
        if (status === 'Active') await enable({ variables });
        else if (status === 'Dormant') await disable({ variables });
        else await close({ variables });
        toast({ title: `${account.name} is now ${status?.toLowerCase()}` });
        onChanged();
      }}
      title={action ? `${action.label}: ${account.name}` : ''}
      description={action ? `${action.consequence} The reason is kept in the audit trail.` : ''}
      errorTitle={action ? `Could not ${action.label.toLowerCase()}` : undefined}
      submitLabel={action?.label ?? ''}
      submitVariant={status === 'Active' ? 'default' : 'destructive'}
    >
      <TextareaField control={form.control} name="reason" label="Reason" rows={3} description="Why, for the audit trail and your colleagues." />
    </FormAlertDialog>
  );
}
