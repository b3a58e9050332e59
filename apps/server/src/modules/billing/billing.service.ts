// Subscriptions and billing (issue 15). The provider (Stripe, or the built-in sandbox) reports changes as BillingEvents;
// applyProviderEvent is the one path that applies them, for Stripe's webhooks and the sandbox alike: once per event id,
// never an older state over a newer one. The plan itself is organizations.subscription_plan_type.
import crypto from 'node:crypto';
import { DUNNING_PERIOD_DAYS, PLAN_PRICES, PLAN_RANK, SANDBOX_TEST_CARDS, type BillingProvider, type PriceLookupKey } from '@rampart/shared/billing';
import { roleHasPermission, staffHasAccountPermission } from '@rampart/shared/permissions';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { AppError, badInput, notFound } from '../../graphql/errors.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { pick } from '../../lib/pick.ts';
import type { Mailer, OutgoingMail } from '../../mail/mailer.ts';
import type { AccountGrant } from '../../graphql/grant.ts';
import type { BillingEvent, BillingProviderAdapter, ProviderPrice, ProviderSubscriptionState } from './billing-provider.ts';
import { billingMail, mailDate } from './billing.mail.ts';
import {
  DAY_MS,
  customerIdOf,
  invoiceValues,
  isInvoiceEvent,
  isStaleSubscriptionEvent,
  paymentFailedNotice,
  planAfter,
  planWords,
  subscriptionNotices,
  subscriptionValues,
  type InvoiceEvent,
  type Notice,
  type SubscriptionEvent,
} from './billing-events.ts';
import { createBillingRepository, type InvoiceRow, type OrganizationRow, type SubscriptionRow } from './billing.repository.ts';
import { selectBillingProvider } from './providers.ts';
import {
  readSandboxPortalId,
  sandboxCheckoutEvents,
  sandboxEventId,
  sandboxRenewalEvents,
  sandboxRetryEvents,
  sandboxUpgradeInvoiceEvent,
  validateSandboxCard,
  SANDBOX_DECLINED_MESSAGE,
  type SandboxCard,
} from './sandbox-provider.ts';
import type { Executor } from '../../db/executor.ts';

export type ApplyOutcome = 'applied' | 'stale' | 'ignored' | 'duplicate';

/** Who asks: for the sandbox's hosted pages (signed in, no account in the URL) and canManage. */
export interface BillingViewer {
  userId: string;
  adminRole: string | null;
}

export const DEFAULT_RETURN_PATH = '/subscription';
const RETURN_PATH = /^\/(?!\/)[A-Za-z0-9\-._~/%]*$/;

const conflict = (message: string) => new AppError('CONFLICT', message);

/** A dashboard path to come back to: "/subscription", never another site ("//evil.example") or a query. */
export function validReturnPath(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return DEFAULT_RETURN_PATH;
  if (value.length > 200 || !RETURN_PATH.test(value)) {
    throw badInput({
      returnPath: 'The return path must be a path inside the dashboard that starts with a single "/", such as /subscription (no host, query or fragment).',
    });
  }
  return value;
}

/** A subscription's price, status and current period: what the dashboard shows and the provider's state carries alike. */
const SUBSCRIPTION_TERMS = ['priceLookupKey', 'status', 'currentPeriodStart', 'currentPeriodEnd', 'cancelAtPeriodEnd', 'scheduledPriceLookupKey'] as const;

function stateOfRow(row: SubscriptionRow, customerId: string): ProviderSubscriptionState {
  return {
    ...pick(row, 'providerSubscriptionId', ...SUBSCRIPTION_TERMS),
    providerCustomerId: customerId,
    paymentMethod: row.paymentMethod ?? null,
  };
}

