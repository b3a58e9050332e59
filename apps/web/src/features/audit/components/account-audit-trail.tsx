import { useQuery, useReactiveVar } from '@apollo/client/react';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { AuditAccountEventsQuery } from '@/features/audit/api/audit';
import { AuditTrailContent } from '@/features/audit/components/audit-trail-content';
import { auditQueryVariables } from '@/features/audit/lib/search-params';
import { useAuditFilters } from '@/features/audit/lib/use-audit-filters';
import { selectedAccountIdVar } from '@/lib/local-state';

/** The selected account's own trail (holders of audit:read), filters and page in the URL. */
export function AccountAuditTrail() {
  const accountId = useReactiveVar(selectedAccountIdVar);
  const { filters, setFilters } = useAuditFilters();
  const query = useQuery(AuditAccountEventsQuery, {
    variables: { accountId: accountId ?? '', ...auditQueryVariables(filters) },
    skip: !accountId,
    fetchPolicy: 'cache-and-network',
  });
  const page = (query.data ?? query.previousData)?.accountAuditEvents;

  return (
    <Card className="gap-4 py-5">
      <CardHeader className="px-5">
        <CardTitle className="text-base">Audit trail</CardTitle>
        <CardDescription>Every change made in this account: who, with which role, what and with which outcome.</CardDescription>
      </CardHeader>
      <AuditTrailContent filters={filters} onFilters={setFilters} page={page} query={query} />
    </Card>
  );
}
