import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customersOfSketches, splitIntoMonths } from '../../db/rollup-reads.ts';

export type DashboardCurrency = 'usd' | 'eur' | 'gbp';

export interface RollupScope {
  accountId: string;
  liveMode: boolean;
  kind: string;
  currency: DashboardCurrency;
}

/** Dashboard reads: only the rollup tables, never the transactions table. Loose days are two branches, not an OR (no index range). */
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
          where account_id = ${scope.accountId} and live_mode = ${scope.liveMode} and kind = ${scope.kind} and day between ${before[0]}::date and ${before[1]}::date
          union all
          select dimension, value, tx_count, completed_count, ${volume(scope.currency)} from transaction_dimension_rollups
          where account_id = ${scope.accountId} and live_mode = ${scope.liveMode} and kind = ${scope.kind} and day between ${after[0]}::date and ${after[1]}::date
        ) u
        group by 1, 2`);
      return result.rows;
    },

    /** Unique customers over [from, to]: merges the K-minimum-values sketches of its whole months and other days. */
    async uniqueCustomers(scope: RollupScope, from: string, to: string): Promise<{ count: number; isEstimate: boolean }> {
      return customersOfSketches(readDb, sql`account_id = ${scope.accountId} and live_mode = ${scope.liveMode} and kind = ${scope.kind}`, from, to);
    },
  };
}

export type DashboardsRepository = ReturnType<typeof createDashboardsRepository>;
