import { describe, expect, it } from 'vitest';
import { AUDIT_PAGE_SIZE, auditFiltersToSearchParams, auditQueryVariables, EMPTY_AUDIT_FILTERS, parseAuditFilters } from '@/features/audit/lib/search-params';

describe('audit filters ↔ URL', () => {
  it('round-trips every filter and keeps unrelated params', () => {
    const filters = {
      accountId: 'acc-1',
      actorEmail: 'ada@example.com',
      operation: 'createMembership',
      outcome: 'failure' as const,
      from: '2026-01-01',
      to: '2026-01-31',
      page: 3,
    };
    const params = auditFiltersToSearchParams(filters, new URLSearchParams('tab=audit'));
    expect(params.get('tab')).toBe('audit');
    expect(params.toString()).toBe(
      'tab=audit&account=acc-1&actor=ada%40example.com&operation=createMembership&outcome=failure&from=2026-01-01&to=2026-01-31&page=3',
    );
    expect(parseAuditFilters(params)).toEqual(filters);
  });

  it('leaves out empty values and page 1', () => {
    expect(auditFiltersToSearchParams(EMPTY_AUDIT_FILTERS, new URLSearchParams('actor=x&page=4')).toString()).toBe('');
  });

  it('ignores junk from a hand-edited URL', () => {
    expect(parseAuditFilters(new URLSearchParams('outcome=maybe&from=yesterday&to=2026-13-45&page=-2'))).toEqual(EMPTY_AUDIT_FILTERS);
    expect(parseAuditFilters(new URLSearchParams('page=abc')).page).toBe(1);
  });

  it('turns filters into query variables covering whole days', () => {
    const vars = auditQueryVariables({ ...EMPTY_AUDIT_FILTERS, from: '2026-02-01', to: '2026-02-01', page: 2 });
    expect(new Date(vars.to!).getTime() - new Date(vars.from!).getTime()).toBe(86_400_000 - 1);
    expect(vars.skip).toBe(AUDIT_PAGE_SIZE);
    expect(vars.take).toBe(AUDIT_PAGE_SIZE);
    expect(vars.actorEmail).toBeNull();
    expect(vars.outcome).toBeNull();
  });
});
