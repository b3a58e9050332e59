// The Stripe adapter (official `stripe` package): prices by lookup key, Checkout in subscription mode, the customer
// portal, plan changes, and Stripe's webhook events normalised into BillingEvents. STRIPE_API_BASE points it at the
// local fake in tests; otherwise it talks to api.stripe.com.
import Stripe from 'stripe';
import { PLAN_FEATURES, PLAN_PRICES, PRICE_LOOKUP_KEYS, type PriceLookupKey } from '@rampart/shared/billing';
import { parseDecimal } from '@rampart/shared/money';
import { AppError } from '../../graphql/errors.ts';
import type { BillingEvent, BillingProviderAdapter, ProviderInvoiceState, ProviderPrice, ProviderSubscriptionState } from './billing-provider.ts';

export interface StripeProviderOptions {
  secretKey: string;
  /** e.g. http://127.0.0.1:PORT for the local fake; api.stripe.com when absent. */
  apiBase?: string;
}

/** A webhook delivery, verified and normalised; `ignored` says why nothing is applied (Stripe still gets a 200). */
export type StripeWebhookResult =
  { kind: 'event'; event: BillingEvent; stripeEventType: string } | { kind: 'ignored'; stripeEventId: string; stripeEventType: string; reason: string };

export interface StripeBillingProvider extends BillingProviderAdapter {
  /** Verifies Stripe-Signature over the exact bytes received; throws Stripe's signature error otherwise. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string, webhookSecret: string): Stripe.Event;
  toBillingEvent(event: Stripe.Event): Promise<StripeWebhookResult>;
}

// Currencies Stripe counts in whole units (docs.stripe.com/currencies#zero-decimal); three-decimal ones in thousandths.
const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);
const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

/** Stripe's integer minor units → a decimal string (no float on the way). */
export function fromMinorUnits(amount: number | null | undefined, currency: string): string {
  const code = currency.toLowerCase();
  const places = ZERO_DECIMAL.has(code) ? 0 : THREE_DECIMAL.has(code) ? 3 : 2;
  if (amount === null || amount === undefined || !Number.isSafeInteger(amount))
    throw new AppError('CONFLICT', `Stripe sent an amount that is not whole ${code} minor units.`);
  return parseDecimal(String(amount))
    .dividedBy(10 ** places)
    .toFixed(places);
}

function isLookupKey(value: string | null | undefined): value is PriceLookupKey {
  return (PRICE_LOOKUP_KEYS as readonly string[]).includes(value ?? '');
}

const toDate = (seconds: number) => new Date(seconds * 1000);
const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

function subscriptionStatus(status: Stripe.Subscription.Status): ProviderSubscriptionState['status'] {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      return 'incomplete';
  }
}

function invoiceStatus(status: Stripe.Invoice.Status | null): ProviderInvoiceState['status'] {
  switch (status) {
    case 'paid':
      return 'paid';
    case 'uncollectible':
      return 'uncollectible';
    case 'void':
      return 'void';
    default:
      return 'open';
  }
}

const ENDED = new Set<Stripe.Subscription.Status>(['canceled', 'incomplete_expired']);

const NOT_OUR_PLAN = "is not one of Rampart's plans";

/** Our error for a failed Stripe call: the partner gets a sentence they can act on, never a 500. */
function stripeFailure(error: unknown): never {
  if (error instanceof AppError) throw error;
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode;
    if (error instanceof Stripe.errors.StripeCardError) {
      // Card errors are written for the cardholder (e.g. "Your card was declined.").
      throw new AppError('CONFLICT', `Stripe declined the payment: ${error.message}`, { providerStatus: status, providerCode: error.code });
    }
    if (error instanceof Stripe.errors.StripeConnectionError) throw new AppError('CONFLICT', 'Stripe could not be reached. Try again in a few minutes.');
    // Other messages are written for developers; they stay in the error's extensions for our logs.
    throw new AppError('CONFLICT', `Stripe refused the request (HTTP ${status ?? 'error'}). Try again in a few minutes, or contact support if it persists.`, {
      providerStatus: status,
      providerCode: error.code,
      providerRequestId: error.requestId,
    });
  }
  throw error;
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    stripeFailure(error);
  }
}

