import { StatusBadge } from '@/components/status-badge';
import { labelOfInvalidationReason, labelOfPassStatus } from '@/features/passes/lib/labels';

/** A pass's status in words; an invalidated pass names why on hover and for screen readers. */
export function PassStatusBadge({ status, reason }: { status: string; reason?: string | null }) {
  const title = status === 'invalidated' && reason ? labelOfInvalidationReason(reason) : undefined;
  return (
    <StatusBadge meaning={status === 'active' ? 'success' : 'failed'} data-status={status} title={title}>
      {labelOfPassStatus(status)}
      {title && <span className="sr-only">: {title}</span>}
    </StatusBadge>
  );
}
