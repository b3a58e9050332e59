/**
 * The chaos benchmark's consistency checks, as SQL against the primary (superuser, direct): acknowledged status changes
 * against the status history, outbox events against what the partner's endpoint received, each transaction against the
 * last entry of its history, and every dashboard rollup against a recomputation from the transactions (the same
 * aggregates as rebuildRollups in apps/server/src/modules/transactions/rollups.ts).
 */
import pg from 'pg';
import { SKETCH_SIZE } from '../apps/server/src/db/rollup-reads.ts';

export interface StatusChangeRecord {
  seq: number;
  transactionId: string;
  /** The unique reason the request carried; the status history entry it writes has it. */
  tag: string;
  /** The status the request asked for (and, when acknowledged, the one the API answered with). */
  status: string;
  acked: boolean;
  /** For a failed request: how it failed. */
  kind?: string;
}

export interface WriteCheck {
  acked: number;
  ackedFound: number;
  /** Acknowledged and not in the history: lost writes. */
  lost: Array<{ tag: string; transactionId: string; status: string }>;
  failed: number;
  /** Requests the client saw fail that committed anyway (an unknown outcome, not an error of the system). */
  failedButCommitted: number;
  failedButCommittedKinds: Record<string, number>;
  /** History entries written more than once for one request (a non-idempotent retry applied twice). */
  appliedTwice: number;
  /** Transactions whose final status is not the last acknowledged one (when nothing unacknowledged followed it). */
  finalMismatches: Array<{ transactionId: string; expected: string; actual: string }>;
  transactionsTouched: number;
}

export async function checkWrites(pool: pg.Pool, records: StatusChangeRecord[]): Promise<WriteCheck> {
  const { rows } = await pool.query<{ tag: string; n: string }>(
    `select a.tag, count(e.*) as n
     from unnest($1::uuid[], $2::text[], $3::text[]) as a(tx, tag, status)
     left join transactions t on t.id = a.tx
     left join lateral jsonb_array_elements(t.status_history) e on e->>'reason' = a.tag and e->>'status' = a.status
     group by a.tag`,
    [records.map((r) => r.transactionId), records.map((r) => r.tag), records.map((r) => r.status)],
  );
  const found = new Map(rows.map((row) => [row.tag, Number(row.n)]));
  const acked = records.filter((r) => r.acked);
  const failed = records.filter((r) => !r.acked);
  const lost = acked.filter((r) => !found.get(r.tag)).map((r) => ({ tag: r.tag, transactionId: r.transactionId, status: r.status }));
  const committedFailures = failed.filter((r) => (found.get(r.tag) ?? 0) > 0);
  const failedButCommittedKinds: Record<string, number> = {};
  for (const r of committedFailures) failedButCommittedKinds[r.kind ?? 'unknown'] = (failedButCommittedKinds[r.kind ?? 'unknown'] ?? 0) + 1;

  // Final status: the last request on each transaction decides, when it was acknowledged; an unacknowledged last request
  // leaves two possibilities (it committed or it did not).
  const touched = [...new Set(records.map((r) => r.transactionId))];
  const statuses = await pool.query<{ id: string; status: string }>(`select id, status from transactions where id = any($1::uuid[])`, [touched]);
  const actual = new Map(statuses.rows.map((row) => [row.id, row.status]));
  const byTransaction = new Map<string, StatusChangeRecord[]>();
  for (const r of [...records].sort((a, b) => a.seq - b.seq)) byTransaction.set(r.transactionId, [...(byTransaction.get(r.transactionId) ?? []), r]);
  const finalMismatches: WriteCheck['finalMismatches'] = [];
  for (const [transactionId, list] of byTransaction) {
    const last = list[list.length - 1]!;
    const lastAcked = [...list].reverse().find((r) => r.acked);
    const now = actual.get(transactionId) ?? '(missing)';
    const allowed = last.acked ? [last.status] : [last.status, ...(lastAcked ? [lastAcked.status] : []), ...list.filter((r) => !r.acked).map((r) => r.status)];
    if (!allowed.includes(now) && (last.acked || lastAcked)) finalMismatches.push({ transactionId, expected: allowed.join(' or '), actual: now });
  }
  return {
    acked: acked.length,
    ackedFound: acked.length - lost.length,
    lost,
    failed: failed.length,
    failedButCommitted: committedFailures.length,
    failedButCommittedKinds,
    appliedTwice: [...found.values()].filter((n) => n > 1).length,
    finalMismatches,
    transactionsTouched: touched.length,
  };
}

