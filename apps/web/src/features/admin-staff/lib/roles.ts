import { ADMIN_ROLES } from '@rampart/shared/permissions';
import { ADMIN_ROLE_LABEL } from '@/lib/labels';

/** The staff roles of the permission table, in its order (SuperAdmin first), for the role selects. */
export const STAFF_ROLE_OPTIONS = ADMIN_ROLES.map((role) => ({ value: role, label: ADMIN_ROLE_LABEL[role] }));

export function staffRoleLabel(role: string | null | undefined): string {
  if (!role) return '—';
  return (ADMIN_ROLE_LABEL as Record<string, string>)[role] ?? role;
}
