import { useSearchParams } from 'react-router';
import { auditFiltersToSearchParams, parseAuditFilters, type AuditFilters } from '@/features/audit/lib/search-params';

/** Audit filters read from and written to the URL; other params (such as a tab) are kept. */
export function useAuditFilters() {
  const [params, setParams] = useSearchParams();
  const filters = parseAuditFilters(params);
  const setFilters = (next: AuditFilters) => setParams((current) => auditFiltersToSearchParams(next, current));
  return { filters, setFilters, key: params.toString() };
}