export function createBillingService(deps: { db: Database; config: Env; mailer: Mailer; jobs: JobQueue; provider?: BillingProviderAdapter }) {
  const { config, mailer, jobs } = deps;
  const repository = createBillingRepository(deps.db);
  const publicUrl = config.PUBLIC_URL.replace(/\/$/, '');

  async function loadSubscriptionState(providerSubscriptionId: string): Promise<ProviderSubscriptionState | null> {
    const row = await repository.subscriptionWithCustomer(providerSubscriptionId);
    return row ? stateOfRow(row.subscription, row.customerId) : null;
  }

  const provider = deps.provider ?? selectBillingProvider(config, { loadSubscription: loadSubscriptionState });
  const providerName: BillingProvider = provider.name;

  // ---- Lookups ----

  async function organizationOfAccount(accountId: string) {
    const organization = await repository.organizationOfAccount(accountId);
    if (!organization) throw notFound('The account');
    return organization;
  }

  /** Whether this signed-in user may change the organization's plan: billing:manage on one of its accounts, or staff. */
  async function mayManageOrganization(viewer: BillingViewer, organizationId: string): Promise<boolean> {
    if (staffHasAccountPermission(viewer.adminRole, 'billing:manage')) return true;
    const roles = await repository.rolesIn(organizationId, viewer.userId);
    return roles.some((role) => roleHasPermission(role, 'billing:manage'));
  }

  /** The account a hosted page acts through: one of the organization's where the viewer may manage billing. */
  async function manageableAccount(viewer: BillingViewer, organizationId: string): Promise<string | null> {
    const rows = await repository.accountsWithRoleOf(organizationId, viewer.userId);
    const member = rows.find((row) => row.role && roleHasPermission(row.role, 'billing:manage'));
    if (member) return member.id;
    return staffHasAccountPermission(viewer.adminRole, 'billing:manage') ? (rows[0]?.id ?? null) : null;
  }

  async function prices(): Promise<ProviderPrice[]> {
    return provider.prices();
  }

  function productView(price: ProviderPrice) {
    return {
      ...pick(price, 'priceId', 'lookupKey', 'plan', 'productName', 'description', 'features', 'currency'),
      usdPrice: price.unitAmount,
      recurring: { interval: price.interval, intervalCount: price.intervalCount },
    };
  }

  function invoiceView(row: InvoiceRow) {
    return {
      ...pick(
        row,
        'id',
        'number',
        'status',
        'plan',
        'priceLookupKey',
        'amountDue',
        'amountPaid',
        'currency',
        'periodStart',
        'periodEnd',
        'createdAt',
        'paidAt',
      ),
      url: row.hostedInvoiceUrl ?? `${publicUrl}/billing/invoices/${row.id}`,
    };
  }

  function subscriptionView(row: SubscriptionRow) {
    return {
      ...pick(row, 'plan', ...SUBSCRIPTION_TERMS, 'pastDueSince'),
      scheduledPlan: row.scheduledPriceLookupKey ? PLAN_PRICES[row.scheduledPriceLookupKey].plan : null,
      dunningEndsAt: row.status === 'past_due' && row.pastDueSince ? new Date(row.pastDueSince.getTime() + DUNNING_PERIOD_DAYS * DAY_MS) : null,
      paymentMethod: row.paymentMethod ?? null,
    };
  }

  async function billingOfOrganization(organizationId: string, canManage: boolean) {
    const organization = await repository.organization(organizationId);
    if (!organization) throw notFound('The organization');
    const subscription = await repository.currentSubscription(organizationId);
    const rows = await repository.invoicesOf(organizationId);
    return {
      organizationId,
      organizationName: organization.name,
      provider: providerName,
      plan: organization.subscriptionPlanType,
      subscription: subscription && subscription.status !== 'canceled' ? subscriptionView(subscription) : null,
      invoices: rows.map(invoiceView),
      canManage,
    };
  }

  const grantManages = (grant: AccountGrant) =>
    Boolean((grant.role && roleHasPermission(grant.role, 'billing:manage')) || staffHasAccountPermission(grant.adminRole, 'billing:manage'));

  async function billing(grant: AccountGrant) {
    const organization = await organizationOfAccount(grant.accountId);
    return billingOfOrganization(organization.id, grantManages(grant));
  }

  // ---- Applying provider events ----

  /**
   * Applies one provider event: recorded once (a replay answers 'duplicate' and changes nothing), an event older than the
   * newest applied to the subscription is 'stale'. Used by Stripe's webhook route and by the sandbox.
   */
  async function applyProviderEvent(
    eventProvider: BillingProvider,
    event: BillingEvent,
    rawPayload: unknown,
  ): Promise<{ outcome: ApplyOutcome; organizationId: string | null }> {
    const mails: Array<() => Promise<void>> = [];
    const result = await repository.transaction(async (tx) => {
      const organizationId = await repository.organizationOfCustomer(customerIdOf(event), tx);
      const eventId = await repository.recordEvent(tx, {
        provider: eventProvider,
        providerEventId: event.providerEventId,
        type: event.type,
        occurredAt: event.occurredAt,
        organizationId,
        outcome: 'applied',
        payload: rawPayload ?? event,
      });
      if (eventId === null) return { outcome: 'duplicate' as const, organizationId };
      const outcome: Exclude<ApplyOutcome, 'duplicate'> = organizationId ? await applyTo(tx, eventProvider, organizationId, event, mails) : 'ignored';
      if (outcome !== 'applied') await repository.setEventOutcome(tx, eventId, outcome);
      return { outcome, organizationId };
    });
    for (const send of mails) await send();
    return result;
  }

  /** Applies an event to the organization (locked meanwhile) and its subscription; queues the mails it calls for. */
  async function applyTo(
    tx: Executor,
    eventProvider: BillingProvider,
    organizationId: string,
    event: BillingEvent,
    mails: Array<() => Promise<void>>,
  ): Promise<'applied' | 'stale' | 'ignored'> {
    const organization = await repository.lockOrganization(tx, organizationId);
    if (!organization) return 'ignored';
    const existing = await repository.currentSubscription(organizationId, tx, true);
    const notices = isInvoiceEvent(event)
      ? await applyInvoiceEvent(tx, eventProvider, organizationId, event, existing)
      : await applySubscriptionEvent(tx, eventProvider, organization, event, existing);
    if (notices === 'stale') return 'stale';
    queueMails(organizationId, organization.name, notices, mails);
    return 'applied';
  }

  /** An invoice paid or not: the invoice row, and the subscription's payment state, which follows its invoices. */
  async function applyInvoiceEvent(
    tx: Executor,
    eventProvider: BillingProvider,
    organizationId: string,
    event: InvoiceEvent,
    existing: SubscriptionRow | null,
  ): Promise<Notice[] | 'stale'> {
    const invoice = event.invoice;
    const paid = event.type === 'invoicePaid';
    const found = await repository.lockInvoiceByProviderId(tx, invoice.providerInvoiceId);
    if (found?.status === 'paid' && !paid) return 'stale';
    const values = invoiceValues(event);
    if (found) await repository.updateInvoice(tx, found.id, values);
    else {
      await repository.insertInvoice(tx, {
        ...values,
        organizationId,
        provider: eventProvider,
        providerInvoiceId: invoice.providerInvoiceId,
        plan: PLAN_PRICES[invoice.priceLookupKey].plan,
        priceLookupKey: invoice.priceLookupKey,
        periodStart: invoice.periodStart,
        periodEnd: invoice.periodEnd,
      });
    }
    // The subscription's payment state follows its invoices, unless a newer subscription event already said more.
    const ours = existing && invoice.providerSubscriptionId === existing.providerSubscriptionId && existing.status !== 'canceled';
    if (!ours || event.occurredAt < existing.providerUpdatedAt) return [];
    if (paid && existing.status === 'past_due') {
      await repository.updateSubscription(tx, existing.id, {
        status: 'active',
        pastDueSince: null,
        providerUpdatedAt: event.occurredAt,
        updatedAt: new Date(),
      });
      // The queued dunning end then finds nothing past due and does nothing.
      await jobs.add('billing_dunning_end', { organizationId }, { jobKey: `billing_dunning_end:${organizationId}` }, tx);
    } else if (!paid) {
      const since = existing.pastDueSince ?? event.occurredAt;
      await repository.updateSubscription(tx, existing.id, {
        status: 'past_due',
        pastDueSince: since,
        providerUpdatedAt: event.occurredAt,
        updatedAt: new Date(),
      });
      if (!existing.pastDueSince) {
        await scheduleDunningEnd(tx, organizationId, since);
        return [paymentFailedNotice(existing.plan, invoice.amountDue, since)];
      }
    }
    return [];
  }

  /** A subscription created, changed or ended: the subscription row, the organization's plan, the checkout session. */
  async function applySubscriptionEvent(
    tx: Executor,
    eventProvider: BillingProvider,
    organization: OrganizationRow,
    event: SubscriptionEvent,
    existing: SubscriptionRow | null,
  ): Promise<Notice[] | 'stale'> {
    if (isStaleSubscriptionEvent(existing, event)) return 'stale';
    const values = subscriptionValues(eventProvider, event, existing, new Date());
    if (existing) await repository.updateSubscription(tx, existing.id, values);
    else await repository.insertSubscription(tx, { ...values, organizationId: organization.id });

    const oldPlan = organization.subscriptionPlanType;
    const newPlan = planAfter(values.status, values.plan, oldPlan);
    if (newPlan !== oldPlan) await repository.setPlan(tx, organization.id, newPlan);
    if (event.type === 'checkoutCompleted') await repository.completeCheckoutSession(tx, event.providerSessionId, event.occurredAt);

    const wasPastDue = existing?.providerSubscriptionId === event.subscription.providerSubscriptionId && existing.status === 'past_due';
    if (values.status === 'past_due' && !wasPastDue) await scheduleDunningEnd(tx, organization.id, values.pastDueSince!);
    return subscriptionNotices(event, existing, values, { oldPlan, newPlan });
  }

  function queueMails(organizationId: string, organizationName: string, notices: Notice[], mails: Array<() => Promise<void>>) {
    if (!notices.length) return;
    const url = `${publicUrl}/subscription`;
    mails.push(async () => {
      const recipients = await repository.administratorEmails(organizationId);
      const outgoing: OutgoingMail[] = notices.flatMap((notice) =>
        recipients.map((to) => billingMail({ to, kind: notice.kind, organizationName, lines: notice.lines, url })),
      );
      for (const mail of outgoing) await mailer.send(mail);
    });
  }

  async function scheduleDunningEnd(tx: Executor, organizationId: string, since: Date) {
    await jobs.add(
      'billing_dunning_end',
      { organizationId },
      { runAt: new Date(since.getTime() + DUNNING_PERIOD_DAYS * DAY_MS), jobKey: `billing_dunning_end:${organizationId}` },
      tx,
    );
  }

  /**
   * The dunning period's end (graphile-worker job billing_dunning_end): a subscription still past due ends (at the
   * provider too) and the plan returns to Free. `now` forces it (the sandbox's simulateSandboxRenewal(dunningEnds)); the job checks the date.
   */
  async function endDunning(organizationId: string, options: { force?: boolean } = {}): Promise<boolean> {
    const row = await repository.currentSubscription(organizationId);
    if (!row || row.status !== 'past_due' || !row.pastDueSince) return false;
    const dueAt = row.pastDueSince.getTime() + DUNNING_PERIOD_DAYS * DAY_MS;
    if (!options.force && dueAt > Date.now() + 1000) return false;
    const customer = await repository.customerOf(organizationId);
    if (!customer) return false;
    // The provider stops charging first (Stripe would otherwise keep retrying for a plan we no longer give); if it
    // cannot be reached the job fails and is retried, the plan kept meanwhile. Its deletion webhook then finds it ended.
    if (row.provider === providerName) {
      await provider.cancelNow({
        providerSubscriptionId: row.providerSubscriptionId,
        comment: `No payment within Rampart's ${DUNNING_PERIOD_DAYS}-day dunning period.`,
      });
    }
    const state = stateOfRow(row, customer.providerCustomerId);
    const occurredAt = new Date(Math.max(Date.now(), row.providerUpdatedAt.getTime()));
    const event: BillingEvent = {
      type: 'subscriptionDeleted',
      providerEventId: `rmp_dunning_${row.providerSubscriptionId}_${row.pastDueSince.getTime()}`,
      occurredAt,
      subscription: { ...state, status: 'canceled' },
    };
    const { outcome } = await applyProviderEvent(row.provider, event, { source: 'rampart', reason: 'dunning period ended', ...event });
    return outcome === 'applied';
  }

  /** A change the provider answered at once (plan change, cancel, resume): applied now, as an event of our own. */
  async function applyDirect(organizationId: string, before: ProviderSubscriptionState, after: ProviderSubscriptionState, extra: BillingEvent[] = []) {
    const occurredAt = new Date();
    const eventId = providerName === 'sandbox' ? sandboxEventId() : `rmp_evt_${crypto.randomBytes(12).toString('base64url')}`;
    const event: BillingEvent = { type: 'subscriptionChanged', providerEventId: eventId, occurredAt, subscription: after };
    await applyProviderEvent(providerName, event, { source: 'rampart', before, ...event });
    for (const more of extra) await applyProviderEvent(providerName, more, more);
    return organizationId;
  }

  async function activeSubscription(organizationId: string, planName: string) {
    const row = await repository.currentSubscription(organizationId);
    if (!row || row.status === 'canceled') {
      throw conflict(`Your organization is on the ${planName} plan, with no subscription to change. Choose a plan on the subscription page to start one.`);
    }
    if (row.provider !== providerName)
      throw conflict(`This subscription is billed through ${row.provider}, which this server does not use now; it cannot be changed here.`);
    const customer = await repository.customerOf(organizationId);
    if (!customer) throw conflict('The billing customer of this organization is missing; contact support.');
    return { row, state: stateOfRow(row, customer.providerCustomerId) };
  }

  async function ensureCustomer(organization: { id: string; name: string }) {
    const existing = await repository.customerOf(organization.id);
    if (existing && existing.provider === providerName) return existing.providerCustomerId;
    const emails = await repository.administratorEmails(organization.id);
    const { providerCustomerId } = await provider.createCustomer({ organizationId: organization.id, name: organization.name, email: emails[0] ?? null });
    await repository.saveCustomer({ organizationId: organization.id, provider: providerName, providerCustomerId });
    return providerCustomerId;
  }

  // ---- Operations ----

  return {
    provider: providerName,
    applyProviderEvent,
    endDunning,
    /** The organization's owning account check for the printable invoice page and tests. */
    loadSubscriptionState,

    async stripeProduct(priceLookupKey: PriceLookupKey) {
      const price = (await prices()).find((candidate) => candidate.lookupKey === priceLookupKey);
      if (!price) throw notFound(`The price ${priceLookupKey}`);
      return productView(price);
    },

    async stripeProducts() {
      return (await prices()).map(productView);
    },

    billing,

    async invoice(accountId: string, id: string) {
      const organization = await organizationOfAccount(accountId);
      const row = await repository.invoiceOf(organization.id, id);
      if (!row) throw notFound('Invoice');
      return invoiceView(row);
    },

    async pastDueUntil(organizationId: string): Promise<Date | null> {
      const row = await repository.currentSubscription(organizationId);
      return row?.status === 'past_due' && row.pastDueSince ? new Date(row.pastDueSince.getTime() + DUNNING_PERIOD_DAYS * DAY_MS) : null;
    },

    async createCheckoutSession(grant: AccountGrant, input: { priceId: string; returnPath?: string | null }, userId: string | null) {
      const returnPath = validReturnPath(input.returnPath);
      const price = (await prices()).find((candidate) => candidate.priceId === input.priceId);
      if (!price) throw badInput({ priceId: 'No such price: choose one of the plans on the subscription page.' });
      const organization = await organizationOfAccount(grant.accountId);
      const current = await repository.currentSubscription(organization.id);
      if (organization.subscriptionPlanType !== 'Free' || (current && current.status !== 'canceled')) {
        throw conflict(
          `Your organization already has the ${organization.subscriptionPlanType} plan. Change it with “Change plan” on the subscription page (changeSubscriptionPlan) instead of a new checkout.`,
        );
      }
      const providerCustomerId = await ensureCustomer(organization);
      const base = `${publicUrl}${returnPath}`;
      const session = await provider.createCheckoutSession({
        providerCustomerId,
        priceId: price.priceId,
        successUrl: `${base}?checkout=success`,
        cancelUrl: `${base}?checkout=cancelled`,
        organizationId: organization.id,
      });
      await repository.insertCheckoutSession({
        organizationId: organization.id,
        provider: providerName,
        providerSessionId: session.providerSessionId,
        priceLookupKey: price.lookupKey,
        url: session.url,
        returnPath,
        createdByUserId: userId,
        expiresAt: session.expiresAt,
      });
      return { id: session.providerSessionId, url: session.url };
    },

    async createPortalSession(grant: AccountGrant, input: { returnPath?: string | null }) {
      const returnPath = validReturnPath(input.returnPath);
      const organization = await organizationOfAccount(grant.accountId);
      const customer = await repository.customerOf(organization.id);
      if (!customer || customer.provider !== providerName)
        throw conflict('There is no billing to manage yet: your organization is on the Free plan. Choose a plan first.');
      const session = await provider.createPortalSession({ providerCustomerId: customer.providerCustomerId, returnUrl: `${publicUrl}${returnPath}` });
      return { id: session.providerSessionId, url: session.url };
    },

    async changePlan(grant: AccountGrant, priceLookupKey: PriceLookupKey) {
      const organization = await organizationOfAccount(grant.accountId);
      const { row, state } = await activeSubscription(organization.id, organization.subscriptionPlanType);
      if (row.status === 'past_due')
        throw conflict('A payment failed: the plan cannot change until it is paid. Update the payment method in the billing portal first.');
      if (priceLookupKey === row.priceLookupKey) {
        throw badInput({
          priceLookupKey: `Your organization already has ${planWords(priceLookupKey)}.${row.scheduledPriceLookupKey || row.cancelAtPeriodEnd ? ' To keep it after this period, resume the subscription.' : ''}`,
        });
      }
      if (priceLookupKey === row.scheduledPriceLookupKey)
        throw badInput({ priceLookupKey: `${planWords(priceLookupKey)} already starts on ${mailDate(row.currentPeriodEnd)}.` });
      const from = PLAN_PRICES[row.priceLookupKey];
      const to = PLAN_PRICES[priceLookupKey];
      // Up a plan, or the same plan billed yearly instead of monthly: now. Anything else waits for the period's end.
      const upgrade = PLAN_RANK[to.plan] > PLAN_RANK[from.plan] || (to.plan === from.plan && to.interval === 'year');
      const after = await provider.changePlan({ providerSubscriptionId: row.providerSubscriptionId, priceLookupKey, atPeriodEnd: !upgrade });
      const extra = upgrade && providerName === 'sandbox' ? [sandboxUpgradeInvoiceEvent(state, after, new Date())] : [];
      await applyDirect(organization.id, state, after, extra);
      return billing(grant);
    },

    async cancel(grant: AccountGrant) {
      const organization = await organizationOfAccount(grant.accountId);
      const { row, state } = await activeSubscription(organization.id, organization.subscriptionPlanType);
      if (row.cancelAtPeriodEnd)
        throw conflict(
          `The subscription already ends on ${mailDate(row.currentPeriodEnd)}; your organization then moves to Free. Resume it to keep ${row.plan}.`,
        );
      const after = await provider.cancelAtPeriodEnd({ providerSubscriptionId: row.providerSubscriptionId });
      await applyDirect(organization.id, state, after);
      return billing(grant);
    },

    async resume(grant: AccountGrant) {
      const organization = await organizationOfAccount(grant.accountId);
      const { row, state } = await activeSubscription(organization.id, organization.subscriptionPlanType);
      if (!row.cancelAtPeriodEnd && !row.scheduledPriceLookupKey)
        throw conflict(
          `Nothing to resume: ${planWords(row.priceLookupKey)} continues after ${mailDate(row.currentPeriodEnd)} with no cancellation or plan change scheduled.`,
        );
      const after = await provider.resume({ providerSubscriptionId: row.providerSubscriptionId });
      await applyDirect(organization.id, state, after);
      return billing(grant);
    },

    async simulateRenewal(grant: AccountGrant, outcome: 'succeeds' | 'fails' | 'dunningEnds') {
      if (providerName !== 'sandbox')
        throw conflict('Renewals are simulated only in the billing sandbox; with Stripe, Stripe renews subscriptions and reports them by webhook.');
      const organization = await organizationOfAccount(grant.accountId);
      const { row, state } = await activeSubscription(organization.id, organization.subscriptionPlanType);
      const now = new Date(Math.max(Date.now(), row.providerUpdatedAt.getTime() + 1));
      if (outcome === 'dunningEnds') {
        if (row.status !== 'past_due') throw conflict('The dunning period runs only after a failed payment: simulate a failed renewal first.');
        await endDunning(organization.id, { force: true });
        return billing(grant);
      }
      let events: BillingEvent[];
      if (row.status === 'past_due') {
        const open = await repository.latestOpenInvoice(organization.id);
        if (!open?.providerInvoiceId) throw conflict('No unpaid invoice to retry.');
        events = sandboxRetryEvents(
          state,
          {
            providerInvoiceId: open.providerInvoiceId,
            amountDue: open.amountDue,
            periodStart: open.periodStart,
            periodEnd: open.periodEnd,
            attemptCount: Number(open.attemptCount),
            priceLookupKey: open.priceLookupKey,
          },
          outcome,
          now,
        );
      } else events = sandboxRenewalEvents(state, outcome, now);
      for (const event of events) await applyProviderEvent('sandbox', event, event);
      return billing(grant);
    },

    async sandboxCheckoutSession(viewer: BillingViewer, id: string) {
      if (providerName !== 'sandbox' || id.length > 100) throw notFound('Checkout session');
      const session = await repository.sandboxCheckoutSession(id);
      if (!session || !(await mayManageOrganization(viewer, session.session.organizationId))) throw notFound('Checkout session');
      const price = (await prices()).find((candidate) => candidate.lookupKey === session.session.priceLookupKey)!;
      const expired = session.session.status === 'open' && session.session.expiresAt.getTime() < Date.now();
      return {
        id: session.session.providerSessionId,
        organizationName: session.organizationName,
        product: productView(price),
        status: expired ? 'expired' : session.session.status,
        expiresAt: session.session.expiresAt,
        returnPath: session.session.returnPath,
        testCards: SANDBOX_TEST_CARDS.map((card) => ({ number: card.number, label: card.label })),
      };
    },

    async completeSandboxCheckout(viewer: BillingViewer, sessionId: string, card: SandboxCard) {
      if (providerName !== 'sandbox' || sessionId.length > 100) throw notFound('Checkout session');
      const session = (await repository.sandboxCheckoutSession(sessionId))?.session;
      if (!session || !(await mayManageOrganization(viewer, session.organizationId))) throw notFound('Checkout session');
      if (session.status === 'complete') throw conflict('This checkout is already paid. Go back to the subscription page to see the plan.');
      if (session.status === 'expired' || session.expiresAt.getTime() < Date.now())
        throw conflict('This checkout has expired: nothing was charged. Start again from the subscription page.');
      const checked = validateSandboxCard(card);
      if ('fields' in checked) throw badInput(checked.fields);
      if (checked.outcome === 'declinedNow') throw badInput({ number: SANDBOX_DECLINED_MESSAGE }, SANDBOX_DECLINED_MESSAGE);
      // Claimed first: a second submit of the same page waits on this row, then finds it paid.
      if (!(await repository.claimCheckoutSession(session.id)))
        throw conflict('This checkout is already paid. Go back to the subscription page to see the plan.');
      const current = await repository.currentSubscription(session.organizationId, undefined, true);
      if (current && current.status !== 'canceled')
        throw conflict('Your organization already has a subscription (another checkout finished first). Nothing was charged.');
      const customer = await repository.customerOf(session.organizationId);
      if (!customer) throw conflict('The billing customer of this organization is missing; start again from the subscription page.');
      const now = new Date(Math.max(Date.now(), (current?.providerUpdatedAt.getTime() ?? 0) + 1));
      for (const event of sandboxCheckoutEvents({
        providerSessionId: sessionId,
        providerCustomerId: customer.providerCustomerId,
        priceLookupKey: session.priceLookupKey,
        paymentMethod: checked.paymentMethod,
        now,
      })) {
        await applyProviderEvent('sandbox', event, event);
      }
      return { id: sessionId, url: `${publicUrl}${session.returnPath}?checkout=success` };
    },

    async sandboxPortalSession(viewer: BillingViewer, id: string) {
      const read = providerName === 'sandbox' ? readSandboxPortalId(config.USER_HASH_SECRET, id) : null;
      const organizationId = read ? await repository.organizationOfCustomer(read.providerCustomerId) : null;
      const accountId = organizationId ? await manageableAccount(viewer, organizationId) : null;
      if (!read || !organizationId || !accountId) throw notFound('Billing portal session');
      return { id, accountId, returnPath: read.returnPath, billing: await billingOfOrganization(organizationId, true) };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