export interface ReceivedDelivery {
  id: string;
  at: number;
  valid: boolean;
  type: string;
}

export interface WebhookCheck {
  events: number;
  delivered: number;
  missing: string[];
  receipts: number;
  /** Receipts beyond the first of an event (at-least-once delivery's repeats). */
  duplicates: number;
  invalidSignatures: number;
  /** Deliveries of the account's endpoint by status in webhook_deliveries. */
  deliveryStatuses: Record<string, number>;
  /** Transactions whose committed status changes (history entries of the run) and outbox events differ in number. */
  eventsOutOfStep: number;
}

export async function checkWebhooks(pool: pg.Pool, accountId: string, since: Date, received: ReceivedDelivery[], tagPrefix: string): Promise<WebhookCheck> {
  const events = await pool.query<{ id: string }>(`select id from webhook_events where account_id = $1 and created_at >= $2`, [accountId, since]);
  const validIds = new Map<string, number>();
  let invalidSignatures = 0;
  for (const delivery of received) {
    if (!delivery.valid) {
      invalidSignatures += 1;
      continue;
    }
    validIds.set(delivery.id, (validIds.get(delivery.id) ?? 0) + 1);
  }
  const missing = events.rows.map((row) => row.id).filter((id) => !validIds.has(`msg_${id}`));
  const statuses = await pool.query<{ status: string; n: string }>(
    `select d.status, count(*) as n from webhook_deliveries d join webhook_events e on e.id = d.event_id where e.account_id = $1 and e.created_at >= $2 group by 1`,
    [accountId, since],
  );
  const outOfStep = await pool.query<{ n: string }>(
    `with changes as (
       select t.id, count(*) as n from transactions t, jsonb_array_elements(t.status_history) e
       where t.account_id = $1 and e->>'reason' like $2 group by t.id
     ), emitted as (
       select (data->>'id')::uuid as id, count(*) as n from webhook_events where account_id = $1 and created_at >= $3 group by 1
     )
     select count(*) as n from changes c full join emitted m on m.id = c.id where coalesce(c.n, 0) <> coalesce(m.n, 0)`,
    [accountId, `${tagPrefix}%`, since],
  );
  return {
    events: events.rows.length,
    delivered: events.rows.length - missing.length,
    missing,
    receipts: received.length,
    duplicates: [...validIds.values()].reduce((sum, n) => sum + n - 1, 0),
    invalidSignatures,
    deliveryStatuses: Object.fromEntries(statuses.rows.map((row) => [row.status, Number(row.n)])),
    eventsOutOfStep: Number(outOfStep.rows[0]!.n),
  };
}

/** Pending deliveries of the account's events (the queue the workers still have to drain). */
export async function pendingDeliveries(pool: pg.Pool, accountId: string): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(
    `select count(*) as n from webhook_deliveries d join webhook_events e on e.id = d.event_id where e.account_id = $1 and d.status = 'pending'`,
    [accountId],
  );
  return Number(rows[0]!.n);
}

export interface RollupCheck {
  /** Transactions whose status is not the last entry of their status history. */
  statusNotLastOfHistory: number;
  /** Per rollup table: rows the recomputation has and the table lacks (or differs in), and the reverse. */
  tables: Array<{ table: string; rows: number; missingOrDifferent: number; extra: number }>;
}

const KIND = `case when kind = 'balance' then lower(balance_type) else kind end`;
const DAY = `(created_at at time zone 'UTC')::date`;
const MONTH = `date_trunc('month', created_at at time zone 'UTC')::date`;
const COMPLETED = `status in ('completed', 'Completed')`;
const CURRENCY = `case kind when 'buy' then quote_currency_code when 'sell' then base_currency_code when 'swap' then base_currency_code else fiat_currency_code end`;

function dimensionRecompute(period: string): string {
  return `select account_id, live_mode, k, p, dim.dimension, dim.value, count(*)::int, (count(*) filter (where completed))::int,
            coalesce(sum(amount * usd_rate) filter (where completed), 0), coalesce(sum(amount * eur_rate) filter (where completed), 0),
            coalesce(sum(amount * gbp_rate) filter (where completed), 0)
     from (select account_id, live_mode, ${KIND} as k, ${period} as p, ${COMPLETED} as completed, amount, usd_rate, eur_rate, gbp_rate,
                  ${CURRENCY} as currency, coalesce(payment_method, 'none') as payment_method, coalesce(country, 'unknown') as country
           from transactions where account_id = $1) t
     cross join lateral (values ('currency', t.currency), ('paymentMethod', t.payment_method), ('country', t.country)) as dim(dimension, value)
     group by 1, 2, 3, 4, 5, 6`;
}

