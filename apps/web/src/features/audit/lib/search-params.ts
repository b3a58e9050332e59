// Audit filters live in the URL (STYLE.md rule 11) so a filtered view can be shared and survives a refresh.

export const AUDIT_PAGE_SIZE = 25;
export const AUDIT_OUTCOMES = ['success', 'failure'] as const;
export type AuditOutcomeFilter = (typeof AUDIT_OUTCOMES)[number];

export interface AuditFilters {
  /** Staff view only. */
  accountId: string;
  actorEmail: string;
  operation: string;
  outcome: AuditOutcomeFilter | '';
  /** yyyy-mm-dd, inclusive, in the reader's time zone. */
  from: string;
  to: string;
  /** 1-based. */
  page: number;
}

export const EMPTY_AUDIT_FILTERS: AuditFilters = { accountId: '', actorEmail: '', operation: '', outcome: '', from: '', to: '', page: 1 };

const KEYS = { accountId: 'account', actorEmail: 'actor', operation: 'operation', outcome: 'outcome', from: 'from', to: 'to', page: 'page' } as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function parseAuditFilters(params: URLSearchParams): AuditFilters {
  const text = (key: string, max = 200) => (params.get(key) ?? '').trim().slice(0, max);
  const outcome = text(KEYS.outcome);
  const date = (key: string) => (DATE.test(text(key)) && !Number.isNaN(new Date(`${text(key)}T00:00:00`).getTime()) ? text(key) : '');
  const page = Number.parseInt(text(KEYS.page), 10);
  return {
    accountId: text(KEYS.accountId, 100),
    actorEmail: text(KEYS.actorEmail, 254),
    operation: text(KEYS.operation, 100),
    outcome: (AUDIT_OUTCOMES as readonly string[]).includes(outcome) ? (outcome as AuditOutcomeFilter) : '',
    from: date(KEYS.from),
    to: date(KEYS.to),
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1,
  };
}

/** Writes the filters over `base` (other params such as the tab are kept); empty values and page 1 are left out. */
export function auditFiltersToSearchParams(filters: AuditFilters, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const [field, key] of Object.entries(KEYS) as [keyof AuditFilters, string][]) {
    const value = filters[field];
    params.delete(key);
    if (field === 'page') {
      if (typeof value === 'number' && value > 1) params.set(key, String(value));
    } else if (typeof value === 'string' && value !== '') {
      params.set(key, value);
    }
  }
  return params;
}

/** The GraphQL variables: date range as instants covering whole local days, paging as skip/take. */
export function auditQueryVariables(filters: AuditFilters) {
  const startOf = (day: string) => new Date(`${day}T00:00:00`).toISOString();
  const endOf = (day: string) => new Date(new Date(`${day}T00:00:00`).getTime() + 86_400_000 - 1).toISOString();
  return {
    actorEmail: filters.actorEmail || null,
    operation: filters.operation || null,
    outcome: filters.outcome || null,
    from: filters.from ? startOf(filters.from) : null,
    to: filters.to ? endOf(filters.to) : null,
    skip: (filters.page - 1) * AUDIT_PAGE_SIZE,
    take: AUDIT_PAGE_SIZE,
  };
}

export function hasActiveFilters(filters: AuditFilters): boolean {
  return Boolean(filters.accountId || filters.actorEmail || filters.operation || filters.outcome || filters.from || filters.to);
}
