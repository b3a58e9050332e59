// Words for every enumeration shown to people (spec §4). The value lists come from @rampart/shared/enums; a test
// checks that each value has a label here, so a new status cannot reach a screen as a raw identifier.
import { assetLabel } from './assets.ts';
import {
  ACCOUNT_STATUSES,
  API_KEY_TYPES,
  BALANCE_TRANSACTION_STATUSES,
  BALANCE_TRANSACTION_TYPES,
  BLOCKED_COUNTRY_ACTIONS,
  BUY_STATUSES,
  CUSTOMER_LEVELS,
  DOMAIN_REVIEW_STATUSES,
  IDENTITY_CHECK_STATUSES,
  MEMBERSHIP_ROLES,
  PAYMENT_METHODS,
  PREFERRED_CURRENCIES,
  PRICING_REGIONS,
  PRICING_RULE_TYPES,
  PRODUCTS,
  REVIEW_STATUSES,
  SELL_STATUSES,
  SUBSCRIPTION_PLANS,
  SWAP_STATUSES,
  TRANSACTION_TYPES,
  WALLET_DISPLAY_MODES,
  WEBHOOK_EVENT_TYPES,
} from './enums.ts';
import { ADMIN_ROLES } from './permissions.ts';
import {
  PASS_BARCODE_FORMATS,
  PASS_CREDENTIAL_SOURCES,
  PASS_EVENT_TYPES,
  PASS_INVALIDATION_REASONS,
  PASS_POLICY_KINDS,
  PASS_STATUSES,
  PASS_STYLES,
  PASS_WEBHOOK_EVENT_TYPES,
} from './passes.ts';
import { FAILURE_REASONS, TRANSACTION_KINDS, type TransactionKind } from './transactions.ts';
import {
  ANALYTICS_COMPARISON_LABEL,
  ANALYTICS_COMPARISONS,
  ANALYTICS_PRODUCT_LABEL,
  ANALYTICS_PRODUCTS,
  ANALYTICS_TYPE_LABEL,
  ANALYTICS_TYPES,
  WIDGET_FUNNEL_STEP_LABEL,
  WIDGET_FUNNEL_STEPS,
} from './analytics.ts';

type Labels<V extends string> = Record<V, string>;
type Values<T extends readonly string[]> = T[number];

export const ROLE_LABEL: Labels<Values<typeof MEMBERSHIP_ROLES>> = {
  administrator: 'Administrator',
  analyst: 'Analyst',
  developer: 'Developer',
  support_specialist: 'Support specialist',
};

const ADMIN_ROLE_WORDS: Record<string, string> = {
  SuperAdmin: 'Super admin',
  KycAnalyst: 'KYC analyst',
  KybAnalyst: 'KYB analyst',
  EddAnalyst: 'EDD analyst',
  SupportAgentTier1: 'Support agent, tier 1',
  SupportAgentTier2: 'Support agent, tier 2',
  SupportAgentTier3: 'Support agent, tier 3',
  ReadOnly: 'Read-only',
};

/** Staff roles (admin roles), as the audit trail names the actor's role. */
export const ADMIN_ROLE_LABEL = Object.fromEntries(ADMIN_ROLES.map((role) => [role, ADMIN_ROLE_WORDS[role] ?? humanize(role)])) as Labels<
  Values<typeof ADMIN_ROLES>
>;

export const ACCOUNT_STATUS_LABEL: Labels<Values<typeof ACCOUNT_STATUSES>> = { Active: 'Active', Closed: 'Closed', Dormant: 'Dormant' };

export const CUSTOMER_LEVEL_LABEL: Labels<Values<typeof CUSTOMER_LEVELS>> = { Basic: 'Basic', Blocked: 'Blocked', Full: 'Full', Lite: 'Lite' };

export const IDENTITY_CHECK_LABEL: Labels<Values<typeof IDENTITY_CHECK_STATUSES>> = {
  Clear: 'Clear',
  Failed: 'Failed',
  NotStarted: 'Not started',
  Pending: 'Pending',
  Rejected: 'Rejected',
  Reset: 'Reset',
};

