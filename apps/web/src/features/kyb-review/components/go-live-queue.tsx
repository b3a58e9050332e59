import { DataTableHeader, DataTableLoadingRows, DataTableMessageRow, DataTableRows, DataTableStackedList } from '@/components/data-table/data-table-parts';
import { useMutation, useQuery } from '@apollo/client/react';
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { FilterXIcon } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead } from '@/components/ui/table';
import type { KybReview_GoLiveRequestFragment, RampProduct } from '@/gql/graphql';
import { PRODUCT_LABEL, formatDate, labelOf } from '@/lib/format';
import { GoLiveRequestsQuery, UpdateGoLiveReviewMutation } from '@/features/kyb-review/api/go-live';
import { GoLiveReviewDialog } from '@/features/kyb-review/components/go-live-review-dialog';
import { QueuePager } from '@/features/kyb-review/components/queue-pager';
import { ReviewSectionNav } from '@/features/kyb-review/components/review-section-nav';
import { ReviewStatusBadge } from '@/features/kyb-review/components/review-status-badge';
import { StatusMultiSelect } from '@/features/kyb-review/components/status-multi-select';
import {
  NO_GO_LIVE_FILTERS,
  RAMP_PRODUCTS,
  goLiveFiltersToSearchParams,
  goLiveQueryVariables,
  parseGoLiveFilters,
  type GoLiveFilters,
} from '@/features/kyb-review/lib/search-params';
import { PageLayout } from '@/components/layouts/page-layout';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { QueryErrorAlert } from '@/components/query-boundary';

const ANY = 'any';
const EMPTY: KybReview_GoLiveRequestFragment[] = [];

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
  const { data, previousData, loading, error, refetch } = useQuery(GoLiveRequestsQuery, {
    variables: goLiveQueryVariables(filters),
    fetchPolicy: 'cache-and-network',
  });
  const [updateGoLiveReview] = useMutation(UpdateGoLiveReviewMutation, { refetchQueries: ['KybReview_GoLiveRequests'] });
  const page = (data ?? previousData)?.goLiveRequests ?? null;
  const table = useReactTable({ data: page?.items ?? EMPTY, columns, getRowId: (row) => row.id, getCoreRowModel: getCoreRowModel() });
  const filtered = filters.statuses.length > 0 || filters.product !== '';

  useDocumentTitle('Go-live requests · Rampart');

  return (
    <PageLayout>
      <div className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Business verification</h1>
          <p className="text-sm text-muted-foreground">Partners asking to switch a product on in live mode, with how to test their integration.</p>
        </div>
        <ReviewSectionNav />
      </div>
      <Card className="min-w-0 gap-4 py-5">
        <CardContent className="flex min-w-0 flex-col gap-4 px-3 sm:px-5">
          <div className="grid gap-3 sm:grid-cols-[repeat(2,minmax(10rem,14rem))_auto]">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="go-live-status">Status</Label>
              <StatusMultiSelect id="go-live-status" value={filters.statuses} onChange={(statuses) => apply({ statuses })} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="go-live-product">Product</Label>
              <Select value={filters.product || ANY} onValueChange={(value) => apply({ product: value === ANY ? '' : (value as RampProduct) })}>
                <SelectTrigger id="go-live-product">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ANY}>Any product</SelectItem>
                  {RAMP_PRODUCTS.map((product) => (
                    <SelectItem key={product} value={product}>
                      {labelOf(PRODUCT_LABEL, product)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="flex items-end">
              {filtered ? (
                <Button type="button" variant="ghost" onClick={() => setParams(goLiveFiltersToSearchParams({ ...NO_GO_LIVE_FILTERS, take: filters.take }))}>
                  <FilterXIcon aria-hidden /> Clear
                </Button>
              ) : null}
            </div>
          </div>
          {error && !page ? (
            <QueryErrorAlert title="Could not load the go-live requests" error={error} onRetry={refetch} />
          ) : (
            <>
              <DataTableStackedList
                label="Go-live requests (list)"
                className="md:hidden"
                loadingRows={!page && loading ? 4 : 0}
                skeletonClassName="h-10"
                message={page && page.items.length === 0 ? 'No go-live request matches.' : null}
              >
                {page?.items.map((request) => (
                  <li key={request.id}>
                    <button
                      type="button"
                      className="flex w-full flex-col gap-1.5 px-3 py-2.5 text-left text-sm hover:bg-muted/50"
                      onClick={() => setOpen(request)}
                    >
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
              </DataTableStackedList>
              <Table aria-label="Go-live requests" aria-busy={loading} className="hidden min-w-[680px] md:table">
                <DataTableHeader
                  table={table}
                  trailing={
                    <TableHead>
                      <span className="sr-only">Review</span>
                    </TableHead>
                  }
                />
                <TableBody>
                  {!page && loading ? <DataTableLoadingRows rows={4} colSpan={columns.length + 1} /> : null}
                  {page && page.items.length === 0 ? (
                    <DataTableMessageRow colSpan={columns.length + 1}>
                      {filtered ? 'No go-live request matches these filters.' : 'No go-live requests yet.'}
                    </DataTableMessageRow>
                  ) : null}
                  <DataTableRows
                    table={table}
                    onRowClick={setOpen}
                    trailing={(request) => (
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
                  />
                </TableBody>
              </Table>
            </>
          )}
          <QueuePager
            label="Go-live request pages"
            skip={filters.skip}
            take={filters.take}
            totalCount={page?.totalCount ?? 0}
            onChange={(next) => apply(next)}
          />
        </CardContent>
      </Card>
      <GoLiveReviewDialog
        request={open}
        onOpenChange={(next) => !next && setOpen(null)}
        onDecide={async (decision, reason) => {
          if (!open) return;
          const result = await updateGoLiveReview({ variables: { requestId: open.id, status: decision, reason } });
          if (result.data) setOpen(result.data.updateGoLiveReview);
        }}
      />
    </PageLayout>
  );
}
