// The built-in billing sandbox: Stripe's calls without Stripe, so a fresh machine shows the whole flow. Its hosted pages
// (/sandbox/billing/checkout/{id}, /sandbox/billing/portal/{id}) are the web's; payments are simulated with test cards
// and reported as the same BillingEvents Stripe's webhooks become, applied by the same path (billing.service.ts).
import { passesLuhn } from '@rampart/shared/cards';
import crypto from 'node:crypto';
import { PLAN_FEATURES, PLAN_PRICES, PRICE_LOOKUP_KEYS, SANDBOX_TEST_CARDS, type PriceLookupKey } from '@rampart/shared/billing';
import type { Env } from '../../config/env.ts';
import type { BillingEvent, BillingProviderAdapter, ProviderInvoiceState, ProviderPrice, ProviderSubscriptionState } from './billing-provider.ts';

export const SANDBOX_CHECKOUT_TTL_MINUTES = 60;
const PORTAL_TTL_SECONDS = 60 * 60;

export interface SandboxProviderDeps {
  /** The sandbox keeps no state of its own: a subscription is what the subscriptions row says. */
  loadSubscription(providerSubscriptionId: string): Promise<ProviderSubscriptionState | null>;
}

const randomId = (prefix: string) => `${prefix}${crypto.randomBytes(12).toString('base64url')}`;
export const sandboxEventId = () => randomId('sbx_evt_');

export function sandboxPriceId(lookupKey: PriceLookupKey): string {
  return `sbx_price_${lookupKey}`;
}

export function sandboxPrices(): ProviderPrice[] {
  return PRICE_LOOKUP_KEYS.map((lookupKey) => {
    const price = PLAN_PRICES[lookupKey];
    return {
      priceId: sandboxPriceId(lookupKey),
      lookupKey,
      plan: price.plan,
      productName: `Rampart ${price.plan}`,
      description: PLAN_FEATURES[price.plan].description,
      features: PLAN_FEATURES[price.plan].features,
      currency: 'usd',
      unitAmount: price.usdPrice,
      interval: price.interval,
      intervalCount: 1,
    };
  });
}

/** The end of a period that starts at `start` (calendar months; the 31st becomes the month's last day). */
export function addInterval(start: Date, interval: 'month' | 'year'): Date {
  const end = new Date(start);
  const months = interval === 'year' ? 12 : 1;
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

const toCents = (decimal: string) => Math.round(Number(decimal) * 100);
const fromCents = (cents: number) => (cents / 100).toFixed(2);

function signPortal(secret: string, payload: string): string {
  return crypto.createHmac('sha256', secret).update(`sandbox-billing-portal:${payload}`).digest('base64url');
}

/** A portal session id: the customer, an expiry and the return path, signed (no table needed; it expires by itself). */
export function createSandboxPortalId(secret: string, input: { providerCustomerId: string; returnPath: string }, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ c: input.providerCustomerId, e: Math.floor(now / 1000) + PORTAL_TTL_SECONDS, r: input.returnPath })).toString(
    'base64url',
  );
  return `${payload}.${signPortal(secret, payload)}`;
}

