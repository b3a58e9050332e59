import { DataTableHeader, DataTableLoadingRows, DataTableMessageRow, DataTableRows, DataTableStackedList } from '@/components/data-table/data-table-parts';
import { AccountDataHeading } from '@/components/layouts/account-data-heading';
import { DataTablePager, formatRowRange } from '@/components/data-table/data-table-pager';
import { useQuery, useReactiveVar } from '@apollo/client/react';
import { getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CUSTOMER_SEARCH_PLACEHOLDER, ShortSearchHint } from '@/components/search-hint';
import { QueryErrorAlert } from '@/components/query-boundary';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { SearchForm, SearchInput } from '@/components/search-input';
import { Table, TableBody } from '@/components/ui/table';
import { ROUTES } from '@/config/routes';
import type { Customers_RowFragment } from '@/gql/graphql';
import { IdentityBadge, StatusBadge } from '@/components/status-badge';
import { TIME_ZONE, formatCount, formatCountry, formatDateTime } from '@/lib/format';
import { selectedAccountIdVar, testModeVar } from '@/lib/local-state';
import { CustomersListQuery } from '@/features/customers/api/customers';
import { customerColumns } from '@/features/customers/components/columns';
import {
  CUSTOMER_PAGE_SIZES,
  customerListToSearchParams,
  customerListVariables,
  parseCustomerList,
  type CustomerListState,
} from '@/features/customers/lib/search-params';
import { useDraft } from '@/hooks/use-draft';
import { PageLayout } from '@/components/layouts/page-layout';

const EMPTY: Customers_RowFragment[] = [];

/** /customers — search and paging in the URL; test or live mode from the shell. */
export function CustomersScreen() {
  const accountId = useReactiveVar(selectedAccountIdVar);
  const testMode = useReactiveVar(testModeVar);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const state = parseCustomerList(params);
  const [draft, setDraft] = useDraft(state.q, state.q);
  const update = (next: Partial<CustomerListState>) => setParams(customerListToSearchParams({ ...state, page: 1, ...next }));

  const { data, previousData, loading, error, refetch } = useQuery(CustomersListQuery, {
    variables: { accountId: accountId ?? '', liveMode: !testMode, ...customerListVariables(state) },
    skip: !accountId,
  });
  const page = (data ?? previousData)?.customers ?? null;
  const table = useReactTable({ data: page?.items ?? EMPTY, columns: customerColumns, getRowId: (row) => row.id, getCoreRowModel: getCoreRowModel() });
  const pages = page ? Math.max(1, Math.ceil(page.totalCount / state.take)) : 1;
  const first = page && page.items.length > 0 ? (state.page - 1) * state.take + 1 : 0;
  const last = page ? first + page.items.length - (first ? 1 : 0) : 0;
  const total = page ? `${formatCount(page.totalCount)}${page.isTotalExact ? '' : '+'}` : '…';

  return (
    <PageLayout>
      <AccountDataHeading
        title={<>Customers {testMode ? <Badge variant="warning">Test mode</Badge> : null}</>}
        description={
          <>
            The people who transact through your integration · {total} customers · times in {TIME_ZONE}
          </>
        }
      />
      <Card className="min-w-0 gap-4 py-5">
        <CardContent className="flex min-w-0 flex-col gap-4 px-3 sm:px-5">
          <SearchForm className="flex flex-wrap gap-2" onSearch={() => update({ q: draft.trim() })}>
            <SearchInput
              wrapperClassName="min-w-0 flex-1 basis-64"
              aria-label="Search customers"
              placeholder={CUSTOMER_SEARCH_PLACEHOLDER}
              title={CUSTOMER_SEARCH_PLACEHOLDER}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
            />
            <Button type="submit" size="sm" className="h-9">
              Search
            </Button>
            {state.q ? (
              <Button type="button" size="sm" variant="ghost" className="h-9" onClick={() => update({ q: '' })}>
                Clear
              </Button>
            ) : null}
          </SearchForm>
          <ShortSearchHint term={state.q} />
          {error && !page ? (
            <QueryErrorAlert title="Could not load customers" error={error} onRetry={refetch} />
          ) : (
            <>
              {/* Narrow screens: stacked rows; the table from 640 px. */}
              <DataTableStackedList
                label="Customers (list)"
                className="sm:hidden"
                loadingRows={!page && loading ? 6 : 0}
                message={page && page.items.length === 0 ? 'No customers match.' : null}
              >
                {page?.items.map((customer) => (
                  <li key={customer.id}>
                    <Link to={`${ROUTES.customers}/${customer.id}`} className="flex flex-col gap-1 px-3 py-2.5 text-sm hover:bg-muted/50">
                      <span className="truncate font-medium">{customer.email ?? customer.externalCustomerId ?? customer.id}</span>
                      <span className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
                        <IdentityBadge status={customer.identityCheck.level} />
                        <IdentityBadge status={customer.identityCheck.status} />
                        {customer.isBlocked && customer.identityCheck.level !== 'Blocked' ? <StatusBadge meaning="failed">Blocked</StatusBadge> : null}
                        <span>{customer.address.country ? formatCountry(customer.address.country) : ''}</span>
                        <span className="ml-auto">{formatDateTime(customer.createdAt)}</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </DataTableStackedList>
              <Table aria-label="Customers" aria-busy={loading} className="hidden min-w-[720px] sm:table">
                <DataTableHeader table={table} />
                <TableBody>
                  {!page && loading ? <DataTableLoadingRows rows={8} colSpan={customerColumns.length} /> : null}
                  {page && page.items.length === 0 ? (
                    <DataTableMessageRow colSpan={customerColumns.length}>
                      {state.q ? `No customers match “${state.q}”` : 'No customers yet'}
                      {testMode ? ' in test mode' : ''}.
                    </DataTableMessageRow>
                  ) : null}
                  <DataTableRows table={table} onRowClick={(customer) => void navigate(`${ROUTES.customers}/${customer.id}`)} />
                </TableBody>
              </Table>
            </>
          )}
          <DataTablePager
            pageSizes={CUSTOMER_PAGE_SIZES}
            pageSize={state.take}
            page={state.page}
            pageCount={page?.isTotalExact ? pages : null}
            summary={page ? (first ? formatRowRange(first, last, total) : 'No customers') : ''}
            hasNext={page !== null && page.items.length >= state.take && !(page.isTotalExact && state.page >= pages)}
            onPageChange={(next) => update({ page: next })}
            onPageSizeChange={(take) => update({ take })}
          />
        </CardContent>
      </Card>
    </PageLayout>
  );
}
