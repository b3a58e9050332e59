import { sql } from 'drizzle-orm';
import { boolean, index, inet, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownedBy, timestamptz, updatedAt } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    jobTitle: text('job_title'),
    referralLink: text('referral_link'),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    /** The provider staff role (packages/shared/src/permissions.ts ADMIN_ROLES); staff act only with two-factor authentication on. */
    adminRole: text('admin_role'),
    /** When `npm run admin -- deactivate-staff` took the staff role away, and which role it was; the user and its audit trail stay. */
    staffDeactivatedAt: timestamptz('staff_deactivated_at'),
    staffDeactivatedRole: text('staff_deactivated_role'),
    /** When a session was last issued to this user (any way of signing in); the staff list shows it. */
    lastSignInAt: timestamptz('last_sign_in_at'),
    otpSecret: text('otp_secret'),
    otpPendingSecret: text('otp_pending_secret'),
    isOtpEnabled: boolean('is_otp_enabled').notNull().default(false),
    isOtpEnforced: boolean('is_otp_enforced').notNull().default(false),
    otpLastUsedStep: integer('otp_last_used_step'),
    preferredCurrencyCode: text('preferred_currency_code').notNull().default('usd'),
    pipedriveId: text('pipedrive_id'),
    pipedriveAttributionId: text('pipedrive_attribution_id'),
    lastSelectedAccountId: uuid('last_selected_account_id'),
    /** The identity provider and subject this user signs in as with SSO, linked at the first SSO sign-in. */
    ssoIssuer: text('sso_issuer'),
    ssoSubject: text('sso_subject'),
    /** Created by the demo seed; removed with the demo unless the user also belongs to an organization that is not. */
    isDemo: boolean('is_demo').notNull().default(false),
  },
  (table) => [uniqueIndex('users_email_unique').on(sql`lower(${table.email})`), uniqueIndex('users_sso_subject_unique').on(table.ssoIssuer, table.ssoSubject)],
);

/** Single-use codes and links sent by e-mail; only a hash of the secret is stored. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: id(),
    userId: ownedBy('user_id', () => users.id),
    purpose: text('purpose', { enum: ['signup_confirmation', 'password_reset', 'reset_two_factor', 'email_change'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    payload: jsonb('payload').$type<Record<string, string>>(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [index('user_tokens_hash_idx').on(table.tokenHash), index('user_tokens_user_idx').on(table.userId, table.purpose)],
);

/**
 * Two-factor recovery codes: ten are made when two-factor authentication is turned on (or made again), shown once,
 * each accepted once instead of the authenticator's code. Only a hash is kept.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: ownedBy('user_id', () => users.id),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [uniqueIndex('recovery_codes_user_hash_unique').on(table.userId, table.codeHash)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    csrfToken: text('csrf_token').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    ipAddress: inet('ip_address'),
    userAgent: text('user_agent'),
    authMethod: text('auth_method', { enum: ['password', 'sso', 'signup', 'invite', 'password_reset'] }).notNull(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/**
 * Failed sign-in attempts, counted per e-mail and per IP to throttle guessing. A row is written before the secret is
 * checked and removed when it was right; a wrong link or invitation token has no e-mail and counts against its IP.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: id(),
    email: text('email'),
    ipAddress: inet('ip_address').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('login_failures_email_idx').on(table.email, table.createdAt), index('login_failures_ip_idx').on(table.ipAddress, table.createdAt)],
);
