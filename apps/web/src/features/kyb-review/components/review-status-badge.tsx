import { Badge } from '@/components/ui/badge';
import type { ReviewStatusValue } from '@/gql/graphql';
import { REVIEW_STATUS_LABEL, REVIEW_STATUS_TONE, labelOf } from '@/lib/format';

export function ReviewStatusBadge({ status }: { status: ReviewStatusValue }) {
  return <Badge variant={REVIEW_STATUS_TONE[status] ?? 'outline'}>{labelOf(REVIEW_STATUS_LABEL, status)}</Badge>;
}
