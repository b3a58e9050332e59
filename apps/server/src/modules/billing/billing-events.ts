// What a provider event changes, as pure functions of the event and the rows on record: billing.service.ts's applyTo
// reads the rows, asks these, and writes what they answer.
import { BILLING_INTERVAL_LABEL, DUNNING_PERIOD_DAYS, PLAN_PRICES, type BillingProvider, type PriceLookupKey } from '@rampart/shared/billing';
import type { SubscriptionPlan } from '@rampart/shared/enums';
import type { BillingEvent } from './billing-provider.ts';
import type { billingMail } from './billing.mail.ts';
import { mailDate } from './billing.mail.ts';
import type { SubscriptionRow } from './billing.repository.ts';

export type SubscriptionChange = ReturnType<typeof subscriptionValues>;

export const DAY_MS = 86_400_000;

export type InvoiceEvent = Extract<BillingEvent, { type: 'invoicePaid' | 'invoicePaymentFailed' }>;
export type SubscriptionEvent = Exclude<BillingEvent, InvoiceEvent>;
export interface Notice {
  kind: Parameters<typeof billingMail>[0]['kind'];
  lines: string[];
}

export const isInvoiceEvent = (event: BillingEvent): event is InvoiceEvent => event.type === 'invoicePaid' || event.type === 'invoicePaymentFailed';

/** "Business (monthly)". */
export const planWords = (key: PriceLookupKey) => `${PLAN_PRICES[key].plan} (${BILLING_INTERVAL_LABEL[PLAN_PRICES[key].interval].toLowerCase()})`;

/** The provider's customer the event is about: it names the organization. */
export function customerIdOf(event: BillingEvent): string {
  if (isInvoiceEvent(event)) return event.invoice.providerCustomerId;
  return event.type === 'checkoutCompleted' ? event.providerCustomerId : event.subscription.providerCustomerId;
}

/** The invoice's columns after the event: a failed payment leaves it open (never paid), a paid one records the payment. */
export function invoiceValues(event: InvoiceEvent) {
  const invoice = event.invoice;
  const paid = event.type === 'invoicePaid';
  return {
    status: paid ? ('paid' as const) : invoice.status === 'paid' ? ('open' as const) : invoice.status,
    amountDue: invoice.amountDue,
    amountPaid: paid ? invoice.amountPaid : '0',
    currency: invoice.currency,
    hostedInvoiceUrl: invoice.hostedInvoiceUrl,
    attemptCount: String(invoice.attemptCount),
    ...(paid ? { paidAt: event.occurredAt } : { lastFailedAt: event.occurredAt }),
  };
}

/**
 * Whether a subscription event comes too late to apply: older than the newest applied to the same subscription, or
 * about another subscription than the live one on record and older than it (an old subscription's late events).
 */
export function isStaleSubscriptionEvent(existing: SubscriptionRow | null, event: SubscriptionEvent): boolean {
  if (!existing || event.occurredAt >= existing.providerUpdatedAt) return false;
  return existing.providerSubscriptionId === event.subscription.providerSubscriptionId || existing.status !== 'canceled';
}

/** The subscription's columns after the event; a past-due subscription keeps the date it first fell past due. */
export function subscriptionValues(eventProvider: BillingProvider, event: SubscriptionEvent, existing: SubscriptionRow | null, now: Date) {
  const state = event.subscription;
  const status = event.type === 'subscriptionDeleted' ? 'canceled' : state.status;
  const sameSubscription = existing?.providerSubscriptionId === state.providerSubscriptionId;
  return {
    provider: eventProvider,
    providerSubscriptionId: state.providerSubscriptionId,
    plan: PLAN_PRICES[state.priceLookupKey].plan,
    priceLookupKey: state.priceLookupKey,
    status,
    currentPeriodStart: state.currentPeriodStart,
    currentPeriodEnd: state.currentPeriodEnd,
    cancelAtPeriodEnd: status === 'canceled' ? false : state.cancelAtPeriodEnd,
    scheduledPriceLookupKey: status === 'canceled' ? null : state.scheduledPriceLookupKey,
    pastDueSince: status === 'past_due' ? ((sameSubscription ? existing?.pastDueSince : null) ?? event.occurredAt) : null,
    paymentMethod: state.paymentMethod,
    providerUpdatedAt: event.occurredAt,
    updatedAt: now,
  };
}

/** The plan: what the subscription pays for; Free once it ended. Past due keeps the plan until the dunning period ends. */
export function planAfter(status: SubscriptionChange['status'], plan: SubscriptionPlan, current: SubscriptionPlan): SubscriptionPlan {
  return status === 'canceled' ? 'Free' : status === 'incomplete' ? current : plan;
}

export function paymentFailedNotice(plan: string, amount: string | null, since: Date): Notice {
  const until = new Date(since.getTime() + DUNNING_PERIOD_DAYS * DAY_MS);
  return {
    kind: 'paymentFailed',
    lines: [
      `A payment${amount ? ` of ${amount} USD` : ''} for your ${plan} subscription failed.`,
      `You keep ${plan} until ${mailDate(until)}. If no payment succeeds by then, your organization moves to the Free plan.`,
      'Update the payment method from the subscription page.',
    ],
  };
}

/** What to tell the administrators about a subscription event: each change from the row on record, once. */
export function subscriptionNotices(
  event: SubscriptionEvent,
  existing: SubscriptionRow | null,
  after: SubscriptionChange,
  plans: { oldPlan: SubscriptionPlan; newPlan: SubscriptionPlan },
): Notice[] {
  const state = event.subscription;
  const { status, plan } = after;
  const { oldPlan, newPlan } = plans;
  const same = existing?.providerSubscriptionId === state.providerSubscriptionId ? existing : null;
  const notices: Notice[] = [];
  if (status === 'past_due' && same?.status !== 'past_due') notices.push(paymentFailedNotice(plan, null, after.pastDueSince!));
  if (status === 'canceled') {
    if (same?.status !== 'canceled') {
      notices.push({
        kind: 'subscriptionEnded',
        lines: [
          `Your ${oldPlan} subscription ended on ${mailDate(event.occurredAt)}.`,
          'Your organization is now on the Free plan. You can choose a plan again at any time.',
        ],
      });
    }
    return notices;
  }
  if (newPlan !== oldPlan) {
    notices.push({
      kind: 'planChanged',
      lines: [
        `Your plan changed from ${oldPlan} to ${newPlan} (${planWords(state.priceLookupKey)}).`,
        `The current period ends on ${mailDate(state.currentPeriodEnd)}.`,
      ],
    });
  } else if (same && same.priceLookupKey !== state.priceLookupKey) {
    notices.push({
      kind: 'planChanged',
      lines: [`Your billing changed to ${planWords(state.priceLookupKey)}.`, `The current period ends on ${mailDate(state.currentPeriodEnd)}.`],
    });
  }
  if (state.scheduledPriceLookupKey && state.scheduledPriceLookupKey !== (same?.scheduledPriceLookupKey ?? null)) {
    notices.push({
      kind: 'planChanged',
      lines: [`Your plan changes to ${planWords(state.scheduledPriceLookupKey)} on ${mailDate(state.currentPeriodEnd)}.`, `Until then you keep ${plan}.`],
    });
  }
  if (state.cancelAtPeriodEnd && !same?.cancelAtPeriodEnd) {
    notices.push({
      kind: 'cancellationScheduled',
      lines: [
        `Your ${plan} subscription ends on ${mailDate(state.currentPeriodEnd)}; you keep ${plan} until then.`,
        'After that your organization is on the Free plan. You can resume the subscription before that date.',
      ],
    });
  }
  return notices;
}
