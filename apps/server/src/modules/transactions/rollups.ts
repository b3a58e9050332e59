/**
 * Dashboard rollups: daily totals per status, daily and monthly breakdowns per dimension, and daily and monthly
 * customer sketches.
 * Maintained in the same database transaction as every insert and status change (`recordCreated`,
 * `recordStatusChange`), rebuilt in bulk after the generator's COPY (`rebuildRollups`). Dashboards read only these.
 */
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { SqlExecutor } from '../../db/executor.ts';
import { SKETCH_SIZE } from '../../db/rollup-reads.ts';
import { inOwnTransaction } from '../../db/own-transaction.ts';
import {
  analyticsBatchCtes,
  rebuildAnalyticsRollups,
  recordAnalyticsBatchAfter,
  recordAnalyticsCreated,
  recordAnalyticsStatusChange,
} from './analytics-rollups.ts';

const ROLLUP_KIND = sql.raw(`case when kind = 'balance' then lower(balance_type) else kind end`);
const DAY = sql.raw(`(created_at at time zone 'UTC')::date`);
const COMPLETED = sql.raw(`status in ('completed', 'Completed')`);
/** Dimension breakdowns and customer sketches are kept per day and per calendar month (long ranges read months). */
const GRAINS = [
  {
    dimensions: sql.raw('transaction_dimension_rollups'),
    sketches: sql.raw('transaction_customer_sketches'),
    column: sql.raw('day'),
    period: DAY,
    periodOfT: sql.raw(`(t.created_at at time zone 'UTC')::date`),
  },
  {
    dimensions: sql.raw('transaction_dimension_monthly_rollups'),
    sketches: sql.raw('transaction_customer_monthly_sketches'),
    column: sql.raw('month'),
    period: sql.raw(`date_trunc('month', created_at at time zone 'UTC')::date`),
    periodOfT: sql.raw(`date_trunc('month', t.created_at at time zone 'UTC')::date`),
  },
] as const;
const CURRENCY = sql.raw(
  `case kind when 'buy' then quote_currency_code when 'sell' then base_currency_code when 'swap' then base_currency_code else fiat_currency_code end`,
);

/** Recomputes every rollup of an account from its transactions (after a bulk load). */
export async function rebuildRollups(pool: pg.Pool, accountId: string): Promise<void> {
  // The analytics rebuild runs beside the dashboards' on a second connection (PostgreSQL gives each its own core): about
  // half the time after a bulk load. Each commits on its own; the generator is their only caller, before anyone reads.
  await Promise.all([rebuildDashboardRollups(pool, accountId), rebuildAnalyticsRollups(pool, accountId)]);
}

