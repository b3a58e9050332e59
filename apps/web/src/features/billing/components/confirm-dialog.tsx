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
import { describeApiError } from '@/lib/graphql-errors';

export interface ConfirmRequest {
  title: string;
  /** What changes and when, in one or two sentences. */
  description: string;
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  run: () => Promise<unknown>;
}

/** A billing confirmation: says exactly what changes and when; stays open with the server's words when it fails. */
export function ConfirmDialog({ request, onClose }: { request: ConfirmRequest | null; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (!request) return;
    setBusy(true);
    setError(null);
    try {
      await request.run();
      onClose();
    } catch (caught) {
      setError(describeApiError(caught).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AlertDialog
      open={request !== null}
      onOpenChange={(open) => {
        if (!open && !busy) {
          setError(null);
          onClose();
        }
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{request?.title}</AlertDialogTitle>
          <AlertDialogDescription>{request?.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <ErrorAlert message={error} title="Could not change the subscription" />
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{request?.cancelLabel ?? 'Not now'}</AlertDialogCancel>
          <Button variant={request?.destructive ? 'destructive' : 'default'} disabled={busy} onClick={() => void confirm()}>
            {busy && <Spinner label="Saving" />}
            {request?.confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
