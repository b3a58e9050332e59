import { describe, expect, it } from 'vitest';
import type { BillingEvent, ProviderInvoiceState, ProviderSubscriptionState } from './billing-provider.ts';
import type { SubscriptionRow } from './billing.repository.ts';
import {
  customerIdOf,
  invoiceValues,
  isStaleSubscriptionEvent,
  planAfter,
  subscriptionNotices,
  subscriptionValues,
  type InvoiceEvent,
  type SubscriptionEvent,
} from './billing-events.ts';

// The pure steps of applying a provider event (billing.service.ts applyTo); billing.test.ts and stripe.test.ts apply
// whole events through the service against PostgreSQL.

const at = (day: number) => new Date(Date.UTC(2026, 0, day));

const state = (over: Partial<ProviderSubscriptionState> = {}): ProviderSubscriptionState => ({
  providerSubscriptionId: 'sub_1',
  providerCustomerId: 'cus_1',
  priceLookupKey: 'basic_monthly',
  status: 'active',
  currentPeriodStart: at(1),
  currentPeriodEnd: at(31),
  cancelAtPeriodEnd: false,
  scheduledPriceLookupKey: null,
  paymentMethod: null,
  ...over,
});

const changed = (over: Partial<ProviderSubscriptionState> = {}, day = 10): SubscriptionEvent => ({
  type: 'subscriptionChanged',
  providerEventId: `evt_${day}`,
  occurredAt: at(day),
  subscription: state(over),
});

/** The row on record of the same subscription as state(): a Basic monthly plan last updated on the 5th. */
const row = (over: Partial<SubscriptionRow> = {}): SubscriptionRow => {
  const { providerCustomerId: _customer, ...same } = state();
  return {
    ...same,
    id: 'row-1',
    organizationId: 'org-1',
    provider: 'sandbox',
    plan: 'Basic',
    pastDueSince: null,
    providerUpdatedAt: at(5),
    createdAt: at(1),
    updatedAt: at(5),
    ...over,
  };
};

const invoice = (over: Partial<ProviderInvoiceState> = {}): ProviderInvoiceState => ({
  providerInvoiceId: 'in_1',
  providerCustomerId: 'cus_2',
  providerSubscriptionId: 'sub_1',
  status: 'open',
  priceLookupKey: 'basic_monthly',
  amountDue: '49.00',
  amountPaid: '49.00',
  currency: 'usd',
  periodStart: at(1),
  periodEnd: at(31),
  hostedInvoiceUrl: null,
  attemptCount: 2,
  ...over,
});

const notices = (event: SubscriptionEvent, existing: SubscriptionRow | null, oldPlan: 'Free' | 'Basic' | 'Pro' = 'Basic') => {
  const after = subscriptionValues('sandbox', event, existing, at(20));
  return subscriptionNotices(event, existing, after, { oldPlan, newPlan: planAfter(after.status, after.plan, oldPlan) });
};

describe('customerIdOf', () => {
  it('reads the customer from the invoice, the checkout or the subscription', () => {
    const paid: BillingEvent = { type: 'invoicePaid', providerEventId: 'e', occurredAt: at(1), invoice: invoice() };
    const checkout: BillingEvent = { ...changed(), type: 'checkoutCompleted', providerSessionId: 'cs_1', providerCustomerId: 'cus_3' };
    expect([customerIdOf(paid), customerIdOf(checkout), customerIdOf(changed())]).toEqual(['cus_2', 'cus_3', 'cus_1']);
  });
});

describe('invoiceValues', () => {
  it('records a payment as paid, with its amount and time', () => {
    const event: InvoiceEvent = { type: 'invoicePaid', providerEventId: 'e', occurredAt: at(3), invoice: invoice({ status: 'paid' }) };
    expect(invoiceValues(event)).toEqual({
      status: 'paid',
      amountDue: '49.00',
      amountPaid: '49.00',
      currency: 'usd',
      hostedInvoiceUrl: null,
      attemptCount: '2',
      paidAt: at(3),
    });
  });

  it('leaves a failed payment open with nothing paid, even when the provider calls the invoice paid', () => {
    const event: InvoiceEvent = { type: 'invoicePaymentFailed', providerEventId: 'e', occurredAt: at(4), invoice: invoice({ status: 'paid' }) };
    expect(invoiceValues(event)).toMatchObject({ status: 'open', amountPaid: '0', lastFailedAt: at(4) });
    expect(invoiceValues(event)).not.toHaveProperty('paidAt');
  });
});

