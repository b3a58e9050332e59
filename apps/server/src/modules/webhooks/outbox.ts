import type { WebhookEventType } from '@rampart/shared/enums';
import type { PassWebhookEventType } from '@rampart/shared/passes';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import type { SqlExecutor } from '../../db/executor.ts';

export interface DomainEvent {
  accountId: string;
  liveMode: boolean;
  type: WebhookEventType | PassWebhookEventType;
  data: Record<string, unknown>;
  externalCustomerId?: string | null;
  /** A pass project's event goes only to that project's endpoints; other events only to the account's own. */
  passProjectId?: string | null;
}

/** What an `identity_check_updated` event says of a customer: staff blocks and decisions and the provider's reports send it. */
export function identityCheckUpdatedEvent(customer: {
  id: string;
  accountId: string;
  liveMode: boolean;
  externalCustomerId: string | null;
  isBlocked: boolean;
  kycLevel: string | null;
  identityCheckStatus: string | null;
}): DomainEvent {
  return {
    accountId: customer.accountId,
    liveMode: customer.liveMode,
    type: 'identity_check_updated',
    data: {
      customerId: customer.id,
      externalCustomerId: customer.externalCustomerId,
      isBlocked: customer.isBlocked,
      level: customer.isBlocked ? 'Blocked' : customer.kycLevel,
      status: customer.identityCheckStatus,
    },
    externalCustomerId: customer.externalCustomerId,
  };
}

/** The channel a committed event's deliveries are announced on; workers LISTEN to it and claim them at once. */
export const WEBHOOK_DELIVERIES_CHANNEL = 'webhook_deliveries';

/**
 * An event of an account whose status refuses traffic in its mode (accountAllowsTraffic, @rampart/shared/account-status:
 * Closed, or Dormant in live mode) is kept but queues no delivery; `w` is the endpoint, `a` its account.
 */
const ACCOUNT_TAKES_DELIVERIES = `(a.status = 'Active' or (a.status = 'Dormant' and not w.live_mode))`;

/** Unless a dispatcher is listed as idle there is no NOTIFY: busy dispatchers keep claiming until the queue is empty. */
const EMIT_SQL = `
  with event as (
    insert into webhook_events (account_id, live_mode, type, data, external_customer_id, created_at)
    values ($1, $2, $3, $4::jsonb, $5, clock_timestamp()) -- not now(): several events of one transaction keep their order
    returning id
  ), deliveries as (
    insert into webhook_deliveries (event_id, webhook_id, next_attempt_at)
    select event.id, w.id, now() from event
    join webhooks w on w.account_id = $1 and w.live_mode = $2 and w.is_enabled and w.pass_project_id is not distinct from $6::uuid
      and (cardinality(w.events) = 0 or $3 = any(w.events))
    join accounts a on a.id = w.account_id and ${ACCOUNT_TAKES_DELIVERIES}
    returning id
  )
  select event.id as event_id,
    case when exists (select 1 from deliveries) and exists (select 1 from webhook_idle_dispatchers) then pg_notify('${WEBHOOK_DELIVERIES_CHANNEL}', '') end
  from event`;

/**
 * The node-postgres client (or pool) under a Drizzle database or transaction. The outbox write runs on it as a named
 * prepared statement: PostgreSQL then plans it once per connection, which makes the write ~1.5x cheaper (decision 0006).
 */
function pgClientOf(executor: SqlExecutor): { query: pg.Pool['query'] } | null {
  const client = (executor as unknown as { session?: { client?: unknown } }).session?.client as { query?: unknown } | undefined;
  return client && typeof client.query === 'function' ? (client as { query: pg.Pool['query'] }) : null;
}

/**
 * Writes a domain event to the outbox and fans it out to the account's matching endpoints as pending deliveries —
 * in the caller's transaction, so an event exists exactly when its change does. The deliveries table is the queue.
 * A NOTIFY at commit wakes a dispatcher that is waiting for work (one listed in webhook_idle_dispatchers); busy ones
 * keep claiming without it. NOTIFY serialises committing transactions (PostgreSQL holds a database-wide lock across
 * the commit), so skipping it under load lets concurrent commits be flushed together (decision 0006). Dispatchers
 * also look for due deliveries every 250 ms.
 * Returns the event id (the `webhook-id` of every delivery of it).
 */
export async function emitWebhookEvent(executor: SqlExecutor, event: DomainEvent): Promise<string> {
  const values = [event.accountId, event.liveMode, event.type, JSON.stringify(event.data), event.externalCustomerId ?? null, event.passProjectId ?? null];
  const client = pgClientOf(executor);
  if (!client) throw new Error('emitWebhookEvent needs a Drizzle node-postgres database or transaction');
  const result = await client.query<{ event_id: string }>({ name: 'webhook-emit-event', text: EMIT_SQL, values });
  return result.rows[0]!.event_id;
}

/**
 * emitWebhookEvent for many events in one statement (ingestion batches), in the caller's transaction and in the
 * given order: each event and its pending deliveries, as if emitted one after the other. Account events only.
 */
export async function emitWebhookEvents(executor: SqlExecutor, events: DomainEvent[]): Promise<void> {
  if (events.length === 0) return;
  const client = pgClientOf(executor);
  if (!client) throw new Error('emitWebhookEvents needs a Drizzle node-postgres database or transaction');
  const input = JSON.stringify(
    events.map((event, ord) => ({
      ord,
      account_id: event.accountId,
      live_mode: event.liveMode,
      type: event.type,
      data: event.data,
      external_customer_id: event.externalCustomerId ?? null,
    })),
  );
  await client.query(
    `with input as (
       select * from jsonb_to_recordset($1::jsonb) as e(ord int, account_id uuid, live_mode boolean, type text, data jsonb, external_customer_id text)
     ), event as (
       insert into webhook_events (account_id, live_mode, type, data, external_customer_id, created_at)
       select account_id, live_mode, type, data, external_customer_id, clock_timestamp() from input order by ord
       returning id, account_id, live_mode, type
     ), deliveries as (
       insert into webhook_deliveries (event_id, webhook_id, next_attempt_at)
       select event.id, w.id, now() from event
       join webhooks w on w.account_id = event.account_id and w.live_mode = event.live_mode and w.is_enabled and w.pass_project_id is null
         and (cardinality(w.events) = 0 or event.type = any(w.events))
       join accounts a on a.id = w.account_id and ${ACCOUNT_TAKES_DELIVERIES}
       returning id
     )
     select case when exists (select 1 from deliveries) and exists (select 1 from webhook_idle_dispatchers) then pg_notify('${WEBHOOK_DELIVERIES_CHANNEL}', '') end`,
    [input],
  );
}

/**
 * When staff close an account (or make it dormant) its deliveries still waiting are given up, in the same transaction
 * as the change: nothing queued before is sent afterwards. `liveModes`: the modes that stopped. Returns how many.
 */
export async function abandonPendingDeliveries(executor: SqlExecutor, accountId: string, liveModes: { live: boolean; test: boolean }): Promise<number> {
  if (!liveModes.live && !liveModes.test) return 0;
  const mode = liveModes.live && liveModes.test ? sql`` : sql` and w.live_mode = ${liveModes.live}`;
  const result = await executor.execute(sql`
    update webhook_deliveries d set status = 'abandoned', next_attempt_at = null, locked_until = null
    from webhooks w
    where d.webhook_id = w.id and d.status = 'pending' and w.account_id = ${accountId}${mode}`);
  return result.rowCount ?? 0;
}
