import { ConfirmDialog } from '@/components/confirm-dialog';

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
export function BillingConfirmDialog({ request, onClose }: { request: ConfirmRequest | null; onClose: () => void }) {
  return (
    <ConfirmDialog
      open={request !== null}
      onClose={onClose}
      title={request?.title}
      description={request?.description}
      confirmLabel={request?.confirmLabel}
      cancelLabel={request?.cancelLabel ?? 'Not now'}
      destructive={request?.destructive}
      errorTitle="Could not change the subscription"
      onConfirm={async () => request?.run()}
    />
  );
}
