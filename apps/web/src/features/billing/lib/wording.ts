// The billing screens' sentences: what a plan change does and when, and what happens at the period's end. Pure, so
// the words are tested without a browser; dates and money go through lib/format.
import { PLAN_PRICES, PLAN_RANK, type BillingInterval, type PriceLookupKey } from '@rampart/shared/billing';
import type { SubscriptionPlan } from '@rampart/shared/enums';
import { formatAmount, formatDate, type FormatOptions } from '@/lib/format';

export type Plan = SubscriptionPlan;

export interface PriceInfo {
  lookupKey: PriceLookupKey;
  plan: Plan;
  interval: BillingInterval;
  usdPrice: string;
  currency?: string;
}

export interface SubscriptionInfo {
  plan: Plan;
  priceLookupKey: PriceLookupKey;
  status: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  scheduledPriceLookupKey?: PriceLookupKey | null;
  scheduledPlan?: Plan | null;
  dunningEndsAt?: string | null;
}

/** The price of a lookup key from the catalog (the sandbox's), when the server's list is not at hand. */
export function catalogPrice(lookupKey: PriceLookupKey): PriceInfo {
  const price = PLAN_PRICES[lookupKey];
  return { lookupKey, plan: price.plan, interval: price.interval, usdPrice: price.usdPrice, currency: 'usd' };
}

/** "$49.00 a month". */
export function pricePerInterval(price: Pick<PriceInfo, 'usdPrice' | 'interval' | 'currency'>, options: FormatOptions = {}): string {
  return `${formatAmount(price.usdPrice, price.currency ?? 'usd', options)} a ${price.interval}`;
}

/** A move to a higher plan (or to yearly billing of the same plan, paid up front) applies now; any other at the period's end. */
export function isUpgrade(from: Pick<PriceInfo, 'plan' | 'interval'>, to: Pick<PriceInfo, 'plan' | 'interval'>): boolean {
  if (PLAN_RANK[to.plan] !== PLAN_RANK[from.plan]) return PLAN_RANK[to.plan] > PLAN_RANK[from.plan];
  return from.interval === 'month' && to.interval === 'year';
}

/** What a plan change does and when, for the confirmation dialog. */
export function changeSentence(current: PriceInfo, target: PriceInfo, periodEnd: string, options: FormatOptions = {}): string {
  if (isUpgrade(current, target)) {
    const plan = target.plan === current.plan ? `${target.plan} billed ${target.interval === 'year' ? 'yearly' : 'monthly'}` : target.plan;
    return `${plan} starts now; you are charged the prorated difference today, then ${pricePerInterval(target, options)} from ${formatDate(periodEnd, options)}.`;
  }
  return `You keep ${current.plan} until ${formatDate(periodEnd, options)}, then ${target.plan} at ${pricePerInterval(target, options)}.`;
}

/** The dialog's title for a change to `target`. */
export function changeTitle(current: PriceInfo, target: PriceInfo): string {
  if (target.plan === current.plan) return `Switch to ${target.interval === 'year' ? 'yearly' : 'monthly'} billing`;
  return isUpgrade(current, target) ? `Upgrade to ${target.plan}` : `Downgrade to ${target.plan}`;
}

/** What a cancellation does and when. */
export function cancelSentence(plan: Plan, periodEnd: string, options: FormatOptions = {}): string {
  return `You keep ${plan} until ${formatDate(periodEnd, options)}, then your organization moves to the Free plan. You are not charged again.`;
}

/** The subscription's next moment: "Renews on 23 Dec 2026", "Ends on …", "Moves to Basic on …". */
export function renewalSentence(subscription: SubscriptionInfo, options: FormatOptions = {}): string {
  const date = formatDate(subscription.currentPeriodEnd, options);
  if (subscription.status === 'past_due' && subscription.dunningEndsAt) {
    return `Payment failed: moves to Free on ${formatDate(subscription.dunningEndsAt, options)} unless a payment succeeds`;
  }
  if (subscription.cancelAtPeriodEnd) return `Ends on ${date}`;
  if (subscription.scheduledPlan && subscription.scheduledPriceLookupKey && subscription.scheduledPriceLookupKey !== subscription.priceLookupKey) {
    if (subscription.scheduledPlan === subscription.plan) {
      return `Moves to ${PLAN_PRICES[subscription.scheduledPriceLookupKey].interval === 'year' ? 'yearly' : 'monthly'} billing on ${date}`;
    }
    return `Moves to ${subscription.scheduledPlan} on ${date}`;
  }
  return `Renews on ${date}`;
}

/** What resuming undoes, for its button. */
export function resumeLabel(subscription: SubscriptionInfo): string {
  if (subscription.cancelAtPeriodEnd) return 'Resume subscription';
  return `Keep ${subscription.plan}`;
}

/** The failed-payment banner's sentence. */
export function pastDueSentence(plan: Plan, until: string, options: FormatOptions = {}): string {
  return `Your last payment failed. Update your payment method by ${formatDate(until, options)} to keep ${plan}.`;
}
