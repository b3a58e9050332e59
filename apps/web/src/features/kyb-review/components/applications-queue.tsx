import { DataTableHeader, DataTableLoadingRows, DataTableMessageRow, DataTableRows, DataTableStackedList } from '@/components/data-table/data-table-parts';
import { useQuery } from '@apollo/client/react';
import { getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { FilterXIcon, SearchIcon } from 'lucide-react';
import { PRODUCTS } from '@rampart/shared/enums';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { QueryErrorAlert } from '@/components/query-boundary';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody } from '@/components/ui/table';
import { ROUTES } from '@/config/routes';
import type { KybReview_ApplicationRowFragment } from '@/gql/graphql';
import { useDraft } from '@/hooks/use-draft';
import { PRODUCT_LABEL, formatCountry, labelOf } from '@/lib/format';
import { ApplicationsQuery, ReferenceListsQuery } from '@/features/kyb-review/api/applications';
import { applicationColumns, formatAge } from '@/features/kyb-review/components/application-columns';
import { QueuePager } from '@/features/kyb-review/components/queue-pager';
import { ReviewSectionNav } from '@/features/kyb-review/components/review-section-nav';
import { ReviewStatusBadge } from '@/features/kyb-review/components/review-status-badge';
import { StatusMultiSelect } from '@/features/kyb-review/components/status-multi-select';
import {
  AGE_DAYS,
  NO_APPLICATION_FILTERS,
  applicationFiltersToSearchParams,
  applicationQueryVariables,
  hasApplicationFilters,
  parseApplicationFilters,
  type ApplicationFilters,
} from '@/features/kyb-review/lib/search-params';
import { PageLayout } from '@/components/layouts/page-layout';
import { useDocumentTitle } from '@/hooks/use-document-title';

const ANY = 'any';

function waitingLabel(application: KybReview_ApplicationRowFragment, now: Date): string {
  if (!application.submittedAt) return 'Not submitted';
  const age = formatAge(application, now);
  return age === null ? '' : age === 'Today' ? 'Submitted today' : `Waiting ${age}`;
}
const EMPTY: KybReview_ApplicationRowFragment[] = [];

