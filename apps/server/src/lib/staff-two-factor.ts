// Staff act only with two-factor authentication on (issue 32): until then an admin role grants nothing, and the
// operations it would allow answer STAFF_TWO_FACTOR_REQUIRED (graphql/authorization.ts).

interface StaffUser {
  adminRole: string | null;
  isOtpEnabled: boolean;
  otpSecret: string | null;
}

/** Whether the user has two-factor authentication (TOTP) turned on. */
export function hasTwoFactor(user: Pick<StaffUser, 'isOtpEnabled' | 'otpSecret'>): boolean {
  return user.isOtpEnabled && user.otpSecret !== null;
}

/** The admin role the user may act with now: theirs once two-factor authentication is on, else none. */
export function activeAdminRole(user: StaffUser): string | null {
  return user.adminRole && hasTwoFactor(user) ? user.adminRole : null;
}
