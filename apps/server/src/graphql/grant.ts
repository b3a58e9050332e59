import type { MembershipRole } from '@rampart/shared/enums';

// Its own file, not context.ts: services take a grant, and context.ts holds the services (services.ts), so a service
// importing context.ts would close an import circle (eslint/boundaries.js, server-no-circle-through-services).
/** How the caller reached an account: as a member with a role, or as staff with an admin role. */
export interface AccountGrant {
  accountId: string;
  via: 'membership' | 'staff';
  role: MembershipRole | null;
  adminRole: string | null;
}
