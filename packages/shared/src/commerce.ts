// Commerce (issue 15): the Helio merchant account's states and words.

export const HELIO_PROVIDERS = ['builtin', 'helio'] as const;
export type HelioProvider = (typeof HELIO_PROVIDERS)[number];

/** created: the account exists, onboarding not finished; pendingReview: submitted, the provider checks it; active; rejected. */
export const HELIO_MERCHANT_STATUSES = ['created', 'pendingReview', 'active', 'rejected'] as const;
export type HelioMerchantStatus = (typeof HELIO_MERCHANT_STATUSES)[number];
export const HELIO_MERCHANT_STATUS_LABEL: Record<HelioMerchantStatus, string> = {
  created: 'Onboarding not finished',
  pendingReview: 'In review',
  active: 'Active',
  rejected: 'Rejected',
};

/** A hosted onboarding link works this long; then getRefreshedHelioRedirectUrl makes a new one. */
export const HELIO_ONBOARDING_LINK_TTL_MINUTES = 30;
export const HELIO_WALLETS_PER_ACCOUNT = 20;
