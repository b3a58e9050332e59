import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, jsonb, numeric, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownedBy, timestamptz, updatedAt } from './columns.ts';
import { PAYMENT_METHODS, PRICING_REGIONS, PRICING_RULE_TYPES, TRANSACTION_TYPES } from '@rampart/shared/enums';
import { accounts } from './accounts.ts';
import { users } from './identity.ts';
import { cryptoCurrencies } from './settings.ts';

/**
 * Pricing rules (spec §3). `account_id` null is the provider's default for every account; an account's own rule
 * beats the default at the same specificity (packages/shared/src/pricing.ts resolveRule).
 */
export const pricingRules = pgTable(
  'pricing_rules',
  {
    id: id(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type', { enum: PRICING_RULE_TYPES }).notNull(),
    region: text('region', { enum: PRICING_REGIONS }).notNull(),
    /** null: every payment method. */
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }),
    transactionType: text('transaction_type', { enum: TRANSACTION_TYPES }).notNull(),
    percentage: numeric('percentage').notNull().default('0'),
    fixedValue: numeric('fixed_value').notNull().default('0'),
    minValue: numeric('min_value').notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    unique('pricing_rules_scope_unique').on(table.accountId, table.type, table.region, table.paymentMethod, table.transactionType).nullsNotDistinct(),
    index('pricing_rules_account_idx').on(table.accountId, table.transactionType),
  ],
);

/** Which catalogue assets an account offers; an asset without a row uses the defaults (buy on, sell where supported). */
export const currencyAccountPairs = pgTable(
  'currency_account_pairs',
  {
    accountId: ownedBy('account_id', () => accounts.id),
    currencyId: ownedBy('currency_id', () => cryptoCurrencies.id),
    isEnabled: boolean('is_enabled').notNull(),
    isSellEnabled: boolean('is_sell_enabled').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.currencyId] })],
);

export const INTEGRATION_TYPES = ['web', 'ios', 'android'] as const;

/** Where the partner embeds the widget: web domains and mobile app ids (createIntegration). */
export const integrations = pgTable(
  'integrations',
  {
    id: id(),
    accountId: ownedBy('account_id', () => accounts.id),
    type: text('type', { enum: INTEGRATION_TYPES }).notNull(),
    /** A host name for web, a bundle or package id for apps. */
    value: text('value').notNull(),
    createdAt: createdAt(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [unique('integrations_account_value_unique').on(table.accountId, table.type, table.value)],
);

export const WIDGET_FLOWS = ['buy', 'sell', 'swap', 'nft'] as const;

/** A widget opened from a (signed) URL: the token the widget's API calls carry, and the URL's parameters it may trust. */
export const widgetSessions = pgTable(
  'widget_sessions',
  {
    id: id(),
    /** SHA-256 of the session token. */
    tokenHash: text('token_hash').notNull().unique(),
    accountId: ownedBy('account_id', () => accounts.id),
    liveMode: boolean('live_mode').notNull(),
    flow: text('flow', { enum: WIDGET_FLOWS }).notNull(),
    /** The URL's widget parameters, as given (signed ones cannot be changed by the customer). */
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    isSigned: boolean('is_signed').notNull().default(false),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [index('widget_sessions_account_idx').on(table.accountId, table.createdAt)],
);

export const WIDGET_FUNNEL_EVENTS = ['opened', 'quoted', 'payment_started', 'completed', 'failed'] as const;

/** The funnel's steps and `transaction_created`, which ties a widget transaction to its session (only it may read it). */
export const WIDGET_EVENTS = [...WIDGET_FUNNEL_EVENTS, 'transaction_created'] as const;

/** The widget's funnel, for analytics: one row per step a session reaches. */
export const widgetEvents = pgTable(
  'widget_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: ownedBy('account_id', () => accounts.id),
    liveMode: boolean('live_mode').notNull(),
    sessionId: uuid('session_id').references(() => widgetSessions.id, { onDelete: 'set null' }),
    flow: text('flow', { enum: WIDGET_FLOWS }).notNull(),
    event: text('event', { enum: WIDGET_EVENTS }).notNull(),
    transactionId: uuid('transaction_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('widget_events_account_idx').on(table.accountId, table.liveMode, table.createdAt),
    index('widget_events_session_idx').on(table.sessionId),
    // A status change looks up the transaction's session (its funnel end, analytics); added by hand in migration 0022.
    index('widget_events_transaction_idx')
      .on(table.transactionId)
      .where(sql`${table.transactionId} is not null`),
  ],
);
