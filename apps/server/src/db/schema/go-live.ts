import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownedBy, timestamptz, updatedAt } from './columns.ts';
import { accounts } from './accounts.ts';
import { users } from './identity.ts';

export const RAMP_PRODUCTS = ['OnRamp', 'OffRamp', 'Swaps', 'NftCheckout'] as const;
export const GO_LIVE_STATUSES = ['Pending', 'InProgress', 'OnHold', 'Approved', 'Rejected'] as const;

export interface TestingInstructionsSnapshot {
  url: string;
  credentials: string | null;
  steps: string;
  updatedAt: string;
}

/** How a reviewer can test the partner's integration: one per account, shared by its products. */
export const testingInstructions = pgTable('testing_instructions', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  /** Test credentials meant for the provider's reviewers, not a secret of the partner's own. */
  credentials: text('credentials'),
  steps: text('steps').notNull(),
  updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/**
 * A partner's request to go live with one product and the provider's review of it. OnHold goes back to Pending
 * when the partner requests again; after Rejected a new request starts a new row.
 */
export const goLiveRequests = pgTable(
  'go_live_requests',
  {
    id: id(),
    accountId: ownedBy('account_id', () => accounts.id),
    product: text('product', { enum: RAMP_PRODUCTS }).notNull(),
    status: text('status', { enum: GO_LIVE_STATUSES }).notNull().default('Pending'),
    reason: text('reason'),
    /** The instructions as they were when the partner (last) asked, so the reviewer tests what was submitted. */
    testingInstructions: jsonb('testing_instructions').$type<TestingInstructionsSnapshot | null>(),
    requestedByUserId: uuid('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamptz('requested_at').notNull().defaultNow(),
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamptz('decided_at'),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('go_live_requests_account_idx').on(table.accountId, table.product, table.requestedAt),
    index('go_live_requests_queue_idx').on(table.status, table.requestedAt),
    // One open request per product: two concurrent requests cannot both get in.
    uniqueIndex('go_live_requests_one_open_unique')
      .on(table.accountId, table.product)
      .where(sql`status in ('Pending', 'InProgress', 'OnHold')`),
  ],
);

/** Countries and industries staff block (no go-live) or redirect (served elsewhere). */
export const blockedListEntries = pgTable(
  'blocked_list_entries',
  {
    id: id(),
    kind: text('kind', { enum: ['country', 'industry'] }).notNull(),
    value: text('value').notNull(),
    action: text('action', { enum: ['Block', 'Redirect'] }).notNull(),
    reason: text('reason').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('blocked_list_entries_kind_value_unique').on(table.kind, table.value),
    check('blocked_list_entries_reason_present', sql`length(trim(${table.reason})) > 0`),
  ],
);
