// The enumerations of spec §4, as the single source for server and web.

export const MEMBERSHIP_ROLES = ['administrator', 'analyst', 'developer', 'support_specialist'] as const;
export type MembershipRole = (typeof MEMBERSHIP_ROLES)[number];

export const ACCOUNT_STATUSES = ['Active', 'Closed', 'Dormant'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const CUSTOMER_LEVELS = ['Basic', 'Blocked', 'Full', 'Lite'] as const;
export const IDENTITY_CHECK_STATUSES = ['Clear', 'Failed', 'NotStarted', 'Pending', 'Rejected', 'Reset'] as const;

export const BUY_STATUSES = ['completed', 'failed', 'pending', 'waitingAuthorization', 'waitingPayment'] as const;
export const SWAP_STATUSES = [
  'completed',
  'executingSwap',
  'failed',
  'frozen',
  'reQuoteRequired',
  'screeningWalletAddress',
  'waitingForDeposit',
  'waitingForDepositAddressGeneration',
  'waitingForDepositKytRegistration',
] as const;
export const SELL_STATUSES = ['completed', 'failed', 'frozen', 'pending', 'waitingForDeposit'] as const;
export const BALANCE_TRANSACTION_STATUSES = ['Completed', 'Failed', 'Pending', 'WaitingPayment'] as const;
export const BALANCE_TRANSACTION_TYPES = ['Deposit', 'Reward', 'Withdrawal'] as const;
export const REVIEW_STATUSES = ['Approved', 'OnHold', 'Pending', 'Rejected', 'InProgress'] as const;
export const API_KEY_TYPES = ['public', 'publishable', 'secret', 'webhook'] as const;
export const DOMAIN_REVIEW_STATUSES = ['clear', 'rejected'] as const;
export const BLOCKED_COUNTRY_ACTIONS = ['Block', 'Redirect'] as const;
export const PRICING_RULE_TYPES = ['fee', 'networkFee', 'partnerFee', 'spread'] as const;
export const PRICING_REGIONS = ['AsiaEast', 'Australia', 'BR', 'CA', 'EEA', 'Global', 'NG', 'UK', 'US'] as const;
export const PAYMENT_METHODS = [
  'ach',
  'applePay',
  'creditCard',
  'debitCard',
  'fiatBalance',
  'gbp',
  'gbpOpenBankingPayment',
  'googlePay',
  'interac',
  'lowCostAch',
  'mobileWallet',
  'balance',
  'paypal',
  'pix',
  'revolutPay',
  'sepa',
  'sepaOpenBankingPayment',
  'venmo',
  'yellowCardBankTransfer',
] as const;
export const TRANSACTION_TYPES = ['buy', 'deposit', 'sell', 'withdrawal'] as const;
export const PRODUCTS = ['FreeClaims', 'Minting', 'login', 'NftCheckout', 'OffRamp', 'OnRamp', 'Swaps'] as const;
export const WALLET_DISPLAY_MODES = ['EDITABLE', 'HIDDEN', 'READONLY'] as const;
export const SUBSCRIPTION_PLANS = ['Basic', 'Free', 'Pro'] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];
export const PREFERRED_CURRENCIES = ['eur', 'gbp', 'usd'] as const;
export type PreferredCurrency = (typeof PREFERRED_CURRENCIES)[number];

/** Job titles offered at sign-up (the `jobTitles` query). */
export const JOB_TITLES = [
  'Founder / CEO',
  'CTO / Head of Engineering',
  'Software Engineer',
  'Product Manager',
  'Operations',
  'Compliance',
  'Finance',
  'Marketing',
  'Business Development',
  'Customer Support',
  'Other',
] as const;

/** Webhook events of spec §4, in the names the provider sends. */
export const WEBHOOK_EVENT_TYPES = [
  'account_reviewed',
  'balance_transaction_created',
  'balance_transaction_failed',
  'balance_transaction_updated',
  'business_identity_updated',
  'external_token',
  'identity_check_updated',
  'preferred_payout_account_set',
  'sell_transaction_created',
  'sell_transaction_failed',
  'sell_transaction_updated',
  'swap_asset_delivery_completed',
  'swap_asset_delivery_failed',
  'swap_asset_delivery_initiated',
  'swap_deposit_received',
  'swap_deposit_wallet_created',
  'swap_quote_expired',
  'swap_quote_invalid',
  'swap_refund_asset_delivery_initiated',
  'swap_refund_completed',
  'swap_transaction_completed',
  'swap_transaction_created',
  'swap_transaction_failed',
  'transaction_created',
  'transaction_failed',
  'transaction_updated',
  'vendor_transaction_created',
  'vendor_transaction_updated',
  'virtual_account_status_updated',
  'virtual_account_transaction_status_updated',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