export const BUY_STATUS_LABEL: Labels<Values<typeof BUY_STATUSES>> = {
  completed: 'Completed',
  failed: 'Failed',
  pending: 'Processing',
  waitingAuthorization: 'Waiting for authorization',
  waitingPayment: 'Waiting for payment',
};

export const SELL_STATUS_LABEL: Labels<Values<typeof SELL_STATUSES>> = {
  completed: 'Completed',
  failed: 'Failed',
  frozen: 'Frozen',
  pending: 'Processing',
  waitingForDeposit: 'Waiting for deposit',
};

export const SWAP_STATUS_LABEL: Labels<Values<typeof SWAP_STATUSES>> = {
  completed: 'Completed',
  executingSwap: 'Swapping',
  failed: 'Failed',
  frozen: 'Frozen',
  reQuoteRequired: 'New quote needed',
  screeningWalletAddress: 'Screening wallet address',
  waitingForDeposit: 'Waiting for deposit',
  waitingForDepositAddressGeneration: 'Waiting for deposit address',
  waitingForDepositKytRegistration: 'Registering deposit address',
};

export const BALANCE_STATUS_LABEL: Labels<Values<typeof BALANCE_TRANSACTION_STATUSES>> = {
  Completed: 'Completed',
  Failed: 'Failed',
  Pending: 'Processing',
  WaitingPayment: 'Waiting for payment',
};

export const STATUS_LABEL_OF: Record<TransactionKind, Record<string, string>> = {
  buy: BUY_STATUS_LABEL,
  sell: SELL_STATUS_LABEL,
  swap: SWAP_STATUS_LABEL,
  balance: BALANCE_STATUS_LABEL,
};

export const BALANCE_TYPE_LABEL: Labels<Values<typeof BALANCE_TRANSACTION_TYPES>> = { Deposit: 'Deposit', Reward: 'Reward', Withdrawal: 'Withdrawal' };

export const TRANSACTION_TYPE_LABEL: Labels<Values<typeof TRANSACTION_TYPES>> = { buy: 'Buy', deposit: 'Deposit', sell: 'Sell', withdrawal: 'Withdrawal' };

export const TRANSACTION_KIND_LABEL: Labels<Values<typeof TRANSACTION_KINDS>> = { buy: 'Buy', sell: 'Sell', swap: 'Swap', balance: 'Balance' };

/** Labels of a KYB or go-live review status (spec §4). */
export const REVIEW_STATUS_LABEL: Labels<Values<typeof REVIEW_STATUSES> | 'NotStarted' | 'Draft'> = {
  NotStarted: 'Not started',
  // A KYB application with a saved step, not submitted yet.
  Draft: 'In progress',
  Pending: 'Pending review',
  InProgress: 'In review',
  OnHold: 'On hold',
  Approved: 'Approved',
  Rejected: 'Rejected',
};

export const API_KEY_TYPE_LABEL: Labels<Values<typeof API_KEY_TYPES> | 'restricted'> = {
  public: 'Public key',
  publishable: 'Publishable key',
  secret: 'Secret key',
  restricted: 'Restricted key',
  webhook: 'Webhook signing key',
};

/** A domain from onboarding as staff reviewed it; no status yet means not reviewed. */
export const DOMAIN_REVIEW_LABEL: Labels<Values<typeof DOMAIN_REVIEW_STATUSES> | 'pending'> = { clear: 'Clear', rejected: 'Rejected', pending: 'Not reviewed' };

export const BLOCKED_KIND_LABEL: Record<string, string> = { country: 'Country', industry: 'Industry' };
export const BLOCKED_ACTION_LABEL: Labels<Values<typeof BLOCKED_COUNTRY_ACTIONS>> = { Block: 'Block', Redirect: 'Redirect' };

export const PRICING_RULE_TYPE_LABEL: Labels<Values<typeof PRICING_RULE_TYPES>> = {
  fee: 'Provider fee',
  networkFee: 'Network fee',
  partnerFee: 'Your fee',
  spread: 'Spread',
};

export const PRICING_REGION_LABEL: Labels<Values<typeof PRICING_REGIONS>> = {
  Global: 'Global',
  US: 'United States',
  EEA: 'European Economic Area',
  UK: 'United Kingdom',
  CA: 'Canada',
  Australia: 'Australia',
  BR: 'Brazil',
  NG: 'Nigeria',
  AsiaEast: 'East Asia',
};

