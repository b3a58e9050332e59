import { describe, expect, it } from 'vitest';
import { DUNNING_PERIOD_DAYS } from '@rampart/shared/billing';
import { errorCode, type ApiClient, useTestApp } from '../../../test/harness.ts';
import { accountWithMember, signedInMember, signedInUser } from '../../../test/accounts-helper.ts';
import type { BillingEvent } from './billing-provider.ts';

const t = useTestApp();

const BILLING = `query($a: ID!) { billing(accountId: $a) { organizationId provider plan canManage
  subscription { plan priceLookupKey status currentPeriodStart currentPeriodEnd cancelAtPeriodEnd scheduledPriceLookupKey scheduledPlan pastDueSince dunningEndsAt paymentMethod { brand last4 expMonth expYear } }
  invoices { id number status plan priceLookupKey amountDue amountPaid currency paidAt url } } }`;
const CHECKOUT = `mutation($a: ID!, $p: ID!, $r: String) { createStripeSession(accountId: $a, priceId: $p, returnPath: $r) { id url } }`;
const PAY = `mutation($s: ID!, $c: SandboxCardInput!) { completeSandboxCheckout(sessionId: $s, card: $c) { id url } }`;
const CHANGE = `mutation($a: ID!, $k: PriceLookupKey!) { changeSubscriptionPlan(accountId: $a, priceLookupKey: $k) { plan subscription { priceLookupKey scheduledPriceLookupKey cancelAtPeriodEnd } invoices { number amountDue } } }`;
const CANCEL = `mutation($a: ID!) { cancelSubscription(accountId: $a) { plan subscription { cancelAtPeriodEnd currentPeriodEnd } } }`;
const RESUME = `mutation($a: ID!) { resumeSubscription(accountId: $a) { plan subscription { cancelAtPeriodEnd scheduledPriceLookupKey } } }`;
const RENEW = `mutation($a: ID!, $o: SandboxRenewalOutcome!) { simulateSandboxRenewal(accountId: $a, outcome: $o) { plan subscription { status priceLookupKey pastDueSince dunningEndsAt } invoices { number status } } }`;
const PLAN = `query($a: ID!) { account(id: $a) { organization { subscriptionPlanType billingPastDueUntil } } }`;

const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', nameOnCard: 'Ada Admin' };
const LATER_DECLINES = { ...GOOD_CARD, number: '4000 0000 0000 0341' };

async function plan(client: ApiClient, accountId: string): Promise<string> {
  return (await client.ok(PLAN, { a: accountId })).account.organization.subscriptionPlanType;
}

/** An organization on a sandbox plan, bought through the hosted checkout as its administrator would. */
async function subscribed(priceLookupKey = 'pro_monthly', card = GOOD_CARD) {
  const admin = await accountWithMember(t, { name: `Billing ${Math.random().toString(36).slice(2, 8)}` });
  const session = (await admin.client.ok(CHECKOUT, { a: admin.accountId, p: `sbx_price_${priceLookupKey}` })).createStripeSession;
  await admin.client.ok(PAY, { s: session.id, c: card });
  return { ...admin, sessionId: session.id as string };
}

async function subscriptionRow(organizationId: string) {
  return (await t.database.pool.query(`select * from subscriptions where organization_id = $1`, [organizationId])).rows[0];
}

