import { useQuery } from '@apollo/client/react';

import { Card, CardContent } from '@/components/ui/card';
import { AuditEventsQuery } from '@/features/audit/api/audit';
import { AuditFiltersForm } from '@/features/audit/components/audit-filters';
import { AuditTable } from '@/features/audit/components/audit-table';
import { auditQueryVariables } from '@/features/audit/lib/search-params';
import { useAuditFilters } from '@/features/audit/lib/use-audit-filters';
import { PageLayout } from '@/components/layouts/page-layout';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { QueryErrorAlert } from '@/components/query-boundary';

/** /admin/audit for staff holding auditTrail:view: every account's trail. The route checks the permission. */
export function StaffAuditPage() {
  const { filters, setFilters } = useAuditFilters();
  const { data, previousData, loading, error, refetch } = useQuery(AuditEventsQuery, {
    variables: { accountId: filters.accountId || null, ...auditQueryVariables(filters) },
    fetchPolicy: 'cache-and-network',
  });
  const page = (data ?? previousData)?.auditEvents;

  useDocumentTitle('Audit trail · Rampart');

  return (
    <PageLayout>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Audit trail</h1>
        <p className="text-sm text-muted-foreground">Every mutation and every staff view of a partner’s account, across all accounts.</p>
      </div>
      <Card className="gap-4 py-5">
        <CardContent className="flex flex-col gap-4 px-2 sm:px-3">
          <div className="px-3">
            <AuditFiltersForm key={JSON.stringify({ ...filters, page: 0 })} filters={filters} onApply={setFilters} showAccount />
          </div>
          {error && !page ? (
            <div className="px-3">
              <QueryErrorAlert title="Could not load the audit trail" error={error} onRetry={refetch} />
            </div>
          ) : (
            <AuditTable
              events={page?.items ?? []}
              totalCount={page?.totalCount ?? 0}
              page={filters.page}
              loading={loading}
              showAccount
              onPageChange={(next) => setFilters({ ...filters, page: next })}
            />
          )}
        </CardContent>
      </Card>
    </PageLayout>
  );
}
