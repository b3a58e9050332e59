// Subscription plans and billing (issue 15): the catalog both the built-in billing sandbox and the Stripe adapter
// describe, and the words for their states. Amounts are decimal strings.
import type { SubscriptionPlan } from './enums.ts';

export const BILLING_PROVIDERS = ['sandbox', 'stripe'] as const;
export type BillingProvider = (typeof BILLING_PROVIDERS)[number];

export const PAID_PLANS = ['Basic', 'Pro'] as const satisfies readonly SubscriptionPlan[];
export type PaidPlan = (typeof PAID_PLANS)[number];

/** Stripe price lookup keys (getStripeProduct(accountId, priceLookupKey)); the sandbox uses the same keys. */
export const PRICE_LOOKUP_KEYS = ['basic_monthly', 'basic_yearly', 'pro_monthly', 'pro_yearly'] as const;
export type PriceLookupKey = (typeof PRICE_LOOKUP_KEYS)[number];

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

export interface PlanPrice {
  lookupKey: PriceLookupKey;
  plan: PaidPlan;
  interval: BillingInterval;
  /** USD, decimal string. */
  usdPrice: string;
}

/** The sandbox's prices; with Stripe, the prices come from Stripe by lookup key (these are the defaults to create there). */
export const PLAN_PRICES: Record<PriceLookupKey, PlanPrice> = {
  basic_monthly: { lookupKey: 'basic_monthly', plan: 'Basic', interval: 'month', usdPrice: '49.00' },
  basic_yearly: { lookupKey: 'basic_yearly', plan: 'Basic', interval: 'year', usdPrice: '490.00' },
  pro_monthly: { lookupKey: 'pro_monthly', plan: 'Pro', interval: 'month', usdPrice: '199.00' },
  pro_yearly: { lookupKey: 'pro_yearly', plan: 'Pro', interval: 'year', usdPrice: '1990.00' },
};

/** What each plan includes (the plans page compares them side by side). */
export const PLAN_FEATURES: Record<SubscriptionPlan, { description: string; features: string[] }> = {
  Free: {
    description: 'Everything to integrate and test the widget.',
    features: ['On-ramp, off-ramp and swaps in test mode', 'Up to 3 team members', 'E-mail support'],
  },
  Basic: {
    description: 'For partners going live with one product.',
    features: ['Everything in Free', 'Go live with on-ramp, off-ramp or swaps', 'Up to 10 team members', 'Support chat'],
  },
  Pro: {
    description: 'For partners running every product at scale.',
    features: ['Everything in Basic', 'Every product live, with commerce', 'Unlimited team members', 'Priority support chat and a quarterly review'],
  },
};

/** Plans in ascending order: moving right is an upgrade (now), left a downgrade (at the period's end). */
export const PLAN_RANK: Record<SubscriptionPlan, number> = { Free: 0, Basic: 1, Pro: 2 };

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled', 'incomplete'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const SUBSCRIPTION_STATUS_LABEL: Record<SubscriptionStatus, string> = {
  active: 'Active',
  past_due: 'Payment failed',
  canceled: 'Cancelled',
  incomplete: 'Incomplete',
};

export const INVOICE_STATUSES = ['paid', 'open', 'uncollectible', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABEL: Record<InvoiceStatus, string> = { paid: 'Paid', open: 'Due', uncollectible: 'Unpaid', void: 'Void' };

export const BILLING_INTERVAL_LABEL: Record<BillingInterval, string> = { month: 'Monthly', year: 'Yearly' };

/** After a failed payment the plan stays this long (Stripe's smart retries run meanwhile), then returns to Free. */
export const DUNNING_PERIOD_DAYS = 14;

/** The sandbox's test cards (as Stripe's): the first pays, the second is declined. */
export const SANDBOX_TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds', label: 'Visa, payment succeeds' },
  { number: '4000 0000 0000 0341', outcome: 'declined', label: 'Visa, later payments are declined' },
  { number: '4000 0000 0000 0002', outcome: 'declinedNow', label: 'Visa, declined at checkout' },
] as const;