describe('isStaleSubscriptionEvent', () => {
  it.each([
    ['no subscription on record', null, changed({}, 1), false],
    ['a newer event of the same subscription', row(), changed({}, 6), false],
    ['an event as new as the one on record', row(), changed({}, 5), false],
    ['an older event of the same subscription', row(), changed({}, 4), true],
    ['an older event of another subscription while this one is live', row(), changed({ providerSubscriptionId: 'sub_0' }, 4), true],
    ['an older event of another subscription after this one ended', row({ status: 'canceled' }), changed({ providerSubscriptionId: 'sub_0' }, 4), false],
  ])('%s: %s', (_, existing, event, stale) => {
    expect(isStaleSubscriptionEvent(existing, event)).toBe(stale);
  });
});

describe('subscriptionValues', () => {
  it('ends a deleted subscription with nothing scheduled', () => {
    const event: SubscriptionEvent = { ...changed({ cancelAtPeriodEnd: true, scheduledPriceLookupKey: 'pro_monthly' }), type: 'subscriptionDeleted' };
    expect(subscriptionValues('stripe', event, row(), at(20))).toMatchObject({
      provider: 'stripe',
      status: 'canceled',
      cancelAtPeriodEnd: false,
      scheduledPriceLookupKey: null,
      pastDueSince: null,
      providerUpdatedAt: at(10),
      updatedAt: at(20),
    });
  });

  it('keeps the day the same subscription first fell past due, and starts a new one at the event', () => {
    const pastDue = changed({ status: 'past_due', priceLookupKey: 'pro_yearly' });
    expect(subscriptionValues('sandbox', pastDue, row({ pastDueSince: at(2) }), at(20))).toMatchObject({ plan: 'Pro', pastDueSince: at(2) });
    expect(subscriptionValues('sandbox', pastDue, row({ providerSubscriptionId: 'sub_0', pastDueSince: at(2) }), at(20)).pastDueSince).toEqual(at(10));
  });
});

describe('planAfter', () => {
  it('is Free once ended, unchanged while incomplete, else the subscription’s plan', () => {
    expect([planAfter('canceled', 'Pro', 'Pro'), planAfter('incomplete', 'Pro', 'Free'), planAfter('past_due', 'Pro', 'Basic')]).toEqual([
      'Free',
      'Free',
      'Pro',
    ]);
  });
});

describe('subscriptionNotices', () => {
  it('says nothing when nothing the administrators care about changed', () => {
    expect(notices(changed(), row())).toEqual([]);
  });

  it('tells of a failed payment once, when the subscription first falls past due', () => {
    const [notice, ...rest] = notices(changed({ status: 'past_due' }), row());
    expect(rest).toEqual([]);
    expect(notice).toEqual({
      kind: 'paymentFailed',
      lines: [
        'A payment for your Basic subscription failed.',
        'You keep Basic until 24 January 2026. If no payment succeeds by then, your organization moves to the Free plan.',
        'Update the payment method from the subscription page.',
      ],
    });
    expect(notices(changed({ status: 'past_due' }), row({ status: 'past_due', pastDueSince: at(2) }))).toEqual([]);
  });

  it('tells of the end once', () => {
    const deleted: SubscriptionEvent = { ...changed(), type: 'subscriptionDeleted' };
    expect(notices(deleted, row())).toEqual([
      {
        kind: 'subscriptionEnded',
        lines: ['Your Basic subscription ended on 10 January 2026.', 'Your organization is now on the Free plan. You can choose a plan again at any time.'],
      },
    ]);
    expect(notices(deleted, row({ status: 'canceled' }))).toEqual([]);
  });

  it('tells of a new plan, or of new billing on the same plan', () => {
    expect(notices(changed({ priceLookupKey: 'pro_monthly' }), row())).toEqual([
      {
        kind: 'planChanged',
        lines: ['Your plan changed from Basic to Pro (Pro (monthly)).', 'The current period ends on 31 January 2026.'],
      },
    ]);
    expect(notices(changed({ priceLookupKey: 'basic_yearly' }), row())).toEqual([
      { kind: 'planChanged', lines: ['Your billing changed to Basic (yearly).', 'The current period ends on 31 January 2026.'] },
    ]);
  });

  it('tells of a scheduled plan change and a scheduled cancellation when they are new', () => {
    const scheduled = changed({ scheduledPriceLookupKey: 'pro_yearly', cancelAtPeriodEnd: true });
    expect(notices(scheduled, row())).toEqual([
      { kind: 'planChanged', lines: ['Your plan changes to Pro (yearly) on 31 January 2026.', 'Until then you keep Basic.'] },
      {
        kind: 'cancellationScheduled',
        lines: [
          'Your Basic subscription ends on 31 January 2026; you keep Basic until then.',
          'After that your organization is on the Free plan. You can resume the subscription before that date.',
        ],
      },
    ]);
    expect(notices(scheduled, row({ scheduledPriceLookupKey: 'pro_yearly', cancelAtPeriodEnd: true }))).toEqual([]);
  });
});
