import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { webhookAttempts, webhookDeliveries, webhookEvents, webhooks } from '../../db/schema/webhooks.ts';
import { DELIVER_WEBHOOK_TASK } from './outbox.ts';

export type WebhookRow = typeof webhooks.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect & { eventType: string; payload: string };

export interface DeliveryWork {
  id: string;
  status: string;
  attemptCount: number;
  eventId: string;
  eventType: string;
  data: Record<string, unknown>;
  externalCustomerId: string | null;
  webhookId: string;
  url: string;
  signingSecret: string;
  isEnabled: boolean;
  accountId: string;
  liveMode: boolean;
  failingSince: Date | null;
}

const UUID = /^[0-9a-f-]{36}$/i;

export function createWebhooksRepository(db: Database) {
  return {
    async accountOfWebhook(id: string) {
      if (!UUID.test(id)) return null;
      const [row] = await db.select({ accountId: webhooks.accountId }).from(webhooks).where(eq(webhooks.id, id));
      return row?.accountId ?? null;
    },
    async accountOfDelivery(id: string) {
      if (!UUID.test(id)) return null;
      const [row] = await db
        .select({ accountId: webhooks.accountId })
        .from(webhookDeliveries)
        .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
        .where(eq(webhookDeliveries.id, id));
      return row?.accountId ?? null;
    },
    async list(accountId: string, liveMode: boolean) {
      return db.select().from(webhooks).where(and(eq(webhooks.accountId, accountId), eq(webhooks.liveMode, liveMode))).orderBy(asc(webhooks.createdAt));
    },
    async find(id: string) {
      const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
      return row;
    },
    async insert(values: typeof webhooks.$inferInsert) {
      const [row] = await db.insert(webhooks).values(values).returning();
      return row!;
    },
    async update(id: string, values: Partial<typeof webhooks.$inferInsert>) {
      const [row] = await db.update(webhooks).set({ ...values, updatedAt: new Date() }).where(eq(webhooks.id, id)).returning();
      return row!;
    },
    async remove(id: string) {
      await db.delete(webhooks).where(eq(webhooks.id, id));
    },
    async recentFailureCount(webhookId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(webhookAttempts)
        .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
        .where(and(eq(webhookDeliveries.webhookId, webhookId), sql`${webhookAttempts.attemptedAt} > now() - interval '24 hours'`, sql`coalesce(${webhookAttempts.statusCode}, 0) not between 200 and 299`));
      return row?.n ?? 0;
    },
    async deliveries(webhookId: string, filter: { eventType?: string | null; outcome?: 'pending' | 'succeeded' | 'failed' | null; skip: number; take: number }) {
      const conditions: SQL[] = [eq(webhookDeliveries.webhookId, webhookId)];
      if (filter.eventType) conditions.push(eq(webhookEvents.type, filter.eventType));
      if (filter.outcome === 'failed') conditions.push(inArray(webhookDeliveries.status, ['failed', 'abandoned']));
      else if (filter.outcome) conditions.push(eq(webhookDeliveries.status, filter.outcome));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select({ delivery: webhookDeliveries, type: webhookEvents.type, data: webhookEvents.data, externalCustomerId: webhookEvents.externalCustomerId })
          .from(webhookDeliveries)
          .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
          .where(where)
          .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
          .offset(filter.skip)
          .limit(filter.take),
        db.select({ n: count() }).from(webhookDeliveries).innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId)).where(where),
      ]);
      return {
        items: rows.map((row) => ({ ...row.delivery, eventType: row.type, payload: JSON.stringify({ type: row.type, data: row.data, externalCustomerId: row.externalCustomerId }) })),
        totalCount: total?.n ?? 0,
      };
    },
    async attempts(deliveryId: string) {
      return db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId)).orderBy(asc(webhookAttempts.attemptNumber));
    },
    async deliveryById(id: string): Promise<WebhookDeliveryRow | undefined> {
      const [row] = await db
        .select({ delivery: webhookDeliveries, type: webhookEvents.type, data: webhookEvents.data, externalCustomerId: webhookEvents.externalCustomerId })
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(eq(webhookDeliveries.id, id));
      return row && { ...row.delivery, eventType: row.type, payload: JSON.stringify({ type: row.type, data: row.data, externalCustomerId: row.externalCustomerId }) };
    },
    /** Everything one delivery attempt needs, in one query. */
    async deliveryWork(id: string): Promise<DeliveryWork | undefined> {
      const result = await db.$client.query({
        name: 'webhook-delivery-work',
        text: `select d.id, d.status, d.attempt_count, e.id as event_id, e.type, e.data, e.external_customer_id, w.id as webhook_id, w.url, w.signing_secret, w.is_enabled, w.account_id, w.live_mode, w.failing_since
               from webhook_deliveries d join webhook_events e on e.id = d.event_id join webhooks w on w.id = d.webhook_id where d.id = $1`,
        values: [id],
      });
      const row = result.rows[0];
      if (!row) return undefined;
      return {
        id: row.id,
        status: row.status,
        attemptCount: row.attempt_count,
        eventId: row.event_id,
        eventType: row.type,
        data: row.data,
        externalCustomerId: row.external_customer_id,
        webhookId: row.webhook_id,
        url: row.url,
        signingSecret: row.signing_secret,
        isEnabled: row.is_enabled,
        accountId: row.account_id,
        liveMode: row.live_mode,
        failingSince: row.failing_since,
      };
    },
    /**
     * Records an attempt and its consequence in one statement: the delivery's new state, the endpoint's failing-since
     * mark, and (when another try is due) the next job, keyed by delivery so it is never queued twice.
     */
    async recordAttempt(input: {
      deliveryId: string;
      webhookId: string;
      attemptNumber: number;
      statusCode: number | null;
      latencyMs: number;
      responseBody: string | null;
      error: string | null;
      outcome: 'succeeded' | 'retry' | 'failed';
      nextAttemptAt: Date | null;
    }) {
      await db.$client.query({
        name: 'webhook-record-attempt',
        text: `with attempt as (
                 insert into webhook_attempts (delivery_id, attempt_number, status_code, latency_ms, response_body, error) values ($1, $3, $4, $5, $6, $7)
               ), delivery as (
                 update webhook_deliveries set attempt_count = $3, last_status_code = $4,
                   status = case $8 when 'succeeded' then 'succeeded' when 'failed' then 'failed' else 'pending' end,
                   next_attempt_at = $9::timestamptz, delivered_at = case when $8 = 'succeeded' then now() else delivered_at end
                 where id = $1
               ), endpoint as (
                 update webhooks set failing_since = case when $8 = 'succeeded' then null else coalesce(failing_since, now()) end
                 where id = $2 and (($8 = 'succeeded') = (failing_since is not null))
               )
               select graphile_worker.add_job('${DELIVER_WEBHOOK_TASK}', json_build_object('deliveryId', $1::uuid), run_at => $9::timestamptz, max_attempts => 1, job_key => 'delivery:' || $1)
               where $8 = 'retry'`,
        values: [input.deliveryId, input.webhookId, input.attemptNumber, input.statusCode, input.latencyMs, input.responseBody, input.error, input.outcome, input.nextAttemptAt?.toISOString() ?? null],
      });
    },
    async markAbandoned(deliveryId: string) {
      await db.update(webhookDeliveries).set({ status: 'abandoned', nextAttemptAt: null }).where(eq(webhookDeliveries.id, deliveryId));
    },
    async disable(webhookId: string, reason: string) {
      await db.update(webhooks).set({ isEnabled: false, disabledReason: reason, updatedAt: new Date() }).where(eq(webhooks.id, webhookId));
      await db.update(webhookDeliveries).set({ status: 'abandoned', nextAttemptAt: null }).where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.status, 'pending')));
    },
    async requeue(deliveryId: string) {
      await db.$client.query(
        `with d as (update webhook_deliveries set status = 'pending', next_attempt_at = now() where id = $1)
         select graphile_worker.add_job('${DELIVER_WEBHOOK_TASK}', json_build_object('deliveryId', $1::uuid), max_attempts => 1, job_key => 'delivery:' || $1)`,
        [deliveryId],
      );
    },
    /** Queues again deliveries that have no job, or whose job is held by a worker that stopped (its lock is older than the stall limit). */
    async requeueStalled(stallSeconds: number): Promise<number> {
      const result = await db.$client.query(
        `select graphile_worker.add_job('${DELIVER_WEBHOOK_TASK}', json_build_object('deliveryId', d.id), max_attempts => 1, job_key => 'delivery:' || d.id)
         from webhook_deliveries d
         where d.status = 'pending' and d.next_attempt_at < now() - make_interval(secs => $1)
           and not exists (select 1 from graphile_worker.jobs j where j.key = 'delivery:' || d.id and (j.locked_at is null or j.locked_at > now() - make_interval(secs => $1)))
         limit 1000`,
        [stallSeconds],
      );
      return result.rowCount ?? 0;
    },
    async administratorsOf(accountId: string): Promise<string[]> {
      const result = await db.$client.query(
        `select u.email from memberships m join users u on u.id = m.user_id where m.account_id = $1 and m.role = 'administrator' and m.has_accepted_invite`,
        [accountId],
      );
      return result.rows.map((row: { email: string }) => row.email);
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