async function rebuildDashboardRollups(pool: pg.Pool, accountId: string): Promise<void> {
  await inOwnTransaction(pool, async (client) => {
    // Millions of rows into a few thousand groups per day: the groupings hash in memory, not in batches on disk (as
    // analytics_rebuild does), for this transaction only.
    await client.query(`set local work_mem = '256MB'`);
    await client.query(`delete from transaction_rollups where account_id = $1`, [accountId]);
    await client.query(`delete from transaction_dimension_rollups where account_id = $1`, [accountId]);
    await client.query(`delete from transaction_customer_sketches where account_id = $1`, [accountId]);
    await client.query(`delete from transaction_dimension_monthly_rollups where account_id = $1`, [accountId]);
    await client.query(`delete from transaction_customer_monthly_sketches where account_id = $1`, [accountId]);
    const kind = `case when kind = 'balance' then lower(balance_type) else kind end`;
    const day = `(created_at at time zone 'UTC')::date`;
    await client.query(
      `insert into transaction_rollups (account_id, live_mode, kind, day, status, tx_count, volume_usd, volume_eur, volume_gbp, fee_usd, fee_eur, fee_gbp)
       select account_id, live_mode, ${kind}, ${day}, status, count(*), sum(amount * usd_rate), sum(amount * eur_rate), sum(amount * gbp_rate),
              sum(extra_fee_amount * usd_rate), sum(extra_fee_amount * eur_rate), sum(extra_fee_amount * gbp_rate)
       from transactions where account_id = $1 group by 1, 2, 3, 4, 5`,
      [accountId],
    );
    await client.query(
      `insert into transaction_dimension_rollups (account_id, live_mode, kind, day, dimension, value, tx_count, completed_count, volume_usd, volume_eur, volume_gbp)
       select account_id, live_mode, k, d, dim.dimension, dim.value, count(*), count(*) filter (where completed),
              coalesce(sum(amount * usd_rate) filter (where completed), 0), coalesce(sum(amount * eur_rate) filter (where completed), 0),
              coalesce(sum(amount * gbp_rate) filter (where completed), 0)
       from (select account_id, live_mode, ${kind} as k, ${day} as d, status in ('completed', 'Completed') as completed, amount, usd_rate, eur_rate, gbp_rate,
                    case kind when 'buy' then quote_currency_code when 'sell' then base_currency_code when 'swap' then base_currency_code else fiat_currency_code end as currency,
                    coalesce(payment_method, 'none') as payment_method, coalesce(country, 'unknown') as country
             from transactions where account_id = $1) t
       cross join lateral (values ('currency', t.currency), ('paymentMethod', t.payment_method), ('country', t.country)) as dim(dimension, value)
       group by 1, 2, 3, 4, 5, 6`,
      [accountId],
    );
    await client.query(
      `insert into transaction_customer_sketches (account_id, live_mode, kind, day, hashes)
       select account_id, live_mode, k, d, (array_agg(distinct h order by h))[1:${SKETCH_SIZE}]
       from (select account_id, live_mode, ${kind} as k, ${day} as d, hashtext(customer_id::text) as h
             from transactions where account_id = $1 and customer_id is not null) t
       group by 1, 2, 3, 4`,
      [accountId],
    );
    await client.query(
      `insert into transaction_dimension_monthly_rollups (account_id, live_mode, kind, month, dimension, value, tx_count, completed_count, volume_usd, volume_eur, volume_gbp)
       select account_id, live_mode, kind, date_trunc('month', day)::date, dimension, value, sum(tx_count), sum(completed_count), sum(volume_usd), sum(volume_eur), sum(volume_gbp)
       from transaction_dimension_rollups where account_id = $1 group by 1, 2, 3, 4, 5, 6`,
      [accountId],
    );
    await client.query(
      `insert into transaction_customer_monthly_sketches (account_id, live_mode, kind, month, hashes)
       select account_id, live_mode, kind, m, (array_agg(distinct h order by h))[1:${SKETCH_SIZE}]
       from (select account_id, live_mode, kind, date_trunc('month', day)::date as m, h from transaction_customer_sketches, unnest(hashes) as h where account_id = $1) t
       group by 1, 2, 3, 4`,
      [accountId],
    );
  });
}

