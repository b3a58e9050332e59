import { zodResolver } from '@hookform/resolvers/zod';
import { staffReasonSchema, walletAddressSchema } from '@rampart/shared/catalog';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ErrorAlert } from '@/components/form-alert';
import { InputField } from '@/components/form/input-field';
import { SubmitButton } from '@/components/form/submit-button';
import { TextareaField } from '@/components/form/textarea-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { applyServerErrors } from '@/lib/form-errors';

const withAddress = z.object({ address: walletAddressSchema, reason: staffReasonSchema });
type Values = z.input<typeof withAddress>;

export interface ReasonRequest {
  title: string;
  description: string;
  confirmLabel: string;
  destructive?: boolean;
  /** Given: the change is about this address (shown, not editable); null: staff type the address. */
  address?: string | null;
  /** Whether the dialog asks for an address at all (wallets do, currencies do not). */
  asksAddress: boolean;
  submit(values: { address: string; reason: string }): Promise<unknown>;
}

/** Every staff change here carries a reason, kept in the audit trail; wallet changes name the address too. */
export function ReasonDialog({ request, onClose }: { request: ReasonRequest | null; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={request !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>{request ? <ReasonForm request={request} onClose={onClose} onBusy={setBusy} /> : null}</DialogContent>
    </Dialog>
  );
}

const withoutAddress = z.object({ address: z.string(), reason: staffReasonSchema });

function ReasonForm({ request, onClose, onBusy }: { request: ReasonRequest; onClose: () => void; onBusy: (busy: boolean) => void }) {
  const form = useForm<Values, unknown, z.output<typeof withAddress>>({
    resolver: zodResolver(request.asksAddress ? withAddress : withoutAddress),
    defaultValues: { address: request.address ?? '', reason: '' },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;
  useEffect(() => onBusy(busy), [busy, onBusy]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await request.submit(values);
      onClose();
    } catch (error) {
      setFailure(applyServerErrors(form, error, { address: 'address', reason: 'reason' }));
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
        <DialogHeader>
          <DialogTitle>{request.title}</DialogTitle>
          <DialogDescription>{request.description}</DialogDescription>
        </DialogHeader>
        {request.asksAddress ? (
          <InputField
            control={form.control}
            name="address"
            label="Wallet address"
            readOnly={Boolean(request.address)}
            autoComplete="off"
            spellCheck={false}
            className="font-mono text-xs"
          />
        ) : null}
        <TextareaField control={form.control} name="reason" label="Reason" rows={3} description="Kept in the audit trail with your name." />
        <ErrorAlert title="Could not save the change" message={failure} />
        <DialogFooter>
          <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton pendingLabel="Saving" variant={request.destructive ? 'destructive' : 'default'}>
            {request.confirmLabel}
          </SubmitButton>
        </DialogFooter>
      </form>
    </Form>
  );
}
