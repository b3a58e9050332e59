import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { PrevNextPager } from '@/components/data-table/prev-next-pager';
import { ErrorAlert } from '@/components/form-alert';
import { PageHeading } from '@/components/layouts/page-heading';
import { PageLayout } from '@/components/layouts/page-layout';
import { SearchSubmitForm } from '@/components/search-submit-form';
import { IdentityBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { HeadedTable } from '@/components/data-table/headed-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { ROUTES } from '@/config/routes';
import { StaffCustomersQuery } from '@/features/admin-customers/api/customers';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useUrlSearchPage } from '@/hooks/use-url-search-page';
import { describeApiError } from '@/lib/graphql-errors';
import { formatDate } from '@/lib/format';

const PAGE_SIZE = 20;

/** /admin/customers: staff find any partner's customer by e-mail, external id or id. The route checks customer:view. */
export function CustomersPage() {
  const { search, page, draft, setDraft, applySearch, goToPage } = useUrlSearchPage();
  const { data, previousData, loading, error } = useQuery(StaffCustomersQuery, {
    variables: { searchString: search || null, skip: (page - 1) * PAGE_SIZE, take: PAGE_SIZE },
  });
  const result = (data ?? previousData)?.staffCustomers;
  const customers = result?.items ?? [];
  useDocumentTitle('Customers · Rampart');

  return (
    <PageLayout>
      <PageHeading title="Customers" description="Every partner’s end customers. Search by e-mail, your partner’s customer id or Rampart id." />
      <SearchSubmitForm label="Search customers" placeholder="E-mail, external id or id" value={draft} onChange={setDraft} onSearch={applySearch} />
      {error && !result ? <ErrorAlert title="Could not search" message={describeApiError(error).message} /> : null}
      {loading && !result ? (
        <Skeleton className="h-48 w-full" />
      ) : customers.length === 0 && !error ? (
        <p className="rounded-xl border border-dashed px-6 py-12 text-center text-sm text-muted-foreground">
          {search ? `No customer matches “${search}”.` : 'No customers yet.'}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <HeadedTable label="Customers" columns={['Customer', 'Partner', 'Identity check', { heading: 'Created', className: 'hidden md:table-cell' }]}>
            {customers.map((customer) => (
              <TableRow key={customer.id}>
                <TableCell className="max-w-64">
                  <Link to={`${ROUTES.adminCustomers}/${customer.id}`} className="block truncate font-medium underline-offset-4 hover:underline">
                    {customer.email ?? customer.externalCustomerId ?? customer.id}
                  </Link>
                  <span className="block truncate font-mono text-xs text-muted-foreground">{customer.externalCustomerId ?? customer.id}</span>
                </TableCell>
                <TableCell>
                  <span className="block truncate">{customer.accountName}</span>
                  <span className="block truncate text-xs text-muted-foreground">{customer.organizationName}</span>
                </TableCell>
                <TableCell>
                  <div className="flex flex-wrap gap-1.5">
                    <IdentityBadge status={customer.identityCheck.status} />
                    {customer.isDeleted ? <Badge variant="outline">Deleted</Badge> : null}
                    {customer.isBlocked ? <Badge variant="destructive">Blocked</Badge> : null}
                    {!customer.liveMode ? <Badge variant="info">Test</Badge> : null}
                  </div>
                </TableCell>
                <TableCell className="hidden text-muted-foreground md:table-cell">{formatDate(customer.createdAt)}</TableCell>
              </TableRow>
            ))}
          </HeadedTable>
        </div>
      )}
      {page > 1 || result?.hasMore ? <PrevNextPager page={page} hasMore={Boolean(result?.hasMore)} summary={`Page ${page}`} onPageChange={goToPage} /> : null}
    </PageLayout>
  );
}
