import { index, integer, numeric, pgTable, primaryKey, text, uuid, boolean } from 'drizzle-orm/pg-core';
import { PAYMENT_METHODS, PRICING_REGIONS } from '@rampart/shared/enums';
import { createdAt, id, ownedBy, updatedAt } from './columns.ts';
import { accounts } from './accounts.ts';
import { users } from './identity.ts';

/**
 * Staff's choice of payment methods per account and pricing region (issue 35). No row: the method is offered. A
 * region's row beats the account's Global row for customers of that region (payment-methods.service.ts methodState).
 */
export const paymentMethodSettings = pgTable(
  'payment_method_settings',
  {
    accountId: ownedBy('account_id', () => accounts.id),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    region: text('region', { enum: PRICING_REGIONS }).notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    /** Bounds of one transaction's fiat amount with this method (null: none). */
    minAmount: numeric('min_amount'),
    maxAmount: numeric('max_amount'),
    updatedAt: updatedAt(),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.paymentMethod, table.region] })],
);

/**
 * Which processor route a payment method and region use for an account, in priority order (1 first). The first rule
 * matching the quote's method (null: any) and region (Global: any) names the route the quote and transaction carry.
 */
export const routingRules = pgTable(
  'routing_rules',
  {
    id: id(),
    accountId: ownedBy('account_id', () => accounts.id),
    priority: integer('priority').notNull(),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }),
    region: text('region', { enum: PRICING_REGIONS }).notNull(),
    route: text('route').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('routing_rules_account_idx').on(table.accountId, table.priority)],
);
