import { boolean, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, ownedBy, updatedAt } from './columns.ts';
import { accounts } from './accounts.ts';
import { users } from './identity.ts';

/**
 * A partner's support request (the built-in support chat, issue 37): a conversation between the account's members
 * and the provider's support staff. Open: waiting for staff; Answered: staff replied last; Closed: staff closed it.
 */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: id(),
    accountId: ownedBy('account_id', () => accounts.id),
    openedByUserId: uuid('opened_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    status: text('status', { enum: ['Open', 'Answered', 'Closed'] })
      .notNull()
      .default('Open'),
    createdAt: createdAt(),
    /** The last message or status change: both inboxes list the most recent first. */
    updatedAt: updatedAt(),
  },
  (table) => [
    index('support_requests_account_idx').on(table.accountId, table.updatedAt),
    index('support_requests_status_idx').on(table.status, table.updatedAt),
    check('support_requests_status_check', sql`${table.status} in ('Open', 'Answered', 'Closed')`),
  ],
);

/** One message of a support request, from a member of the account or from staff. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: id(),
    requestId: ownedBy('request_id', () => supportRequests.id),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    fromStaff: boolean('from_staff').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('support_messages_request_idx').on(table.requestId, table.createdAt)],
);
