import { useQuery, useReactiveVar } from '@apollo/client/react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { AuditAccountEventsQuery } from '@/features/audit/api/audit';
import { AuditFiltersForm } from '@/features/audit/components/audit-filters';
import { AuditTable } from '@/features/audit/components/audit-table';
import { auditQueryVariables } from '@/features/audit/lib/search-params';
import { useAuditFilters } from '@/features/audit/lib/use-audit-filters';
import { selectedAccountIdVar } from '@/lib/local-state';
import { QueryErrorAlert } from '@/components/query-boundary';

/** The selected account's own trail (holders of audit:read), filters and page in the URL. */
export function AccountAuditTrail() {
  const accountId = useReactiveVar(selectedAccountIdVar);
  const { filters, setFilters } = useAuditFilters();
  const { data, previousData, loading, error, refetch } = useQuery(AuditAccountEventsQuery, {
    variables: { accountId: accountId ?? '', ...auditQueryVariables(filters) },
    skip: !accountId,
    fetchPolicy: 'cache-and-network',
  });
  const page = (data ?? previousData)?.accountAuditEvents;

  return (
    <Card className="gap-4 py-5">
      <CardHeader className="px-5">
        <CardTitle className="text-base">Audit trail</CardTitle>
        <CardDescription>Every change made in this account: who, with which role, what and with which outcome.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 px-2 sm:px-3">
        <div className="px-3">
          <AuditFiltersForm key={JSON.stringify({ ...filters, page: 0 })} filters={filters} onApply={setFilters} />
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
            onPageChange={(next) => setFilters({ ...filters, page: next })}
          />
        )}
      </CardContent>
    </Card>
  );
}
