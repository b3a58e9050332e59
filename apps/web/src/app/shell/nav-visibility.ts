import { NAV_GROUPS, type NavItem } from '@/components/layouts/sidebar-nav';
import { routePermission } from '@/config/route-permissions';
import { viewerHasAccountPermission, viewerHasAdminPermission, type Viewer } from '@/lib/permissions';

/** A sidebar item is shown when the permission table grants it and its feature flag (if any) is on. */
export function navItemVisible(item: NavItem, viewer: Viewer, hasAccount: boolean, enabledFlags: ReadonlySet<string>): boolean {
  if (item.flag && !enabledFlags.has(item.flag)) return false;
  if (item.adminPermission && !viewerHasAdminPermission(viewer, item.adminPermission)) return false;
  const permission = routePermission(item.to);
  if (permission && (!hasAccount || !viewerHasAccountPermission(viewer, permission))) return false;
  return true;
}

/** Staff without a partner account start on the first back-office screen their admin role opens (null: not staff). */
export function staffHomePath(viewer: Pick<Viewer, 'adminRole'>): string | null {
  const items = NAV_GROUPS.flatMap((group) => group.items);
  return items.find((item) => item.adminPermission && viewerHasAdminPermission(viewer, item.adminPermission))?.to ?? null;
}