function sketchRecompute(period: string): string {
  return `select account_id, live_mode, k, p, (array_agg(distinct h order by h))[1:${SKETCH_SIZE}]
     from (select account_id, live_mode, ${KIND} as k, ${period} as p, hashtext(customer_id::text) as h from transactions where account_id = $1 and customer_id is not null) t
     group by 1, 2, 3, 4`;
}

/** Each rollup table of the account against a recomputation from its transactions (rows with a zero count left out of the table's side). */
const ROLLUPS: Array<{ table: string; recomputed: string; stored: string }> = [
  {
    table: 'transaction_rollups',
    recomputed: `select account_id, live_mode, ${KIND}, ${DAY}, status, count(*)::int, sum(amount * usd_rate), sum(amount * eur_rate), sum(amount * gbp_rate),
                   sum(extra_fee_amount * usd_rate), sum(extra_fee_amount * eur_rate), sum(extra_fee_amount * gbp_rate)
                 from transactions where account_id = $1 group by 1, 2, 3, 4, 5`,
    stored: `select account_id, live_mode, kind, day, status, tx_count, volume_usd, volume_eur, volume_gbp, fee_usd, fee_eur, fee_gbp
             from transaction_rollups where account_id = $1 and tx_count <> 0`,
  },
  {
    table: 'transaction_dimension_rollups',
    recomputed: dimensionRecompute(DAY),
    stored: `select account_id, live_mode, kind, day, dimension, value, tx_count, completed_count, volume_usd, volume_eur, volume_gbp
             from transaction_dimension_rollups where account_id = $1 and tx_count <> 0`,
  },
  {
    table: 'transaction_dimension_monthly_rollups',
    recomputed: dimensionRecompute(MONTH),
    stored: `select account_id, live_mode, kind, month, dimension, value, tx_count, completed_count, volume_usd, volume_eur, volume_gbp
             from transaction_dimension_monthly_rollups where account_id = $1 and tx_count <> 0`,
  },
  {
    table: 'transaction_customer_sketches',
    recomputed: sketchRecompute(DAY),
    stored: `select account_id, live_mode, kind, day, hashes from transaction_customer_sketches where account_id = $1`,
  },
  {
    table: 'transaction_customer_monthly_sketches',
    recomputed: sketchRecompute(MONTH),
    stored: `select account_id, live_mode, kind, month, hashes from transaction_customer_monthly_sketches where account_id = $1`,
  },
  {
    table: 'transaction_failure_rollups',
    recomputed: `select account_id, live_mode, ${KIND}, ${DAY}, coalesce(failure_reason, 'unknown'), count(*)::int, sum(amount * usd_rate), sum(amount * eur_rate), sum(amount * gbp_rate)
                 from transactions where account_id = $1 and status in ('failed', 'Failed') group by 1, 2, 3, 4, 5`,
    stored: `select account_id, live_mode, kind, day, reason, tx_count, volume_usd, volume_eur, volume_gbp
             from transaction_failure_rollups where account_id = $1 and tx_count <> 0`,
  },
];

export async function checkRollups(pool: pg.Pool, accountId: string): Promise<RollupCheck> {
  const history = await pool.query<{ n: string }>(
    `select count(*) as n from transactions where account_id = $1 and status is distinct from status_history->-1->>'status'`,
    [accountId],
  );
  const tables: RollupCheck['tables'] = [];
  for (const rollup of ROLLUPS) {
    const { rows } = await pool.query<{ rows: string; missing: string; extra: string }>(
      `with r as (${rollup.recomputed}), s as (${rollup.stored})
       select (select count(*) from s) as rows,
              (select count(*) from (select * from r except all select * from s) x) as missing,
              (select count(*) from (select * from s except all select * from r) x) as extra`,
      [accountId],
    );
    tables.push({ table: rollup.table, rows: Number(rows[0]!.rows), missingOrDifferent: Number(rows[0]!.missing), extra: Number(rows[0]!.extra) });
  }
  return { statusNotLastOfHistory: Number(history.rows[0]!.n), tables };
}
