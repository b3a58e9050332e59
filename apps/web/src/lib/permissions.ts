import type { MembershipRole } from '@rampart/shared/enums';
import { adminPermissionsOf, roleHasPermission, staffHasAccountPermission, type AccountPermission, type AdminPermission } from '@rampart/shared/permissions';

// What the web hides follows the server's rule (apps/server/src/graphql/authorization.ts `grantFor`), computed from
// the one permission table in packages/shared: the membership role in the account first, then the staff equivalent.

export interface Viewer {
  /** The signed-in user's role in the selected account; null when they are not a member (staff-opened account). */
  role: MembershipRole | null;
  adminRole: string | null;
  /** The signed-in user's id, to mark "you" in lists. */
  userId?: string | null;
}

export function viewerHasAccountPermission(viewer: Viewer, permission: AccountPermission): boolean {
  if (viewer.role && roleHasPermission(viewer.role, permission)) return true;
  return staffHasAccountPermission(viewer.adminRole, permission);
}

export function viewerHasAdminPermission(viewer: Pick<Viewer, 'adminRole'>, permission: AdminPermission): boolean {
  return adminPermissionsOf(viewer.adminRole).includes(permission);
}

/** Staff: anyone whose admin role grants at least one admin permission. */
export function isStaff(viewer: Pick<Viewer, 'adminRole'>): boolean {
  return adminPermissionsOf(viewer.adminRole).length > 0;
}
