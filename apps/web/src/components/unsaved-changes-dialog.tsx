import { AlertDialogFrame } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';

/** What discarding the edits would do: follow a link (or Back), or switch to another account. */
export type DiscardReason = 'leave' | 'switch';

const COPY: Record<DiscardReason, { title: string; consequence: string; action: string }> = {
  leave: { title: 'Leave without saving?', consequence: 'If you leave now, they are lost.', action: 'Leave and discard' },
  switch: { title: 'Switch account without saving?', consequence: 'If you switch to another account now, they are lost.', action: 'Switch and discard' },
};

/** The question before unsaved edits are thrown away; Escape and Stay keep them. */
export function UnsavedChangesDialog({ open, reason, onStay, onDiscard }: { open: boolean; reason: DiscardReason; onStay: () => void; onDiscard: () => void }) {
  const copy = COPY[reason];
  return (
    <AlertDialogFrame
      open={open}
      onOpenChange={(next) => !next && onStay()}
      title={copy.title}
      description={`Your changes on this screen are not saved. ${copy.consequence}`}
      cancelLabel="Stay and keep editing"
      // A plain button: the caller closes the dialog by discarding, so closing never also counts as Stay.
      action={
        <Button type="button" onClick={onDiscard}>
          {copy.action}
        </Button>
      }
    />
  );
}
