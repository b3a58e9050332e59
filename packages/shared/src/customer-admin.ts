// Staff actions on partners' customers (issue 35): what the edit form and the server both accept.
import { z } from 'zod';
import { COUNTRY_CODES } from './onboarding.ts';

const optionalName = (label: string) =>
  z
    .string()
    .trim()
    .max(100, `${label} is at most 100 characters`)
    .transform((value) => (value === '' ? null : value))
    .nullish();

/** A staff edit of a customer: only the fields given change; an empty text clears the field. */
export const staffCustomerEditSchema = z
  .object({
    email: z
      .string()
      .trim()
      .max(254, 'E-mail is at most 254 characters')
      .refine((value) => value === '' || z.email().safeParse(value).success, 'Enter a valid e-mail address')
      .transform((value) => (value === '' ? null : value.toLowerCase()))
      .nullish(),
    firstName: optionalName('First name'),
    lastName: optionalName('Last name'),
    country: z
      .string()
      .trim()
      .transform((value) => value.toUpperCase())
      .refine((value) => value === '' || COUNTRY_CODES.includes(value), 'Choose a country from the list')
      .transform((value) => (value === '' ? null : value))
      .nullish(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), { message: 'Change at least one field', path: ['input'] });

/** Why staff decided something: required, kept in the audit trail. */
export const staffReasonSchema = z.string().trim().min(3, 'Give a reason (at least 3 characters)').max(500, 'The reason is at most 500 characters');

/** A note on an enhanced due diligence review. */
export const eddNoteSchema = z.string().trim().min(1, 'Write a note').max(2000, 'A note is at most 2,000 characters');

/** The tombstone a deleted customer's external id becomes. */
export function deletedCustomerTombstone(customerId: string): string {
  return `deleted-customer-${customerId}`;
}

/** Identity check decisions staff make, and the state each leaves the check in (the customer's level follows). */
export const IDENTITY_CHECK_DECISIONS = {
  approve: { identityCheckStatus: 'Clear', identityCheckResult: 'clear', kycLevel: 'Full' },
  reject: { identityCheckStatus: 'Rejected', identityCheckResult: 'rejected', kycLevel: 'Basic' },
  reset: { identityCheckStatus: 'Reset', identityCheckResult: null, kycLevel: 'Basic' },
} as const;
export type IdentityCheckDecision = keyof typeof IDENTITY_CHECK_DECISIONS;