/** Adds a new transaction to the rollups, in the caller's transaction. */
export async function recordCreated(executor: SqlExecutor, id: string): Promise<void> {
  await executor.execute(sql`
    insert into transaction_rollups as r (account_id, live_mode, kind, day, status, tx_count, volume_usd, volume_eur, volume_gbp, fee_usd, fee_eur, fee_gbp)
    select account_id, live_mode, ${ROLLUP_KIND}, ${DAY}, status, 1, amount * usd_rate, amount * eur_rate, amount * gbp_rate,
           extra_fee_amount * usd_rate, extra_fee_amount * eur_rate, extra_fee_amount * gbp_rate
    from transactions where id = ${id}
    on conflict (account_id, live_mode, kind, day, status) do update set
      tx_count = r.tx_count + 1, volume_usd = r.volume_usd + excluded.volume_usd, volume_eur = r.volume_eur + excluded.volume_eur,
      volume_gbp = r.volume_gbp + excluded.volume_gbp, fee_usd = r.fee_usd + excluded.fee_usd, fee_eur = r.fee_eur + excluded.fee_eur,
      fee_gbp = r.fee_gbp + excluded.fee_gbp`);
  for (const grain of GRAINS) {
    await executor.execute(sql`
      insert into ${grain.dimensions} as r (account_id, live_mode, kind, ${grain.column}, dimension, value, tx_count, completed_count, volume_usd, volume_eur, volume_gbp)
      select t.account_id, t.live_mode, ${ROLLUP_KIND}, ${grain.period}, dim.dimension, dim.value, 1, case when ${COMPLETED} then 1 else 0 end,
             case when ${COMPLETED} then amount * usd_rate else 0 end, case when ${COMPLETED} then amount * eur_rate else 0 end,
             case when ${COMPLETED} then amount * gbp_rate else 0 end
      from transactions t
      cross join lateral (values ('currency', ${CURRENCY}), ('paymentMethod', coalesce(payment_method, 'none')), ('country', coalesce(country, 'unknown'))) as dim(dimension, value)
      where t.id = ${id}
      on conflict (account_id, live_mode, kind, ${grain.column}, dimension, value) do update set
        tx_count = r.tx_count + 1, completed_count = r.completed_count + excluded.completed_count,
        volume_usd = r.volume_usd + excluded.volume_usd, volume_eur = r.volume_eur + excluded.volume_eur, volume_gbp = r.volume_gbp + excluded.volume_gbp`);
    await executor.execute(sql`
      insert into ${grain.sketches} as s (account_id, live_mode, kind, ${grain.column}, hashes)
      select account_id, live_mode, ${ROLLUP_KIND}, ${grain.period}, array[hashtext(customer_id::text)]
      from transactions where id = ${id} and customer_id is not null
      on conflict (account_id, live_mode, kind, ${grain.column}) do update set
        hashes = (select array(select distinct h from unnest(s.hashes || excluded.hashes) as h order by h limit ${SKETCH_SIZE}))`);
  }
  await recordAnalyticsCreated(executor, id);
}

/**
 * Moves a transaction between status buckets (and in or out of the completed volume and its failure bucket), in the
 * caller's transaction. `previous` is the transaction before the change; a failed transaction whose reason changed while
 * its status did not only moves between failure buckets.
 */
