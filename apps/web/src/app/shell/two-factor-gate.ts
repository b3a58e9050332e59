import { ROUTES } from '@/config/routes';
import { isStaff } from '@/lib/permissions';

/** Why the two-factor set-up was asked for: `?reason=staff` explains that staff screens wait for it. */
export const STAFF_TWO_FACTOR_REASON = 'staff';

/**
 * Where the shell sends a signed-in user who must turn on two-factor authentication before anything else, or null:
 * staff (the server refuses their staff actions until then, STAFF_TWO_FACTOR_REQUIRED) and users it is enforced for.
 */
export function twoFactorSetupPath(me: { isOtpEnabled: boolean; isOtpEnforced: boolean; adminRole?: string | null } | null, pathname: string): string | null {
  if (!me || me.isOtpEnabled || pathname === ROUTES.setup2fa) return null;
  if (isStaff({ adminRole: me.adminRole ?? null })) return `${ROUTES.setup2fa}?reason=${STAFF_TWO_FACTOR_REASON}`;
  return me.isOtpEnforced ? ROUTES.setup2fa : null;
}
