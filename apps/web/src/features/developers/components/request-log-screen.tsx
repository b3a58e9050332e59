import { useQuery } from '@apollo/client/react';
import { RefreshCwIcon, XIcon } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { StatusBadge, type StatusMeaning } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { HeadedTable } from '@/components/data-table/headed-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { CopyButton } from '@/components/copy-button';
import { FilterSelect } from '@/components/filter-select';
import { ApiRequestKeysQuery, ApiRequestsQuery } from '@/features/developers/api/request-log';
import { DevelopersFrame } from '@/features/developers/components/developers-frame';
import { maskKey } from '@/features/developers/lib/format';
import {
  LOG_METHODS,
  LOG_STATUS_CLASSES,
  parseRequestLogFilters,
  requestLogFiltersToSearchParams,
  requestLogQueryVariables,
  type LogStatusClass,
  type RequestLogFilters,
} from '@/features/developers/lib/request-log-search-params';
import { useDeveloperScope } from '@/features/developers/lib/scope';
import type { Developers_ApiRequestsQuery } from '@/gql/graphql';
import { formatCount, formatDateTime, formatRelativeTime, formatTime } from '@/lib/format';
import { QueryErrorAlert } from '@/components/query-boundary';

type LoggedRequest = Developers_ApiRequestsQuery['apiRequests']['items'][number];
const STATUS_CLASS_LABEL: Record<LogStatusClass, string> = { '2xx': '2xx Succeeded', '4xx': '4xx Refused', '5xx': '5xx Failed' };
const METHODS = [{ value: '', label: 'All methods' }, ...LOG_METHODS.map((method) => ({ value: method, label: method }))];
const STATUSES = [{ value: '' as const, label: 'All statuses' }, ...LOG_STATUS_CLASSES.map((status) => ({ value: status, label: STATUS_CLASS_LABEL[status] }))];

const REASON: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  413: 'Too large',
  429: 'Too many requests',
  500: 'Server error',
  503: 'Unavailable',
};

function statusMeaning(status: number): StatusMeaning {
  if (status < 300) return 'success';
  if (status < 500) return 'waiting';
  return 'failed';
}

function HttpStatusBadge({ status }: { status: number }) {
  return (
    <StatusBadge meaning={statusMeaning(status)} data-status={status}>
      <span className="tabular-nums">{status}</span> {REASON[status] ?? ''}
    </StatusBadge>
  );
}

const keyLabel = (key: { name?: string | null; type: string }) => key.name ?? (key.type === 'restricted' ? 'Restricted key' : 'Secret key');

function sameDay(a: string, b: Date) {
  const date = new Date(a);
  return date.getFullYear() === b.getFullYear() && date.getMonth() === b.getMonth() && date.getDate() === b.getDate();
}

/** Today's requests by time of day, older ones with their date. */
function when(createdAt: string): string {
  return sameDay(createdAt, new Date()) ? formatTime(createdAt) : formatDateTime(createdAt);
}

