import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useAdminPermission, usePermission, ViewerProvider } from '@/hooks/use-permission';
import type { Viewer } from '@/lib/permissions';

function wrapper(viewer: Viewer) {
  return ({ children }: { children: ReactNode }) => <ViewerProvider viewer={viewer}>{children}</ViewerProvider>;
}

describe('usePermission (from the shared permission table)', () => {
  it('lets administrators manage the team and read the audit trail', () => {
    const { result } = renderHook(() => [usePermission('team:manage'), usePermission('audit:read')], {
      wrapper: wrapper({ role: 'administrator', adminRole: null }),
    });
    expect(result.current).toEqual([true, true]);
  });

  it('refuses team management, API keys and settings to a support specialist', () => {
    const { result } = renderHook(
      () => [usePermission('team:manage'), usePermission('apiKeys:read'), usePermission('transactions:read'), usePermission('transactions:export')],
      { wrapper: wrapper({ role: 'support_specialist', adminRole: null }) },
    );
    expect(result.current).toEqual([false, false, true, false]);
  });

  it('gives developers API keys but not the team', () => {
    const { result } = renderHook(() => [usePermission('apiKeys:manage'), usePermission('team:manage')], {
      wrapper: wrapper({ role: 'developer', adminRole: null }),
    });
    expect(result.current).toEqual([true, false]);
  });

  it('reaches a non-member account through the staff equivalent', () => {
    const { result } = renderHook(() => [usePermission('audit:read'), usePermission('team:manage'), useAdminPermission('auditTrail:view')], {
      wrapper: wrapper({ role: null, adminRole: 'Auditor' }),
    });
    expect(result.current).toEqual([true, false, true]);
  });

  it('refuses everything without a provider or with an unknown admin role', () => {
    expect(renderHook(() => usePermission('account:read')).result.current).toBe(false);
    const { result } = renderHook(() => useAdminPermission('auditTrail:view'), { wrapper: wrapper({ role: null, adminRole: 'Wizard' }) });
    expect(result.current).toBe(false);
  });
});
