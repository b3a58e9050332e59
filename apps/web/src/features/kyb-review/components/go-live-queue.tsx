import { useMutation, useQuery } from '@apollo/client/react';
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { TableCell, TableHead } from '@/components/ui/table';
import type { KybReview_GoLiveRequestFragment } from '@/gql/graphql';
import { PRODUCT_LABEL, formatDate, labelOf } from '@/lib/format';
import { GoLiveRequestsQuery, UpdateGoLiveReviewMutation } from '@/features/kyb-review/api/go-live';
import { GoLiveReviewDialog } from '@/features/kyb-review/components/go-live-review-dialog';
import { QueuePager } from '@/features/kyb-review/components/queue-pager';
import { ClearFilters, QueueProductFilter, QueueResults, QueueStatusFilter, ReviewQueuePage } from '@/features/kyb-review/components/review-queue';
import { ReviewStatusBadge } from '@/features/kyb-review/components/review-status-badge';
import {
  NO_GO_LIVE_FILTERS,
  RAMP_PRODUCTS,
  goLiveFiltersToSearchParams,
  goLiveQueryVariables,
  parseGoLiveFilters,
  type GoLiveFilters,
} from '@/features/kyb-review/lib/search-params';
import { useDocumentTitle } from '@/hooks/use-document-title';

const EMPTY: KybReview_GoLiveRequestFragment[] = [];
const PRODUCT_OPTIONS = RAMP_PRODUCTS.map((product) => ({ value: product, label: labelOf(PRODUCT_LABEL, product) }));

const columns: ColumnDef<KybReview_GoLiveRequestFragment>[] = [
  {
    id: 'account',
    header: 'Account',
    cell: ({ row }) => (
      <div className="flex min-w-0 flex-col">
        <span className="truncate font-medium">{row.original.accountName}</span>
        <span className="truncate text-xs text-muted-foreground">{row.original.organizationName}</span>
      </div>
    ),
  },
  { id: 'product', header: 'Product', cell: ({ row }) => labelOf(PRODUCT_LABEL, row.original.product) },
  { id: 'status', header: 'Status', cell: ({ row }) => <ReviewStatusBadge status={row.original.status} /> },
  {
    id: 'requested',
    header: 'Requested',
    cell: ({ row }) => (
      <time dateTime={row.original.requestedAt} className="whitespace-nowrap text-muted-foreground">
        {formatDate(row.original.requestedAt)}
      </time>
    ),
  },
  {
    id: 'instructions',
    header: 'Testing instructions',
    cell: ({ row }) => (row.original.testingInstructions ? 'Provided' : <span className="text-muted-foreground">Missing</span>),
  },
];

/** /admin/kyb/go-live: products waiting to be switched on; a row opens its review. The route checks kyb:view. */
export function GoLiveQueue() {
  const [params, setParams] = useSearchParams();
  const filters = parseGoLiveFilters(params);
  const apply = (next: Partial<GoLiveFilters>) => setParams(goLiveFiltersToSearchParams({ ...filters, skip: 0, ...next }));
  // The opened request is kept here, so its review stays open when a decision moves it out of the filtered page.
  const [open, setOpen] = useState<KybReview_GoLiveRequestFragment | null>(null);
  const query = useQuery(GoLiveRequestsQuery, {
    variables: goLiveQueryVariables(filters),
    fetchPolicy: 'cache-and-network',
  });
  const [updateGoLiveReview] = useMutation(UpdateGoLiveReviewMutation, { refetchQueries: ['KybReview_GoLiveRequests'] });
  const page = (query.data ?? query.previousData)?.goLiveRequests ?? null;
  const table = useReactTable({ data: page?.items ?? EMPTY, columns, getRowId: (row) => row.id, getCoreRowModel: getCoreRowModel() });
  const filtered = filters.statuses.length > 0 || filters.product !== '';

  useDocumentTitle('Go-live requests · Rampart');

  return (
    <ReviewQueuePage description="Partners asking to switch a product on in live mode, with how to test their integration.">
      <div className="grid gap-3 sm:grid-cols-[repeat(2,minmax(10rem,14rem))_auto]">
        <QueueStatusFilter id="go-live-status" value={filters.statuses} onChange={(statuses) => apply({ statuses })} />
        <QueueProductFilter id="go-live-product" value={filters.product} options={PRODUCT_OPTIONS} onChange={(product) => apply({ product })} />
        <ClearFilters shown={filtered} onClear={() => setParams(goLiveFiltersToSearchParams({ ...NO_GO_LIVE_FILTERS, take: filters.take }))} />
      </div>
      <QueueResults
        label="Go-live requests"
        query={query}
        page={page}
        loadingRows={{ list: 4, table: 4 }}
        listMessage="No go-live request matches."
        tableMessage={filtered ? 'No go-live request matches these filters.' : 'No go-live requests yet.'}
        table={table}
        tableClassName="min-w-[680px]"
        onRowClick={setOpen}
        headerTrailing={
          <TableHead>
            <span className="sr-only">Review</span>
          </TableHead>
        }
        rowTrailing={(request) => (
          <TableCell className="text-right">
            <Button
              size="sm"
              variant="outline"
              aria-label={`Review ${request.accountName} ${labelOf(PRODUCT_LABEL, request.product)}`}
              onClick={(event) => {
                event.stopPropagation();
                setOpen(request);
              }}
            >
              Review
            </Button>
          </TableCell>
        )}
        listItems={page?.items.map((request) => (
          <li key={request.id}>
            <button type="button" className="flex w-full flex-col gap-1.5 px-3 py-2.5 text-left text-sm hover:bg-muted/50" onClick={() => setOpen(request)}>
              <span className="flex items-center justify-between gap-2">
                <span className="truncate font-medium">{request.accountName}</span>
                <ReviewStatusBadge status={request.status} />
              </span>
              <span className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
                <span>{labelOf(PRODUCT_LABEL, request.product)}</span>
                <span>{request.organizationName}</span>
                <span className="ml-auto">{formatDate(request.requestedAt)}</span>
              </span>
            </button>
          </li>
        ))}
      />
      <QueuePager label="Go-live request pages" skip={filters.skip} take={filters.take} totalCount={page?.totalCount ?? 0} onChange={(next) => apply(next)} />
      <GoLiveReviewDialog
        request={open}
        onOpenChange={(next) => !next && setOpen(null)}
        onDecide={async (decision, reason) => {
          if (!open) return;
          const result = await updateGoLiveReview({ variables: { requestId: open.id, status: decision, reason } });
          if (result.data) setOpen(result.data.updateGoLiveReview);
        }}
      />
    </ReviewQueuePage>
  );
}
