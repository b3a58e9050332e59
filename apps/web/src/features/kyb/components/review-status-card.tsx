import { CircleAlertIcon, CircleCheckIcon, CircleDashedIcon, CircleXIcon, HourglassIcon, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent } from '@/components/ui/card';
import type { Kyb_ReviewStatusFragment, ReviewStatusValue } from '@/gql/graphql';
import { ReviewBadge } from '@/components/status-badge';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';

const ICON: Record<ReviewStatusValue, LucideIcon> = {
  NotStarted: CircleDashedIcon,
  Draft: CircleDashedIcon,
  Pending: HourglassIcon,
  InProgress: HourglassIcon,
  OnHold: CircleAlertIcon,
  Approved: CircleCheckIcon,
  Rejected: CircleXIcon,
};

const HEADLINE: Record<ReviewStatusValue, string> = {
  NotStarted: 'Your business is not verified yet',
  Draft: 'Your application is not submitted yet',
  Pending: 'Submitted: waiting for the provider’s review',
  InProgress: 'The provider is reviewing your application',
  OnHold: 'Your application is on hold',
  Approved: 'Your business is verified',
  Rejected: 'Your application was rejected',
};

/** Where the application stands, the reviewer's reason when there is one, and what to do next (spec reviewStatus). */
export function ReviewStatusCard({ review, goLiveHref }: { review: Kyb_ReviewStatusFragment; goLiveHref: string }) {
  const Icon = ICON[review.status];
  const needsPartner = review.status === 'OnHold' || review.status === 'Rejected';
  return (
    <Card
      aria-label="Review status"
      role="region"
      className={cn('gap-3 py-5', review.status === 'OnHold' && 'border-amber-500/50', review.status === 'Rejected' && 'border-destructive/50')}
    >
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Icon
          className={cn(
            'size-6 shrink-0',
            review.status === 'Approved' && 'text-(--success)',
            review.status === 'OnHold' && 'text-amber-600 dark:text-amber-400',
            review.status === 'Rejected' && 'text-destructive',
            !needsPartner && review.status !== 'Approved' && 'text-muted-foreground',
          )}
          aria-hidden
        />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-medium">{HEADLINE[review.status]}</p>
            <ReviewBadge status={review.status} />
          </div>
          {review.reason && needsPartner && (
            <div className="rounded-md border bg-muted/40 px-3 py-2 text-sm">
              <p className="text-xs font-medium text-muted-foreground">Reason from the reviewer</p>
              <p className="whitespace-pre-line [overflow-wrap:anywhere]">{review.reason}</p>
            </div>
          )}
          <p className="text-sm text-muted-foreground">
            {review.nextStep}
            {review.status === 'Approved' && (
              <>
                {' '}
                <Link to={goLiveHref} className="font-medium text-foreground underline underline-offset-4">
                  Open the go-live checklist
                </Link>
              </>
            )}
          </p>
          {review.updatedAt && <p className="text-xs text-muted-foreground">Updated {formatDate(review.updatedAt)}</p>}
        </div>
      </CardContent>
    </Card>
  );
}
