import { sql } from 'drizzle-orm';
import type { WebhookEventType } from '@rampart/shared/enums';
import type { Database } from '../../db/client.ts';

/** A Drizzle database or transaction: pass the transaction that makes the change, so the event commits with it. */
export type SqlExecutor = Pick<Database, 'execute'>;

export interface DomainEvent {
  accountId: string;
  liveMode: boolean;
  type: WebhookEventType;
  data: Record<string, unknown>;
  externalCustomerId?: string | null;
}

/** The channel a committed event's deliveries are announced on; workers LISTEN to it and claim them at once. */
export const WEBHOOK_DELIVERIES_CHANNEL = 'webhook_deliveries';

/**
 * Writes a domain event to the outbox and fans it out to the account's matching endpoints as pending deliveries —
 * in the caller's transaction, so an event exists exactly when its change does. The deliveries table is the queue:
 * the NOTIFY is sent at commit and wakes the workers (a worker also looks for due deliveries every second).
 * Returns the event id (the `webhook-id` of every delivery of it).
 */
export async function emitWebhookEvent(executor: SqlExecutor, event: DomainEvent): Promise<string> {
  const result = await executor.execute<{ event_id: string }>(sql`
    with event as (
      insert into webhook_events (account_id, live_mode, type, data, external_customer_id)
      values (${event.accountId}, ${event.liveMode}, ${event.type}, ${JSON.stringify(event.data)}::jsonb, ${event.externalCustomerId ?? null})
      returning id
    ), deliveries as (
      insert into webhook_deliveries (event_id, webhook_id, next_attempt_at)
      select event.id, w.id, now() from event
      join webhooks w on w.account_id = ${event.accountId} and w.live_mode = ${event.liveMode} and w.is_enabled
        and (cardinality(w.events) = 0 or ${event.type} = any(w.events))
      returning id
    )
    select event.id as event_id, case when exists (select 1 from deliveries) then pg_notify(${WEBHOOK_DELIVERIES_CHANNEL}, '') end from event`);
  return result.rows[0]!.event_id;
}
