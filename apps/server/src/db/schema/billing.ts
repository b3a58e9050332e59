import { bigserial, boolean, index, jsonb, numeric, pgSequence, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownedBy, timestamptz, updatedAt } from './columns.ts';
import { BILLING_PROVIDERS, INVOICE_STATUSES, PAID_PLANS, PRICE_LOOKUP_KEYS, SUBSCRIPTION_STATUSES } from '@rampart/shared/billing';
import { organizations } from './accounts.ts';
import { users } from './identity.ts';

/**
 * Subscriptions (issue 15). The plan lives on organizations.subscription_plan_type (spec §3); these tables hold what the
 * billing provider (Stripe, or the built-in sandbox) says about it. One current subscription per organization.
 */
export const billingCustomers = pgTable('billing_customers', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: BILLING_PROVIDERS }).notNull(),
  /** Stripe's cus_…, or the sandbox's own id. */
  providerCustomerId: text('provider_customer_id').notNull().unique(),
  createdAt: createdAt(),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .unique()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: BILLING_PROVIDERS }).notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull().unique(),
    plan: text('plan', { enum: PAID_PLANS }).notNull(),
    priceLookupKey: text('price_lookup_key', { enum: PRICE_LOOKUP_KEYS }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    currentPeriodStart: timestamptz('current_period_start').notNull(),
    currentPeriodEnd: timestamptz('current_period_end').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** A downgrade waits for the period's end: the price that starts then. */
    scheduledPriceLookupKey: text('scheduled_price_lookup_key', { enum: PRICE_LOOKUP_KEYS }),
    /** When a payment first failed; the plan stays until the dunning period after it ends. */
    pastDueSince: timestamptz('past_due_since'),
    /** { brand, last4, expMonth, expYear } of the default card; null when the provider has none. */
    paymentMethod: jsonb('payment_method').$type<{ brand: string; last4: string; expMonth: number; expYear: number } | null>(),
    /** The provider's time of the newest event applied: an older event arriving later changes nothing. */
    providerUpdatedAt: timestamptz('provider_updated_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('subscriptions_past_due_idx').on(table.pastDueSince)],
);

/** Invoice numbers: RMP-000001, RMP-000002, … across the deployment, never reused. */
export const invoiceNumberSequence = pgSequence('invoice_number_seq', { startWith: 1 });

export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    organizationId: ownedBy('organization_id', () => organizations.id),
    number: text('number').notNull().unique(),
    provider: text('provider', { enum: BILLING_PROVIDERS }).notNull(),
    providerInvoiceId: text('provider_invoice_id').unique(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull(),
    plan: text('plan', { enum: PAID_PLANS }).notNull(),
    priceLookupKey: text('price_lookup_key', { enum: PRICE_LOOKUP_KEYS }).notNull(),
    /** Decimal strings in the invoice's currency (never floats). */
    amountDue: numeric('amount_due').notNull(),
    amountPaid: numeric('amount_paid').notNull().default('0'),
    currency: text('currency').notNull(),
    periodStart: timestamptz('period_start').notNull(),
    periodEnd: timestamptz('period_end').notNull(),
    /** Stripe's hosted invoice page; null for the sandbox (Rampart prints its own). */
    hostedInvoiceUrl: text('hosted_invoice_url'),
    attemptCount: numeric('attempt_count').notNull().default('0'),
    createdAt: createdAt(),
    paidAt: timestamptz('paid_at'),
    lastFailedAt: timestamptz('last_failed_at'),
  },
  (table) => [index('invoices_organization_idx').on(table.organizationId, table.createdAt)],
);

/** Every provider event received, once (unique id): a replay is recognised and changes nothing. */
export const billingEvents = pgTable(
  'billing_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider', { enum: BILLING_PROVIDERS }).notNull(),
    providerEventId: text('provider_event_id').notNull(),
    type: text('type').notNull(),
    /** The provider's creation time of the event. */
    occurredAt: timestamptz('occurred_at').notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    /** What applying it did: 'applied', 'stale' (older than what we have), 'ignored' (not ours or not relevant). */
    outcome: text('outcome').notNull(),
    payload: jsonb('payload').notNull(),
  },
  (table) => [unique('billing_events_provider_event_unique').on(table.provider, table.providerEventId)],
);

/** Checkout sessions started from the dashboard (both providers); the sandbox's hosted checkout page reads its own. */
export const billingCheckoutSessions = pgTable('billing_checkout_sessions', {
  id: id(),
  organizationId: ownedBy('organization_id', () => organizations.id),
  provider: text('provider', { enum: BILLING_PROVIDERS }).notNull(),
  providerSessionId: text('provider_session_id').notNull().unique(),
  priceLookupKey: text('price_lookup_key', { enum: PRICE_LOOKUP_KEYS }).notNull(),
  status: text('status', { enum: ['open', 'complete', 'expired'] })
    .notNull()
    .default('open'),
  url: text('url').notNull(),
  /** Where the checkout returns: the dashboard route it was started from. */
  returnPath: text('return_path').notNull(),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  expiresAt: timestamptz('expires_at').notNull(),
  completedAt: timestamptz('completed_at'),
});
