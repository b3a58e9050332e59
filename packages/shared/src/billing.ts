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

/** Team members (members and pending invitations) an account may have on each plan; null: no limit. */
export const TEAM_MEMBER_LIMITS: Record<SubscriptionPlan, number | null> = { Free: 3, Basic: 10, Pro: null };

export const hasFreeSeat = (plan: SubscriptionPlan, taken: number) => {
  const limit = TEAM_MEMBER_LIMITS[plan];
  return limit === null || taken < limit;
};

/** "The Free plan includes up to 3 team members"; null on a plan without a limit. */
export const teamSizeSentence = (plan: SubscriptionPlan) => {
  const limit = TEAM_MEMBER_LIMITS[plan];
  return limit === null ? null : `The ${plan} plan includes up to ${limit} team members`;
};

/** Why an invitation beyond the plan's team size is refused (the server's message; the Team screen says it first). */
export const teamLimitMessage = (plan: SubscriptionPlan) => `${teamSizeSentence(plan)}; upgrade to invite more.`;

const teamSize = (plan: SubscriptionPlan) => {
  const limit = TEAM_MEMBER_LIMITS[plan];
  return limit === null ? 'Unlimited team members' : `Up to ${limit} team members`;
};

/** Spec §5: the support chat is offered only on a plan other than Free. */
export const hasSupportChat = (plan: string) => plan !== 'Free';

/** Going live is decided by business verification and Rampart's review, never by the plan (the go-live checklist agrees). */
export const GO_LIVE_WITHOUT_PLAN = 'Going live needs business verification, not a paid plan.';
export const WHAT_A_PAID_PLAN_ADDS = 'A paid plan adds the support chat and room for more team members.';

/** What each plan includes (the plans page compares them side by side): only what the plan really changes. */
export const PLAN_FEATURES: Record<SubscriptionPlan, { description: string; features: string[] }> = {
  Free: {
    description: 'Every product in test mode, and live once your business is verified.',
    features: [teamSize('Free')],
  },
  Basic: {
    description: 'Everything in Free, with the support chat and a larger team.',
    features: [teamSize('Basic'), 'Support chat'],
  },
  Pro: {
    description: 'Everything in Basic, for a team of any size.',
    features: [teamSize('Pro'), 'Support chat'],
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
