// An account's status (spec §4: Active, Dormant, Closed), set by staff with a reason. What each status lets through is
// decided here once, for /v1, the widget, outgoing webhooks and the partner's banner (docs/decisions/0022-account-status.md).
import { z } from 'zod';
import { COUNTRY_CODES } from './onboarding.ts';
import { emailSchema } from './identity-schemas.ts';

export const ACCOUNT_STATUSES = ['Active', 'Dormant', 'Closed'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/**
 * Dormant: the account does no live business (live keys, live widget sessions and live webhooks stop) but keeps its
 * test mode, so the partner can still build against it. Closed: nothing works, in either mode.
 */
export function accountAllowsTraffic(status: AccountStatus, liveMode: boolean): boolean {
  return status === 'Active' || (status === 'Dormant' && !liveMode);
}

/** The /v1 error code of a key whose account refuses traffic. */
export function accountStatusErrorCode(status: AccountStatus): 'account_closed' | 'account_dormant' {
  return status === 'Closed' ? 'account_closed' : 'account_dormant';
}

/** What callers and members are told. */
export function accountStatusMessage(status: AccountStatus): string {
  return status === 'Closed'
    ? 'This account is closed: its API keys, widget and webhooks no longer work. Contact the provider to reopen it.'
    : 'This account is dormant: live-mode keys, widget sessions and webhooks are paused; test mode still works. Contact the provider to reactivate it.';
}

/** The reason staff must give for a status change (kept in the audit trail). */
export const statusReasonSchema = z.string().trim().min(3, 'Give a reason of at least 3 characters').max(1000, 'At most 1000 characters');

export const KYB_LEVELS = ['Basic', 'Enhanced'] as const;

/** An optional name of at most 200 characters; empty means none (null). */
const optionalName = z
  .string()
  .trim()
  .max(200, 'At most 200 characters')
  .nullish()
  .transform((value) => value || null);

/** What staff edit of an account (spec §3 Account: name, internalName, whiteGloveInformation, kybInformation levels). */
export const staffAccountEditSchema = z.object({
  name: z.string().trim().min(1, 'Enter the account name').max(200, 'At most 200 characters'),
  internalName: optionalName,
  requiresEnhancedKyb: z.boolean(),
  kybLevelRequiredToGoLive: z.enum(KYB_LEVELS, { message: 'Choose Basic or Enhanced' }),
  manuallyRequestedKybLevel: z
    .enum(KYB_LEVELS, { message: 'Choose Basic or Enhanced' })
    .nullish()
    .transform((value) => value ?? null),
});

export const staffOrganizationEditSchema = z.object({
  name: z.string().trim().min(1, 'Enter the organization name').max(200, 'At most 200 characters'),
  publicName: optionalName,
});

/** White-glove onboarding: staff create the organization and its first account and invite its first administrator. */
export const partnerOrganizationSchema = z.object({
  organizationName: z.string().trim().min(1, 'Enter the organization name').max(200, 'At most 200 characters'),
  accountName: z.string().trim().min(1, 'Enter the account name').max(200, 'At most 200 characters'),
  internalName: optionalName,
  country: z.enum(COUNTRY_CODES as [string, ...string[]], { message: 'Choose a country from the list' }),
  administratorEmail: emailSchema,
  requiresEnhancedKyb: z.boolean().default(false),
});