/** /admin/kyb: the queue of KYB applications, filters and page in the URL. The route checks kyb:view. */
export function ApplicationsQueue() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = parseApplicationFilters(params);
  const apply = (next: Partial<ApplicationFilters>) => setParams(applicationFiltersToSearchParams({ ...filters, skip: 0, ...next }));
  const [search, setSearch] = useDraft(filters.search, filters.search);
  // "N days ago" counts from when the page opened, so the variables (and the cache entry) stay put while it is open.
  const [now] = useState(() => new Date());

  const { data: lists } = useQuery(ReferenceListsQuery);
  const { data, previousData, loading, error, refetch } = useQuery(ApplicationsQuery, {
    variables: applicationQueryVariables(filters, now),
    fetchPolicy: 'cache-and-network',
  });
  const page = (data ?? previousData)?.kybApplications ?? null;
  const columns = useMemo(() => applicationColumns(now), [now]);
  const table = useReactTable({ data: page?.items ?? EMPTY, columns, getRowId: (row) => row.id, getCoreRowModel: getCoreRowModel() });

  useDocumentTitle('Business verification · Rampart');

  return (
    <PageLayout>
      <div className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Business verification</h1>
          <p className="text-sm text-muted-foreground">Partners’ KYB applications waiting for a decision, and the history of the ones decided.</p>
        </div>
        <ReviewSectionNav />
      </div>
      <Card className="min-w-0 gap-4 py-5">
        <CardContent className="flex min-w-0 flex-col gap-4 px-3 sm:px-5">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(12rem,2fr)_repeat(4,minmax(8rem,1fr))_auto]">
            <form
              role="search"
              className="col-span-2 flex flex-col gap-1.5 lg:col-span-1"
              onSubmit={(event) => {
                event.preventDefault();
                apply({ search: search.trim() });
              }}
            >
              <Label htmlFor="kyb-search">Organization</Label>
              <div className="relative">
                <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
                <Input
                  id="kyb-search"
                  type="search"
                  className="pl-8"
                  placeholder="Search by name, then Enter"
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                />
              </div>
            </form>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="kyb-status">Status</Label>
              <StatusMultiSelect id="kyb-status" value={filters.statuses} onChange={(statuses) => apply({ statuses })} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="kyb-country">Country</Label>
              <Select value={filters.country || ANY} onValueChange={(value) => apply({ country: value === ANY ? '' : value })}>
                <SelectTrigger id="kyb-country">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent className="max-h-80">
                  <SelectItem value={ANY}>Any country</SelectItem>
                  {(lists?.getCountries ?? (filters.country ? [{ code: filters.country, name: formatCountry(filters.country) }] : [])).map((country) => (
                    <SelectItem key={country.code} value={country.code}>
                      {country.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="kyb-product">Product</Label>
              <Select value={filters.product || ANY} onValueChange={(value) => apply({ product: value === ANY ? '' : value })}>
                <SelectTrigger id="kyb-product">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ANY}>Any product</SelectItem>
                  {PRODUCTS.map((product) => (
                    <SelectItem key={product} value={product}>
                      {labelOf(PRODUCT_LABEL, product)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="kyb-age">Waiting</Label>
              <Select
                value={filters.ageDays ? String(filters.ageDays) : ANY}
                onValueChange={(value) => apply({ ageDays: value === ANY ? null : Number(value) })}
              >
                <SelectTrigger id="kyb-age">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ANY}>Any age</SelectItem>
                  {[...new Set([...AGE_DAYS, ...(filters.ageDays ? [filters.ageDays] : [])])]
                    .sort((a, b) => a - b)
                    .map((days) => (
                      <SelectItem key={days} value={String(days)}>
                        Submitted {days === 1 ? '1 day' : `${days} days`} ago or more
                      </SelectItem>
                    ))}
                </SelectContent>
              </Select>
            </div>
            <div className="col-span-2 flex items-end lg:col-span-1">
              {hasApplicationFilters(filters) ? (
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() => setParams(applicationFiltersToSearchParams({ ...NO_APPLICATION_FILTERS, take: filters.take }))}
                >
                  <FilterXIcon aria-hidden /> Clear
                </Button>
              ) : null}
            </div>
          </div>
          {error && !page ? (
            <QueryErrorAlert title="Could not load the applications" error={error} onRetry={refetch} />
          ) : (
            <>
              {/* Narrow screens: stacked rows; the table from 768 px. */}
              <DataTableStackedList
                label="Applications (list)"
                className="md:hidden"
                loadingRows={!page && loading ? 5 : 0}
                skeletonClassName="h-10"
                message={page && page.items.length === 0 ? 'No application matches these filters.' : null}
              >
                {page?.items.map((application) => (
                  <li key={application.id}>
                    <Link to={`${ROUTES.adminKyb}/${application.id}`} className="flex flex-col gap-1.5 px-3 py-2.5 text-sm hover:bg-muted/50">
                      <span className="flex items-center justify-between gap-2">
                        <span className="truncate font-medium">{application.organizationName}</span>
                        <ReviewStatusBadge status={application.status} />
                      </span>
                      <span className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
                        <span>{formatCountry(application.country)}</span>
                        <span>{application.productInterests.map((product) => labelOf(PRODUCT_LABEL, product)).join(', ')}</span>
                        <span className="ml-auto">{waitingLabel(application, now)}</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </DataTableStackedList>
              <Table aria-label="Applications" aria-busy={loading} className="hidden min-w-[760px] md:table">
                <DataTableHeader table={table} />
                <TableBody>
                  {!page && loading ? <DataTableLoadingRows rows={6} colSpan={columns.length} /> : null}
                  {page && page.items.length === 0 ? (
                    <DataTableMessageRow colSpan={columns.length}>
                      {hasApplicationFilters(filters) ? 'No application matches these filters.' : 'No applications yet.'}
                    </DataTableMessageRow>
                  ) : null}
                  <DataTableRows table={table} onRowClick={(application) => void navigate(`${ROUTES.adminKyb}/${application.id}`)} />
                </TableBody>
              </Table>
            </>
          )}
          <QueuePager label="Applications pages" skip={filters.skip} take={filters.take} totalCount={page?.totalCount ?? 0} onChange={(next) => apply(next)} />
        </CardContent>
      </Card>
    </PageLayout>
  );
}
