import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { SKETCH_SIZE } from '../transactions/rollups.ts';

export type DashboardCurrency = 'usd' | 'eur' | 'gbp';

export interface RollupScope {
  accountId: string;
  liveMode: boolean;
  kind: string;
  currency: DashboardCurrency;
}

/**
 * Splits [from, to] (inclusive dates) into the whole calendar months inside it and the days before and after them,
 * so long ranges read month rows. Empty pieces are given as empty ranges (start after end).
 */
export function splitIntoMonths(from: string, to: string): { months: [string, string]; before: [string, string]; after: [string, string] } {
  const EMPTY: [string, string] = ['1970-01-02', '1970-01-01'];
  const date = (value: string) => new Date(`${value}T00:00:00Z`);
  const iso = (value: Date) => value.toISOString().slice(0, 10);
  const start = date(from);
  const end = date(to);
  const firstMonth = start.getUTCDate() === 1 ? start : new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  const dayAfterEnd = new Date(end.getTime() + 86_400_000);
  // The month after the last whole month: the end's month if `to` is its last day, else the month before that.
  const afterLastMonth = dayAfterEnd.getUTCDate() === 1 ? dayAfterEnd : new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), 1));
  if (firstMonth >= afterLastMonth) return { months: EMPTY, before: [from, to], after: EMPTY };
  const lastMonth = new Date(Date.UTC(afterLastMonth.getUTCFullYear(), afterLastMonth.getUTCMonth() - 1, 1));
  return {
    months: [iso(firstMonth), iso(lastMonth)],
    before: firstMonth > start ? [from, iso(new Date(firstMonth.getTime() - 86_400_000))] : EMPTY,
    after: afterLastMonth <= end ? [iso(afterLastMonth), to] : EMPTY,
  };
}

/** Dashboard reads: only the rollup tables, never the transactions table. */
export function createDashboardsRepository(readDb: Database) {
  const volume = (currency: DashboardCurrency) => sql.raw(`volume_${currency}`);
  const fee = (currency: DashboardCurrency) => sql.raw(`fee_${currency}`);
  return {
    /** Totals per bucket (day or month) and status over [from, to]. */
    async totals(scope: RollupScope, from: string, to: string, bucket: 'day' | 'month') {
      const result = await readDb.execute<{ bucket: string; status: string; n: number; volume: string; fee: string }>(sql`
        select to_char(date_trunc(${bucket}, day), 'YYYY-MM-DD') as bucket, status, sum(tx_count)::int as n,
               sum(${volume(scope.currency)})::text as volume, sum(${fee(scope.currency)})::text as fee
        from transaction_rollups
        where account_id = ${scope.accountId} and live_mode = ${scope.liveMode} and kind = ${scope.kind} and day between ${from}::date and ${to}::date
        group by 1, 2`);
      return result.rows;
    },

    async dimensions(scope: RollupScope, from: string, to: string) {
      const { months, before, after } = splitIntoMonths(from, to);
      const result = await readDb.execute<{ dimension: string; value: string; n: number; completed: number; volume: string }>(sql`
        select dimension, value, sum(tx_count)::int as n, sum(completed_count)::int as completed, sum(volume)::text as volume from (
          select dimension, value, tx_count, completed_count, ${volume(scope.currency)} as volume from transaction_dimension_monthly_rollups
          where account_id = ${scope.accountId} and live_mode = ${scope.liveMode} and kind = ${scope.kind} and month between ${months[0]}::date and ${months[1]}::date
          union all
          select dimension, value, tx_count, completed_count, ${volume(scope.currency)} from transaction_dimension_rollups
          where account_id = ${scope.accountId} and live_mode = ${scope.liveMode} and kind = ${scope.kind}
            and (day between ${before[0]}::date and ${before[1]}::date or day between ${after[0]}::date and ${after[1]}::date)
        ) u
        group by 1, 2`);
      return result.rows;
    },

    /** Unique customers over [from, to]: merges the K-minimum-values sketches of its whole months and other days. */
    async uniqueCustomers(scope: RollupScope, from: string, to: string): Promise<{ count: number; isEstimate: boolean }> {
      const { months, before, after } = splitIntoMonths(from, to);
      const result = await readDb.execute<{ n: number; kth: number | null }>(sql`
        select count(*)::int as n, max(h) as kth from (
          select distinct h from (
            select hashes from transaction_customer_monthly_sketches
            where account_id = ${scope.accountId} and live_mode = ${scope.liveMode} and kind = ${scope.kind} and month between ${months[0]}::date and ${months[1]}::date
            union all
            select hashes from transaction_customer_sketches
            where account_id = ${scope.accountId} and live_mode = ${scope.liveMode} and kind = ${scope.kind}
              and (day between ${before[0]}::date and ${before[1]}::date or day between ${after[0]}::date and ${after[1]}::date)
          ) s, unnest(s.hashes) as h
          order by h limit ${SKETCH_SIZE}
        ) k`);
      const { n, kth } = result.rows[0]!;
      if (n < SKETCH_SIZE || kth === null) return { count: n, isEstimate: false };
      const fraction = (Number(kth) + 2 ** 31 + 1) / 2 ** 32;
      return { count: Math.round((SKETCH_SIZE - 1) / fraction), isEstimate: true };
    },
  };
}

export type DashboardsRepository = ReturnType<typeof createDashboardsRepository>;
