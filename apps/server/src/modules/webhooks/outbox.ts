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

export const DELIVER_WEBHOOK_TASK = 'deliver_webhook';

/**
 * Writes a domain event to the outbox, fans it out to the account's matching endpoints and queues one delivery job
 * per endpoint — all in the caller's transaction, so an event exists exactly when its change does.
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
    ), jobs as (
      select count(*) as queued from graphile_worker.add_jobs(coalesce(
        (select array_agg(row(${DELIVER_WEBHOOK_TASK}, json_build_object('deliveryId', d.id), null, null, 1, 'delivery:' || d.id, null, null)::graphile_worker.job_spec) from deliveries d),
        '{}'::graphile_worker.job_spec[]))
    )
    select event.id as event_id from event, jobs`);
  return result.rows[0]!.event_id;
}
