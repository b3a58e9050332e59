import { useMutation } from '@apollo/client/react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { Customers_ProfileFragment } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { CustomersBlockMutation, CustomersUnblockMutation } from '@/features/customers/api/customers';

/** Staff: block or unblock a customer, confirmed first; the server's message shows on failure. */
export function BlockCustomerDialog({
  customer,
  open,
  onOpenChange,
}: {
  customer: Customers_ProfileFragment;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const blocking = !customer.isBlocked;
  const [block] = useMutation(CustomersBlockMutation);
  const [unblock] = useMutation(CustomersUnblockMutation);
  const name = customer.email ?? customer.externalCustomerId ?? customer.id;

  return (
    <ConfirmDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title={blocking ? 'Block this customer?' : 'Unblock this customer?'}
      description={
        <>
          {blocking
            ? `${name} will not be able to buy, sell, swap or move balance through this account until unblocked. Transactions already in progress are not changed.`
            : `${name} will be able to transact again with their current KYC level (${customer.identityCheck.level}).`}{' '}
          The change is written to the audit trail and an identity_check_updated webhook event is sent.
        </>
      }
      confirmLabel={blocking ? 'Block customer' : 'Unblock customer'}
      busyLabel={blocking ? 'Blocking' : 'Unblocking'}
      cancelLabel="Keep as is"
      destructive={blocking}
      errorTitle={blocking ? 'Could not block the customer' : 'Could not unblock the customer'}
      onConfirm={async () => {
        // The answer carries the customer's profile fields, so the page updates from the cache.
        await (blocking ? block : unblock)({ variables: { id: customer.id } });
        toast({ title: blocking ? 'Customer blocked' : 'Customer unblocked', description: name });
      }}
    />
  );
}
