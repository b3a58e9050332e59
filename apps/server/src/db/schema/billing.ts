import { bigserial, boolean, index, jsonb, numeric, pgSequence, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .unique()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: BILLING_PROVIDERS }).notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull().unique(),
    plan: text('plan', { enum: PAID_PLANS }).notNull(),
    priceLookupKey: text('price_lookup_key', { enum: PRICE_LOOKUP_KEYS }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** A downgrade waits for the period's end: the price that starts then. */
    scheduledPriceLookupKey: text('scheduled_price_lookup_key', { enum: PRICE_LOOKUP_KEYS }),
    /** When a payment first failed; the plan stays until the dunning period after it ends. */
    pastDueSince: timestamp('past_due_since', { withTimezone: true }),
    /** { brand, last4, expMonth, expYear } of the default card; null when the provider has none. */
    paymentMethod: jsonb('payment_method').$type<{ brand: string; last4: string; expMonth: number; expYear: number } | null>(),
    /** The provider's time of the newest event applied: an older event arriving later changes nothing. */
    providerUpdatedAt: timestamp('provider_updated_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('subscriptions_past_due_idx').on(table.pastDueSince)],
);

/** Invoice numbers: RMP-000001, RMP-000002, … across the deployment, never reused. */
export const invoiceNumberSequence = pgSequence('invoice_number_seq', { startWith: 1 });

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
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
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    /** Stripe's hosted invoice page; null for the sandbox (Rampart prints its own). */
    hostedInvoiceUrl: text('hosted_invoice_url'),
    attemptCount: numeric('attempt_count').notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }),
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
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    /** What applying it did: 'applied', 'stale' (older than what we have), 'ignored' (not ours or not relevant). */
    outcome: text('outcome').notNull(),
    payload: jsonb('payload').notNull(),
  },
  (table) => [unique('billing_events_provider_event_unique').on(table.provider, table.providerEventId)],
);

/** Checkout sessions started from the dashboard (both providers); the sandbox's hosted checkout page reads its own. */
export const billingCheckoutSessions = pgTable('billing_checkout_sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});