function Detail({ request, onClose }: { request: LoggedRequest | null; onClose: () => void }) {
  const rows: Array<[string, React.ReactNode]> = request
    ? [
        ['Time', `${formatDateTime(request.createdAt, { zone: true, seconds: true })} (${formatRelativeTime(request.createdAt)})`],
        ['Status', <HttpStatusBadge key="status" status={request.status} />],
        ['Latency', `${formatCount(request.latencyMs)} ms`],
        ['Key', `${keyLabel(request.apiKey)} · ${maskKey(request.apiKey.secret)}`],
        ['IP address', request.ipAddress ?? '—'],
        [
          'Request id',
          request.requestId ? (
            <span key="id" className="inline-flex items-center gap-1">
              <code className="font-mono text-xs">{request.requestId}</code>
              <CopyButton value={request.requestId} label="Copy request id" />
            </span>
          ) : (
            '—'
          ),
        ],
      ]
    : [];
  return (
    <Dialog open={request !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle className="font-mono text-base [overflow-wrap:anywhere]">
            {request?.method} {request?.path}
          </DialogTitle>
          <DialogDescription>One REST request, as logged after its response. Query strings are not kept.</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="min-w-0 [overflow-wrap:anywhere]">{value}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}

function Filters({
  accountId,
  liveMode,
  filters,
  onChange,
}: {
  accountId: string;
  liveMode: boolean;
  filters: RequestLogFilters;
  onChange: (next: Partial<RequestLogFilters>) => void;
}) {
  const keys = useQuery(ApiRequestKeysQuery, { variables: { accountId, liveMode } });
  const [path, setPath] = useState(filters.path);
  useEffect(() => setPath(filters.path), [filters.path]);
  // Typing waits a moment before it becomes a filter (and a request).
  useEffect(() => {
    if (path.trim() === filters.path) return;
    const timer = window.setTimeout(() => onChange({ path: path.trim() }), 350);
    return () => window.clearTimeout(timer);
  }, [path, filters.path, onChange]);
  const active = Object.values(filters).some(Boolean);

  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
      <FilterSelect
        label="Key"
        className="col-span-2 md:col-span-1"
        value={filters.key}
        onChange={(key) => onChange({ key })}
        options={[
          { value: '', label: 'All keys' },
          ...(keys.data?.apiRequestKeys ?? []).map((key) => ({
            value: key.id,
            label: `${keyLabel(key)} · …${key.secret.slice(-4)}${key.deletedAt && !key.isWaitingDeletion ? ' (deleted)' : ''}`,
          })),
        ]}
      />
      <FilterSelect label="Method" value={filters.method} onChange={(method) => onChange({ method })} options={METHODS} />
      <FilterSelect label="Status" value={filters.status} onChange={(status) => onChange({ status })} options={STATUSES} />
      <div className="col-span-2 flex flex-col gap-1.5 md:col-span-1">
        <Label htmlFor="log-path">Path starts with</Label>
        <Input id="log-path" value={path} onChange={(event) => setPath(event.target.value)} placeholder="/v1/transactions" maxLength={200} autoComplete="off" />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="log-from">From</Label>
        <Input id="log-from" type="date" value={filters.from} max={filters.to || undefined} onChange={(event) => onChange({ from: event.target.value })} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="log-to">To</Label>
        <Input id="log-to" type="date" value={filters.to} min={filters.from || undefined} onChange={(event) => onChange({ to: event.target.value })} />
      </div>
      {active && (
        <div className="col-span-2 md:col-span-3 xl:col-span-6">
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange({ key: '', method: '', status: '', path: '', from: '', to: '' })}>
            <XIcon aria-hidden /> Clear filters
          </Button>
        </div>
      )}
    </div>
  );
}

