import { sql } from 'drizzle-orm';
import { boolean, index, inet, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamptz } from './columns.ts';

/** Who did what, where and with which outcome: every mutation and every staff view of a partner's account. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    occurredAt: timestamptz('occurred_at').notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    actorEmail: text('actor_email'),
    actorRole: text('actor_role'),
    viaStaff: boolean('via_staff').notNull().default(false),
    /** Done by the operator's command line (`npm run admin`), not by a signed-in user: no actor user, no IP address. */
    viaCommandLine: boolean('via_command_line').notNull().default(false),
    accountId: uuid('account_id'),
    operation: text('operation').notNull(),
    kind: text('kind', { enum: ['mutation', 'view'] }).notNull(),
    outcome: text('outcome', { enum: ['success', 'failure'] }).notNull(),
    errorCode: text('error_code'),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: inet('ip_address'),
    requestId: text('request_id'),
  },
  (table) => [
    index('audit_events_account_idx').on(table.accountId, table.occurredAt),
    index('audit_events_actor_idx').on(table.actorUserId, table.occurredAt),
    index('audit_events_occurred_idx').on(table.occurredAt),
    // An account's status history (admin-organizations): its status changes, by the account the arguments name.
    index('audit_events_account_status_idx')
      .on(sql`(${table.changes}->>'accountId')`, table.occurredAt)
      .where(sql`operation in ('enableAccount', 'disableAccount', 'closeAccount')`),
  ],
);
