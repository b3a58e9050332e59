/**
 * Analytics rollups (decision 0015): failures per day and reason, customers (first days, active months, new per day,
 * active and new per month, cohorts) and the widget funnel. Like the dashboard rollups they change in the same database
 * transaction as the insert or status change that causes them; `rollups.ts` calls these, so every writer is covered.
 * The customer bookkeeping is the SQL function analytics_customer_seen and the bulk rebuild analytics_rebuild
 * (migration 0022), one implementation for the migration's backfill, the generator and the service.
 */
import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import { inOwnTransaction } from '../../db/own-transaction.ts';
import type { SqlExecutor } from '../../db/executor.ts';

const ROLLUP_KIND = sql.raw(`case when t.kind = 'balance' then lower(t.balance_type) else t.kind end`);
const DAY = sql.raw(`(t.created_at at time zone 'UTC')::date`);
/** The products analytics knows; reward transactions are left out of the customer figures. */
const CUSTOMER_KINDS = sql.raw(`('buy', 'sell', 'swap', 'deposit', 'withdrawal')`);

const isFailed = (status: string) => status === 'failed' || status === 'Failed';

/** A new transaction: its customer (per kind and for 'all'), and the failure rollup if it starts failed. */
export async function recordAnalyticsCreated(executor: SqlExecutor, id: string): Promise<void> {
  await executor.execute(sql`
    with failure as (${addFailure(id)})
    select analytics_customer_seen(t.account_id, t.live_mode, k.kind, t.customer_id, ${DAY})
    from transactions t
    cross join lateral (values (1, ${ROLLUP_KIND}), (2, 'all')) as k(n, kind)
    where t.id = ${id} and t.customer_id is not null and ${ROLLUP_KIND} in ${CUSTOMER_KINDS}
    order by k.n`);
}

/**
 * A status change (or a new failure reason on a failed transaction): out of the old failure bucket, into the new one;
 * and the widget funnel's end ('completed' or 'failed', once) for a transaction a non-preview widget session created.
 */
export async function recordAnalyticsStatusChange(executor: SqlExecutor, id: string, from: { status: string; failureReason: string | null }): Promise<void> {
  if (isFailed(from.status)) {
    // Out of the old bucket: the last one out deletes the row (no zero rows), in one statement.
    await executor.execute(sql`
      with t as (select * from transactions where id = ${id}),
      emptied as (
        delete from transaction_failure_rollups r using t
        where r.account_id = t.account_id and r.live_mode = t.live_mode and r.kind = ${ROLLUP_KIND} and r.day = ${DAY}
          and r.reason = ${from.failureReason ?? 'unknown'} and r.tx_count = 1
      )
      update transaction_failure_rollups r set tx_count = r.tx_count - 1, volume_usd = r.volume_usd - t.amount * t.usd_rate,
        volume_eur = r.volume_eur - t.amount * t.eur_rate, volume_gbp = r.volume_gbp - t.amount * t.gbp_rate
      from t where r.account_id = t.account_id and r.live_mode = t.live_mode and r.kind = ${ROLLUP_KIND} and r.day = ${DAY}
        and r.reason = ${from.failureReason ?? 'unknown'} and r.tx_count <> 1`);
  }
  await executor.execute(sql`
    with failure as (${addFailure(id)}),
    t as (select id, status from transactions where id = ${id} and status in ('completed', 'Completed', 'failed', 'Failed')),
    created as (
      select e.account_id, e.live_mode, e.session_id, e.flow, case when t.status in ('completed', 'Completed') then 'completed' else 'failed' end as event
      from t join widget_events e on e.transaction_id = t.id and e.event = 'transaction_created'
      where not exists (select 1 from widget_sessions s where s.id = e.session_id and s.params->>'preview' = '1')
      order by e.id desc limit 1
    ),
    inserted as (
      insert into widget_events (account_id, live_mode, session_id, flow, event, transaction_id)
      select c.account_id, c.live_mode, c.session_id, c.flow, c.event, ${id}::uuid from created c
      where not exists (select 1 from widget_events e where e.transaction_id = ${id}::uuid and e.event in ('completed', 'failed'))
      returning account_id, live_mode, flow, created_at, event
    )
    insert into widget_funnel_rollups as r (account_id, live_mode, flow, day, step, event_count)
    select account_id, live_mode, flow, (created_at at time zone 'UTC')::date, event, 1 from inserted
    on conflict (account_id, live_mode, flow, day, step) do update set event_count = r.event_count + 1`);
}

