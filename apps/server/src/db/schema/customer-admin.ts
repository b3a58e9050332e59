import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownedBy, timestamptz, updatedAt } from './columns.ts';
import { accounts } from './accounts.ts';
import { customers } from './transactions.ts';

/** One note a staff member added to an enhanced due diligence review. */
export interface EddNote {
  at: string;
  by: string;
  text: string;
}

/**
 * Enhanced due diligence: a customer flagged for a closer look (by staff with a reason, or by the daily volume scan),
 * waiting in the staff queue until someone approves or rejects it. A customer has at most one pending review; decided ones stay as history.
 */
export const eddReviews = pgTable(
  'edd_reviews',
  {
    id: id(),
    customerId: ownedBy('customer_id', () => customers.id),
    accountId: ownedBy('account_id', () => accounts.id),
    status: text('status', { enum: ['Pending', 'Approved', 'Rejected'] })
      .notNull()
      .default('Pending'),
    flagReason: text('flag_reason').notNull(),
    /** The staff user who flagged the customer; null: the daily volume scan (EDD_VOLUME_THRESHOLD_USD). */
    flaggedBy: uuid('flagged_by'),
    notes: jsonb('notes').$type<EddNote[]>().notNull().default([]),
    decidedAt: timestamptz('decided_at'),
    decidedBy: uuid('decided_by'),
    decisionReason: text('decision_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The queue: pending reviews, oldest first.
    index('edd_reviews_queue_idx')
      .on(table.createdAt, table.id)
      .where(sql`status = 'Pending'`),
    uniqueIndex('edd_reviews_one_pending_idx')
      .on(table.customerId)
      .where(sql`status = 'Pending'`),
    index('edd_reviews_customer_idx').on(table.customerId, table.createdAt.desc()),
  ],
);
