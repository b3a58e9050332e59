import { DataTableExpandableRows, DataTableHeader } from '@/components/data-table/data-table-parts';
import { useMutation, useQuery } from '@apollo/client/react';
import { flexRender, getCoreRowModel, getExpandedRowModel, useReactTable } from '@tanstack/react-table';
import { RefreshCwIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FilterSelect } from '@/components/filter-select';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody } from '@/components/ui/table';
import { ResendDeliveryMutation, WebhookDeliveriesQuery } from '@/features/developers/api/webhooks';
import { deliveryColumns, OutcomeBadge } from '@/features/developers/components/delivery-columns';
import {
  DELIVERY_OUTCOMES,
  DELIVERY_PAGE_SIZE,
  deliveryFiltersToSearchParams,
  deliveryQueryVariables,
  parseDeliveryFilters,
  type DeliveryFilters,
} from '@/features/developers/lib/delivery-search-params';
import { eventLabel, formatDateTime } from '@/features/developers/lib/format';
import { formatRelativeTime } from '@/lib/format';
import type { Developers_WebhookDeliveryFragment, Developers_WebhookFragment } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { describeApiError } from '@/lib/graphql-errors';
import { QueryBoundary } from '@/components/query-boundary';

const OUTCOMES = [
  { value: '' as const, label: 'All outcomes' },
  ...DELIVERY_OUTCOMES.map((outcome) => ({ value: outcome, label: outcome[0]!.toUpperCase() + outcome.slice(1) })),
];

