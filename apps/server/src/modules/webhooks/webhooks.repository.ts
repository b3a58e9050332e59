import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accountOfRow, insertRow, updateWhere } from '../../db/row-queries.ts';
import { isUuid } from '../../lib/uuid.ts';
import { webhookAttempts, webhookDeliveries, webhookEvents, webhooks } from '../../db/schema/webhooks.ts';
import { createBatcher } from '../../lib/batcher.ts';
import { WEBHOOK_DELIVERIES_CHANNEL } from './outbox.ts';

export type WebhookRow = typeof webhooks.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect & { eventType: string; payload: string };

/** A claimed (so pending) delivery with everything its attempt needs. */
export interface DeliveryWork {
  id: string;
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

export interface AttemptRecord {
  deliveryId: string;
  webhookId: string;
  attemptNumber: number;
  statusCode: number | null;
  latencyMs: number;
  responseBody: string | null;
  error: string | null;
  outcome: 'succeeded' | 'retry' | 'failed';
  nextAttemptAt: Date | null;
}

export function createWebhooksRepository(db: Database) {
  // One statement for a whole batch; an endpoint that had any success in the batch is no longer failing.
  const saveAttempt = createBatcher(async (inputs: AttemptRecord[]) => {
    const rows = inputs.map((input) => ({
      delivery_id: input.deliveryId,
      webhook_id: input.webhookId,
      attempt_number: input.attemptNumber,
      status_code: input.statusCode,
      latency_ms: input.latencyMs,
      response_body: input.responseBody,
      error: input.error,
      outcome: input.outcome,
      next_attempt_at: input.nextAttemptAt?.toISOString() ?? null,
    }));
    await db.$client.query({
      // Unnamed on purpose, like the claim below: the queue table's size swings quickly, and a plan cached while it was
      // small (a sequential scan) would stay with the connection as it grows.
      text: `with input as (
               select * from jsonb_to_recordset($1::jsonb) as x(delivery_id uuid, webhook_id uuid, attempt_number int, status_code int, latency_ms int,
                 response_body text, error text, outcome text, next_attempt_at timestamptz)
             ), attempt as (
               insert into webhook_attempts (delivery_id, attempt_number, status_code, latency_ms, response_body, error)
               select delivery_id, attempt_number, status_code, latency_ms, response_body, error from input
             ), delivery as (
               update webhook_deliveries d set attempt_count = i.attempt_number, last_status_code = i.status_code,
                 status = case i.outcome when 'succeeded' then 'succeeded' when 'failed' then 'failed' else 'pending' end,
                 next_attempt_at = i.next_attempt_at, delivered_at = case when i.outcome = 'succeeded' then now() else d.delivered_at end,
                 locked_until = null
               from input i where d.id = i.delivery_id
             ), endpoint as (
               update webhooks w set failing_since = case when e.succeeded then null else coalesce(w.failing_since, now()) end
               from (select webhook_id, bool_or(outcome = 'succeeded') as succeeded from input group by webhook_id) e
               where w.id = e.webhook_id and (e.succeeded = (w.failing_since is not null))
               returning 1
             )
             select (select count(*) from endpoint) as endpoints`,
      values: [JSON.stringify(rows)],
    });
    return inputs.map(() => undefined);
  });

  return {
    accountOfWebhook: (id: string) => accountOfRow(db, webhooks, id),
    async accountOfDelivery(id: string) {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select({ accountId: webhooks.accountId })
        .from(webhookDeliveries)
        .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
        .where(eq(webhookDeliveries.id, id));
      return row?.accountId ?? null;
    },
    /** The account's own endpoints of a mode (pass projects' endpoints are listed with their project). */
    async list(accountId: string, liveMode: boolean) {
      return db
        .select()
        .from(webhooks)
        .where(and(eq(webhooks.accountId, accountId), eq(webhooks.liveMode, liveMode), isNull(webhooks.passProjectId)))
        .orderBy(asc(webhooks.createdAt));
    },
    /** A pass project's endpoints, both modes. */
    async listOfPassProject(passProjectId: string) {
      return db.select().from(webhooks).where(eq(webhooks.passProjectId, passProjectId)).orderBy(asc(webhooks.createdAt), asc(webhooks.id));
    },
    /** Moves a pass project's endpoints to the project's mode (its credentials decide test or live). */
    async setPassProjectMode(passProjectId: string, liveMode: boolean) {
      await db.update(webhooks).set({ liveMode, updatedAt: new Date() }).where(eq(webhooks.passProjectId, passProjectId));
    },
    async find(id: string) {
      const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
      return row;
    },
    insert: (values: typeof webhooks.$inferInsert) => insertRow(db, webhooks, values),
    update: (id: string, values: Partial<typeof webhooks.$inferInsert>) => updateWhere(db, webhooks, eq(webhooks.id, id), values),
    async remove(id: string) {
      await db.delete(webhooks).where(eq(webhooks.id, id));
    },
    async recentFailureCount(webhookId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(webhookAttempts)
        .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
        .where(
          and(
            eq(webhookDeliveries.webhookId, webhookId),
            sql`${webhookAttempts.attemptedAt} > now() - interval '24 hours'`,
            sql`coalesce(${webhookAttempts.statusCode}, 0) not between 200 and 299`,
          ),
        );
      return row?.n ?? 0;
    },
    async deliveries(
      webhookId: string,
      filter: { eventType?: string | null; outcome?: 'pending' | 'succeeded' | 'failed' | null; skip: number; take: number },
    ) {
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
        items: rows.map((row) => ({
          ...row.delivery,
          eventType: row.type,
          payload: JSON.stringify({ type: row.type, data: row.data, externalCustomerId: row.externalCustomerId }),
        })),
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
      return (
        row && { ...row.delivery, eventType: row.type, payload: JSON.stringify({ type: row.type, data: row.data, externalCustomerId: row.externalCustomerId }) }
      );
    },
    /**
     * Claims up to `limit` due deliveries for worker `workerId` for `leaseSeconds` and returns everything their attempts
     * need, in one statement. SKIP LOCKED lets many workers claim side by side. A claim is free once its lease passed,
     * or as soon as its worker's heartbeat is older than `heartbeatTimeoutSeconds` (it died). The live workers are read
     * once per statement, and only when the scan meets a row whose lease has not passed.
     */
    async claimDue(limit: number, workerId: string, leaseSeconds: number, heartbeatTimeoutSeconds: number): Promise<DeliveryWork[]> {
      const result = await db.$client.query<DeliveryWork>({
        text: `with claimed as (
                 update webhook_deliveries d set locked_until = now() + make_interval(secs => $2), claimed_by = $3
                 from (select id from webhook_deliveries
                       where status = 'pending' and next_attempt_at <= now()
                         and (locked_until is null or locked_until < now()
                              or claimed_by <> all (array(select id from workers where heartbeat_at > now() - make_interval(secs => $4))))
                       order by next_attempt_at limit $1 for update skip locked) due
                 where d.id = due.id
                 returning d.id, d.attempt_count, d.event_id, d.webhook_id
               )
               select c.id, c.attempt_count as "attemptCount", e.id as "eventId", e.type as "eventType", e.data, e.external_customer_id as "externalCustomerId",
                 w.id as "webhookId", w.url, w.signing_secret as "signingSecret", w.is_enabled as "isEnabled", w.account_id as "accountId",
                 w.live_mode as "liveMode", w.failing_since as "failingSince"
               from claimed c join webhook_events e on e.id = c.event_id join webhooks w on w.id = c.webhook_id`,
        values: [limit, leaseSeconds, workerId, heartbeatTimeoutSeconds],
      });
      return result.rows;
    },
    /**
     * A worker's heartbeat, in one statement: registers or refreshes its row, renews the leases of the deliveries it
     * still holds that `renewIds` names (only those its claim is about to run out on, so usually none), and removes
     * the rows of workers silent for `forgetSeconds`.
     */
    async beatWorker(workerId: string, renewIds: string[], leaseSeconds: number, forgetSeconds: number) {
      await db.$client.query({
        text: `with beat as (
                 insert into workers (id) values ($1) on conflict (id) do update set heartbeat_at = now()
               ), renewed as (
                 update webhook_deliveries set locked_until = now() + make_interval(secs => $3)
                 where id = any($2::uuid[]) and claimed_by = $1 and status = 'pending' and locked_until is not null
               ), forgotten as (
                 delete from workers where heartbeat_at < now() - make_interval(secs => $4) and id <> $1
               )
               select 1`,
        values: [workerId, renewIds, leaseSeconds, forgetSeconds],
      });
    },
    /** A worker that stops cleanly holds no delivery any more; what it might still hold is free at once. */
    async removeWorker(workerId: string) {
      await db.$client.query(`delete from workers where id = $1`, [workerId]);
    },
    /**
     * Spreads an endpoint's due backlog over the coming seconds, `secondsEach` apart (at most `maxSeconds` away), without
     * counting an attempt: the endpoint is answering slowly and already has its share of requests in flight. Its rows
     * claimed by this dispatcher (`claimedIds`) are released; rows claimed by other dispatchers are left alone.
     */
    async postponeBacklog(webhookId: string, claimedIds: string[], secondsEach: number, maxSeconds: number) {
      // The due index read in order and filtered by endpoint: a congested endpoint's rows are the front of the queue.
      await db.$client.query({
        text: `with due as (
                 select id, next_attempt_at from webhook_deliveries
                 where status = 'pending' and next_attempt_at <= now() and webhook_id = $1
                   and (locked_until is null or locked_until < now() or id = any($2::uuid[]))
                 order by next_attempt_at limit 1000 for update skip locked
               ), ranked as (
                 select id, row_number() over (order by next_attempt_at, id) as position from due
               )
               update webhook_deliveries d set locked_until = null,
                 next_attempt_at = now() + make_interval(secs => least(r.position * $3::float8, $4::float8))
               from ranked r where d.id = r.id`,
        values: [webhookId, claimedIds, secondsEach, maxSeconds],
      });
    },
    /**
     * Records an attempt and its consequence: the delivery's new state, the endpoint's failing-since mark, and (when
     * another try is due) its time; the claim is released. Concurrent attempts share one statement.
     */
    recordAttempt: (input: AttemptRecord): Promise<void> => saveAttempt(input),
    async markAbandoned(deliveryId: string) {
      await db.update(webhookDeliveries).set({ status: 'abandoned', nextAttemptAt: null, lockedUntil: null }).where(eq(webhookDeliveries.id, deliveryId));
    },
    async disable(webhookId: string, reason: string) {
      await db.update(webhooks).set({ isEnabled: false, disabledReason: reason, updatedAt: new Date() }).where(eq(webhooks.id, webhookId));
      await db
        .update(webhookDeliveries)
        .set({ status: 'abandoned', nextAttemptAt: null })
        .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.status, 'pending')));
    },
    /** Sends a delivery again now; one that a worker is sending at this moment keeps its claim. */
    async requeue(deliveryId: string) {
      // In the caller's unit of work: the NOTIFY goes out at its commit, when the delivery is pending for everyone.
      await db.execute(sql`with d as (update webhook_deliveries set status = 'pending', next_attempt_at = now(),
                             locked_until = case when status = 'pending' then locked_until end where id = ${deliveryId})
                           select pg_notify(${WEBHOOK_DELIVERIES_CHANNEL}, '')`);
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
