import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownedBy, timestamptz, updatedAt } from './columns.ts';
import { accounts } from './accounts.ts';
import { passProjects } from './passes.ts';

/** Webhook endpoints of an account, one set per mode. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: id(),
    accountId: ownedBy('account_id', () => accounts.id),
    url: text('url').notNull(),
    liveMode: boolean('live_mode').notNull(),
    /** Event types the endpoint takes; empty means every event. */
    events: text('events').array().notNull().default([]),
    /** Standard Webhooks secret, `whsec_` + base64. */
    signingSecret: text('signing_secret').notNull(),
    description: text('description'),
    /** A pass project's endpoint (issue 17): it takes only that project's pass events; account endpoints have null. */
    passProjectId: uuid('pass_project_id').references((): AnyPgColumn => passProjects.id, { onDelete: 'cascade' }),
    isEnabled: boolean('is_enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    /** Set at the first failure of a run of failures; cleared by a success. */
    failingSince: timestamptz('failing_since'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('webhooks_account_mode_idx').on(table.accountId, table.liveMode),
    index('webhooks_pass_project_idx')
      .on(table.passProjectId)
      .where(sql`pass_project_id is not null`),
  ],
);

/**
 * The outbox: every domain event, written in the same database transaction as the change that caused it.
 * Its id is the `webhook-id` of every delivery and retry of the event.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: id(),
    accountId: ownedBy('account_id', () => accounts.id),
    liveMode: boolean('live_mode').notNull(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    externalCustomerId: text('external_customer_id'),
    createdAt: createdAt(),
  },
  (table) => [index('webhook_events_account_idx').on(table.accountId, table.liveMode, table.createdAt)],
);

/** One event to one endpoint, with its attempts. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    eventId: ownedBy('event_id', () => webhookEvents.id),
    webhookId: ownedBy('webhook_id', () => webhooks.id),
    status: text('status', { enum: ['pending', 'succeeded', 'failed', 'abandoned'] })
      .notNull()
      .default('pending'),
    attemptCount: integer('attempt_count').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at'),
    lastStatusCode: integer('last_status_code'),
    /**
     * A worker's claim on a pending delivery (a lease, renewed by the worker's heartbeat while it still holds the
     * delivery). Another worker takes the delivery once the lease passes, or at once when the claiming worker's heartbeat
     * is older than WORKER_HEARTBEAT_TIMEOUT_SECONDS (it died).
     */
    lockedUntil: timestamptz('locked_until'),
    /** The worker (workers.id) that claimed it; no foreign key: the claim is hot and worker rows are removed later. */
    claimedBy: uuid('claimed_by'),
    createdAt: createdAt(),
    deliveredAt: timestamptz('delivered_at'),
  },
  (table) => [
    index('webhook_deliveries_webhook_idx').on(table.webhookId, table.createdAt),
    index('webhook_deliveries_event_idx').on(table.eventId),
    // The delivery queue: pending deliveries by due time.
    index('webhook_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`status = 'pending'`),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    deliveryId: ownedBy('delivery_id', () => webhookDeliveries.id),
    attemptNumber: integer('attempt_number').notNull(),
    attemptedAt: timestamptz('attempted_at').notNull().defaultNow(),
    statusCode: integer('status_code'),
    latencyMs: integer('latency_ms').notNull(),
    /** First 8 KB of the response body. */
    responseBody: text('response_body'),
    error: text('error'),
  },
  (table) => [index('webhook_attempts_delivery_idx').on(table.deliveryId, table.attemptNumber)],
);

/**
 * Webhook dispatchers that are waiting for work. The outbox sends its NOTIFY only while one is listed: NOTIFY takes
 * a database-wide lock across the commit, which stops PostgreSQL from flushing concurrent commits together, and a busy
 * dispatcher keeps claiming without being told (decision 0006). A dispatcher that died leaves a row behind, which only
 * costs needless NOTIFYs until its heartbeat is old enough for another dispatcher to remove it.
 */
export const webhookIdleDispatchers = pgTable('webhook_idle_dispatchers', {
  dispatcherId: uuid('dispatcher_id').primaryKey(),
  heartbeatAt: timestamptz('heartbeat_at').notNull().defaultNow(),
});

/**
 * Running workers (each with its webhook dispatcher), by heartbeat: a worker beats every third of
 * WORKER_HEARTBEAT_TIMEOUT_SECONDS, and the deliveries a worker whose heartbeat is older than that claimed are free for
 * others (it died). Rows of workers that stopped beating long ago are removed by the live ones.
 */
export const workers = pgTable('workers', {
  id: uuid('id').primaryKey(),
  startedAt: timestamptz('started_at').notNull().defaultNow(),
  heartbeatAt: timestamptz('heartbeat_at').notNull().defaultNow(),
});