describe('sandbox checkout', () => {
  it('upgrades Free → Pro: hosted checkout page, paid first invoice, plan and billing view', async () => {
    const admin = await accountWithMember(t, { name: 'Upgrade Co' });
    expect(await plan(admin.client, admin.accountId)).toBe('Free');
    const products = (
      await admin.client.ok(
        `query($a: ID!) { stripeProducts(accountId: $a) { priceId lookupKey plan usdPrice currency recurring { interval intervalCount } features } }`,
        { a: admin.accountId },
      )
    ).stripeProducts;
    expect(products.map((p: { lookupKey: string }) => p.lookupKey)).toEqual(['basic_monthly', 'basic_yearly', 'pro_monthly', 'pro_yearly']);
    const pro = (
      await admin.client.ok(
        `query($a: ID!) { getStripeProduct(accountId: $a, priceLookupKey: pro_monthly) { priceId plan usdPrice recurring { interval } } }`,
        { a: admin.accountId },
      )
    ).getStripeProduct;
    expect(pro).toEqual({ priceId: 'sbx_price_pro_monthly', plan: 'Pro', usdPrice: '199.00', recurring: { interval: 'month' } });

    const session = (await admin.client.ok(CHECKOUT, { a: admin.accountId, p: pro.priceId, r: '/dashboard/on-ramp/subscribe' })).createStripeSession;
    expect(session.url).toBe(`http://localhost:3000/sandbox/billing/checkout/${session.id}`);
    const page = (
      await admin.client.ok(
        `query($id: ID!) { sandboxCheckoutSession(id: $id) { id organizationName status returnPath product { lookupKey usdPrice } testCards { number label } } }`,
        { id: session.id },
      )
    ).sandboxCheckoutSession;
    expect(page).toMatchObject({
      organizationName: 'Upgrade Co Ltd',
      status: 'open',
      returnPath: '/dashboard/on-ramp/subscribe',
      product: { lookupKey: 'pro_monthly', usdPrice: '199.00' },
    });
    expect(page.testCards[0].number).toBe('4242 4242 4242 4242');

    const paid = (await admin.client.ok(PAY, { s: session.id, c: GOOD_CARD })).completeSandboxCheckout;
    expect(paid.url).toBe('http://localhost:3000/dashboard/on-ramp/subscribe?checkout=success');
    expect(await plan(admin.client, admin.accountId)).toBe('Pro');
    const billing = (await admin.client.ok(BILLING, { a: admin.accountId })).billing;
    expect(billing).toMatchObject({
      provider: 'sandbox',
      plan: 'Pro',
      canManage: true,
      subscription: {
        plan: 'Pro',
        priceLookupKey: 'pro_monthly',
        status: 'active',
        cancelAtPeriodEnd: false,
        paymentMethod: { brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2040 },
      },
    });
    expect(billing.invoices).toHaveLength(1);
    expect(billing.invoices[0]).toMatchObject({ status: 'paid', plan: 'Pro', amountDue: '199.00', amountPaid: '199.00', currency: 'usd' });
    expect(billing.invoices[0].number).toMatch(/^RMP-\d{6}$/);
    expect(billing.invoices[0].url).toBe(`http://localhost:3000/billing/invoices/${billing.invoices[0].id}`);
    const invoice = (
      await admin.client.ok(`query($a: ID!, $id: ID!) { invoice(accountId: $a, id: $id) { number status } }`, {
        a: admin.accountId,
        id: billing.invoices[0].id,
      })
    ).invoice;
    expect(invoice.number).toBe(billing.invoices[0].number);
    // Paid once: the page shows it complete, and a second payment is refused.
    expect((await admin.client.ok(`query($id: ID!) { sandboxCheckoutSession(id: $id) { status } }`, { id: session.id })).sandboxCheckoutSession.status).toBe(
      'complete',
    );
    expect(errorCode(await admin.client.gql(PAY, { s: session.id, c: GOOD_CARD }))).toBe('CONFLICT');
    // On a paid plan a new checkout is refused with where to go instead.
    const again = await admin.client.gql(CHECKOUT, { a: admin.accountId, p: 'sbx_price_basic_monthly' });
    expect(errorCode(again)).toBe('CONFLICT');
    expect(again.errors![0]!.message).toContain('Change plan');
    await t.smtp.waitFor(admin.email, /^Billing: your plan changed$/);
  });

  it('a declined card changes nothing; bad card fields are named', async () => {
    const admin = await accountWithMember(t);
    const session = (await admin.client.ok(CHECKOUT, { a: admin.accountId, p: 'sbx_price_basic_monthly' })).createStripeSession;
    const declined = await admin.client.gql(PAY, { s: session.id, c: { ...GOOD_CARD, number: '4000 0000 0000 0002' } });
    expect(errorCode(declined)).toBe('BAD_USER_INPUT');
    expect(declined.errors![0]!.extensions!.fields!.number).toContain('declined');
    expect(await plan(admin.client, admin.accountId)).toBe('Free');
    expect(await subscriptionRow(admin.organizationId)).toBeUndefined();

    const bad = await admin.client.gql(PAY, { s: session.id, c: { number: '4242 4242 4242 4241', expiry: '01/20', cvc: '12', nameOnCard: ' ' } });
    expect(errorCode(bad)).toBe('BAD_USER_INPUT');
    expect(Object.keys(bad.errors![0]!.extensions!.fields!).sort()).toEqual(['cvc', 'expiry', 'nameOnCard', 'number']);
    const real = await admin.client.gql(PAY, { s: session.id, c: { ...GOOD_CARD, number: '5555 5555 5555 4444' } });
    expect(real.errors![0]!.extensions!.fields!.number).toContain('test cards');
    const month = await admin.client.gql(PAY, { s: session.id, c: { ...GOOD_CARD, expiry: '13/40' } });
    expect(month.errors![0]!.extensions!.fields!.expiry).toContain('01 to 12');
    // Still payable after the refusals.
    await admin.client.ok(PAY, { s: session.id, c: GOOD_CARD });
    expect(await plan(admin.client, admin.accountId)).toBe('Basic');
  });

  it('a checkout submitted twice at once is paid once', async () => {
    const admin = await accountWithMember(t);
    const session = (await admin.client.ok(CHECKOUT, { a: admin.accountId, p: 'sbx_price_pro_yearly' })).createStripeSession;
    const results = await Promise.all([admin.client.gql(PAY, { s: session.id, c: GOOD_CARD }), admin.client.gql(PAY, { s: session.id, c: GOOD_CARD })]);
    expect(results.map((result) => errorCode(result) ?? 'OK').sort()).toEqual(['CONFLICT', 'OK']);
    const invoices = await t.database.pool.query(`select count(*)::int as n from invoices where organization_id = $1`, [admin.organizationId]);
    expect(invoices.rows[0].n).toBe(1);
  });

  it('refuses a return path that is not a dashboard path, and a price that does not exist', async () => {
    const admin = await accountWithMember(t);
    for (const path of ['//evil.example/x', 'https://evil.example', 'subscription', '/a?b=c', '/x\\y']) {
      const result = await admin.client.gql(CHECKOUT, { a: admin.accountId, p: 'sbx_price_pro_monthly', r: path });
      expect(errorCode(result), path).toBe('BAD_USER_INPUT');
      expect(result.errors![0]!.extensions!.fields!.returnPath).toContain('single "/"');
    }
    const price = await admin.client.gql(CHECKOUT, { a: admin.accountId, p: 'price_nope' });
    expect(price.errors![0]!.extensions!.fields!.priceId).toBeTruthy();
    const portal = await admin.client.gql(`mutation($a: ID!) { createStripeBillingSession(accountId: $a, returnPath: "//x") { url } }`, { a: admin.accountId });
    expect(errorCode(portal)).toBe('BAD_USER_INPUT');
    const defaulted = (await admin.client.ok(CHECKOUT, { a: admin.accountId, p: 'sbx_price_pro_monthly' })).createStripeSession;
    const page = (await admin.client.ok(`query($id: ID!) { sandboxCheckoutSession(id: $id) { returnPath } }`, { id: defaulted.id })).sandboxCheckoutSession;
    expect(page.returnPath).toBe('/subscription');
  });
});

