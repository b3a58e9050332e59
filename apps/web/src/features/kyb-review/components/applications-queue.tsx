import { useQuery } from '@apollo/client/react';
import { getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { PRODUCTS } from '@rampart/shared/enums';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SearchForm, SearchInput } from '@/components/search-input';
import { Label } from '@/components/ui/label';
import { ROUTES } from '@/config/routes';
import type { KybReview_ApplicationRowFragment } from '@/gql/graphql';
import { useDraft } from '@/hooks/use-draft';
import { PRODUCT_LABEL, formatCountry, labelOf } from '@/lib/format';
import { ApplicationsQuery, ReferenceListsQuery } from '@/features/kyb-review/api/applications';
import { applicationColumns, formatAge } from '@/features/kyb-review/components/application-columns';
import { QueuePager } from '@/features/kyb-review/components/queue-pager';
import {
  AnyOfSelect,
  ClearFilters,
  QueueFilter,
  QueueProductFilter,
  QueueResults,
  QueueStatusFilter,
  ReviewQueuePage,
} from '@/features/kyb-review/components/review-queue';
import { ReviewStatusBadge } from '@/features/kyb-review/components/review-status-badge';
import {
  AGE_DAYS,
  KYB_REVIEW_STATUSES,
  NO_APPLICATION_FILTERS,
  applicationFiltersToSearchParams,
  applicationQueryVariables,
  hasApplicationFilters,
  parseApplicationFilters,
  type ApplicationFilters,
} from '@/features/kyb-review/lib/search-params';
import { useDocumentTitle } from '@/hooks/use-document-title';

function waitingLabel(application: KybReview_ApplicationRowFragment, now: Date): string {
  if (!application.submittedAt) return 'Not submitted';
  const age = formatAge(application, now);
  return age === null ? '' : age === 'Today' ? 'Submitted today' : `Waiting ${age}`;
}
const EMPTY: KybReview_ApplicationRowFragment[] = [];
const PRODUCT_OPTIONS = PRODUCTS.map((product) => ({ value: product, label: labelOf(PRODUCT_LABEL, product) }));

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
  const query = useQuery(ApplicationsQuery, {
    variables: applicationQueryVariables(filters, now),
    fetchPolicy: 'cache-and-network',
  });
  const page = (query.data ?? query.previousData)?.kybApplications ?? null;
  const columns = useMemo(() => applicationColumns(now), [now]);
  const table = useReactTable({ data: page?.items ?? EMPTY, columns, getRowId: (row) => row.id, getCoreRowModel: getCoreRowModel() });

  // The filters' choices; a value from the URL that a list does not hold (yet) stays choosable.
  const countries = (lists?.getCountries ?? (filters.country ? [{ code: filters.country, name: formatCountry(filters.country) }] : [])).map((country) => ({
    value: country.code,
    label: country.name,
  }));
  const ages = [...new Set([...AGE_DAYS, ...(filters.ageDays ? [filters.ageDays] : [])])]
    .sort((a, b) => a - b)
    .map((days) => ({ value: String(days), label: `Submitted ${days === 1 ? '1 day' : `${days} days`} ago or more` }));

  useDocumentTitle('Business verification · Rampart');

  return (
    <ReviewQueuePage description="Partners’ KYB applications waiting for a decision, and the history of the ones decided.">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(12rem,2fr)_repeat(4,minmax(8rem,1fr))_auto]">
        <SearchForm className="col-span-2 flex flex-col gap-1.5 lg:col-span-1" onSearch={() => apply({ search: search.trim() })}>
          <Label htmlFor="kyb-search">Organization</Label>
          <SearchInput id="kyb-search" placeholder="Search by name, then Enter" value={search} onChange={(event) => setSearch(event.target.value)} />
        </SearchForm>
        <QueueStatusFilter id="kyb-status" value={filters.statuses} onChange={(statuses) => apply({ statuses })} statuses={KYB_REVIEW_STATUSES} />
        <QueueFilter id="kyb-country" label="Country">
          <AnyOfSelect
            id="kyb-country"
            value={filters.country}
            anyLabel="Any country"
            options={countries}
            onChange={(country) => apply({ country })}
            contentClassName="max-h-80"
          />
        </QueueFilter>
        <QueueProductFilter id="kyb-product" value={filters.product} options={PRODUCT_OPTIONS} onChange={(product) => apply({ product })} />
        <QueueFilter id="kyb-age" label="Waiting">
          <AnyOfSelect
            id="kyb-age"
            value={filters.ageDays ? String(filters.ageDays) : ''}
            anyLabel="Any age"
            options={ages}
            onChange={(days) => apply({ ageDays: days ? Number(days) : null })}
          />
        </QueueFilter>
        <ClearFilters
          shown={hasApplicationFilters(filters)}
          onClear={() => setParams(applicationFiltersToSearchParams({ ...NO_APPLICATION_FILTERS, take: filters.take }))}
          className="col-span-2 lg:col-span-1"
        />
      </div>
      <QueueResults
        label="Applications"
        query={query}
        page={page}
        loadingRows={{ list: 5, table: 6 }}
        listMessage="No application matches these filters."
        tableMessage={hasApplicationFilters(filters) ? 'No application matches these filters.' : 'No applications yet.'}
        table={table}
        tableClassName="min-w-[760px]"
        onRowClick={(application) => void navigate(`${ROUTES.adminKyb}/${application.id}`)}
        listItems={page?.items.map((application) => (
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
      />
      <QueuePager label="Applications pages" skip={filters.skip} take={filters.take} totalCount={page?.totalCount ?? 0} onChange={(next) => apply(next)} />
    </ReviewQueuePage>
  );
}
