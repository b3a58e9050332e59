import { useState, type ReactNode } from 'react';
import { ErrorAlert } from '@/components/form-alert';
import { AlertDialogFrame } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { describeApiError } from '@/lib/graphql-errors';

export interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** What changes and when, in one or two sentences. */
  description: ReactNode;
  confirmLabel: ReactNode;
  /** What the confirm button's spinner says while the change runs, such as "Deleting". */
  busyLabel?: string;
  cancelLabel?: ReactNode;
  destructive?: boolean;
  /** The title of the alert showing the server's words when the change fails. */
  errorTitle?: string;
  /** Makes the change; the dialog closes when it resolves and stays open with the error when it throws. */
  onConfirm: () => Promise<unknown>;
  /** The words for a failure that is not a Rampart API error (a third party's, say); describeApiError otherwise. */
  describeError?: (caught: unknown) => string;
}

/** A confirmation before a change: cannot be dismissed while the change runs; a failure keeps it open with the server's words. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  busyLabel = 'Saving',
  cancelLabel = 'Cancel',
  destructive = false,
  errorTitle,
  onConfirm,
  describeError = (caught) => describeApiError(caught).message,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (caught) {
      setError(describeError(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AlertDialogFrame
      open={open}
      onOpenChange={(next) => {
        if (next || busy) return;
        setError(null);
        onClose();
      }}
      title={title}
      description={description}
      cancelLabel={cancelLabel}
      cancelDisabled={busy}
      action={
        <Button type="button" variant={destructive ? 'destructive' : 'default'} disabled={busy} onClick={() => void confirm()}>
          {busy && <Spinner label={busyLabel} />}
          {confirmLabel}
        </Button>
      }
    >
      <ErrorAlert message={error} title={errorTitle} />
    </AlertDialogFrame>
  );
}

const ITEM_ACTION = {
  delete: { verb: 'Delete', busy: 'Deleting', done: 'deleted' },
  revoke: { verb: 'Revoke', busy: 'Revoking', done: 'revoked' },
} as const;

/**
 * Confirms deleting (or revoking) one `noun` of a list, closed while `item` is null: “Delete the template “Gold”?”
 * unless `title` says otherwise, then a toast names what went (“Template deleted”, with `doneDescription` or the
 * item's name). A failure keeps it open with the server's words.
 */
export function ConfirmItemDialog({
  action = 'delete',
  noun,
  item,
  title,
  description,
  doneDescription,
  onConfirm,
  onClose,
}: {
  action?: keyof typeof ITEM_ACTION;
  noun: string;
  item: { id: string; name: string } | null;
  title?: ReactNode;
  description: ReactNode;
  doneDescription?: string;
  onConfirm: (id: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { verb, busy, done } = ITEM_ACTION[action];
  return (
    <ConfirmDialog
      open={item !== null}
      onClose={onClose}
      title={
        title ?? (
          <>
            {verb} the {noun} “{item?.name}”?
          </>
        )
      }
      description={description}
      confirmLabel={`${verb} ${noun}`}
      busyLabel={busy}
      destructive
      errorTitle={`Could not ${verb.toLowerCase()} the ${noun}`}
      onConfirm={async () => {
        if (!item) return;
        await onConfirm(item.id);
        toast({ title: `${noun[0]!.toUpperCase()}${noun.slice(1)} ${done}`, description: doneDescription ?? item.name });
      }}
    />
  );
}