export const PAYMENT_METHOD_LABEL: Labels<Values<typeof PAYMENT_METHODS>> = {
  ach: 'ACH bank transfer',
  applePay: 'Apple Pay',
  balance: 'Balance',
  creditCard: 'Credit card',
  debitCard: 'Debit card',
  fiatBalance: 'Fiat balance',
  gbp: 'GBP bank transfer',
  gbpOpenBankingPayment: 'Open Banking (GBP)',
  googlePay: 'Google Pay',
  interac: 'Interac',
  lowCostAch: 'Low-cost ACH',
  mobileWallet: 'Mobile wallet',
  paypal: 'PayPal',
  pix: 'Pix',
  revolutPay: 'Revolut Pay',
  sepa: 'SEPA bank transfer',
  sepaOpenBankingPayment: 'Open Banking (SEPA)',
  venmo: 'Venmo',
  yellowCardBankTransfer: 'Yellow Card bank transfer',
};

/** Products as named in onboarding's productInterests and go-live's RampProduct. */
export const PRODUCT_LABEL: Labels<Values<typeof PRODUCTS>> = {
  OnRamp: 'On-ramp',
  OffRamp: 'Off-ramp',
  Swaps: 'Swaps',
  NftCheckout: 'NFT checkout',
  Minting: 'Minting',
  FreeClaims: 'Free claims',
  login: 'Login',
};

export const WALLET_DISPLAY_MODE_LABEL: Labels<Values<typeof WALLET_DISPLAY_MODES>> = { EDITABLE: 'Editable', HIDDEN: 'Hidden', READONLY: 'Read-only' };

export const SUBSCRIPTION_PLAN_LABEL: Labels<Values<typeof SUBSCRIPTION_PLANS>> = { Basic: 'Basic', Free: 'Free', Pro: 'Pro' };

export const PREFERRED_CURRENCY_LABEL: Labels<Values<typeof PREFERRED_CURRENCIES>> = { eur: 'Euro (EUR)', gbp: 'Pound sterling (GBP)', usd: 'US dollar (USD)' };

/** Short names of failure reasons, for tables; `FAILURE_REASONS` in shared has the full sentence. */
export const FAILURE_REASON_LABEL: Record<keyof typeof FAILURE_REASONS, string> = {
  cardDeclined: 'Card declined',
  insufficientFunds: 'Insufficient funds',
  threeDsFailed: '3-D Secure not completed',
  kycRejected: 'Identity verification rejected',
  kycTimeout: 'Identity verification timed out',
  quoteExpired: 'Quote expired',
  riskDeclined: 'Declined by risk checks',
  walletScreeningFailed: 'Wallet failed screening',
  depositNotReceived: 'Deposit not received',
  amountOutOfRange: 'Amount out of range',
  bankTransferReturned: 'Bank transfer returned',
  cancelledByStaff: 'Cancelled by the provider',
  cancelledByCustomer: 'Cancelled by the customer',
  networkError: 'Network rejected the transfer',
};

export const WEBHOOK_EVENT_LABEL: Labels<Values<typeof WEBHOOK_EVENT_TYPES>> = {
  account_reviewed: 'Account reviewed',
  balance_transaction_created: 'Balance transaction created',
  balance_transaction_failed: 'Balance transaction failed',
  balance_transaction_updated: 'Balance transaction updated',
  business_identity_updated: 'Business identity updated',
  external_token: 'External token issued',
  identity_check_updated: 'Identity check updated',
  preferred_payout_account_set: 'Preferred payout account set',
  sell_transaction_created: 'Sell transaction created',
  sell_transaction_failed: 'Sell transaction failed',
  sell_transaction_updated: 'Sell transaction updated',
  swap_asset_delivery_completed: 'Swap: asset delivered',
  swap_asset_delivery_failed: 'Swap: asset delivery failed',
  swap_asset_delivery_initiated: 'Swap: asset delivery started',
  swap_deposit_received: 'Swap: deposit received',
  swap_deposit_wallet_created: 'Swap: deposit wallet created',
  swap_quote_expired: 'Swap: quote expired',
  swap_quote_invalid: 'Swap: quote no longer valid',
  swap_refund_asset_delivery_initiated: 'Swap: refund started',
  swap_refund_completed: 'Swap: refund completed',
  swap_transaction_completed: 'Swap completed',
  swap_transaction_created: 'Swap created',
  swap_transaction_failed: 'Swap failed',
  transaction_created: 'Buy transaction created',
  transaction_failed: 'Buy transaction failed',
  transaction_updated: 'Buy transaction updated',
  vendor_transaction_created: 'Vendor transaction created',
  vendor_transaction_updated: 'Vendor transaction updated',
  virtual_account_status_updated: 'Virtual account status updated',
  virtual_account_transaction_status_updated: 'Virtual account transaction updated',
};

