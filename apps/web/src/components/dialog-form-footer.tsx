import type { ReactNode } from 'react';
import { SubmitButton } from '@/components/form/submit-button';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

/**
 * A form dialog's buttons: Cancel, then the submit button, disabled with a spinner saying `pendingLabel` while `busy`.
 * `formId` names the form when the footer sits outside it; `lockCancel` keeps Cancel disabled while busy too.
 */
export function DialogFormFooter({
  onCancel,
  busy,
  pendingLabel,
  formId,
  lockCancel = false,
  children,
}: {
  onCancel: () => void;
  busy: boolean;
  pendingLabel: string;
  formId?: string;
  lockCancel?: boolean;
  children: ReactNode;
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel} disabled={lockCancel && busy}>
        Cancel
      </Button>
      <Button type="submit" form={formId} disabled={busy}>
        {busy && <Spinner label={pendingLabel} />}
        {children}
      </Button>
    </DialogFooter>
  );
}

/** A react-hook-form dialog's buttons: Cancel, then the form's `SubmitButton` (its spinner says `pendingLabel`). */
export function DialogSubmitFooter({ onCancel, pendingLabel, children }: { onCancel: () => void; pendingLabel: string; children: ReactNode }) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <SubmitButton pendingLabel={pendingLabel}>{children}</SubmitButton>
    </DialogFooter>
  );
}