export async function recordStatusChange(executor: SqlExecutor, id: string, previous: { status: string; failureReason: string | null }): Promise<void> {
  const from = previous.status;
  // Changes of one account, kind and day share their status buckets: a freeze (pending → frozen) and an approval
  // (frozen → pending) that lock them in opposite orders deadlock. Both rows are locked first, in status order.
  await executor.execute(sql`
    insert into transaction_rollups as r (account_id, live_mode, kind, day, status)
    select t.account_id, t.live_mode, ${ROLLUP_KIND}, ${DAY}, s.status
    from transactions t cross join lateral (values (${from}::text), (t.status)) as s(status)
    where t.id = ${id} and t.status <> ${from}
    order by s.status
    on conflict (account_id, live_mode, kind, day, status) do update set tx_count = r.tx_count`);
  await recordAnalyticsStatusChange(executor, id, previous);
  // Unchanged status (only the failure reason changed): the status buckets stay, the completed volume too (sign 0).
  await executor.execute(sql`
    with t as (select * from transactions where id = ${id}),
    removed as (
      update transaction_rollups r set tx_count = r.tx_count - 1, volume_usd = r.volume_usd - t.amount * t.usd_rate,
        volume_eur = r.volume_eur - t.amount * t.eur_rate, volume_gbp = r.volume_gbp - t.amount * t.gbp_rate,
        fee_usd = r.fee_usd - t.extra_fee_amount * t.usd_rate, fee_eur = r.fee_eur - t.extra_fee_amount * t.eur_rate,
        fee_gbp = r.fee_gbp - t.extra_fee_amount * t.gbp_rate
      from t where r.account_id = t.account_id and r.live_mode = t.live_mode
        and r.kind = (case when t.kind = 'balance' then lower(t.balance_type) else t.kind end)
        and r.day = (t.created_at at time zone 'UTC')::date and r.status = ${from} and t.status <> ${from}
      returning 1
    )
    insert into transaction_rollups as r (account_id, live_mode, kind, day, status, tx_count, volume_usd, volume_eur, volume_gbp, fee_usd, fee_eur, fee_gbp)
    select account_id, live_mode, ${ROLLUP_KIND}, ${DAY}, status, 1, amount * usd_rate, amount * eur_rate, amount * gbp_rate,
           extra_fee_amount * usd_rate, extra_fee_amount * eur_rate, extra_fee_amount * gbp_rate
    from t where t.status <> ${from}
    on conflict (account_id, live_mode, kind, day, status) do update set
      tx_count = r.tx_count + 1, volume_usd = r.volume_usd + excluded.volume_usd, volume_eur = r.volume_eur + excluded.volume_eur,
      volume_gbp = r.volume_gbp + excluded.volume_gbp, fee_usd = r.fee_usd + excluded.fee_usd, fee_eur = r.fee_eur + excluded.fee_eur,
      fee_gbp = r.fee_gbp + excluded.fee_gbp`);
  const wasCompleted = from === 'completed' || from === 'Completed';
  for (const grain of GRAINS) {
    await executor.execute(sql`
      update ${grain.dimensions} r set
        completed_count = r.completed_count + delta.sign,
        volume_usd = r.volume_usd + delta.sign * t.amount * t.usd_rate,
        volume_eur = r.volume_eur + delta.sign * t.amount * t.eur_rate,
        volume_gbp = r.volume_gbp + delta.sign * t.amount * t.gbp_rate
      from transactions t,
        lateral (select (case when t.status in ('completed', 'Completed') then 1 else 0 end) - ${wasCompleted ? 1 : 0} as sign) delta,
        lateral (values ('currency', case t.kind when 'buy' then t.quote_currency_code when 'sell' then t.base_currency_code when 'swap' then t.base_currency_code else t.fiat_currency_code end),
                        ('paymentMethod', coalesce(t.payment_method, 'none')), ('country', coalesce(t.country, 'unknown'))) as dim(dimension, value)
      where t.id = ${id} and delta.sign <> 0 and r.account_id = t.account_id and r.live_mode = t.live_mode
        and r.kind = (case when t.kind = 'balance' then lower(t.balance_type) else t.kind end)
        and r.${grain.column} = ${grain.periodOfT} and r.dimension = dim.dimension and r.value = dim.value`);
  }
}

/** A transaction a batch created (previous null) or moved, with its status and failure reason before the batch. */
export interface RollupChange {
  id: string;
  previous: { status: string; failureReason: string | null } | null;
}

/**
 * The set-based equivalent of recordCreated and recordStatusChange for many transactions at once (ingestion),
 * in the caller's transaction, after their rows hold their new state: a few statements whatever the batch size.
 * A rollup is a sum over the rows' current states, so moving each row from its state before the batch to its state
 * now gives the same figures as replaying every step; customers and sketches count a transaction once, when new.
 * Buckets are written in key order, so concurrent batches and status changes lock them in one order.
 */