/** Adds the transaction to its failure bucket when it is failed now (a data-modifying CTE of a larger statement). */
function addFailure(id: string) {
  return sql`
    insert into transaction_failure_rollups as r (account_id, live_mode, kind, day, reason, tx_count, volume_usd, volume_eur, volume_gbp)
    select t.account_id, t.live_mode, ${ROLLUP_KIND}, ${DAY}, coalesce(t.failure_reason, 'unknown'), 1,
           t.amount * t.usd_rate, t.amount * t.eur_rate, t.amount * t.gbp_rate
    from transactions t where t.id = ${id} and t.status in ('failed', 'Failed')
    on conflict (account_id, live_mode, kind, day, reason) do update set tx_count = r.tx_count + 1,
      volume_usd = r.volume_usd + excluded.volume_usd, volume_eur = r.volume_eur + excluded.volume_eur, volume_gbp = r.volume_gbp + excluded.volume_gbp`;
}

/**
 * Recomputes an account's analytics rollups in bulk. On a pool it runs in a database transaction of its own; on a
 * client, in the caller's (rebuildRollups passes its client, so both rebuilds commit together).
 */
export async function rebuildAnalyticsRollups(executor: pg.Pool | pg.PoolClient, accountId: string): Promise<void> {
  if ('release' in executor) {
    await executor.query('select analytics_rebuild($1)', [accountId]);
    return;
  }
  await inOwnTransaction(executor, async (client) => {
    await client.query('select analytics_rebuild($1)', [accountId]);
  });
}

/**
 * The set-based equivalent of recordAnalyticsCreated and recordAnalyticsStatusChange for a batch (rollups.ts,
 * recordBatch), in two parts. First `analyticsBatchCtes`: WITH items for recordBatch's one statement, over its CTE `t`
 * (the batch's rows in their new state with `old_status`, `old_reason` and `is_new`). Failure buckets move by the net
 * change. Then `recordAnalyticsBatchAfter`: the last one out of a bucket deletes it (no zero rows; a statement cannot
 * delete the rows it just updated) and the customers seen are counted.
 * The widget funnel is left out: only transactions a widget session created have one, and those are never ingested.
 */
export const analyticsBatchCtes = sql`
    failure_moves as (
      select t.account_id, t.live_mode, t.rk, ${DAY} as day, coalesce(t.failure_reason, 'unknown') as reason, 1 as sign, t.amount, t.usd_rate, t.eur_rate, t.gbp_rate
      from t where t.status in ('failed', 'Failed')
        and (t.is_new or t.old_status not in ('failed', 'Failed') or t.old_reason is distinct from t.failure_reason)
      union all
      select t.account_id, t.live_mode, t.rk, ${DAY}, coalesce(t.old_reason, 'unknown'), -1, t.amount, t.usd_rate, t.eur_rate, t.gbp_rate
      from t where not t.is_new and t.old_status in ('failed', 'Failed')
        and (t.status not in ('failed', 'Failed') or t.old_reason is distinct from t.failure_reason)
    ),
    failures as (
      insert into transaction_failure_rollups as r (account_id, live_mode, kind, day, reason, tx_count, volume_usd, volume_eur, volume_gbp)
      select account_id, live_mode, rk, day, reason, sum(sign), sum(sign * amount * usd_rate), sum(sign * amount * eur_rate), sum(sign * amount * gbp_rate)
      from failure_moves group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
      on conflict (account_id, live_mode, kind, day, reason) do update set tx_count = r.tx_count + excluded.tx_count,
        volume_usd = r.volume_usd + excluded.volume_usd, volume_eur = r.volume_eur + excluded.volume_eur, volume_gbp = r.volume_gbp + excluded.volume_gbp
      returning 1
    )`;

export async function recordAnalyticsBatchAfter(executor: SqlExecutor, changed: SQL): Promise<void> {
  await executor.execute(sql`
    with ${changed}
    delete from transaction_failure_rollups r using (select distinct account_id, live_mode, rk, ${DAY} as day from t) k
    where r.account_id = k.account_id and r.live_mode = k.live_mode and r.kind = k.rk and r.day = k.day and r.tx_count = 0`);
  await executor.execute(sql`
    with ${changed}
    select analytics_customer_seen(t.account_id, t.live_mode, k.kind, t.customer_id, ${DAY})
    from t cross join lateral (values (1, t.rk), (2, 'all')) as k(n, kind)
    where t.is_new and t.customer_id is not null and t.rk in ${CUSTOMER_KINDS}
    order by t.account_id, t.customer_id, ${DAY}, k.n`);
}