/** Error codes of the API (graphql/errors.ts), as the audit trail shows why an operation failed. */
export const ERROR_CODE_LABEL: Record<string, string> = {
  UNAUTHENTICATED: 'Not signed in',
  FORBIDDEN_ERROR: 'Not allowed',
  STAFF_TWO_FACTOR_REQUIRED: 'Two-factor authentication needed',
  BAD_USER_INPUT: 'Invalid input',
  NOT_FOUND: 'Not found',
  CONFLICT: 'Conflict',
  RATE_LIMITED: 'Too many requests',
  INTERNAL_SERVER_ERROR: 'Server error',
};

/** A webhook delivery's state: pending until an attempt succeeds, fails for good or the endpoint is disabled. */
export const WEBHOOK_DELIVERY_STATUS_LABEL: Record<string, string> = { pending: 'Pending', succeeded: 'Delivered', failed: 'Failed', abandoned: 'Abandoned' };

export const AUDIT_OUTCOME_LABEL: Record<'success' | 'failure', string> = { success: 'Succeeded', failure: 'Failed' };

export const KYB_LEVEL_LABEL: Record<string, string> = { Basic: 'Basic KYB', Enhanced: 'Enhanced KYB' };

export const KYB_DOCUMENT_TYPE_LABEL: Record<string, string> = {
  certificateOfIncorporation: 'Certificate of incorporation',
  proofOfAddress: 'Proof of address',
  ownershipStructure: 'Ownership structure',
  identityDocument: 'Identity document',
};

export const KYB_PERSON_ROLE_LABEL: Record<string, string> = { beneficialOwner: 'Beneficial owner', director: 'Director' };