export async function recordBatch(executor: SqlExecutor, changes: RollupChange[]): Promise<void> {
  if (changes.length === 0) return;
  const input = JSON.stringify(
    changes.map((change) => ({
      id: change.id,
      old_status: change.previous?.status ?? null,
      old_reason: change.previous?.failureReason ?? null,
      is_new: !change.previous,
    })),
  );
  const changed = sql`
    c as (select * from jsonb_to_recordset(${input}::jsonb) as c(id uuid, old_status text, old_reason text, is_new boolean)),
    t as (
      select t.*, c.old_status, c.old_reason, c.is_new, ${ROLLUP_KIND} as rk,
        (case when t.status in ('completed', 'Completed') then 1 else 0 end)
          - (case when c.old_status in ('completed', 'Completed') then 1 else 0 end) as completed_sign
      from transactions t join c on c.id = t.id
    )`;
  // Every rollup table in one statement: the batch's rows (`t`) are read once and feed each insert.
  const grainCtes = GRAINS.map(
    (grain, n) => sql`,
    ${sql.raw(`dimensions_${n}`)} as (
      insert into ${grain.dimensions} as r (account_id, live_mode, kind, ${grain.column}, dimension, value, tx_count, completed_count, volume_usd, volume_eur, volume_gbp)
      select t.account_id, t.live_mode, t.rk, ${grain.periodOfT}, dim.dimension, dim.value, sum(case when t.is_new then 1 else 0 end), sum(t.completed_sign),
             sum(t.completed_sign * t.amount * t.usd_rate), sum(t.completed_sign * t.amount * t.eur_rate), sum(t.completed_sign * t.amount * t.gbp_rate)
      from t
      cross join lateral (values ('currency', case t.kind when 'buy' then t.quote_currency_code when 'sell' then t.base_currency_code when 'swap' then t.base_currency_code else t.fiat_currency_code end),
                                 ('paymentMethod', coalesce(t.payment_method, 'none')), ('country', coalesce(t.country, 'unknown'))) as dim(dimension, value)
      where t.is_new or t.completed_sign <> 0
      group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
      on conflict (account_id, live_mode, kind, ${grain.column}, dimension, value) do update set
        tx_count = r.tx_count + excluded.tx_count, completed_count = r.completed_count + excluded.completed_count,
        volume_usd = r.volume_usd + excluded.volume_usd, volume_eur = r.volume_eur + excluded.volume_eur, volume_gbp = r.volume_gbp + excluded.volume_gbp
      returning 1
    ),
    ${sql.raw(`sketches_${n}`)} as (
      insert into ${grain.sketches} as s (account_id, live_mode, kind, ${grain.column}, hashes)
      select t.account_id, t.live_mode, t.rk, ${grain.periodOfT}, (array_agg(distinct hashtext(t.customer_id::text) order by hashtext(t.customer_id::text)))[1:${SKETCH_SIZE}]
      from t where t.is_new and t.customer_id is not null
      group by 1, 2, 3, 4 order by 1, 2, 3, 4
      on conflict (account_id, live_mode, kind, ${grain.column}) do update set
        hashes = (select array(select distinct h from unnest(s.hashes || excluded.hashes) as h order by h limit ${SKETCH_SIZE}))
      returning 1
    )`,
  );
  await executor.execute(sql`
    with ${changed},
    moves as (
      select account_id, live_mode, rk, ${DAY} as day, status, 1 as sign, amount, usd_rate, eur_rate, gbp_rate, extra_fee_amount
      from t where is_new or status <> old_status
      union all
      select account_id, live_mode, rk, ${DAY}, old_status, -1, amount, usd_rate, eur_rate, gbp_rate, extra_fee_amount
      from t where not is_new and status <> old_status
    ),
    totals as (
      insert into transaction_rollups as r (account_id, live_mode, kind, day, status, tx_count, volume_usd, volume_eur, volume_gbp, fee_usd, fee_eur, fee_gbp)
      select account_id, live_mode, rk, day, status, sum(sign), sum(sign * amount * usd_rate), sum(sign * amount * eur_rate), sum(sign * amount * gbp_rate),
             sum(sign * extra_fee_amount * usd_rate), sum(sign * extra_fee_amount * eur_rate), sum(sign * extra_fee_amount * gbp_rate)
      from moves group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
      on conflict (account_id, live_mode, kind, day, status) do update set
        tx_count = r.tx_count + excluded.tx_count, volume_usd = r.volume_usd + excluded.volume_usd, volume_eur = r.volume_eur + excluded.volume_eur,
        volume_gbp = r.volume_gbp + excluded.volume_gbp, fee_usd = r.fee_usd + excluded.fee_usd, fee_eur = r.fee_eur + excluded.fee_eur,
        fee_gbp = r.fee_gbp + excluded.fee_gbp
      returning 1
    )${sql.join(grainCtes, sql``)},
    ${analyticsBatchCtes}
    -- Each table written to the end before the next, in this order (the order of the single-row updates): reading a
    -- data-modifying WITH item runs it, and the subqueries are read left to right.
    select (select count(*) from totals), ${sql.join(
      GRAINS.map((_, n) => sql.raw(`(select count(*) from dimensions_${n}), (select count(*) from sketches_${n})`)),
      sql`, `,
    )}, (select count(*) from failures)`);
  await recordAnalyticsBatchAfter(executor, changed);
}
