// The Stripe adapter against a local fake of Stripe's HTTP API (test/fakes/fake-stripe.ts), with webhook deliveries
// signed by the library's own test-header helper. Real PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestApp, type ApiClient, type TestApp } from '../../../test/harness.ts';
import { accountWithMember } from '../../../test/accounts-helper.ts';
import { startFakeStripe, parseStripeParams, type FakeStripe } from '../../../test/fakes/fake-stripe.ts';
import { fromMinorUnits } from './stripe-provider.ts';

const SECRET_KEY = 'sk_test_rampart_fake_0123456789';
const WEBHOOK_SECRET = 'whsec_rampart_fake_webhook_secret';

let stripe: FakeStripe;
let t: TestApp;
beforeAll(async () => {
  stripe = await startFakeStripe({ secretKey: SECRET_KEY });
  t = await startTestApp({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const PRODUCTS = `query($a: ID!) { stripeProducts(accountId: $a) { priceId lookupKey plan productName currency usdPrice recurring { interval intervalCount } } }`;
const CHECKOUT = `mutation($a: ID!, $p: ID!, $r: String) { createStripeSession(accountId: $a, priceId: $p, returnPath: $r) { id url } }`;
const PORTAL = `mutation($a: ID!) { createStripeBillingSession(accountId: $a, returnPath: "/subscription") { id url } }`;
const BILLING_FIELDS = `provider plan subscription { plan priceLookupKey status cancelAtPeriodEnd scheduledPriceLookupKey pastDueSince paymentMethod { brand last4 } } invoices { number status amountPaid amountDue currency url }`;
const BILLING = `query($a: ID!) { billing(accountId: $a) { ${BILLING_FIELDS} } }`;
const CHANGE = `mutation($a: ID!, $k: PriceLookupKey!) { changeSubscriptionPlan(accountId: $a, priceLookupKey: $k) { ${BILLING_FIELDS} } }`;
const CANCEL = `mutation($a: ID!) { cancelSubscription(accountId: $a) { ${BILLING_FIELDS} } }`;
const RESUME = `mutation($a: ID!) { resumeSubscription(accountId: $a) { ${BILLING_FIELDS} } }`;

type StripeJson = Record<string, unknown>;
const seconds = () => Math.floor(Date.now() / 1000);

async function deliver(payload: StripeJson | string, options: { secret?: string; timestamp?: number; header?: string | null; body?: string } = {}) {
  const signed = stripe.sign(payload, options.secret ?? WEBHOOK_SECRET, options.timestamp);
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  const header = options.header === undefined ? signed.header : options.header;
  if (header !== null) headers['stripe-signature'] = header;
  const response = await fetch(`${t.baseUrl}/webhooks/stripe`, { method: 'POST', headers, body: options.body ?? signed.body });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { error?: { type: string; message: string } } };
}

async function planOf(organizationId: string) {
  const result = await t.database.pool.query<{ plan: string }>(`select subscription_plan_type as plan from organizations where id = $1`, [organizationId]);
  return result.rows[0]!.plan;
}

async function organizationOf(accountId: string) {
  return (await t.database.pool.query<{ id: string }>(`select organization_id as id from accounts where id = $1`, [accountId])).rows[0]!.id;
}

async function priceId(client: ApiClient, accountId: string, lookupKey: string) {
  const products = (await client.ok(PRODUCTS, { a: accountId })).stripeProducts as Array<{ priceId: string; lookupKey: string }>;
  return products.find((product) => product.lookupKey === lookupKey)!.priceId;
}

/** Free → paid through Checkout; returns the subscription and the three events (not yet delivered). */
async function checkout(partner: Awaited<ReturnType<typeof accountWithMember>>, lookupKey = 'pro_monthly', created?: number) {
  const session = (
    await partner.client.ok(CHECKOUT, { a: partner.accountId, p: await priceId(partner.client, partner.accountId, lookupKey), r: '/subscription' })
  ).createStripeSession as { id: string; url: string };
  return { session, ...stripe.completeCheckout(session.id, created !== undefined ? { created } : {}) };
}

async function subscribed(name: string, lookupKey = 'pro_monthly', created = seconds()) {
  const partner = await accountWithMember(t, { name });
  const paid = await checkout(partner, lookupKey, created);
  for (const event of paid.events) expect((await deliver(event)).status).toBe(200);
  return { partner, ...paid, organizationId: await organizationOf(partner.accountId) };
}

/** A subscription started an hour ago whose renewal then failed: past due, its dunning running. */
async function subscribedPastDue(name: string, lookupKey: string) {
  const start = seconds() - 3600;
  const paid = await subscribed(name, lookupKey, start);
  const subscriptionId = paid.subscription.id as string;
  for (const event of stripe.failRenewal(subscriptionId, start + 60)) expect((await deliver(event)).body.outcome).toBe('applied');
  return { ...paid, subscriptionId };
}

/** Past due for 15 days: the dunning may end. */
async function dunningOver(organizationId: string) {
  await t.database.pool.query(`update subscriptions set past_due_since = now() - interval '15 days' where organization_id = $1`, [organizationId]);
}

describe('Stripe adapter requests (as Stripe documents them)', () => {
  it('reads the plans by lookup key with their products, amounts from minor units as decimal strings', async () => {
    const partner = await accountWithMember(t, { name: 'Stripe prices' });
    const products = (await partner.client.ok(PRODUCTS, { a: partner.accountId })).stripeProducts as Array<Record<string, unknown>>;
    expect(
      products
        .map((product) => [product.lookupKey, product.plan, product.usdPrice, product.currency, (product.recurring as { interval: string }).interval])
        .sort(),
    ).toEqual([
      ['basic_monthly', 'Basic', '49.00', 'usd', 'month'],
      ['basic_yearly', 'Basic', '490.00', 'usd', 'year'],
      ['pro_monthly', 'Pro', '199.00', 'usd', 'month'],
      ['pro_yearly', 'Pro', '1990.00', 'usd', 'year'],
    ]);
    expect(products.every((product) => String(product.priceId).startsWith('price_'))).toBe(true);
    const list = stripe.requests.find((request) => request.method === 'GET' && request.path === '/v1/prices')!;
    expect(list.params).toMatchObject({
      lookup_keys: ['basic_monthly', 'basic_yearly', 'pro_monthly', 'pro_yearly'],
      active: 'true',
      expand: ['data.product'],
    });
    expect(list.stripeVersion).toMatch(/^\d{4}-\d{2}-\d{2}\./);
  });

  it('creates the customer once, then Checkout in subscription mode with one line item and the return URLs', async () => {
    const partner = await accountWithMember(t, { name: 'Stripe checkout' });
    const organizationId = await organizationOf(partner.accountId);
    const before = stripe.requests.length;
    const price = await priceId(partner.client, partner.accountId, 'basic_monthly');
    const session = (await partner.client.ok(CHECKOUT, { a: partner.accountId, p: price, r: '/dashboard/onramp/subscribe' })).createStripeSession as {
      id: string;
      url: string;
    };
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`https://checkout.stripe.com/c/pay/${session.id}`);

    const sent = stripe.requests.slice(before).filter((request) => request.method === 'POST');
    expect(sent.map((request) => request.path)).toEqual(['/v1/customers', '/v1/checkout/sessions']);
    expect(sent[0]!.params).toEqual({ name: 'Stripe checkout Ltd', email: partner.email.toLowerCase(), metadata: { organization_id: organizationId } });
    expect(sent[0]!.idempotencyKey).toBe(`rampart-customer-${organizationId}`);
    const customer = (await t.database.pool.query(`select provider, provider_customer_id from billing_customers where organization_id = $1`, [organizationId]))
      .rows[0];
    expect(customer.provider).toBe('stripe');
    expect(customer.provider_customer_id).toMatch(/^cus_/);
    expect(sent[1]!.params).toEqual({
      mode: 'subscription',
      customer: customer.provider_customer_id,
      line_items: [{ price, quantity: '1' }],
      success_url: 'http://localhost:3000/dashboard/onramp/subscribe?checkout=success',
      cancel_url: 'http://localhost:3000/dashboard/onramp/subscribe?checkout=cancelled',
      client_reference_id: organizationId,
      metadata: { organization_id: organizationId },
      subscription_data: { metadata: { organization_id: organizationId } },
    });

    // A second attempt (the first abandoned) reuses the customer.
    await partner.client.ok(CHECKOUT, { a: partner.accountId, p: price });
    expect(stripe.requests.slice(before).filter((request) => request.path === '/v1/customers')).toHaveLength(1);
  });

  it('opens the customer portal for the customer, returning to the dashboard', async () => {
    const { partner, subscription } = await subscribed('Stripe portal');
    const portal = (await partner.client.ok(PORTAL, { a: partner.accountId })).createStripeBillingSession as { id: string; url: string };
    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/test_bps_/);
    const sent = stripe.requests.at(-1)!;
    expect([sent.method, sent.path]).toEqual(['POST', '/v1/billing_portal/sessions']);
    expect(sent.params).toEqual({ customer: subscription.customer, return_url: 'http://localhost:3000/subscription' });
  });

  it('upgrades now with an immediately invoiced proration, downgrades at period end through a subscription schedule, resumes and cancels', async () => {
    const { partner, subscription, organizationId } = await subscribed('Stripe plan changes', 'basic_monthly');
    const subscriptionId = subscription.id as string;
    const item = (subscription.items as { data: Array<{ id: string }> }).data[0]!;

    let before = stripe.requests.length;
    const upgraded = (await partner.client.ok(CHANGE, { a: partner.accountId, k: 'pro_monthly' })).changeSubscriptionPlan;
    expect(upgraded.plan).toBe('Pro');
    expect(await planOf(organizationId)).toBe('Pro');
    const update = stripe.requests.slice(before).find((request) => request.method === 'POST' && request.path === `/v1/subscriptions/${subscriptionId}`)!;
    expect(update.params).toEqual({ items: [{ id: item.id, price: stripe.priceByLookup('pro_monthly')!.id }], proration_behavior: 'always_invoice' });
    // Stripe then reports the prorated invoice it charged at once.
    const prorated = stripe.invoices.get(String(stripe.subscriptions.get(subscriptionId)!.latest_invoice))!;
    expect((await deliver(stripe.event('invoice.paid', prorated))).body.outcome).toBe('applied');
    const afterUpgrade = (await partner.client.ok(BILLING, { a: partner.accountId })).billing;
    expect(afterUpgrade.invoices.map((invoice: { amountPaid: string }) => invoice.amountPaid)).toEqual(['150.00', '49.00']);

    before = stripe.requests.length;
    const downgraded = (await partner.client.ok(CHANGE, { a: partner.accountId, k: 'basic_monthly' })).changeSubscriptionPlan;
    expect(downgraded.plan).toBe('Pro');
    expect(downgraded.subscription).toMatchObject({ priceLookupKey: 'pro_monthly', scheduledPriceLookupKey: 'basic_monthly', cancelAtPeriodEnd: false });
    const posts = stripe.requests.slice(before).filter((request) => request.method === 'POST');
    expect(posts[0]).toMatchObject({ path: '/v1/subscription_schedules', params: { from_subscription: subscriptionId } });
    const scheduleId = String(stripe.subscriptions.get(subscriptionId)!.schedule);
    const current = (stripe.subscriptions.get(subscriptionId)!.items as { data: Array<{ current_period_start: number; current_period_end: number }> }).data[0]!;
    expect(posts[1]).toMatchObject({
      path: `/v1/subscription_schedules/${scheduleId}`,
      params: {
        end_behavior: 'release',
        proration_behavior: 'none',
        phases: [
          {
            items: [{ price: stripe.priceByLookup('pro_monthly')!.id, quantity: '1' }],
            start_date: String(current.current_period_start),
            end_date: String(current.current_period_end),
          },
          { items: [{ price: stripe.priceByLookup('basic_monthly')!.id, quantity: '1' }], duration: { interval: 'month', interval_count: '1' } },
        ],
      },
    });

    before = stripe.requests.length;
    const resumed = (await partner.client.ok(RESUME, { a: partner.accountId })).resumeSubscription;
    expect(resumed.subscription).toMatchObject({ scheduledPriceLookupKey: null, cancelAtPeriodEnd: false });
    expect(
      stripe.requests
        .slice(before)
        .filter((request) => request.method === 'POST')
        .map((request) => [request.path, request.params]),
    ).toEqual([
      [`/v1/subscription_schedules/${scheduleId}/release`, {}],
      [`/v1/subscriptions/${subscriptionId}`, { cancel_at_period_end: 'false' }],
    ]);

    before = stripe.requests.length;
    const cancelled = (await partner.client.ok(CANCEL, { a: partner.accountId })).cancelSubscription;
    expect(cancelled.subscription).toMatchObject({ cancelAtPeriodEnd: true, plan: 'Pro' });
    expect(
      stripe.requests
        .slice(before)
        .filter((request) => request.method === 'POST')
        .map((request) => [request.path, request.params]),
    ).toEqual([[`/v1/subscriptions/${subscriptionId}`, { cancel_at_period_end: 'true' }]]);
  });

  it("turns Stripe's errors into a sentence for the partner, never a 500", async () => {
    const partner = await accountWithMember(t, { name: 'Stripe errors' });
    const price = await priceId(partner.client, partner.accountId, 'pro_monthly');
    for (const [status, error, message] of [
      [
        402,
        { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
        'Stripe declined the payment: Your card was declined.',
      ],
      [
        400,
        { type: 'invalid_request_error', code: 'parameter_invalid_empty', param: 'success_url', message: 'You passed an empty string for success_url.' },
        'Stripe refused the request (HTTP 400). Try again in a few minutes, or contact support if it persists.',
      ],
    ] as const) {
      stripe.failNext('POST', /^\/v1\/checkout\/sessions$/, status, error);
      const refused = await partner.client.gql(CHECKOUT, { a: partner.accountId, p: price });
      expect(errorCode(refused)).toBe('CONFLICT');
      expect(refused.errors![0]!.message).toBe(message);
    }
    expect(await planOf(await organizationOf(partner.accountId))).toBe('Free');
  });

  it('says so when Stripe refuses the secret key', async () => {
    const wrong = await startTestApp({ STRIPE_SECRET_KEY: 'sk_test_not_the_key', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url });
    try {
      const partner = await accountWithMember(wrong);
      const result = await partner.client.gql(PRODUCTS, { a: partner.accountId });
      expect(errorCode(result)).toBe('CONFLICT');
      expect(result.errors![0]!.message).toMatch(/^Stripe refused the request \(HTTP 401\)/);
    } finally {
      await wrong.close();
    }
  });
});

describe('Stripe webhooks', () => {
  it('Free → Pro: checkout completed, subscription created and invoice paid give the plan, the payment method and a numbered invoice', async () => {
    const partner = await accountWithMember(t, { name: 'Stripe upgrade' });
    const organizationId = await organizationOf(partner.accountId);
    const { events, invoice } = await checkout(partner, 'pro_monthly');
    expect(events.map((event) => event.type)).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
    for (const event of events) {
      const answer = await deliver(event);
      expect(answer).toEqual({ status: 200, body: { received: true, eventId: event.id, type: event.type, outcome: 'applied' } });
    }
    expect(await planOf(organizationId)).toBe('Pro');
    const billing = (await partner.client.ok(BILLING, { a: partner.accountId })).billing;
    expect(billing).toMatchObject({
      provider: 'stripe',
      plan: 'Pro',
      subscription: {
        plan: 'Pro',
        priceLookupKey: 'pro_monthly',
        status: 'active',
        cancelAtPeriodEnd: false,
        scheduledPriceLookupKey: null,
        pastDueSince: null,
        paymentMethod: { brand: 'visa', last4: '4242' },
      },
    });
    expect(billing.invoices).toHaveLength(1);
    expect(billing.invoices[0]).toMatchObject({ status: 'paid', amountPaid: '199.00', amountDue: '199.00', currency: 'usd', url: invoice.hosted_invoice_url });
    expect(billing.invoices[0].number).toMatch(/^RMP-\d{6}$/);
    const recorded = await t.database.pool.query(
      `select type, outcome from billing_events where provider = 'stripe' and organization_id = $1 order by occurred_at, type`,
      [organizationId],
    );
    expect(recorded.rows.map((row) => row.outcome)).toEqual(['applied', 'applied', 'applied']);
  });

  it('refuses bad signatures with 400 and changes nothing: wrong secret, tampered body, missing header, old timestamp', async () => {
    const partner = await accountWithMember(t, { name: 'Stripe signatures' });
    const organizationId = await organizationOf(partner.accountId);
    const { events } = await checkout(partner, 'pro_monthly');
    const completed = events[0]!;
    const signed = stripe.sign(completed, WEBHOOK_SECRET);

    const attempts = [
      await deliver(completed, { secret: 'whsec_someone_else' }),
      await deliver(completed, { header: signed.header, body: signed.body.replace('"complete"', '"open"') }),
      await deliver(completed, { header: null }),
      await deliver(completed, { header: 't=1,v1=deadbeef' }),
      await deliver(completed, { timestamp: seconds() - 10 * 60 }),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(400);
      expect(attempt.body.error!.type).toBe('invalid_signature');
      expect(attempt.body.error!.message.length).toBeGreaterThan(10);
    }
    expect(attempts[2]!.body.error!.message).toBe('The Stripe-Signature header is missing.');
    expect(attempts[4]!.body.error!.message).toMatch(/tolerance/i);
    expect(await planOf(organizationId)).toBe('Free');
    expect((await t.database.pool.query(`select count(*)::int as n from billing_events where provider_event_id = $1`, [completed.id])).rows[0].n).toBe(0);
    expect((await t.database.pool.query(`select count(*)::int as n from subscriptions where organization_id = $1`, [organizationId])).rows[0].n).toBe(0);

    expect((await deliver(completed)).body.outcome).toBe('applied');
    expect(await planOf(organizationId)).toBe('Pro');
  });

  it('applies a replayed event once', async () => {
    const { partner, events, organizationId } = await subscribed('Stripe replay');
    const paid = events[2]!;
    const again = await deliver(paid);
    expect(again).toEqual({ status: 200, body: { received: true, eventId: paid.id, type: 'invoice.paid', outcome: 'duplicate' } });
    expect((await deliver(events[0]!)).body.outcome).toBe('duplicate');
    expect((await partner.client.ok(BILLING, { a: partner.accountId })).billing.invoices).toHaveLength(1);
    expect((await t.database.pool.query(`select count(*)::int as n from billing_events where provider_event_id = $1`, [paid.id])).rows[0].n).toBe(1);
    expect(await planOf(organizationId)).toBe('Pro');
  });

  it('a failed renewal makes the subscription past due (plan kept); an older update arriving late is stale; a paid retry clears it; deletion returns to Free', async () => {
    const start = seconds() - 3600;
    const { partner, subscription, organizationId } = await subscribed('Stripe dunning', 'pro_monthly', start);
    const subscriptionId = subscription.id as string;
    // Captured now (active), delivered after the newer failure events.
    const older = stripe.subscriptionEvent('customer.subscription.updated', subscriptionId, { created: start + 60 });

    const [failed, pastDue] = stripe.failRenewal(subscriptionId, start + 120);
    expect((await deliver(failed!)).body.outcome).toBe('applied');
    expect((await deliver(pastDue!)).body.outcome).toBe('applied');
    let billing = (await partner.client.ok(BILLING, { a: partner.accountId })).billing;
    expect(billing.plan).toBe('Pro');
    expect(billing.subscription.status).toBe('past_due');
    expect(new Date(billing.subscription.pastDueSince).getTime()).toBe((start + 120) * 1000);
    expect(billing.invoices.map((invoice: { status: string }) => invoice.status)).toEqual(['open', 'paid']);
    await t.smtp.waitFor(partner.email, /payment/i);

    const late = await deliver(older);
    expect(late.body.outcome).toBe('stale');
    billing = (await partner.client.ok(BILLING, { a: partner.accountId })).billing;
    expect(billing.subscription.status).toBe('past_due');
    const stored = await t.database.pool.query(`select outcome from billing_events where provider_event_id = $1`, [older.id]);
    expect(stored.rows[0].outcome).toBe('stale');

    // Smart retries succeed: the invoice is paid, the subscription active again.
    const retried = structuredClone((failed!.data as { object: Record<string, unknown> }).object);
    Object.assign(retried, { status: 'paid', amount_paid: retried.amount_due, amount_remaining: 0, attempt_count: 2 });
    expect((await deliver(stripe.event('invoice.paid', retried, { created: start + 150 }))).body.outcome).toBe('applied');
    billing = (await partner.client.ok(BILLING, { a: partner.accountId })).billing;
    expect(billing.subscription).toMatchObject({ status: 'active', pastDueSince: null });
    expect(billing.invoices.map((invoice: { status: string }) => invoice.status)).toEqual(['paid', 'paid']);

    const deleted = stripe.endSubscription(subscriptionId, start + 180);
    expect((await deliver(deleted)).body.outcome).toBe('applied');
    expect(await planOf(organizationId)).toBe('Free');
    billing = (await partner.client.ok(BILLING, { a: partner.accountId })).billing;
    expect(billing.plan).toBe('Free');
  });

  it('the dunning end cancels the subscription at Stripe, once, and the deletion webhook that follows changes nothing', async () => {
    const { partner, subscription, subscriptionId, organizationId } = await subscribedPastDue('Stripe dunning end', 'pro_monthly');
    // What the subscription page says: "Payment failed: moves to Free on {dunningEndsAt} unless a payment succeeds".
    const pastDue = (await partner.client.ok(`query($a: ID!) { billing(accountId: $a) { subscription { dunningEndsAt } } }`, { a: partner.accountId })).billing
      .subscription;
    const job = await t.database.pool.query(`select run_at from graphile_worker.jobs where key = $1`, [`billing_dunning_end:${organizationId}`]);
    expect(new Date(job.rows[0].run_at).getTime()).toBe(new Date(pastDue.dunningEndsAt).getTime());
    await dunningOver(organizationId);

    const before = stripe.requests.length;
    expect(await t.app.services.billing.endDunning(organizationId)).toBe(true);
    const deletes = stripe.requests.slice(before).filter((request) => request.method === 'DELETE');
    expect(deletes.map((request) => [request.path, request.params])).toEqual([
      [`/v1/subscriptions/${subscriptionId}`, { cancellation_details: { comment: "No payment within Rampart's 14-day dunning period." } }],
    ]);
    expect(stripe.subscriptions.get(subscriptionId)!.status).toBe('canceled');
    // Stripe no longer retries the failed renewal.
    const open = [...stripe.invoices.values()].filter((invoice) => invoice.customer === subscription.customer && invoice.status === 'open');
    expect(open.map((invoice) => invoice.auto_advance)).toEqual([false]);
    expect(await planOf(organizationId)).toBe('Free');
    await t.smtp.waitFor(partner.email, /^Billing: your subscription ended$/);
    const mails = t.smtp.countTo(partner.email);

    // The job again (a retry): nothing more at Stripe.
    expect(await t.app.services.billing.endDunning(organizationId)).toBe(false);
    expect(stripe.requests.slice(before).filter((request) => request.method === 'DELETE')).toHaveLength(1);

    // Stripe's customer.subscription.deleted for our cancel: applied, still Free, no second "ended" mail, nothing rescheduled.
    const jobsNow = async () =>
      (await t.database.pool.query(`select run_at from graphile_worker.jobs where key = $1`, [`billing_dunning_end:${organizationId}`])).rows;
    const queued = await jobsNow();
    const deleted = stripe.subscriptionEvent('customer.subscription.deleted', subscriptionId, { created: seconds() + 5 });
    expect((await deliver(deleted)).body.outcome).toBe('applied');
    expect(await planOf(organizationId)).toBe('Free');
    const billing = (await partner.client.ok(BILLING, { a: partner.accountId })).billing;
    expect(billing).toMatchObject({ plan: 'Free', subscription: null });
    expect(await jobsNow()).toEqual(queued);
    expect(t.smtp.countTo(partner.email)).toBe(mails);
  });

  it('a dunning end for a subscription already canceled at Stripe (its webhook not yet here) sends no cancel and still returns to Free', async () => {
    const { subscriptionId, organizationId } = await subscribedPastDue('Stripe dunning already ended', 'basic_monthly');
    await dunningOver(organizationId);
    const late = stripe.endSubscription(subscriptionId, seconds());

    const before = stripe.requests.length;
    expect(await t.app.services.billing.endDunning(organizationId)).toBe(true);
    expect(stripe.requests.slice(before).map((request) => [request.method, request.path])).toEqual([['GET', `/v1/subscriptions/${subscriptionId}`]]);
    expect(await planOf(organizationId)).toBe('Free');
    // Older than the dunning end's own event: stale, nothing undone.
    expect((await deliver(late)).body.outcome).toBe('stale');
    expect(await planOf(organizationId)).toBe('Free');
  });

  it('a dunning end that cannot reach Stripe keeps the plan, so the retried job can end it', async () => {
    const { subscriptionId, organizationId } = await subscribedPastDue('Stripe dunning retry', 'pro_monthly');
    await dunningOver(organizationId);

    stripe.failNext('DELETE', /^\/v1\/subscriptions\//, 429, {
      type: 'invalid_request_error',
      code: 'rate_limit',
      message: 'Too many requests hit the API too quickly. We recommend an exponential backoff of your requests.',
    });
    await expect(t.app.services.billing.endDunning(organizationId)).rejects.toThrow(/^Stripe refused the request \(HTTP 429\)/);
    expect(await planOf(organizationId)).toBe('Pro');
    expect(stripe.subscriptions.get(subscriptionId)!.status).toBe('past_due');

    expect(await t.app.services.billing.endDunning(organizationId)).toBe(true);
    expect(stripe.subscriptions.get(subscriptionId)!.status).toBe('canceled');
    expect(await planOf(organizationId)).toBe('Free');
  });

  it('acknowledges event types Rampart does not use, and prices outside the plans, without applying them', async () => {
    const unknown = stripe.event('customer.created', { id: 'cus_unrelated', object: 'customer' });
    const answer = await deliver(unknown);
    expect(answer).toEqual({
      status: 200,
      body: { received: true, eventId: unknown.id, type: 'customer.created', outcome: 'ignored', reason: 'event type not used by Rampart' },
    });
    expect((await t.database.pool.query(`select count(*)::int as n from billing_events where provider_event_id = $1`, [unknown.id])).rows[0].n).toBe(0);

    // Another product sold from the same Stripe account: its subscription is not a Rampart plan.
    const { subscription, organizationId } = await subscribed('Stripe other product');
    const other = structuredClone(subscription) as { items: { data: Array<{ price: Record<string, unknown> }> } };
    other.items.data[0]!.price = { ...other.items.data[0]!.price, id: 'price_other', lookup_key: 'consulting_monthly' };
    const foreign = stripe.event('customer.subscription.updated', other, { created: seconds() + 5 });
    const skipped = await deliver(foreign);
    expect(skipped.status).toBe(200);
    expect(skipped.body.outcome).toBe('ignored');
    expect(skipped.body.reason).toMatch(/lookup key "consulting_monthly"\) is not one of Rampart's plans/);
    expect(await planOf(organizationId)).toBe('Pro');
  });

  it('answers 404 when Stripe is not configured', async () => {
    const plain = await startTestApp();
    try {
      const response = await fetch(`${plain.baseUrl}/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
        body: '{}',
      });
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
        'Stripe is not configured on this server; billing runs in the built-in sandbox.',
      );
    } finally {
      await plain.close();
    }
  });
});

describe('Stripe helpers', () => {
  it('converts minor units without floats, by the currency’s exponent', () => {
    expect(fromMinorUnits(19900, 'usd')).toBe('199.00');
    expect(fromMinorUnits(1, 'eur')).toBe('0.01');
    expect(fromMinorUnits(5000, 'JPY')).toBe('5000');
    expect(fromMinorUnits(1234, 'kwd')).toBe('1.234');
    expect(fromMinorUnits(9007199254740991, 'usd')).toBe('90071992547409.91');
  });

  it('parses form bodies in bracket notation as Stripe does', () => {
    expect(
      parseStripeParams('mode=subscription&line_items[0][price]=price_1&line_items[0][quantity]=1&expand[]=a&expand[]=b&metadata[organization_id]=o'),
    ).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_1', quantity: '1' }],
      expand: ['a', 'b'],
      metadata: { organization_id: 'o' },
    });
  });
});
