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
