// The audit trail's sentences for this module's mutations (its declaration carries them; audit-sentences.test.ts
// checks that every Mutation has one).

import { ADMIN_ROLE_LABEL } from '@rampart/shared/labels';
import { type AuditSentences, type Changes, recoveryCodeUse, subject, text } from '../../lib/audit-words.ts';

/** A staff role in words ("Super admin"), as the command line stored it. */
function staffRole(value: unknown): string {
  const key = text(value);
  return key ? ((ADMIN_ROLE_LABEL as Record<string, string>)[key] ?? key) : 'a staff role';
}

function staffUser(changes: Changes): string {
  return text(changes.email) ?? text(subject(changes, 'email')) ?? 'a staff user';
}

/** The back office's before or after of a staff change (the command line's rows keep `previousRole` instead). */
function side(changes: Changes, which: 'before' | 'after'): Record<string, unknown> {
  const facts = subject(changes, which);
  return facts && typeof facts === 'object' ? (facts as Record<string, unknown>) : {};
}

export const identityAuditSentences: AuditSentences = {
  createStaffUser: (c) => `Created the staff user ${staffUser(c)} as ${staffRole(c.role)} and e-mailed them a set-password invitation`,
  promoteToStaff: (c) => `Made ${staffUser(c)} staff as ${staffRole(c.role)}${c.invitationSent === true ? ' and e-mailed them a set-password invitation' : ''}`,
  reactivateStaffUser: (c) =>
    `Made ${staffUser(c)} staff again as ${staffRole(c.role)}${c.invitationSent === true ? ' and e-mailed them a set-password invitation' : ''}`,
  changeStaffRole: (c) =>
    `Changed the staff role of ${staffUser(c)} from ${staffRole(c.previousRole ?? side(c, 'before').role)} to ${staffRole(c.role ?? side(c, 'after').role)}`,
  inviteStaffMember: (c) => {
    const before = side(c, 'before').status;
    if (before === 'Invited') return `E-mailed ${staffUser(c)} a new staff invitation (${staffRole(c.role)})`;
    const mailed = side(c, 'after').invitationSent === true ? ' and e-mailed them a set-password invitation' : '';
    return `Made ${staffUser(c)} staff${before === 'Deactivated' ? ' again' : ''} as ${staffRole(c.role)}${mailed}`;
  },
  deactivateStaffMember: (c) => {
    const ended = side(c, 'after').sessionsEnded;
    return `Deactivated the staff user ${staffUser(c)} (${staffRole(side(c, 'before').role)})${typeof ended === 'number' ? `, ending ${ended === 1 ? '1 session' : `${ended} sessions`}` : ''}`;
  },
  resendStaffInvitation: (c) => `E-mailed ${staffUser(c)} a new set-password invitation`,
  deactivateStaffUser: (c) =>
    `Deactivated the staff user ${staffUser(c)} (${staffRole(c.previousRole)})${typeof c.sessionsEnded === 'number' ? `, ending ${c.sessionsEnded === 1 ? '1 session' : `${c.sessionsEnded} sessions`}` : ''}`,
  signup: (c) => `Signed up as ${text(c.email) ?? 'a new user'}`,
  confirmSignupEmail: () => 'Confirmed the sign-up e-mail address',
  resendSignupEmail: (c) => `Asked for the sign-up e-mail again${text(c.email) ? ` for ${text(c.email)}` : ''}`,
  login: (c) => `Signed in${recoveryCodeUse(c)}`,
  logout: () => 'Signed out',
  triggerPasswordReset: (c) => `Asked for a password reset${text(c.email) ? ` for ${text(c.email)}` : ''}`,
  resetPassword: () => 'Reset the password',
  initializeOtp: () => 'Started setting up two-factor authentication',
  registerOtp: () => 'Turned on two-factor authentication',
  regenerateRecoveryCodes: () => 'Made new two-factor recovery codes',
  disableOtp: () => 'Turned off two-factor authentication',
  requestResetTwoFactorAuth: () => 'Asked to reset two-factor authentication',
  resetTwoFactorAuth: () => 'Reset two-factor authentication',
  confirmEmailAddress: () => 'Confirmed the new e-mail address',
  updateUser: (c) => {
    const parts = [
      c.name !== undefined && c.name !== null ? 'name' : null,
      c.email !== undefined && c.email !== null ? 'e-mail address' : null,
      c.password !== undefined && c.password !== null ? 'password' : null,
      c.preferredCurrencyCode ? 'preferred currency' : null,
    ].filter(Boolean);
    return parts.length ? `Changed their ${parts.join(', ').replace(/, ([^,]*)$/, ' and $1')}` : 'Updated their profile';
  },
  revokeSession: () => 'Signed out a session',
  revokeOtherSessions: () => 'Signed out all other sessions',
};
