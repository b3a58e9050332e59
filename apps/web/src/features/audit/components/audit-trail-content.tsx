import { CardContent } from '@/components/ui/card';
import { QueryErrorAlert } from '@/components/query-boundary';
import type { Audit_EventFragment } from '@/gql/graphql';
import { AuditFiltersForm } from '@/features/audit/components/audit-filters';
import { AuditTable } from '@/features/audit/components/audit-table';
import type { AuditFilters } from '@/features/audit/lib/search-params';

/**
 * The inside of a trail's card: its filters and paged events (filters and page in the URL), or the error with a
 * retry when the first page failed. `showAccount` adds the account filter and column (the staff trail).
 */
export function AuditTrailContent({
  filters,
  onFilters,
  page,
  query,
  showAccount = false,
}: {
  filters: AuditFilters;
  onFilters: (next: AuditFilters) => void;
  page: { items: readonly Audit_EventFragment[]; totalCount: number } | undefined;
  query: { loading: boolean; error?: Error; refetch: () => unknown };
  showAccount?: boolean;
}) {
  return (
    <CardContent className="flex flex-col gap-4 px-2 sm:px-3">
      <div className="px-3">
        <AuditFiltersForm key={JSON.stringify({ ...filters, page: 0 })} filters={filters} onApply={onFilters} showAccount={showAccount} />
      </div>
      {query.error && !page ? (
        <div className="px-3">
          <QueryErrorAlert title="Could not load the audit trail" error={query.error} onRetry={query.refetch} />
        </div>
      ) : (
        <AuditTable
          events={page?.items ?? []}
          totalCount={page?.totalCount ?? 0}
          page={filters.page}
          loading={query.loading}
          showAccount={showAccount}
          onPageChange={(next) => onFilters({ ...filters, page: next })}
        />
      )}
    </CardContent>
  );
}
