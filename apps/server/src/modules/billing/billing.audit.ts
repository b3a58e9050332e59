// The audit trail's sentences for this module's mutations (its declaration carries them; audit-sentences.test.ts
// checks that every Mutation has one).

import { type AuditSentences, text } from '../../lib/audit-words.ts';

/** "Pro (yearly)" from a price lookup key or the sandbox's price id ("sbx_price_pro_yearly"); Stripe's ids stay as they are. */
function billingPrice(value: unknown): string {
  const key = text(value)?.replace(/^sbx_price_/, '');
  const match = key ? /^(basic|pro)_(monthly|yearly)$/.exec(key) : null;
  if (!match) return key ? `the price ${key}` : 'a plan';
  return `${match[1] === 'pro' ? 'Pro' : 'Basic'} (${match[2]})`;
}

export const billingAuditSentences: AuditSentences = {
  createStripeSession: (c) => `Started a checkout for ${billingPrice(c.priceId)}`,
  createStripeBillingSession: () => 'Opened the billing portal',
  changeSubscriptionPlan: (c) => `Changed the plan to ${billingPrice(c.priceLookupKey)}`,
  cancelSubscription: () => 'Cancelled the subscription at the end of the period',
  resumeSubscription: () => 'Resumed the subscription',
  completeSandboxCheckout: () => 'Paid a checkout in the billing sandbox',
  simulateSandboxRenewal: (c) =>
    c.outcome === 'fails'
      ? 'Simulated a failed renewal in the billing sandbox'
      : c.outcome === 'dunningEnds'
        ? 'Simulated the end of the dunning period in the billing sandbox'
        : 'Simulated a renewal in the billing sandbox',
};
