import { useQuery } from '@apollo/client/react';

import { Card } from '@/components/ui/card';
import { AuditEventsQuery } from '@/features/audit/api/audit';
import { AuditTrailContent } from '@/features/audit/components/audit-trail-content';
import { auditQueryVariables } from '@/features/audit/lib/search-params';
import { useAuditFilters } from '@/features/audit/lib/use-audit-filters';
import { PageLayout } from '@/components/layouts/page-layout';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAdminPermission } from '@/hooks/use-permission';
import { AuditExportButton } from '@/features/audit/components/audit-export-button';

/** /admin/audit for staff holding auditTrail:view: every account's trail. The route checks the permission. */
export function StaffAuditPage() {
  const { filters, setFilters } = useAuditFilters();
  const query = useQuery(AuditEventsQuery, {
    variables: { accountId: filters.accountId || null, ...auditQueryVariables(filters) },
    fetchPolicy: 'cache-and-network',
  });
  const page = (query.data ?? query.previousData)?.auditEvents;
  const canExport = useAdminPermission('auditTrail:export');

  useDocumentTitle('Audit trail · Rampart');

  return (
    <PageLayout>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Audit trail</h1>
          <p className="text-sm text-muted-foreground">Every mutation and every staff view of a partner’s account, across all accounts.</p>
        </div>
        {canExport ? <AuditExportButton filters={filters} /> : null}
      </div>
      <Card className="gap-4 py-5">
        <AuditTrailContent filters={filters} onFilters={setFilters} page={page} query={query} showAccount />
      </Card>
    </PageLayout>
  );
}
