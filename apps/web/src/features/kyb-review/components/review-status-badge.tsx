import { ReviewBadge } from '@/components/status-badge';
import type { ReviewStatusValue } from '@/gql/graphql';

/** A KYB or go-live review status in the shared badge look of its meaning. */
export function ReviewStatusBadge({ status }: { status: ReviewStatusValue }) {
  return <ReviewBadge status={status} />;
}