describe('plan changes', () => {
  it('downgrade waits for the period end, then applies at renewal', async () => {
    const admin = await subscribed('pro_monthly');
    const changed = (await admin.client.ok(CHANGE, { a: admin.accountId, k: 'basic_monthly' })).changeSubscriptionPlan;
    expect(changed).toMatchObject({ plan: 'Pro', subscription: { priceLookupKey: 'pro_monthly', scheduledPriceLookupKey: 'basic_monthly' } });
    expect((await t.smtp.waitFor(admin.email, /^Billing: your plan changed$/)).text).toContain('changes to Basic (monthly)');
    const same = await admin.client.gql(CHANGE, { a: admin.accountId, k: 'pro_monthly' });
    expect(errorCode(same)).toBe('BAD_USER_INPUT');
    expect(same.errors![0]!.message).toContain('resume');
    const renewed = (await admin.client.ok(RENEW, { a: admin.accountId, o: 'succeeds' })).simulateSandboxRenewal;
    expect(renewed).toMatchObject({ plan: 'Basic', subscription: { status: 'active', priceLookupKey: 'basic_monthly' } });
    expect(renewed.invoices).toHaveLength(2);
    expect(renewed.invoices.every((i: { status: string }) => i.status === 'paid')).toBe(true);
  });

  it('upgrade applies now with a prorated invoice', async () => {
    const admin = await subscribed('basic_monthly');
    const changed = (await admin.client.ok(CHANGE, { a: admin.accountId, k: 'pro_monthly' })).changeSubscriptionPlan;
    expect(changed).toMatchObject({ plan: 'Pro', subscription: { priceLookupKey: 'pro_monthly', scheduledPriceLookupKey: null } });
    expect(changed.invoices).toHaveLength(2);
    const prorated = Number(changed.invoices[0].amountDue);
    expect(prorated).toBeGreaterThan(140);
    expect(prorated).toBeLessThanOrEqual(150);
  });

  it('cancel at period end keeps the plan, then Free at renewal; resume undoes it', async () => {
    const admin = await subscribed('basic_yearly');
    const cancelled = (await admin.client.ok(CANCEL, { a: admin.accountId })).cancelSubscription;
    expect(cancelled).toMatchObject({ plan: 'Basic', subscription: { cancelAtPeriodEnd: true } });
    expect((await t.smtp.waitFor(admin.email, /ends at the end of the period$/)).text).toContain('you keep Basic until then');
    expect(errorCode(await admin.client.gql(CANCEL, { a: admin.accountId }))).toBe('CONFLICT');
    const resumed = (await admin.client.ok(RESUME, { a: admin.accountId })).resumeSubscription;
    expect(resumed).toMatchObject({ plan: 'Basic', subscription: { cancelAtPeriodEnd: false, scheduledPriceLookupKey: null } });
    const nothing = await admin.client.gql(RESUME, { a: admin.accountId });
    expect(errorCode(nothing)).toBe('CONFLICT');
    expect(nothing.errors![0]!.message).toContain('Nothing to resume');

    await admin.client.ok(CANCEL, { a: admin.accountId });
    const ended = (await admin.client.ok(RENEW, { a: admin.accountId, o: 'succeeds' })).simulateSandboxRenewal;
    expect(ended).toMatchObject({ plan: 'Free', subscription: null });
    expect(await plan(admin.client, admin.accountId)).toBe('Free');
    await t.smtp.waitFor(admin.email, /^Billing: your subscription ended$/);
    // Free again: a plan change says to start a checkout, and a new checkout works.
    const change = await admin.client.gql(CHANGE, { a: admin.accountId, k: 'pro_monthly' });
    expect(errorCode(change)).toBe('CONFLICT');
    expect(change.errors![0]!.message).toContain('Choose a plan');
    await admin.client.ok(CHECKOUT, { a: admin.accountId, p: 'sbx_price_pro_monthly' });
  });
});