/** An identifier split into words, for a value no table knows yet: "waitingForDeposit" → "Waiting for deposit". */
export function humanize(value: string): string {
  const words = value
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A label from one of the tables above; an unknown value still reads as words rather than as an identifier. */
export function labelOf(labels: Record<string, string>, value: string | null | undefined): string {
  if (value == null || value === '') return '—';
  return labels[value] ?? humanize(value);
}

export const labelOfRole = (role: string | null | undefined) => labelOf({ ...ROLE_LABEL, ...ADMIN_ROLE_LABEL }, role);
export const labelOfPaymentMethod = (method: string | null | undefined) => labelOf(PAYMENT_METHOD_LABEL, method);
export const labelOfIdentityCheck = (status: string | null | undefined) => labelOf(IDENTITY_CHECK_LABEL, status);
export const labelOfCustomerLevel = (level: string | null | undefined) => labelOf(CUSTOMER_LEVEL_LABEL, level);
export const labelOfReviewStatus = (status: string | null | undefined) => labelOf(REVIEW_STATUS_LABEL, status);
export const PASS_STATUS_LABEL: Labels<Values<typeof PASS_STATUSES>> = { active: 'Active', invalidated: 'Invalidated' };
export const PASS_INVALIDATION_REASON_LABEL: Labels<Values<typeof PASS_INVALIDATION_REASONS>> = {
  nftTransferred: 'NFT transferred',
  invalidatedByPartner: 'Invalidated by you',
  policyDeleted: 'Policy deleted',
};
export const PASS_EVENT_LABEL: Labels<Values<typeof PASS_EVENT_TYPES>> = {
  created: 'Issued',
  addedToAppleWallet: 'Added to Apple Wallet',
  removedFromAppleWallet: 'Removed from Apple Wallet',
  scanned: 'Scanned',
  invalidated: 'Invalidated',
};
export const PASS_WEBHOOK_EVENT_LABEL: Labels<Values<typeof PASS_WEBHOOK_EVENT_TYPES>> = {
  'pass.created': 'Pass issued',
  'pass.added': 'Pass added to a wallet',
  'pass.scanned': 'Pass scanned',
  'pass.invalidated': 'Pass invalidated',
};
export const PASS_POLICY_KIND_LABEL: Labels<Values<typeof PASS_POLICY_KINDS>> = { wallets: 'Wallets', nft: 'NFT contract' };
export const PASS_STYLE_LABEL: Labels<Values<typeof PASS_STYLES>> = {
  generic: 'Generic',
  eventTicket: 'Event ticket',
  storeCard: 'Store card',
  coupon: 'Coupon',
};
export const PASS_BARCODE_FORMAT_LABEL: Labels<Values<typeof PASS_BARCODE_FORMATS>> = { QR: 'QR code', PDF417: 'PDF417', AZTEC: 'Aztec', CODE128: 'Code 128' };
export const PASS_CREDENTIAL_SOURCE_LABEL: Labels<Values<typeof PASS_CREDENTIAL_SOURCES>> = {
  development: 'Development credentials',
  partner: 'Your credentials',
};

export const labelOfWebhookEvent = (type: string | null | undefined) => labelOf(WEBHOOK_EVENT_LABEL, type);
export const labelOfFailureReason = (reason: string | null | undefined) => labelOf(FAILURE_REASON_LABEL, reason);
export const labelOfProduct = (product: string | null | undefined) => labelOf(PRODUCT_LABEL, product);
export const labelOfApiKeyType = (type: string | null | undefined) => labelOf(API_KEY_TYPE_LABEL, type);
export const labelOfTransactionType = (type: string | null | undefined) => labelOf({ ...TRANSACTION_TYPE_LABEL, ...TRANSACTION_KIND_LABEL }, type);
export const labelOfBalanceType = (type: string | null | undefined) => labelOf(BALANCE_TYPE_LABEL, type);

/** A transaction status in words, per kind ("Waiting for deposit address"); any kind's table when the kind is unknown. */
export function labelOfStatus(kind: TransactionKind | null | undefined, status: string | null | undefined): string {
  if (kind) return labelOf(STATUS_LABEL_OF[kind], status);
  return labelOf({ ...BALANCE_STATUS_LABEL, ...SWAP_STATUS_LABEL, ...SELL_STATUS_LABEL, ...BUY_STATUS_LABEL }, status);
}

/** "USDC on Solana" for usdc_sol; "BTC" for btc; fiat codes in capitals ("EUR"). */
export function labelOfAsset(code: string | null | undefined, networkCode?: string | null): string {
  return assetLabel(code, networkCode);
}

/** Every labelled enumeration, by its list in @rampart/shared: what the completeness test and the browser check walk. */
export const LABELLED_ENUMS: Array<{ name: string; values: readonly string[]; labels: Record<string, string> }> = [
  { name: 'MEMBERSHIP_ROLES', values: MEMBERSHIP_ROLES, labels: ROLE_LABEL },
  { name: 'ADMIN_ROLES', values: ADMIN_ROLES, labels: ADMIN_ROLE_LABEL },
  { name: 'ACCOUNT_STATUSES', values: ACCOUNT_STATUSES, labels: ACCOUNT_STATUS_LABEL },
  { name: 'CUSTOMER_LEVELS', values: CUSTOMER_LEVELS, labels: CUSTOMER_LEVEL_LABEL },
  { name: 'IDENTITY_CHECK_STATUSES', values: IDENTITY_CHECK_STATUSES, labels: IDENTITY_CHECK_LABEL },
  { name: 'BUY_STATUSES', values: BUY_STATUSES, labels: BUY_STATUS_LABEL },
  { name: 'SWAP_STATUSES', values: SWAP_STATUSES, labels: SWAP_STATUS_LABEL },
  { name: 'SELL_STATUSES', values: SELL_STATUSES, labels: SELL_STATUS_LABEL },
  { name: 'BALANCE_TRANSACTION_STATUSES', values: BALANCE_TRANSACTION_STATUSES, labels: BALANCE_STATUS_LABEL },
  { name: 'BALANCE_TRANSACTION_TYPES', values: BALANCE_TRANSACTION_TYPES, labels: BALANCE_TYPE_LABEL },
  { name: 'REVIEW_STATUSES', values: REVIEW_STATUSES, labels: REVIEW_STATUS_LABEL },
  { name: 'API_KEY_TYPES', values: API_KEY_TYPES, labels: API_KEY_TYPE_LABEL },
  { name: 'DOMAIN_REVIEW_STATUSES', values: DOMAIN_REVIEW_STATUSES, labels: DOMAIN_REVIEW_LABEL },
  { name: 'BLOCKED_COUNTRY_ACTIONS', values: BLOCKED_COUNTRY_ACTIONS, labels: BLOCKED_ACTION_LABEL },
  { name: 'PRICING_RULE_TYPES', values: PRICING_RULE_TYPES, labels: PRICING_RULE_TYPE_LABEL },
  { name: 'PRICING_REGIONS', values: PRICING_REGIONS, labels: PRICING_REGION_LABEL },
  { name: 'PAYMENT_METHODS', values: PAYMENT_METHODS, labels: PAYMENT_METHOD_LABEL },
  { name: 'TRANSACTION_TYPES', values: TRANSACTION_TYPES, labels: TRANSACTION_TYPE_LABEL },
  { name: 'TRANSACTION_KINDS', values: TRANSACTION_KINDS, labels: TRANSACTION_KIND_LABEL },
  { name: 'PRODUCTS', values: PRODUCTS, labels: PRODUCT_LABEL },
  { name: 'WALLET_DISPLAY_MODES', values: WALLET_DISPLAY_MODES, labels: WALLET_DISPLAY_MODE_LABEL },
  { name: 'SUBSCRIPTION_PLANS', values: SUBSCRIPTION_PLANS, labels: SUBSCRIPTION_PLAN_LABEL },
  { name: 'PREFERRED_CURRENCIES', values: PREFERRED_CURRENCIES, labels: PREFERRED_CURRENCY_LABEL },
  { name: 'WEBHOOK_EVENT_TYPES', values: WEBHOOK_EVENT_TYPES, labels: WEBHOOK_EVENT_LABEL },
  { name: 'FAILURE_REASONS', values: Object.keys(FAILURE_REASONS), labels: FAILURE_REASON_LABEL },
  { name: 'ANALYTICS_PRODUCTS', values: ANALYTICS_PRODUCTS, labels: ANALYTICS_PRODUCT_LABEL },
  { name: 'ANALYTICS_COMPARISONS', values: ANALYTICS_COMPARISONS, labels: ANALYTICS_COMPARISON_LABEL },
  { name: 'ANALYTICS_TYPES', values: ANALYTICS_TYPES, labels: ANALYTICS_TYPE_LABEL },
  { name: 'WIDGET_FUNNEL_STEPS', values: WIDGET_FUNNEL_STEPS, labels: WIDGET_FUNNEL_STEP_LABEL },
  { name: 'PASS_STATUSES', values: PASS_STATUSES, labels: PASS_STATUS_LABEL },
  { name: 'PASS_INVALIDATION_REASONS', values: PASS_INVALIDATION_REASONS, labels: PASS_INVALIDATION_REASON_LABEL },
  { name: 'PASS_EVENT_TYPES', values: PASS_EVENT_TYPES, labels: PASS_EVENT_LABEL },
  { name: 'PASS_WEBHOOK_EVENT_TYPES', values: PASS_WEBHOOK_EVENT_TYPES, labels: PASS_WEBHOOK_EVENT_LABEL },
  { name: 'PASS_POLICY_KINDS', values: PASS_POLICY_KINDS, labels: PASS_POLICY_KIND_LABEL },
  { name: 'PASS_STYLES', values: PASS_STYLES, labels: PASS_STYLE_LABEL },
  { name: 'PASS_BARCODE_FORMATS', values: PASS_BARCODE_FORMATS, labels: PASS_BARCODE_FORMAT_LABEL },
  { name: 'PASS_CREDENTIAL_SOURCES', values: PASS_CREDENTIAL_SOURCES, labels: PASS_CREDENTIAL_SOURCE_LABEL },
];