function RequestLog({ accountId, liveMode }: { accountId: string; liveMode: boolean }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = parseRequestLogFilters(searchParams);
  const variables = requestLogQueryVariables(accountId, liveMode, filters);
  const { data, loading, error, refetch, fetchMore } = useQuery(ApiRequestsQuery, {
    variables,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const [open, setOpen] = useState<LoggedRequest | null>(null);

  const onChange = useCallback(
    (next: Partial<RequestLogFilters>) =>
      setSearchParams((current) => requestLogFiltersToSearchParams({ ...parseRequestLogFilters(current), ...next }, current), { replace: true }),
    [setSearchParams],
  );

  async function loadMore() {
    const after = data?.apiRequests.nextCursor;
    if (!after) return;
    setLoadingMore(true);
    try {
      await fetchMore({
        variables: { ...variables, after },
        updateQuery: (previous, { fetchMoreResult }) => ({
          apiRequests: { ...fetchMoreResult.apiRequests, items: [...(previous.apiRequests?.items ?? []), ...fetchMoreResult.apiRequests.items] },
        }),
      });
    } finally {
      setLoadingMore(false);
    }
  }

  const items = data?.apiRequests.items ?? [];
  const filtered = Object.values(filters).some(Boolean);
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle>{liveMode ? 'Live' : 'Test'} requests</CardTitle>
          <CardDescription>Every authenticated call to the REST API with this mode's keys, newest first. Kept 30 days.</CardDescription>
        </div>
        <Button type="button" variant="outline" size="sm" className="shrink-0 self-start" onClick={() => void refetch()} disabled={loading}>
          <RefreshCwIcon aria-hidden className={loading ? 'animate-spin' : undefined} /> Refresh
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Filters accountId={accountId} liveMode={liveMode} filters={filters} onChange={onChange} />
        {error && <QueryErrorAlert title="Could not load the request log" error={error} onRetry={refetch} />}
        {!data && loading ? (
          <Skeleton className="h-40 w-full" />
        ) : items.length === 0 ? (
          <p className="rounded-md border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
            {filtered
              ? 'No request matches these filters.'
              : `No REST requests with ${liveMode ? 'live' : 'test'} keys in the last 30 days. Call /v1/transactions with a secret or restricted key and it shows up here.`}
          </p>
        ) : (
          <>
            <div className="hidden md:block">
              <HeadedTable label="API requests" columns={['Time', 'Request', 'Status', { heading: 'Latency', className: 'text-right' }, 'Key']}>
                {items.map((request) => (
                  <TableRow key={request.id} className="cursor-pointer" onClick={() => setOpen(request)} data-testid="api-request-row">
                    <TableCell className="whitespace-nowrap text-muted-foreground" title={formatDateTime(request.createdAt, { zone: true, seconds: true })}>
                      {when(request.createdAt)}
                    </TableCell>
                    <TableCell className="max-w-[22rem]">
                      <button
                        type="button"
                        className="flex min-w-0 items-center gap-2 text-left font-mono text-xs focus-visible:underline focus-visible:outline-none"
                        aria-label={`Details of ${request.method} ${request.path}`}
                        onClick={(event) => {
                          event.stopPropagation();
                          setOpen(request);
                        }}
                      >
                        <span className="w-10 shrink-0 font-semibold">{request.method}</span>
                        <span className="truncate">{request.path}</span>
                      </button>
                    </TableCell>
                    <TableCell>
                      <HttpStatusBadge status={request.status} />
                    </TableCell>
                    <TableCell className="text-right whitespace-nowrap tabular-nums">{formatCount(request.latencyMs)} ms</TableCell>
                    <TableCell className="max-w-[12rem] truncate">{keyLabel(request.apiKey)}</TableCell>
                  </TableRow>
                ))}
              </HeadedTable>
            </div>
            <ul aria-label="API requests" className="flex flex-col gap-2 md:hidden">
              {items.map((request) => (
                <li key={request.id}>
                  <button
                    type="button"
                    className="flex w-full flex-col gap-1.5 rounded-lg border p-3 text-left"
                    onClick={() => setOpen(request)}
                    aria-label={`Details of ${request.method} ${request.path}`}
                  >
                    <span className="flex min-w-0 items-center gap-2 font-mono text-xs">
                      <span className="font-semibold">{request.method}</span>
                      <span className="truncate">{request.path}</span>
                    </span>
                    <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                      <HttpStatusBadge status={request.status} />
                      <span className="tabular-nums">{formatCount(request.latencyMs)} ms</span>
                      <span>{when(request.createdAt)}</span>
                      <span className="truncate">{keyLabel(request.apiKey)}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            {data?.apiRequests.nextCursor && (
              <Button type="button" variant="outline" className="self-center" onClick={() => void loadMore()} disabled={loadingMore}>
                {loadingMore ? 'Loading…' : 'Load more'}
              </Button>
            )}
          </>
        )}
      </CardContent>
      <Detail request={open} onClose={() => setOpen(null)} />
    </Card>
  );
}

/** Developers › Request log: the REST requests of the selected account in the shell's mode. */
export function RequestLogScreen() {
  const { accountId, liveMode } = useDeveloperScope();
  return (
    <DevelopersFrame title="Request log" description="What your servers asked the REST API, with which key, and how it answered.">
      {accountId ? (
        <RequestLog key={`${accountId}:${liveMode}`} accountId={accountId} liveMode={liveMode} />
      ) : (
        <p className="text-sm text-muted-foreground">Choose an account first.</p>
      )}
    </DevelopersFrame>
  );
}
