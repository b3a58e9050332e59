import type { AccountPermission, AdminPermission } from '@rampart/shared/permissions';
import { createContext, useContext, type ReactNode } from 'react';
import { viewerHasAccountPermission, viewerHasAdminPermission, type Viewer } from '@/lib/permissions';

const ANONYMOUS: Viewer = { role: null, adminRole: null };
const ViewerContext = createContext<Viewer>(ANONYMOUS);

/** The shell provides who is looking at which account; features ask `usePermission`. */
export function ViewerProvider({ viewer, children }: { viewer: Viewer; children: ReactNode }) {
  return <ViewerContext.Provider value={viewer}>{children}</ViewerContext.Provider>;
}

export function useViewer(): Viewer {
  return useContext(ViewerContext);
}

/** True when the permission table lets the viewer do `permission` in the selected account. */
export function usePermission(permission: AccountPermission): boolean {
  return viewerHasAccountPermission(useViewer(), permission);
}

/** True when the viewer's admin role grants `permission` (staff screens). */
export function useAdminPermission(permission: AdminPermission): boolean {
  return viewerHasAdminPermission(useViewer(), permission);
}