describe('failed payments', () => {
  it('a failed renewal: past due, banner date, administrators e-mailed, job queued; the dunning end returns the plan to Free', async () => {
    const admin = await subscribed('pro_monthly', LATER_DECLINES);
    const colleague = await signedInUser(t);
    await t.database.pool.query(
      `insert into memberships (account_id, user_id, role, has_accepted_invite, joined_at) values ($1, $2, 'administrator', true, now())`,
      [admin.accountId, colleague.userId],
    );
    // The test card whose later payments fail: a "successful" renewal fails.
    const failed = (await admin.client.ok(RENEW, { a: admin.accountId, o: 'succeeds' })).simulateSandboxRenewal;
    expect(failed.plan).toBe('Pro');
    expect(failed.subscription.status).toBe('past_due');
    expect(failed.invoices[0].status).toBe('open');
    const since = new Date(failed.subscription.pastDueSince).getTime();
    expect(new Date(failed.subscription.dunningEndsAt).getTime()).toBe(since + DUNNING_PERIOD_DAYS * 86_400_000);
    const banner = (await admin.client.ok(PLAN, { a: admin.accountId })).account.organization;
    expect(banner).toEqual({ subscriptionPlanType: 'Pro', billingPastDueUntil: failed.subscription.dunningEndsAt });
    for (const to of [admin.email, colleague.email]) expect((await t.smtp.waitFor(to, /^Billing: a payment failed$/)).text).toContain('You keep Pro until');
    const job = await t.database.pool.query(`select run_at from graphile_worker.jobs where key = $1`, [`billing_dunning_end:${admin.organizationId}`]);
    expect(new Date(job.rows[0].run_at).getTime()).toBe(since + DUNNING_PERIOD_DAYS * 86_400_000);
    // Plan changes wait for the payment.
    expect(errorCode(await admin.client.gql(CHANGE, { a: admin.accountId, k: 'basic_monthly' }))).toBe('CONFLICT');

    // The job before its time does nothing; once the period is over, the plan returns to Free.
    expect(await t.app.services.billing.endDunning(admin.organizationId)).toBe(false);
    await t.database.pool.query(`update subscriptions set past_due_since = now() - interval '15 days' where organization_id = $1`, [admin.organizationId]);
    expect(await t.app.services.billing.endDunning(admin.organizationId)).toBe(true);
    expect(await plan(admin.client, admin.accountId)).toBe('Free');
    expect((await admin.client.ok(PLAN, { a: admin.accountId })).account.organization.billingPastDueUntil).toBeNull();
    await t.smtp.waitFor(admin.email, /^Billing: your subscription ended$/);
  });

  it('a paid retry clears past due; simulateSandboxRenewal(dunningEnds) ends it now', async () => {
    const admin = await subscribed('basic_monthly');
    await admin.client.ok(RENEW, { a: admin.accountId, o: 'fails' });
    const retried = (await admin.client.ok(RENEW, { a: admin.accountId, o: 'succeeds' })).simulateSandboxRenewal;
    expect(retried).toMatchObject({ plan: 'Basic', subscription: { status: 'active', pastDueSince: null } });
    expect(retried.invoices[0].status).toBe('paid');
    expect(errorCode(await admin.client.gql(RENEW, { a: admin.accountId, o: 'dunningEnds' }))).toBe('CONFLICT');
    await admin.client.ok(RENEW, { a: admin.accountId, o: 'fails' });
    const ended = (await admin.client.ok(RENEW, { a: admin.accountId, o: 'dunningEnds' })).simulateSandboxRenewal;
    expect(ended).toMatchObject({ plan: 'Free', subscription: null });
  });
});

