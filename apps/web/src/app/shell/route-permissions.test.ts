import { MEMBERSHIP_ROLES } from '@rampart/shared/enums';
import { roleHasPermission } from '@rampart/shared/permissions';
import { describe, expect, it } from 'vitest';
import { navItemVisible } from '@/app/shell/nav-visibility';
import { NAV_GROUPS } from '@/components/layouts/sidebar-nav';
import { routePermission, viewerMayOpen } from '@/config/route-permissions';

const navItems = NAV_GROUPS.flatMap((group) => group.items.flatMap((item) => [item, ...(item.children ?? [])]));
const routeOpen = (role: (typeof MEMBERSHIP_ROLES)[number], path: string) => viewerMayOpen({ role, adminRole: null }, path);

describe('route permissions', () => {
  it('refuses a developer the analytics screens and lets an analyst in', () => {
    expect(routeOpen('developer', '/analytics')).toBe(false);
    expect(routeOpen('developer', '/quarterly-review')).toBe(false);
    expect(routeOpen('analyst', '/analytics')).toBe(true);
    // The balance dashboards read dashboardData as the product dashboards do.
    expect(routeOpen('support_specialist', '/dashboard/balance/withdrawals')).toBe(false);
    expect(routeOpen('developer', '/dashboard/balance/deposits')).toBe(true);
    expect(routeOpen('support_specialist', '/developers/api-keys')).toBe(false);
    expect(routeOpen('developer', '/developers/api-keys')).toBe(true);
    // The plans page has a read-only form (billing.spec.ts: an analyst sees the plans without controls).
    expect(routeOpen('analyst', '/subscription')).toBe(true);
    // Staff reach an account's screens through their admin role (a data analyst opens any account's review).
    expect(viewerMayOpen({ role: null, adminRole: 'DataAnalyst' }, '/quarterly-review')).toBe(true);
  });

  it('covers the pages under an area and lets the longest entry win', () => {
    expect(routePermission('/transactions/on-ramp')).toBe('transactions:read');
    expect(routePermission('/dashboard/on-ramp/fees')).toBe('fees:read');
    expect(routePermission('/dashboard/on-ramp/')).toBe('dashboards:read');
    expect(routePermission('/dashboard')).toBeUndefined();
    expect(routePermission('/profile/general')).toBeUndefined();
  });

  it('offers in the sidebar exactly the partner screens the route guard opens, for every role (read-only screens: with the permission)', () => {
    const flags = new Set(NAV_GROUPS.flatMap((group) => group.items.flatMap((item) => (item.flag ? [item.flag] : []))));
    for (const role of MEMBERSHIP_ROLES) {
      for (const item of navItems.filter((entry) => !entry.adminPermission)) {
        const offered = routeOpen(role, item.to) && roleHasPermission(role, routePermission(item.to) ?? 'account:read');
        expect(navItemVisible(item, { role, adminRole: null }, true, flags), `${role} ${item.to}`).toBe(offered);
      }
    }
  });
});
