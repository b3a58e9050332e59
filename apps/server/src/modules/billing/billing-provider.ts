// The billing provider boundary: Stripe (stripe-provider.ts, the official `stripe` package) or the built-in sandbox
// (sandbox-provider.ts). The service speaks only this interface; both providers report changes as BillingEvents, which
// the service applies idempotently (billing_events: one row per provider event id; an older event never undoes a newer).
import type { BillingProvider as BillingProviderName, PaidPlan, PriceLookupKey } from '@rampart/shared/billing';

export interface ProviderPrice {
  priceId: string;
  lookupKey: PriceLookupKey;
  plan: PaidPlan;
  productName: string;
  description: string;
  features: string[];
  currency: string;
  /** Decimal string. */
  unitAmount: string;
  interval: 'month' | 'year';
  intervalCount: number;
}

export interface ProviderSubscriptionState {
  providerSubscriptionId: string;
  providerCustomerId: string;
  priceLookupKey: PriceLookupKey;
  status: 'active' | 'past_due' | 'canceled' | 'incomplete';
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  scheduledPriceLookupKey: PriceLookupKey | null;
  paymentMethod: { brand: string; last4: string; expMonth: number; expYear: number } | null;
}

export interface ProviderInvoiceState {
  providerInvoiceId: string;
  providerCustomerId: string;
  providerSubscriptionId: string | null;
  status: 'paid' | 'open' | 'uncollectible' | 'void';
  priceLookupKey: PriceLookupKey;
  amountDue: string;
  amountPaid: string;
  currency: string;
  periodStart: Date;
  periodEnd: Date;
  hostedInvoiceUrl: string | null;
  attemptCount: number;
}

/** What happened at the provider, normalised (Stripe event types in brackets). */
export type BillingEvent = { providerEventId: string; occurredAt: Date } & (
  | { type: 'checkoutCompleted'; providerSessionId: string; providerCustomerId: string; subscription: ProviderSubscriptionState } // checkout.session.completed
  | { type: 'subscriptionChanged'; subscription: ProviderSubscriptionState } // customer.subscription.created / updated
  | { type: 'subscriptionDeleted'; subscription: ProviderSubscriptionState } // customer.subscription.deleted
  | { type: 'invoicePaid'; invoice: ProviderInvoiceState } // invoice.paid
  | { type: 'invoicePaymentFailed'; invoice: ProviderInvoiceState } // invoice.payment_failed
);

export interface BillingProviderAdapter {
  readonly name: BillingProviderName;
  prices(): Promise<ProviderPrice[]>;
  /** Creates the provider's customer for an organization (once; its id is kept in billing_customers). */
  createCustomer(input: { organizationId: string; name: string; email: string | null }): Promise<{ providerCustomerId: string }>;
  /** Checkout in subscription mode; successUrl/cancelUrl are absolute dashboard URLs. */
  createCheckoutSession(input: {
    providerCustomerId: string;
    priceId: string;
    successUrl: string;
    cancelUrl: string;
    organizationId: string;
  }): Promise<{ providerSessionId: string; url: string; expiresAt: Date }>;
  createPortalSession(input: { providerCustomerId: string; returnUrl: string }): Promise<{ url: string; providerSessionId: string }>;
  /** Upgrade now (prorated) or downgrade at period end; returns the new state (an event follows too). */
  changePlan(input: { providerSubscriptionId: string; priceLookupKey: PriceLookupKey; atPeriodEnd: boolean }): Promise<ProviderSubscriptionState>;
  cancelAtPeriodEnd(input: { providerSubscriptionId: string }): Promise<ProviderSubscriptionState>;
  resume(input: { providerSubscriptionId: string }): Promise<ProviderSubscriptionState>;
  /** Ends the subscription now, so the provider charges nothing more (the dunning end); a no-op if it already ended. */
  cancelNow(input: { providerSubscriptionId: string; comment: string }): Promise<void>;
}