describe('provider events', () => {
  it('a replayed event changes nothing twice; an older event arriving late is stale', async () => {
    const admin = await subscribed('pro_monthly');
    const row = await subscriptionRow(admin.organizationId);
    const state = (await t.app.services.billing.loadSubscriptionState(row.provider_subscription_id))!;
    const later = new Date(row.provider_updated_at.getTime() + 60_000);
    const cancel: BillingEvent = {
      type: 'subscriptionChanged',
      providerEventId: 'evt_replay_1',
      occurredAt: later,
      subscription: { ...state, cancelAtPeriodEnd: true },
    };
    expect((await t.app.services.billing.applyProviderEvent('sandbox', cancel, { id: 'evt_replay_1' })).outcome).toBe('applied');
    const mails = t.smtp.countTo(admin.email);
    // The same event again, even with another body: recognised by its id, nothing changes.
    expect((await t.app.services.billing.applyProviderEvent('sandbox', { ...cancel, subscription: { ...state, cancelAtPeriodEnd: false } }, {})).outcome).toBe(
      'duplicate',
    );
    expect((await subscriptionRow(admin.organizationId)).cancel_at_period_end).toBe(true);
    // Older than what was applied: stale, recorded, nothing changes.
    const older: BillingEvent = {
      type: 'subscriptionDeleted',
      providerEventId: 'evt_old_1',
      occurredAt: new Date(later.getTime() - 30_000),
      subscription: { ...state, status: 'canceled' },
    };
    expect((await t.app.services.billing.applyProviderEvent('sandbox', older, {})).outcome).toBe('stale');
    expect(await plan(admin.client, admin.accountId)).toBe('Pro');
    const recorded = await t.database.pool.query(
      `select provider_event_id, outcome from billing_events where provider_event_id in ('evt_replay_1', 'evt_old_1') order by provider_event_id`,
    );
    expect(recorded.rows).toEqual([
      { provider_event_id: 'evt_old_1', outcome: 'stale' },
      { provider_event_id: 'evt_replay_1', outcome: 'applied' },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.smtp.countTo(admin.email)).toBe(mails);
    // An event of a customer that is not ours is recorded as ignored.
    expect(
      (
        await t.app.services.billing.applyProviderEvent(
          'sandbox',
          { ...cancel, providerEventId: 'evt_stranger', subscription: { ...state, providerCustomerId: 'cus_unknown' } },
          {},
        )
      ).outcome,
    ).toBe('ignored');
  });
});

describe('permissions and tenant isolation', () => {
  it('only administrators and staff allowed to change plans manage billing', async () => {
    const admin = await subscribed('basic_monthly');
    for (const role of ['analyst', 'developer', 'support_specialist'] as const) {
      const member = await signedInMember(t, admin.accountId, role);
      expect(errorCode(await member.client.gql(CHANGE, { a: admin.accountId, k: 'pro_monthly' })), role).toBe('FORBIDDEN_ERROR');
      expect(errorCode(await member.client.gql(CANCEL, { a: admin.accountId })), role).toBe('FORBIDDEN_ERROR');
      expect(errorCode(await member.client.gql(CHECKOUT, { a: admin.accountId, p: 'sbx_price_pro_monthly' })), role).toBe('FORBIDDEN_ERROR');
      expect(errorCode(await member.client.gql(PAY, { s: admin.sessionId, c: GOOD_CARD })), role).toBe('NOT_FOUND');
    }
    const sales = await signedInUser(t, { adminRole: 'SalesManager' });
    expect((await sales.client.ok(BILLING, { a: admin.accountId })).billing.canManage).toBe(true);
    const upgraded = (await sales.client.ok(CHANGE, { a: admin.accountId, k: 'pro_monthly' })).changeSubscriptionPlan;
    expect(upgraded.plan).toBe('Pro');
    const finance = await signedInUser(t, { adminRole: 'FinanceManager' });
    expect((await finance.client.ok(BILLING, { a: admin.accountId })).billing.canManage).toBe(true);
    const auditor = await signedInUser(t, { adminRole: 'Auditor' });
    expect((await auditor.client.ok(BILLING, { a: admin.accountId })).billing.canManage).toBe(false);
    expect(errorCode(await auditor.client.gql(CANCEL, { a: admin.accountId }))).toBe('FORBIDDEN_ERROR');
    const support = await signedInUser(t, { adminRole: 'SupportAgentTier1' });
    expect(errorCode(await support.client.gql(CHANGE, { a: admin.accountId, k: 'basic_yearly' }))).toBe('FORBIDDEN_ERROR');
    const audit = await t.database.pool.query(`select operation, outcome from audit_events where operation = 'changeSubscriptionPlan' and actor_email = $1`, [
      sales.email,
    ]);
    expect(audit.rows).toEqual([{ operation: 'changeSubscriptionPlan', outcome: 'success' }]);
  });

  it("another organization's checkout session, invoice and portal are never readable", async () => {
    const victim = await subscribed('pro_monthly');
    const intruder = await accountWithMember(t, { name: 'Intruder' });
    const invoiceId = (await victim.client.ok(BILLING, { a: victim.accountId })).billing.invoices[0].id;
    const portal = (await victim.client.ok(`mutation($a: ID!) { createStripeBillingSession(accountId: $a) { id url } }`, { a: victim.accountId }))
      .createStripeBillingSession;
    expect(portal.url).toBe(`http://localhost:3000/sandbox/billing/portal/${portal.id}`);
    const own = (
      await victim.client.ok(`query($id: ID!) { sandboxPortalSession(id: $id) { accountId returnPath billing { plan invoices { number } } } }`, {
        id: portal.id,
      })
    ).sandboxPortalSession;
    expect(own).toMatchObject({ accountId: victim.accountId, returnPath: '/subscription', billing: { plan: 'Pro' } });

    expect(errorCode(await intruder.client.gql(`query($id: ID!) { sandboxCheckoutSession(id: $id) { id } }`, { id: victim.sessionId }))).toBe('NOT_FOUND');
    expect(errorCode(await intruder.client.gql(`query($id: ID!) { sandboxPortalSession(id: $id) { id } }`, { id: portal.id }))).toBe('NOT_FOUND');
    expect(
      errorCode(await intruder.client.gql(`query($a: ID!, $id: ID!) { invoice(accountId: $a, id: $id) { number } }`, { a: intruder.accountId, id: invoiceId })),
    ).toBe('NOT_FOUND');
    expect(
      errorCode(await intruder.client.gql(`query($a: ID!, $id: ID!) { invoice(accountId: $a, id: $id) { number } }`, { a: victim.accountId, id: invoiceId })),
    ).toBe('FORBIDDEN_ERROR');
    // A portal id whose signature does not match is refused the same way.
    const [payload] = portal.id.split('.');
    expect(errorCode(await victim.client.gql(`query($id: ID!) { sandboxPortalSession(id: $id) { id } }`, { id: `${payload}.forged` }))).toBe('NOT_FOUND');
    expect((await intruder.client.ok(BILLING, { a: intruder.accountId })).billing.invoices).toEqual([]);
  });
});