function prettyPayload(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

function DeliveryDetails({ delivery }: { delivery: Developers_WebhookDeliveryFragment }) {
  return (
    <div className="grid gap-4 py-2 lg:grid-cols-2">
      <section aria-label="Attempts" className="flex min-w-0 flex-col gap-2">
        <h4 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Attempts</h4>
        {delivery.attempts.length === 0 && (
          <p className="text-sm text-muted-foreground">No attempt yet{delivery.nextAttemptAt ? `; next at ${formatDateTime(delivery.nextAttemptAt)}` : ''}.</p>
        )}
        <ol className="flex flex-col gap-2">
          {delivery.attempts.map((attempt) => (
            <li key={attempt.id} className="rounded-md border bg-card p-2 text-xs">
              <div className="flex flex-wrap gap-x-3 gap-y-1">
                <span className="font-medium">#{attempt.attemptNumber}</span>
                <span>{formatDateTime(attempt.attemptedAt, { seconds: true, zone: true })}</span>
                <span>Status {attempt.statusCode ?? '—'}</span>
                <span>{attempt.latencyMs} ms</span>
              </div>
              {attempt.error && <p className="mt-1 text-destructive">{attempt.error}</p>}
              {attempt.responseBody && (
                <pre className="mt-1 max-h-32 overflow-auto rounded bg-muted/50 p-1.5 font-mono whitespace-pre-wrap break-all">{attempt.responseBody}</pre>
              )}
            </li>
          ))}
        </ol>
        {delivery.nextAttemptAt && delivery.attempts.length > 0 && (
          <p className="text-xs text-muted-foreground">Next attempt {formatDateTime(delivery.nextAttemptAt)}</p>
        )}
      </section>
      <section aria-label="Payload" className="flex min-w-0 flex-col gap-2">
        <h4 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Payload · webhook-id msg_{delivery.eventId}</h4>
        <pre className="max-h-72 overflow-auto rounded-md border bg-muted/40 p-2 font-mono text-xs">{prettyPayload(delivery.payload)}</pre>
      </section>
    </div>
  );
}

/** Deliveries of one endpoint, filtered by event type and outcome from the URL, a page at a time. */
export function DeliveryLog({ webhook, eventTypes, canResend }: { webhook: Developers_WebhookFragment; eventTypes: readonly string[]; canResend: boolean }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = parseDeliveryFilters(searchParams);
  const { data, loading, error, refetch } = useQuery(WebhookDeliveriesQuery, {
    variables: deliveryQueryVariables(webhook.id, filters),
    fetchPolicy: 'cache-and-network',
  });
  const [resend] = useMutation(ResendDeliveryMutation);
  const [resendingId, setResendingId] = useState<string | null>(null);

  function setFilters(next: Partial<DeliveryFilters>) {
    const merged = { ...filters, endpoint: webhook.id, page: 1, ...next };
    setSearchParams(deliveryFiltersToSearchParams(merged, searchParams), { replace: true });
  }

  const columns = useMemo(
    () =>
      deliveryColumns({
        canResend,
        resendingId,
        onResend: (delivery) => {
          setResendingId(delivery.id);
          resend({ variables: { id: delivery.id } })
            .then(() => {
              toast({ title: 'Delivery queued again', description: `${delivery.eventType} goes out now with the same webhook-id.` });
              return refetch();
            })
            .catch((caught: unknown) => toast({ variant: 'destructive', title: 'Could not resend', description: describeApiError(caught).message }))
            .finally(() => setResendingId(null));
        },
      }),
    [canResend, resendingId, resend, refetch],
  );

  const page = data?.webhookDeliveries;
  const eventOptions = [{ value: '', label: 'All event types' }, ...eventTypes.map((type) => ({ value: type, label: type }))];
  const items = useMemo(() => (page?.items ?? []) as Developers_WebhookDeliveryFragment[], [page]);
  const table = useReactTable({
    data: items,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
    getRowCanExpand: () => true,
    getRowId: (row) => row.id,
  });
  const total = page?.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / DELIVERY_PAGE_SIZE));

  return (
    <Card>
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1.5">
            <CardTitle>Delivery log</CardTitle>
            <CardDescription className="[overflow-wrap:anywhere]">
              Events sent to {webhook.url}: each attempt with its status code, latency and the first 8 KB of the answer.
            </CardDescription>
          </div>
          <Button type="button" variant="outline" size="sm" onClick={() => void refetch()} disabled={loading}>
            <RefreshCwIcon aria-hidden className={loading ? 'animate-spin' : undefined} /> Refresh
          </Button>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="grid gap-3 sm:grid-cols-[16rem_11rem]">
          <FilterSelect label="Event type" value={filters.eventType} onChange={(eventType) => setFilters({ eventType })} options={eventOptions} />
          <FilterSelect label="Outcome" value={filters.outcome} onChange={(outcome) => setFilters({ outcome })} options={OUTCOMES} />
        </div>
        <QueryBoundary query={{ data, loading, error, refetch }} errorTitle="Could not load deliveries" skeleton={<Skeleton className="h-40 w-full" />}>
          {() =>
            items.length === 0 ? (
              <p className="rounded-md border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
                {filters.eventType || filters.outcome ? 'No delivery matches these filters.' : 'No events were sent to this endpoint yet.'}
              </p>
            ) : (
              <>
                <div className="hidden md:block">
                  <Table aria-label="Deliveries">
                    <DataTableHeader table={table} />
                    <TableBody>
                      <DataTableExpandableRows
                        table={table}
                        detailsClassName="bg-muted/20 whitespace-normal"
                        details={(delivery) => <DeliveryDetails delivery={delivery} />}
                      />
                    </TableBody>
                  </Table>
                </div>
                <ul aria-label="Deliveries" className="flex flex-col gap-2 md:hidden">
                  {table.getRowModel().rows.map((row) => (
                    <li key={row.id} className="rounded-lg border p-3">
                      <div className="flex items-start gap-2">
                        <div className="flex min-w-0 flex-1 flex-col gap-1">
                          <span className="text-sm">{eventLabel(row.original.eventType)}</span>
                          <span className="font-mono text-xs break-all text-muted-foreground">{row.original.eventType}</span>
                          <span className="text-xs text-muted-foreground">
                            {formatRelativeTime(row.original.createdAt)} · {row.original.attemptCount}{' '}
                            {row.original.attemptCount === 1 ? 'attempt' : 'attempts'} · code {row.original.lastStatusCode ?? '—'}
                          </span>
                        </div>
                        <OutcomeBadge status={row.original.status} />
                      </div>
                      <div className="mt-2 flex gap-2">
                        <Button type="button" variant="ghost" size="sm" aria-expanded={row.getIsExpanded()} onClick={row.getToggleExpandedHandler()}>
                          {row.getIsExpanded() ? 'Hide details' : 'Details'}
                        </Button>
                        {flexRender(row.getVisibleCells().at(-1)!.column.columnDef.cell, row.getVisibleCells().at(-1)!.getContext())}
                      </div>
                      {row.getIsExpanded() && <DeliveryDetails delivery={row.original} />}
                    </li>
                  ))}
                </ul>
              </>
            )
          }
        </QueryBoundary>
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
          <span>
            {total} {total === 1 ? 'delivery' : 'deliveries'} · page {Math.min(filters.page, pages)} of {pages}
          </span>
          <div className="flex gap-2">
            <Button type="button" variant="outline" size="sm" disabled={filters.page <= 1} onClick={() => setFilters({ page: filters.page - 1 })}>
              Previous
            </Button>
            <Button type="button" variant="outline" size="sm" disabled={filters.page >= pages} onClick={() => setFilters({ page: filters.page + 1 })}>
              Next
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
