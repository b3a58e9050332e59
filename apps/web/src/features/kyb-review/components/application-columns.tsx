import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { ROUTES } from '@/config/routes';
import type { KybReview_ApplicationRowFragment } from '@/gql/graphql';
import { KYB_LEVEL_LABEL, PRODUCT_LABEL, formatCountry, formatDate, labelOf } from '@/lib/format';
import { ReviewStatusBadge } from '@/features/kyb-review/components/review-status-badge';
import { ageInDays } from '@/features/kyb-review/lib/search-params';

const WAITING = new Set(['Pending', 'InProgress', 'OnHold']);

/** How long a submitted application has waited for a decision; nothing once decided or before submission. */
export function formatAge(application: Pick<KybReview_ApplicationRowFragment, 'status' | 'submittedAt'>, now: Date): string | null {
  if (!application.submittedAt || !WAITING.has(application.status)) return null;
  const days = ageInDays(application.submittedAt, now);
  return days === 0 ? 'Today' : days === 1 ? '1 day' : `${days} days`;
}

export function applicationColumns(now: Date): ColumnDef<KybReview_ApplicationRowFragment>[] {
  return [
    {
      id: 'organization',
      header: 'Organization',
      cell: ({ row }) => (
        <div className="flex min-w-0 flex-col">
          <Link to={`${ROUTES.adminKyb}/${row.original.id}`} className="truncate font-medium hover:underline" onClick={(event) => event.stopPropagation()}>
            {row.original.organizationName}
          </Link>
          <span className="truncate text-xs text-muted-foreground">{row.original.industry ?? '—'}</span>
        </div>
      ),
    },
    { id: 'country', header: 'Country', cell: ({ row }) => formatCountry(row.original.country) },
    {
      id: 'products',
      header: 'Products',
      cell: ({ row }) => (
        <span className="text-muted-foreground">{row.original.productInterests.map((product) => labelOf(PRODUCT_LABEL, product)).join(', ') || '—'}</span>
      ),
    },
    { id: 'level', header: 'Level', cell: ({ row }) => labelOf(KYB_LEVEL_LABEL, row.original.level) },
    { id: 'status', header: 'Status', cell: ({ row }) => <ReviewStatusBadge status={row.original.status} /> },
    {
      id: 'submitted',
      header: 'Submitted',
      cell: ({ row }) =>
        row.original.submittedAt ? (
          <time dateTime={row.original.submittedAt} className="whitespace-nowrap text-muted-foreground">
            {formatDate(row.original.submittedAt)}
          </time>
        ) : (
          <span className="text-muted-foreground">Not yet</span>
        ),
    },
    {
      id: 'age',
      header: 'Waiting',
      cell: ({ row }) => <span className="whitespace-nowrap">{formatAge(row.original, now) ?? <span className="text-muted-foreground">—</span>}</span>,
    },
  ];
}