export function readSandboxPortalId(secret: string, id: string, now = Date.now()): { providerCustomerId: string; returnPath: string; expiresAt: Date } | null {
  const [payload, signature, extra] = id.split('.');
  if (!payload || !signature || extra !== undefined || id.length > 1000) return null;
  const expected = Buffer.from(signPortal(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { c?: unknown; e?: unknown; r?: unknown };
    if (typeof parsed.c !== 'string' || typeof parsed.e !== 'number' || typeof parsed.r !== 'string') return null;
    if (parsed.e * 1000 < now) return null;
    return { providerCustomerId: parsed.c, returnPath: parsed.r, expiresAt: new Date(parsed.e * 1000) };
  } catch {
    return null;
  }
}

export function createSandboxProvider(config: Env, deps: SandboxProviderDeps): BillingProviderAdapter {
  const publicUrl = config.PUBLIC_URL.replace(/\/$/, '');
  const portalSecret = config.USER_HASH_SECRET;

  async function current(providerSubscriptionId: string): Promise<ProviderSubscriptionState> {
    const state = await deps.loadSubscription(providerSubscriptionId);
    if (!state) throw new Error(`sandbox: no subscription ${providerSubscriptionId}`);
    return state;
  }

  return {
    name: 'sandbox',
    async prices() {
      return sandboxPrices();
    },
    async createCustomer() {
      return { providerCustomerId: randomId('sbx_cus_') };
    },
    async createCheckoutSession() {
      const providerSessionId = randomId('sbx_cs_');
      return {
        providerSessionId,
        url: `${publicUrl}/sandbox/billing/checkout/${providerSessionId}`,
        expiresAt: new Date(Date.now() + SANDBOX_CHECKOUT_TTL_MINUTES * 60_000),
      };
    },
    async createPortalSession(input) {
      const returnPath = new URL(input.returnUrl).pathname;
      const providerSessionId = createSandboxPortalId(portalSecret, { providerCustomerId: input.providerCustomerId, returnPath });
      return { providerSessionId, url: `${publicUrl}/sandbox/billing/portal/${providerSessionId}` };
    },
    async changePlan(input) {
      const state = await current(input.providerSubscriptionId);
      if (input.atPeriodEnd) return { ...state, scheduledPriceLookupKey: input.priceLookupKey, cancelAtPeriodEnd: false };
      const before = PLAN_PRICES[state.priceLookupKey];
      const after = PLAN_PRICES[input.priceLookupKey];
      // As Stripe: the same interval keeps the billing period; another interval starts a new one now.
      const now = new Date();
      const period =
        before.interval === after.interval
          ? { currentPeriodStart: state.currentPeriodStart, currentPeriodEnd: state.currentPeriodEnd }
          : { currentPeriodStart: now, currentPeriodEnd: addInterval(now, after.interval) };
      return { ...state, ...period, priceLookupKey: input.priceLookupKey, scheduledPriceLookupKey: null, cancelAtPeriodEnd: false };
    },
    async cancelAtPeriodEnd(input) {
      const state = await current(input.providerSubscriptionId);
      return { ...state, cancelAtPeriodEnd: true, scheduledPriceLookupKey: null };
    },
    async resume(input) {
      const state = await current(input.providerSubscriptionId);
      return { ...state, cancelAtPeriodEnd: false, scheduledPriceLookupKey: null };
    },
    async cancelNow() {
      // Nothing to stop: the sandbox charges only when asked to simulate a renewal, and the subscription is our row.
    },
  };
}

// ---- The sandbox's payments ----

export interface SandboxCard {
  number: string;
  expiry: string;
  cvc: string;
  nameOnCard: string;
}

export const SANDBOX_DECLINED_MESSAGE = 'Your card was declined (test card 4000 0000 0000 0002). Nothing was charged: use 4242 4242 4242 4242 to pay.';

/**
 * Checks a test card as a card form would: field messages for what is wrong, or the card's outcome. Only the listed test
 * cards are accepted: the sandbox never takes a real card.
 */
export function validateSandboxCard(
  card: SandboxCard,
  now = new Date(),
):
  | { fields: Record<string, string> }
  | { outcome: 'succeeds' | 'declined' | 'declinedNow'; paymentMethod: NonNullable<ProviderSubscriptionState['paymentMethod']> } {
  const fields: Record<string, string> = {};
  const digits = card.number.replace(/[\s-]/g, '');
  const testCard = SANDBOX_TEST_CARDS.find((candidate) => candidate.number.replace(/\s/g, '') === digits);
  if (!/^\d{12,19}$/.test(digits)) fields.number = 'Enter the card number: 12 to 19 digits.';
  else if (!passesLuhn(digits)) fields.number = 'This card number is not valid: check the digits.';
  else if (!testCard) fields.number = `The billing sandbox takes only its test cards, such as ${SANDBOX_TEST_CARDS[0].number}: no real card is charged here.`;

  const expiry = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(card.expiry);
  let expMonth = 0;
  let expYear = 0;
  if (!expiry) fields.expiry = 'Enter the expiry date as MM/YY, such as 12/30.';
  else {
    expMonth = Number(expiry[1]);
    expYear = 2000 + Number(expiry[2]);
    if (expMonth < 1 || expMonth > 12) fields.expiry = 'The month must be 01 to 12.';
    else if (expYear < now.getUTCFullYear() || (expYear === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1))
      fields.expiry = 'This card has expired: the expiry date is in the past.';
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) fields.cvc = 'Enter the 3 or 4 digits of the security code.';
  const name = card.nameOnCard.trim();
  if (name.length < 2) fields.nameOnCard = 'Enter the name on the card.';
  else if (name.length > 100) fields.nameOnCard = 'The name on the card can be at most 100 characters.';
  if (Object.keys(fields).length || !testCard) return { fields };
  return { outcome: testCard.outcome, paymentMethod: { brand: 'Visa', last4: digits.slice(-4), expMonth, expYear } };
}

/** A test card whose later payments are declined (4000 0000 0000 0341): its renewals fail. */
export function renewalDeclines(state: ProviderSubscriptionState): boolean {
  const declining = SANDBOX_TEST_CARDS.filter((card) => card.outcome === 'declined').map((card) => card.number.slice(-4));
  return state.paymentMethod !== null && declining.includes(state.paymentMethod.last4);
}

function invoice(
  state: ProviderSubscriptionState,
  input: { status: ProviderInvoiceState['status']; amountDue: string; periodStart: Date; periodEnd: Date; attemptCount?: number; providerInvoiceId?: string },
): ProviderInvoiceState {
  return {
    providerInvoiceId: input.providerInvoiceId ?? randomId('sbx_in_'),
    providerCustomerId: state.providerCustomerId,
    providerSubscriptionId: state.providerSubscriptionId,
    status: input.status,
    priceLookupKey: state.priceLookupKey,
    amountDue: input.amountDue,
    amountPaid: input.status === 'paid' ? input.amountDue : '0.00',
    currency: 'usd',
    periodStart: input.periodStart,
    periodEnd: input.periodEnd,
    hostedInvoiceUrl: null,
    attemptCount: input.attemptCount ?? 1,
  };
}

/** A paid checkout: the subscription starts now and its first invoice is paid. */
export function sandboxCheckoutEvents(input: {
  providerSessionId: string;
  providerCustomerId: string;
  priceLookupKey: PriceLookupKey;
  paymentMethod: NonNullable<ProviderSubscriptionState['paymentMethod']>;
  now: Date;
}): BillingEvent[] {
  const { now } = input;
  const price = PLAN_PRICES[input.priceLookupKey];
  const subscription: ProviderSubscriptionState = {
    providerSubscriptionId: randomId('sbx_sub_'),
    providerCustomerId: input.providerCustomerId,
    priceLookupKey: input.priceLookupKey,
    status: 'active',
    currentPeriodStart: now,
    currentPeriodEnd: addInterval(now, price.interval),
    cancelAtPeriodEnd: false,
    scheduledPriceLookupKey: null,
    paymentMethod: input.paymentMethod,
  };
  return [
    {
      type: 'checkoutCompleted',
      providerEventId: sandboxEventId(),
      occurredAt: now,
      providerSessionId: input.providerSessionId,
      providerCustomerId: input.providerCustomerId,
      subscription,
    },
    {
      type: 'invoicePaid',
      providerEventId: sandboxEventId(),
      occurredAt: now,
      invoice: invoice(subscription, { status: 'paid', amountDue: price.usdPrice, periodStart: now, periodEnd: subscription.currentPeriodEnd }),
    },
  ];
}

/**
 * An upgrade's prorated invoice, as Stripe computes it: the new price for the rest of the period less what is unused of
 * the old one (another interval: the new price less the unused part of the old).
 */
export function sandboxUpgradeInvoiceEvent(before: ProviderSubscriptionState, after: ProviderSubscriptionState, now: Date): BillingEvent {
  const oldCents = toCents(PLAN_PRICES[before.priceLookupKey].usdPrice);
  const newCents = toCents(PLAN_PRICES[after.priceLookupKey].usdPrice);
  const total = before.currentPeriodEnd.getTime() - before.currentPeriodStart.getTime();
  const unused = total > 0 ? Math.max(0, Math.min(1, (before.currentPeriodEnd.getTime() - now.getTime()) / total)) : 0;
  const sameInterval = PLAN_PRICES[before.priceLookupKey].interval === PLAN_PRICES[after.priceLookupKey].interval;
  const cents = sameInterval ? Math.round((newCents - oldCents) * unused) : newCents - Math.round(oldCents * unused);
  return {
    type: 'invoicePaid',
    providerEventId: sandboxEventId(),
    occurredAt: now,
    invoice: invoice(after, { status: 'paid', amountDue: fromCents(Math.max(0, cents)), periodStart: now, periodEnd: after.currentPeriodEnd }),
  };
}

/**
 * The period's end: a cancellation ends the subscription; otherwise the next period starts (at the scheduled price if a
 * downgrade waits) and its invoice is paid, or fails (outcome 'fails', or a card whose later payments are declined).
 */
export function sandboxRenewalEvents(state: ProviderSubscriptionState, outcome: 'succeeds' | 'fails', now: Date): BillingEvent[] {
  if (state.cancelAtPeriodEnd) {
    return [
      {
        type: 'subscriptionDeleted',
        providerEventId: sandboxEventId(),
        occurredAt: now,
        subscription: { ...state, status: 'canceled', cancelAtPeriodEnd: false, scheduledPriceLookupKey: null },
      },
    ];
  }
  const fails = outcome === 'fails' || renewalDeclines(state);
  const lookupKey = state.scheduledPriceLookupKey ?? state.priceLookupKey;
  const price = PLAN_PRICES[lookupKey];
  const next: ProviderSubscriptionState = {
    ...state,
    priceLookupKey: lookupKey,
    scheduledPriceLookupKey: null,
    currentPeriodStart: now,
    currentPeriodEnd: addInterval(now, price.interval),
    status: fails ? 'past_due' : 'active',
  };
  const renewalInvoice = invoice(next, {
    status: fails ? 'open' : 'paid',
    amountDue: price.usdPrice,
    periodStart: next.currentPeriodStart,
    periodEnd: next.currentPeriodEnd,
  });
  return [
    { type: 'subscriptionChanged', providerEventId: sandboxEventId(), occurredAt: now, subscription: next },
    fails
      ? { type: 'invoicePaymentFailed', providerEventId: sandboxEventId(), occurredAt: now, invoice: renewalInvoice }
      : { type: 'invoicePaid', providerEventId: sandboxEventId(), occurredAt: now, invoice: renewalInvoice },
  ];
}

/** A retry of the open invoice while past due: paid (clears past_due) or failed again. */
export function sandboxRetryEvents(
  state: ProviderSubscriptionState,
  open: { providerInvoiceId: string; amountDue: string; periodStart: Date; periodEnd: Date; attemptCount: number; priceLookupKey: PriceLookupKey },
  outcome: 'succeeds' | 'fails',
  now: Date,
): BillingEvent[] {
  const fails = outcome === 'fails' || renewalDeclines(state);
  const retried = invoice(
    { ...state, priceLookupKey: open.priceLookupKey },
    {
      status: fails ? 'open' : 'paid',
      amountDue: open.amountDue,
      periodStart: open.periodStart,
      periodEnd: open.periodEnd,
      attemptCount: open.attemptCount + 1,
      providerInvoiceId: open.providerInvoiceId,
    },
  );
  if (fails) return [{ type: 'invoicePaymentFailed', providerEventId: sandboxEventId(), occurredAt: now, invoice: retried }];
  return [
    { type: 'invoicePaid', providerEventId: sandboxEventId(), occurredAt: now, invoice: retried },
    { type: 'subscriptionChanged', providerEventId: sandboxEventId(), occurredAt: now, subscription: { ...state, status: 'active' } },
  ];
}