export function createStripeProvider(options: StripeProviderOptions): StripeBillingProvider {
  const base = options.apiBase ? new URL(options.apiBase) : null;
  const stripe = new Stripe(options.secretKey, {
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
  });

  let priceCache: { at: number; prices: ProviderPrice[] } | null = null;

  async function prices(): Promise<ProviderPrice[]> {
    if (priceCache && Date.now() - priceCache.at < 5 * 60_000) return priceCache.prices;
    const list = await call(() => stripe.prices.list({ lookup_keys: [...PRICE_LOOKUP_KEYS], active: true, expand: ['data.product'], limit: 100 }));
    const mapped: ProviderPrice[] = [];
    for (const price of list.data) {
      // Prices without one of our lookup keys belong to something else in the Stripe account.
      if (!isLookupKey(price.lookup_key) || !price.recurring) continue;
      const interval = price.recurring.interval === 'month' ? 'month' : price.recurring.interval === 'year' ? 'year' : null;
      if (!interval) continue;
      const plan = PLAN_PRICES[price.lookup_key].plan;
      const product = typeof price.product === 'object' && !('deleted' in price.product && price.product.deleted) ? price.product : null;
      const marketing = product?.marketing_features?.map((feature) => feature.name).filter((name): name is string => Boolean(name)) ?? [];
      mapped.push({
        priceId: price.id,
        lookupKey: price.lookup_key,
        plan,
        productName: product?.name ?? plan,
        description: product?.description ?? PLAN_FEATURES[plan].description,
        features: marketing.length > 0 ? marketing : PLAN_FEATURES[plan].features,
        currency: price.currency,
        unitAmount: fromMinorUnits(price.unit_amount, price.currency),
        interval,
        intervalCount: price.recurring.interval_count,
      });
    }
    priceCache = { at: Date.now(), prices: mapped };
    return mapped;
  }

  async function priceFor(lookupKey: PriceLookupKey): Promise<ProviderPrice> {
    const found = (await prices()).find((price) => price.lookupKey === lookupKey);
    if (!found) throw new AppError('CONFLICT', `Stripe has no active price with the lookup key "${lookupKey}". Create it in the Stripe dashboard first.`);
    return found;
  }

  /** A price (object or id) → our lookup key; prices outside our catalog are refused by name. */
  async function lookupKeyOf(price: string | Stripe.Price | null | undefined): Promise<PriceLookupKey> {
    if (price && typeof price === 'object') {
      if (isLookupKey(price.lookup_key)) return price.lookup_key;
      throw new AppError('CONFLICT', `Stripe price ${price.id} (lookup key "${price.lookup_key ?? ''}") ${NOT_OUR_PLAN} (${PRICE_LOOKUP_KEYS.join(', ')}).`);
    }
    const id = price ?? '';
    let known = (await prices()).find((candidate) => candidate.priceId === id);
    if (!known) {
      priceCache = null;
      known = (await prices()).find((candidate) => candidate.priceId === id);
    }
    if (!known) throw new AppError('CONFLICT', `Stripe price ${id || '(none)'} ${NOT_OUR_PLAN} (${PRICE_LOOKUP_KEYS.join(', ')}).`);
    return known.lookupKey;
  }

  async function paymentMethodOf(value: string | Stripe.PaymentMethod | null): Promise<ProviderSubscriptionState['paymentMethod']> {
    if (!value) return null;
    const method = typeof value === 'string' ? await call(() => stripe.paymentMethods.retrieve(value)) : value;
    if (!method.card) return null;
    return { brand: method.card.brand, last4: method.card.last4, expMonth: method.card.exp_month, expYear: method.card.exp_year };
  }

  /** The price a schedule moves to after the current period (our downgrades), or null. */
  async function scheduledLookupKey(schedule: string | Stripe.SubscriptionSchedule | null, periodEnd: number): Promise<PriceLookupKey | null> {
    if (!schedule) return null;
    const resolved =
      typeof schedule === 'string' ? await call(() => stripe.subscriptionSchedules.retrieve(schedule, { expand: ['phases.items.price'] })) : schedule;
    if (resolved.status !== 'active' && resolved.status !== 'not_started') return null;
    const next = resolved.phases.find((phase) => phase.start_date >= periodEnd);
    const price = next?.items[0]?.price;
    if (!price) return null;
    return lookupKeyOf(typeof price === 'object' && 'deleted' in price ? price.id : price);
  }

  async function subscriptionState(subscription: Stripe.Subscription): Promise<ProviderSubscriptionState> {
    const item = subscription.items.data[0];
    if (!item) throw new AppError('CONFLICT', `Stripe subscription ${subscription.id} has no items.`);
    return {
      providerSubscriptionId: subscription.id,
      providerCustomerId: idOf(subscription.customer)!,
      priceLookupKey: await lookupKeyOf(item.price),
      status: subscriptionStatus(subscription.status),
      // Since API 2025-03-31 the billing period lives on the subscription item.
      currentPeriodStart: toDate(item.current_period_start),
      currentPeriodEnd: toDate(item.current_period_end),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      scheduledPriceLookupKey: await scheduledLookupKey(subscription.schedule, item.current_period_end),
      paymentMethod: await paymentMethodOf(subscription.default_payment_method),
    };
  }

  async function invoiceState(invoice: Stripe.Invoice): Promise<ProviderInvoiceState> {
    // A proration invoice credits the old price and charges the new one: the plan is the one charged.
    const priced = invoice.lines.data.filter((candidate) => candidate.pricing?.price_details?.price);
    const line = priced.filter((candidate) => candidate.amount > 0).at(-1) ?? priced.at(-1) ?? invoice.lines.data[0];
    const price = line?.pricing?.price_details?.price ?? null;
    return {
      providerInvoiceId: invoice.id,
      providerCustomerId: idOf(invoice.customer)!,
      providerSubscriptionId: idOf(invoice.parent?.subscription_details?.subscription ?? null),
      status: invoiceStatus(invoice.status),
      priceLookupKey: await lookupKeyOf(price),
      amountDue: fromMinorUnits(invoice.amount_due, invoice.currency),
      amountPaid: fromMinorUnits(invoice.amount_paid, invoice.currency),
      currency: invoice.currency,
      periodStart: toDate(line?.period.start ?? invoice.period_start),
      periodEnd: toDate(line?.period.end ?? invoice.period_end),
      hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
      attemptCount: invoice.attempt_count,
    };
  }

  const retrieveSubscription = (id: string) => call(() => stripe.subscriptions.retrieve(id, { expand: ['default_payment_method'] }));

  /** A pending downgrade lives in a subscription schedule; releasing it leaves the subscription as it is now. */
  async function releaseSchedule(subscription: Stripe.Subscription) {
    const id = idOf(subscription.schedule);
    if (id) await call(() => stripe.subscriptionSchedules.release(id));
  }

  return {
    name: 'stripe',
    prices,

    async createCustomer({ organizationId, name, email }) {
      // The idempotency key makes a retried call return the same customer instead of a second one.
      const customer = await call(() =>
        stripe.customers.create(
          { name, ...(email ? { email } : {}), metadata: { organization_id: organizationId } },
          { idempotencyKey: `rampart-customer-${organizationId}` },
        ),
      );
      return { providerCustomerId: customer.id };
    },

    async createCheckoutSession({ providerCustomerId, priceId, successUrl, cancelUrl, organizationId }) {
      const session = await call(() =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: providerCustomerId,
          line_items: [{ price: priceId, quantity: 1 }],
          success_url: successUrl,
          cancel_url: cancelUrl,
          client_reference_id: organizationId,
          metadata: { organization_id: organizationId },
          subscription_data: { metadata: { organization_id: organizationId } },
        }),
      );
      if (!session.url) throw new AppError('CONFLICT', 'Stripe did not return a checkout page. Try again in a few minutes.');
      return { providerSessionId: session.id, url: session.url, expiresAt: toDate(session.expires_at) };
    },

    async createPortalSession({ providerCustomerId, returnUrl }) {
      const session = await call(() => stripe.billingPortal.sessions.create({ customer: providerCustomerId, return_url: returnUrl }));
      return { url: session.url, providerSessionId: session.id };
    },

    async changePlan({ providerSubscriptionId, priceLookupKey, atPeriodEnd }) {
      const target = await priceFor(priceLookupKey);
      const subscription = await retrieveSubscription(providerSubscriptionId);
      const item = subscription.items.data[0];
      if (!item) throw new AppError('CONFLICT', `Stripe subscription ${subscription.id} has no items.`);
      if (!atPeriodEnd) {
        // Upgrade now: swap the item's price and invoice the prorated difference at once (proration_behavior=always_invoice;
        // create_prorations would only add it to the next renewal's invoice). A pending downgrade is dropped first.
        await releaseSchedule(subscription);
        await call(() =>
          stripe.subscriptions.update(providerSubscriptionId, { items: [{ id: item.id, price: target.priceId }], proration_behavior: 'always_invoice' }),
        );
        return subscriptionState(await retrieveSubscription(providerSubscriptionId));
      }
      // Downgrade at period end: Stripe documents subscription schedules for changes at a future date. Phase 1 keeps the
      // current price until the period ends, phase 2 bills the new one; then the schedule releases the subscription.
      const scheduleId =
        idOf(subscription.schedule) ?? (await call(() => stripe.subscriptionSchedules.create({ from_subscription: providerSubscriptionId }))).id;
      await call(() =>
        stripe.subscriptionSchedules.update(scheduleId, {
          end_behavior: 'release',
          proration_behavior: 'none',
          phases: [
            { items: [{ price: item.price.id, quantity: 1 }], start_date: item.current_period_start, end_date: item.current_period_end },
            { items: [{ price: target.priceId, quantity: 1 }], duration: { interval: target.interval, interval_count: target.intervalCount } },
          ],
        }),
      );
      return subscriptionState(await retrieveSubscription(providerSubscriptionId));
    },

    async cancelAtPeriodEnd({ providerSubscriptionId }) {
      // While a schedule owns the subscription Stripe refuses cancel_at_period_end; a cancellation replaces the downgrade.
      await releaseSchedule(await retrieveSubscription(providerSubscriptionId));
      await call(() => stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true }));
      return subscriptionState(await retrieveSubscription(providerSubscriptionId));
    },

    async resume({ providerSubscriptionId }) {
      await releaseSchedule(await retrieveSubscription(providerSubscriptionId));
      await call(() => stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: false }));
      return subscriptionState(await retrieveSubscription(providerSubscriptionId));
    },

    async cancelNow({ providerSubscriptionId, comment }) {
      // DELETE /v1/subscriptions/{id}: no further charge, and Stripe stops collecting the open invoices. Stripe answers
      // "No such subscription" for one already canceled, so an ended subscription (a retried job, a cancel in the
      // dashboard whose webhook has not arrived) is left alone.
      const ended = async () => ENDED.has((await retrieveSubscription(providerSubscriptionId)).status);
      if (await ended()) return;
      try {
        await stripe.subscriptions.cancel(providerSubscriptionId, { cancellation_details: { comment } });
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing' && (await ended())) return;
        stripeFailure(error);
      }
    },

    verifyWebhook(rawBody, signatureHeader, webhookSecret) {
      return stripe.webhooks.constructEvent(rawBody, signatureHeader, webhookSecret);
    },

    async toBillingEvent(event) {
      const base = { providerEventId: event.id, occurredAt: toDate(event.created) };
      const ignored = (reason: string): StripeWebhookResult => ({ kind: 'ignored', stripeEventId: event.id, stripeEventType: event.type, reason });
      const wrap = (normalised: BillingEvent): StripeWebhookResult => ({ kind: 'event', event: normalised, stripeEventType: event.type });
      try {
        switch (event.type) {
          case 'checkout.session.completed': {
            const session = event.data.object;
            const subscriptionId = idOf(session.subscription);
            if (session.mode !== 'subscription' || !subscriptionId) return ignored('not a subscription checkout');
            // The session names the subscription by id; its state is read back from Stripe.
            const subscription = await subscriptionState(await retrieveSubscription(subscriptionId));
            return wrap({
              ...base,
              type: 'checkoutCompleted',
              providerSessionId: session.id,
              providerCustomerId: idOf(session.customer) ?? subscription.providerCustomerId,
              subscription,
            });
          }
          case 'customer.subscription.created':
          case 'customer.subscription.updated':
            return wrap({ ...base, type: 'subscriptionChanged', subscription: await subscriptionState(event.data.object) });
          case 'customer.subscription.deleted':
            return wrap({ ...base, type: 'subscriptionDeleted', subscription: await subscriptionState(event.data.object) });
          case 'invoice.paid':
            return wrap({ ...base, type: 'invoicePaid', invoice: await invoiceState(event.data.object) });
          case 'invoice.payment_failed':
            return wrap({ ...base, type: 'invoicePaymentFailed', invoice: await invoiceState(event.data.object) });
          default:
            return ignored('event type not used by Rampart');
        }
      } catch (error) {
        // A price outside our catalog is another product in the same Stripe account: acknowledged, not applied.
        if (error instanceof AppError && error.message.includes(NOT_OUR_PLAN)) return ignored(error.message);
        throw error;
      }
    },
  };
}
