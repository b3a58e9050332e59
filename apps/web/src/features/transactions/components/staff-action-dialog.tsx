import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { TextareaField } from '@/components/form/textarea-field';
import { CodeField } from '@/components/form/input-field';
import { FormAlertDialog } from '@/components/form/form-alert-dialog';
import { toast } from '@/hooks/use-toast';
import {
  TransactionsApproveSellMutation,
  TransactionsApproveSwapMutation,
  TransactionsCancelSellMutation,
  TransactionsCancelSwapMutation,
  TransactionsFreezeSellMutation,
  TransactionsFreezeSwapMutation,
  TransactionsRefundSellMutation,
  TransactionsRefundSwapMutation,
} from '@/features/transactions/api/transactions';

export type StaffAction = 'approve' | 'cancel' | 'freeze' | 'refund';
export type StaffKind = 'sell' | 'swap';

export const ACTION_LABEL: Record<StaffAction, string> = { approve: 'Approve', cancel: 'Cancel', freeze: 'Freeze', refund: 'Refund' };
const DONE: Record<StaffAction, string> = {
  approve: 'Transaction approved',
  cancel: 'Transaction cancelled',
  freeze: 'Transaction frozen',
  refund: 'Refund sent',
};

/** What the action does, in words, for the confirmation. */
function consequence(kind: StaffKind, action: StaffAction, amount: string): string {
  const event = kind === 'sell' ? 'sell_transaction_updated' : action === 'refund' ? 'swap_refund_asset_delivery_initiated' : 'swap transaction';
  switch (action) {
    case 'freeze':
      return `The ${amount} ${kind} stops where it is and its status becomes frozen until staff approve, cancel or refund it. The partner receives a ${event} webhook event.`;
    case 'approve':
      return `The frozen ${kind} is released: its status goes back to ${kind === 'sell' ? 'pending' : 'executingSwap'} and processing carries on. The partner receives a ${event} webhook event.`;
    case 'cancel':
      return `The ${amount} ${kind} fails with the reason “cancelled by staff”. This cannot be undone. The partner receives a failure webhook event.`;
    case 'refund':
      return `The ${amount} is sent back to the wallet address below and the ${kind} ends as failed with its refund approved. This cannot be undone.`;
  }
}

const schema = z.object({
  reason: z.string().trim().max(500, 'At most 500 characters'),
  refundWalletAddress: z.string().trim().max(200, 'At most 200 characters'),
});
type Values = z.infer<typeof schema>;

export function StaffActionDialog({
  kind,
  action,
  transactionId,
  amount,
  defaultRefundAddress,
  onOpenChange,
}: {
  kind: StaffKind;
  /** The open dialog's action; null when closed. */
  action: StaffAction | null;
  transactionId: string;
  amount: string;
  defaultRefundAddress: string | null;
  onOpenChange: (open: boolean) => void;
}) {
  const options = { refetchQueries: ['Transactions_Detail'], awaitRefetchQueries: true };
  const mutations = {
    sell: {
      approve: useMutation(TransactionsApproveSellMutation, options)[0],
      cancel: useMutation(TransactionsCancelSellMutation, options)[0],
      freeze: useMutation(TransactionsFreezeSellMutation, options)[0],
      refund: useMutation(TransactionsRefundSellMutation, options)[0],
    },
    swap: {
      approve: useMutation(TransactionsApproveSwapMutation, options)[0],
      cancel: useMutation(TransactionsCancelSwapMutation, options)[0],
      freeze: useMutation(TransactionsFreezeSwapMutation, options)[0],
      refund: useMutation(TransactionsRefundSwapMutation, options)[0],
    },
  };
  const form = useForm<Values>({
    resolver: zodResolver(
      schema.refine((values) => action !== 'refund' || values.refundWalletAddress.length > 0, {
        path: ['refundWalletAddress'],
        message: 'Enter the wallet address to refund to.',
      }),
    ),
    defaultValues: { reason: '', refundWalletAddress: defaultRefundAddress ?? '' },
  });
  useEffect(() => {
    if (action) form.reset({ reason: '', refundWalletAddress: defaultRefundAddress ?? '' });
  }, [action, defaultRefundAddress, form]);

  async function run(chosen: StaffAction, values: Values) {
    const variables = { id: transactionId, reason: values.reason || null, ...(chosen === 'refund' ? { refundWalletAddress: values.refundWalletAddress } : {}) };
    await (mutations[kind][chosen] as (options: { variables: typeof variables }) => Promise<unknown>)({ variables });
    toast({
      title: DONE[chosen],
      description: chosen === 'refund' ? `To ${values.refundWalletAddress}` : `${ACTION_LABEL[chosen]} of ${transactionId.slice(0, 8)}… done.`,
    });
  }

  return (
    <FormAlertDialog
      open={action !== null}
      onOpenChange={onOpenChange}
      form={form}
      onSubmit={async (values) => action && run(action, values)}
      serverFields={{ refundWalletAddress: 'refundWalletAddress', reason: 'reason' }}
      title={action ? `${ACTION_LABEL[action]} this ${kind} transaction?` : ''}
      description={action ? `${consequence(kind, action, amount)} The action is written to the audit trail.` : ''}
      errorTitle={action ? `Could not ${action} the transaction` : undefined}
      submitLabel={action ? `${ACTION_LABEL[action]} transaction` : ''}
      submitVariant={action === 'approve' ? 'default' : 'destructive'}
    >
      {action === 'refund' ? (
        <CodeField
          control={form.control}
          name="refundWalletAddress"
          label="Refund wallet address"
          description="Prefilled with the customer's refund address when known."
          className="text-xs"
        />
      ) : null}
      <TextareaField control={form.control} name="reason" label="Reason (optional)" description="Shown in the status timeline." rows={2} />
    </FormAlertDialog>
  );
}
