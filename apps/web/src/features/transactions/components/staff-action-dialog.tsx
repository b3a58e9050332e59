import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { TextareaField } from '@/components/form/textarea-field';
import { InputField } from '@/components/form/input-field';
import { ErrorAlert } from '@/components/form-alert';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { applyServerErrors } from '@/lib/form-errors';
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
  const [failure, setFailure] = useState<string | null>(null);
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
    if (action) {
      setFailure(null);
      form.reset({ reason: '', refundWalletAddress: defaultRefundAddress ?? '' });
    }
  }, [action, defaultRefundAddress, form]);
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (values) => {
    if (!action) return;
    setFailure(null);
    const variables = { id: transactionId, reason: values.reason || null, ...(action === 'refund' ? { refundWalletAddress: values.refundWalletAddress } : {}) };
    try {
      await (mutations[kind][action] as (options: { variables: typeof variables }) => Promise<unknown>)({ variables });
      toast({
        title: DONE[action],
        description: action === 'refund' ? `To ${values.refundWalletAddress}` : `${ACTION_LABEL[action]} of ${transactionId.slice(0, 8)}… done.`,
      });
      onOpenChange(false);
    } catch (error) {
      setFailure(applyServerErrors(form, error, { refundWalletAddress: 'refundWalletAddress', reason: 'reason' }));
    }
  });

  return (
    <AlertDialog open={action !== null} onOpenChange={(open) => !busy && onOpenChange(open)}>
      <AlertDialogContent>
        <Form {...form}>
          <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
            <AlertDialogHeader>
              <AlertDialogTitle>{action ? `${ACTION_LABEL[action]} this ${kind} transaction?` : ''}</AlertDialogTitle>
              <AlertDialogDescription>{action ? `${consequence(kind, action, amount)} The action is written to the audit trail.` : ''}</AlertDialogDescription>
            </AlertDialogHeader>
            {action === 'refund' ? (
              <InputField
                control={form.control}
                name="refundWalletAddress"
                label="Refund wallet address"
                description="Prefilled with the customer's refund address when known."
                autoComplete="off"
                spellCheck={false}
                className="font-mono text-xs"
              />
            ) : null}
            <TextareaField control={form.control} name="reason" label="Reason (optional)" description="Shown in the status timeline." rows={2} />
            <ErrorAlert title={action ? `Could not ${action} the transaction` : undefined} message={failure} />
            <AlertDialogFooter>
              <AlertDialogCancel type="button" disabled={busy}>
                Back
              </AlertDialogCancel>
              <Button type="submit" variant={action === 'approve' ? 'default' : 'destructive'} disabled={busy}>
                {busy && <Spinner label="Working" />}
                {action ? `${ACTION_LABEL[action]} transaction` : ''}
              </Button>
            </AlertDialogFooter>
          </form>
        </Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
