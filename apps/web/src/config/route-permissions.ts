import type { AccountPermission } from '@rampart/shared/permissions';
import { rampSectionPath, ROUTES } from '@/config/routes';
import { viewerHasAccountPermission, type Viewer } from '@/lib/permissions';

// The one table of which partner screens need which permission: the sidebar offers an area only to a role that holds
// it, and the shell shows the 403 page on the same routes, so a link the sidebar hides is never a broken screen.
// Each entry covers its path and every path under it; the longest entry that matches wins.
export const ROUTE_PERMISSIONS: readonly {
  path: string;
  permission: AccountPermission;
  /** The screen has a read-only form for every role: the sidebar offers it only with the permission, the URL opens it. */
  readOnlyWithout?: true;
}[] = [
  { path: ROUTES.transactions, permission: 'transactions:read' },
  { path: ROUTES.customers, permission: 'customers:read' },
  { path: ROUTES.onRamp, permission: 'dashboards:read' },
  { path: ROUTES.offRamp, permission: 'dashboards:read' },
  { path: ROUTES.swaps, permission: 'dashboards:read' },
  { path: ROUTES.balanceDeposits, permission: 'dashboards:read' },
  { path: ROUTES.balanceWithdrawals, permission: 'dashboards:read' },
  ...(['OnRamp', 'OffRamp', 'Swaps'] as const).flatMap((product) => [
    ...(product === 'Swaps'
      ? []
      : [
          { path: rampSectionPath(product, 'cryptos'), permission: 'account:read' as const },
          { path: rampSectionPath(product, 'fees'), permission: 'fees:read' as const },
        ]),
    { path: rampSectionPath(product, 'integrate'), permission: 'developerSettings:read' as const },
  ]),
  { path: ROUTES.commerce, permission: 'commerce:read' },
  { path: ROUTES.passes, permission: 'dashboards:read' },
  { path: ROUTES.developers, permission: 'apiKeys:read' },
  { path: ROUTES.theme, permission: 'themes:read' },
  { path: ROUTES.team, permission: 'team:read' },
  // Plans and the current plan, without controls, for every role (the go-live checklist's upgrade step links here).
  { path: ROUTES.subscription, permission: 'billing:read', readOnlyWithout: true },
  { path: ROUTES.analytics, permission: 'analytics:read' },
  { path: ROUTES.quarterlyReview, permission: 'analytics:read' },
];

/** The permission a partner screen needs, or undefined when any signed-in user may open it. */
export function routePermission(pathname: string): AccountPermission | undefined {
  return routeEntry(pathname)?.permission;
}

function routeEntry(pathname: string): (typeof ROUTE_PERMISSIONS)[number] | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  let best: (typeof ROUTE_PERMISSIONS)[number] | undefined;
  for (const entry of ROUTE_PERMISSIONS) {
    if ((path === entry.path || path.startsWith(`${entry.path}/`)) && (!best || entry.path.length > best.path.length)) best = entry;
  }
  return best;
}

/** The route guard: whether the viewer's role (or staff role) in the selected account opens the screen at `pathname`. */
export function viewerMayOpen(viewer: Viewer, pathname: string): boolean {
  const entry = routeEntry(pathname);
  return entry === undefined || entry.readOnlyWithout === true || viewerHasAccountPermission(viewer, entry.permission);
}
