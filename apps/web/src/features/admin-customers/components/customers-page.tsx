import { useQuery } from '@apollo/client/react';
import { SearchIcon } from 'lucide-react';
import { type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/form-alert';
import { PageLayout } from '@/components/layouts/page-layout';
import { IdentityBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ROUTES } from '@/config/routes';
import { StaffCustomersQuery } from '@/features/admin-customers/api/customers';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useDraft } from '@/hooks/use-draft';
import { describeApiError } from '@/lib/graphql-errors';
import { formatDate } from '@/lib/format';

const PAGE_SIZE = 20;

/** /admin/customers: staff find any partner's customer by e-mail, external id or id. The route checks customer:view. */
export function CustomersPage() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [draft, setDraft] = useDraft(search, search);
  const { data, previousData, loading, error } = useQuery(StaffCustomersQuery, {
    variables: { searchString: search || null, skip: (page - 1) * PAGE_SIZE, take: PAGE_SIZE },
  });
  const result = (data ?? previousData)?.staffCustomers;
  const customers = result?.items ?? [];
  useDocumentTitle('Customers · Rampart');

  function submit(event: FormEvent) {
    event.preventDefault();
    setParams(draft.trim() ? { q: draft.trim() } : {});
  }
  const go = (to: number) => setParams({ ...(search ? { q: search } : {}), page: String(to) });

  return (
    <PageLayout>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Customers</h1>
        <p className="text-sm text-muted-foreground">Every partner’s end customers. Search by e-mail, your partner’s customer id or Rampart id.</p>
      </div>
      <form onSubmit={submit} role="search" className="flex gap-2">
        <Label htmlFor="customer-search" className="sr-only">
          Search customers
        </Label>
        <Input
          id="customer-search"
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="E-mail, external id or id"
          className="max-w-md"
        />
        <Button type="submit">
          <SearchIcon aria-hidden /> Search
        </Button>
      </form>
      {error && !result ? <ErrorAlert title="Could not search" message={describeApiError(error).message} /> : null}
      {loading && !result ? (
        <Skeleton className="h-48 w-full" />
      ) : customers.length === 0 && !error ? (
        <p className="rounded-xl border border-dashed px-6 py-12 text-center text-sm text-muted-foreground">
          {search ? `No customer matches “${search}”.` : 'No customers yet.'}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <Table aria-label="Customers">
            <TableHeader>
              <TableRow>
                <TableHead>Customer</TableHead>
                <TableHead>Partner</TableHead>
                <TableHead>Identity check</TableHead>
                <TableHead className="hidden md:table-cell">Created</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
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
            </TableBody>
          </Table>
        </div>
      )}
      {(page > 1 || result?.hasMore) && (
        <div className="flex items-center justify-end gap-2 text-sm text-muted-foreground">
          <span>Page {page}</span>
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => go(page - 1)}>
            Previous
          </Button>
          <Button variant="outline" size="sm" disabled={!result?.hasMore} onClick={() => go(page + 1)}>
            Next
          </Button>
        </div>
      )}
    </PageLayout>
  );
}
