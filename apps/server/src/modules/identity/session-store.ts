import crypto from 'node:crypto';
import type pg from 'pg';
import type { MembershipRole } from '@rampart/shared/enums';
import type { UserRow } from './identity.repository.ts';
import { sha256 } from '../../lib/sha256.ts';

export interface LoadedSession {
  id: string;
  csrfToken: string;
  expiresAt: Date;
  user: UserRow;
  /** The user's role in each account whose invitation they accepted, as of the start of this request. */
  accountRoles: Record<string, MembershipRole>;
}

/** A row of SESSION_WITH_USER_SQL: the session's columns, the user's (`u.*`) under their SQL names, and the roles. */
interface SessionWithUserRow {
  session_id: string;
  csrf_token: string;
  expires_at: Date;
  account_roles: Record<string, MembershipRole>;
  id: UserRow['id'];
  created_at: UserRow['createdAt'];
  updated_at: UserRow['updatedAt'];
  first_name: UserRow['firstName'];
  last_name: UserRow['lastName'];
  email: UserRow['email'];
  password_hash: UserRow['passwordHash'];
  job_title: UserRow['jobTitle'];
  referral_link: UserRow['referralLink'];
  is_email_verified: UserRow['isEmailVerified'];
  admin_role: UserRow['adminRole'];
  staff_deactivated_at: UserRow['staffDeactivatedAt'];
  staff_deactivated_role: UserRow['staffDeactivatedRole'];
  last_sign_in_at: UserRow['lastSignInAt'];
  otp_secret: UserRow['otpSecret'];
  otp_pending_secret: UserRow['otpPendingSecret'];
  is_otp_enabled: UserRow['isOtpEnabled'];
  is_otp_enforced: UserRow['isOtpEnforced'];
  otp_last_used_step: UserRow['otpLastUsedStep'];
  preferred_currency_code: UserRow['preferredCurrencyCode'];
  pipedrive_id: UserRow['pipedriveId'];
  pipedrive_attribution_id: UserRow['pipedriveAttributionId'];
  last_selected_account_id: UserRow['lastSelectedAccountId'];
  sso_issuer: UserRow['ssoIssuer'];
  sso_subject: UserRow['ssoSubject'];
  is_demo: UserRow['isDemo'];
}

const SESSION_WITH_USER_SQL = `
  with touched as (
    update sessions set last_seen_at = now()
    where id = $1 and expires_at > now() and last_seen_at < now() - interval '1 minute'
  )
  select s.id as session_id, s.csrf_token, s.expires_at, u.*,
    (select coalesce(jsonb_object_agg(m.account_id, m.role), '{}'::jsonb) from memberships m where m.user_id = u.id and m.has_accepted_invite) as account_roles
  from sessions s join users u on u.id = s.user_id
  where s.id = $1 and s.expires_at > now()`;

/**
 * One round trip per request: the session with its user and their account roles, refreshing last_seen_at at most
 * once a minute.
 */
export async function loadSession(pool: pg.Pool, cookieValue: string): Promise<LoadedSession | null> {
  const result = await pool.query<SessionWithUserRow>({ name: 'load-session', text: SESSION_WITH_USER_SQL, values: [sha256(cookieValue)] });
  const row = result.rows[0];
  if (!row) return null;
  return {
    id: row.session_id,
    csrfToken: row.csrf_token,
    expiresAt: row.expires_at,
    accountRoles: row.account_roles,
    user: {
      id: row.id,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      passwordHash: row.password_hash,
      jobTitle: row.job_title,
      referralLink: row.referral_link,
      isEmailVerified: row.is_email_verified,
      adminRole: row.admin_role,
      staffDeactivatedAt: row.staff_deactivated_at,
      staffDeactivatedRole: row.staff_deactivated_role,
      lastSignInAt: row.last_sign_in_at,
      otpSecret: row.otp_secret,
      otpPendingSecret: row.otp_pending_secret,
      isOtpEnabled: row.is_otp_enabled,
      isOtpEnforced: row.is_otp_enforced,
      otpLastUsedStep: row.otp_last_used_step,
      preferredCurrencyCode: row.preferred_currency_code,
      pipedriveId: row.pipedrive_id,
      pipedriveAttributionId: row.pipedrive_attribution_id,
      lastSelectedAccountId: row.last_selected_account_id,
      ssoIssuer: row.sso_issuer,
      isDemo: row.is_demo,
      ssoSubject: row.sso_subject,
    },
  };
}

export function newSessionSecrets() {
  const cookieValue = crypto.randomBytes(32).toString('base64url');
  return { cookieValue, id: sha256(cookieValue), csrfToken: crypto.randomBytes(32).toString('base64url') };
}

export function tokensMatch(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
