// Going live: the forms both sides validate the same way (testing instructions, the staff's blocked list and reviews).
import { z } from 'zod';
import { BUSINESS_INDUSTRIES, COUNTRY_CODES } from './onboarding.ts';

/** The products with a go-live review of their own (NFT checkout included once the account takes it up). */
export const RAMP_PRODUCTS = ['OnRamp', 'OffRamp', 'Swaps', 'NftCheckout'] as const;
export type RampProduct = (typeof RAMP_PRODUCTS)[number];

/** The route segment of each product under /dashboard. */
export const PRODUCT_ROUTE_SEGMENTS: Record<RampProduct, string> = { OnRamp: 'on-ramp', OffRamp: 'off-ramp', Swaps: 'swaps', NftCheckout: 'nft-checkout' };

export const TESTING_URL_MAX = 2048;
export const TESTING_CREDENTIALS_MAX = 2000;
export const TESTING_STEPS_MAX = 5000;

export const testingInstructionsSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, 'Enter the URL where reviewers can test your integration')
    .max(TESTING_URL_MAX, `At most ${TESTING_URL_MAX} characters`)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
      } catch {
        return false;
      }
    }, 'Enter a full URL starting with https:// or http://'),
  // Blank means none: the form sends an empty field.
  credentials: z
    .string()
    .trim()
    .max(TESTING_CREDENTIALS_MAX, `At most ${TESTING_CREDENTIALS_MAX} characters`)
    .nullish()
    .transform((value) => value || null),
  steps: z.string().trim().min(1, 'Describe the steps a reviewer follows to test a purchase').max(TESTING_STEPS_MAX, `At most ${TESTING_STEPS_MAX} characters`),
});
export type TestingInstructionsInput = z.input<typeof testingInstructionsSchema>;

export const REVIEW_REASON_MAX = 2000;

export const BLOCKED_LIST_KINDS = ['country', 'industry'] as const;
export const BLOCKED_ACTIONS = ['Block', 'Redirect'] as const;

/** A blocked-list entry: the value is a country code from the list, or an industry from the onboarding list. */
export const blockedListEntrySchema = z
  .object({
    kind: z.enum(BLOCKED_LIST_KINDS, { message: 'Choose country or industry' }),
    value: z.string().trim().min(1, 'Choose a value'),
    action: z.enum(BLOCKED_ACTIONS, { message: 'Choose Block or Redirect' }),
    reason: z.string().trim().min(1, 'Give the reason partners will see').max(500, 'At most 500 characters'),
  })
  .superRefine((entry, context) => {
    if (entry.kind === 'country' && !COUNTRY_CODES.includes(entry.value.toUpperCase())) {
      context.addIssue({ code: 'custom', path: ['value'], message: 'Choose a country from the list (a two-letter ISO code such as DE)' });
    }
    if (entry.kind === 'industry' && !(BUSINESS_INDUSTRIES as readonly string[]).includes(entry.value)) {
      context.addIssue({ code: 'custom', path: ['value'], message: 'Choose an industry from the list' });
    }
  })
  .transform((entry) => (entry.kind === 'country' ? { ...entry, value: entry.value.toUpperCase() } : entry));

export const DOMAIN_REVIEW_STATUSES = ['clear', 'rejected'] as const;
