import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
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
import { Spinner } from '@/components/ui/spinner';
import type { Customers_ProfileFragment } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { describeApiError } from '@/lib/graphql-errors';
import { CustomersBlockMutation, CustomersUnblockMutation } from '@/features/customers/api/customers';

/** Staff: block or unblock a customer, confirmed first; the server's message shows on failure. */
export function BlockCustomerDialog({ customer, open, onOpenChange }: { customer: Customers_ProfileFragment; open: boolean; onOpenChange: (open: boolean) => void }) {
  const blocking = !customer.isBlocked;
  const [block] = useMutation(CustomersBlockMutation);
  const [unblock] = useMutation(CustomersUnblockMutation);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const name = customer.email ?? customer.externalCustomerId ?? customer.id;

  async function confirm() {
    setBusy(true);
    setFailure(null);
    try {
      // The answer carries the customer's profile fields, so the page updates from the cache.
      await (blocking ? block : unblock)({ variables: { id: customer.id } });
      toast({ title: blocking ? 'Customer blocked' : 'Customer unblocked', description: name });
      onOpenChange(false);
    } catch (error) {
      setFailure(describeApiError(error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setFailure(null);
        onOpenChange(next);
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{blocking ? 'Block this customer?' : 'Unblock this customer?'}</AlertDialogTitle>
          <AlertDialogDescription>
            {blocking
              ? `${name} will not be able to buy, sell, swap or move balance through this account until unblocked. Transactions already in progress are not changed.`
              : `${name} will be able to transact again with their current KYC level (${customer.identityCheck.level}).`}{' '}
            The change is written to the audit trail and an identity_check_updated webhook event is sent.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <ErrorAlert title={blocking ? 'Could not block the customer' : 'Could not unblock the customer'} message={failure} />
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Keep as is</AlertDialogCancel>
          <Button type="button" variant={blocking ? 'destructive' : 'default'} disabled={busy} onClick={() => void confirm()}>
            {busy && <Spinner label={blocking ? 'Blocking' : 'Unblocking'} />}
            {blocking ? 'Block customer' : 'Unblock customer'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
