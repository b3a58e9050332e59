import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customersOfSketches, splitIntoMonths } from '../../db/rollup-reads.ts';
import type { DashboardCurrency } from '../dashboards/dashboards.repository.ts';

/** What every analytics read is scoped to: one account and mode, some rollup kinds (or widget flows). */
export interface AnalyticsScope {
  accountId: string;
  liveMode: boolean;
  /** Rollup kinds (buy, sell, …), or 'all' for the customer tables. */
  kinds: readonly string[];
  currency: DashboardCurrency;
}

export type Bucket = 'day' | 'month';

const list = (values: readonly string[]) =>
  sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;

/**
 * Analytics reads: only rollup tables (decision 0015), never the transactions table. Every query filters on the
 * leading columns of its table's primary key (account, mode, kind, then the day or month range). The loose days
 * before and after the whole months are two branches, not one OR: an OR of two day ranges is no index range, and
 * PostgreSQL then reads every day of the account.
 */
export function createAnalyticsRepository(readDb: Database) {
  const volume = (currency: DashboardCurrency) => sql.raw(`volume_${currency}`);
  const fee = (currency: DashboardCurrency) => sql.raw(`fee_${currency}`);
  const scoped = (scope: AnalyticsScope) => sql`account_id = ${scope.accountId} and live_mode = ${scope.liveMode} and kind in ${list(scope.kinds)}`;
  const bucketOf = (bucket: Bucket, column: SQL) => sql`to_char(date_trunc(${bucket}, ${column}), 'YYYY-MM-DD')`;

  return {
    /** Counts, completed volume and fees per kind, bucket and status over [from, to]. */
    async totals(scope: AnalyticsScope, from: string, to: string, bucket: Bucket) {
      const result = await readDb.execute<{ kind: string; bucket: string; status: string; n: number; volume: string; fee: string }>(sql`
        select kind, ${bucketOf(bucket, sql`day`)} as bucket, status, sum(tx_count)::int as n,
               sum(${volume(scope.currency)})::text as volume, sum(${fee(scope.currency)})::text as fee
        from transaction_rollups
        where ${scoped(scope)} and day between ${from}::date and ${to}::date
        group by 1, 2, 3`);
      return result.rows;
    },

    /** All transactions over [from, to], whatever their status. */
    async transactionCount(scope: AnalyticsScope, from: string, to: string): Promise<number> {
      const result = await readDb.execute<{ n: number }>(sql`
        select coalesce(sum(tx_count), 0)::int as n from transaction_rollups where ${scoped(scope)} and day between ${from}::date and ${to}::date`);
      return result.rows[0]!.n;
    },

    /** Breakdowns (country, paymentMethod, currency) over [from, to]; whole months read the monthly rows. */
    async dimensions(scope: AnalyticsScope, from: string, to: string, dimensions: readonly string[]) {
      const { months, before, after } = splitIntoMonths(from, to);
      const result = await readDb.execute<{ dimension: string; value: string; n: number; completed: number; volume: string }>(sql`
        select dimension, value, sum(tx_count)::int as n, sum(completed_count)::int as completed, sum(volume)::text as volume from (
          select dimension, value, tx_count, completed_count, ${volume(scope.currency)} as volume from transaction_dimension_monthly_rollups
          where ${scoped(scope)} and month between ${months[0]}::date and ${months[1]}::date and dimension in ${list(dimensions)}
          union all
          select dimension, value, tx_count, completed_count, ${volume(scope.currency)} from transaction_dimension_rollups
          where ${scoped(scope)} and day between ${before[0]}::date and ${before[1]}::date and dimension in ${list(dimensions)}
          union all
          select dimension, value, tx_count, completed_count, ${volume(scope.currency)} from transaction_dimension_rollups
          where ${scoped(scope)} and day between ${after[0]}::date and ${after[1]}::date and dimension in ${list(dimensions)}
        ) u
        group by 1, 2`);
      return result.rows;
    },

    /** Distinct customers over [from, to] across the kinds: merges the K-minimum-values sketches (exact below K). */
    async activeCustomers(scope: AnalyticsScope, from: string, to: string): Promise<{ count: number; isEstimate: boolean }> {
      return customersOfSketches(readDb, scoped(scope), from, to);
    },

    /** Customers whose first transaction (of the kind, or any for 'all') is in [from, to]: exact. */
    async newCustomers(scope: AnalyticsScope, from: string, to: string): Promise<number> {
      const { months, before, after } = splitIntoMonths(from, to);
      const result = await readDb.execute<{ n: number }>(sql`
        select coalesce(sum(n), 0)::int as n from (
          select new_customers as n from customer_monthly_rollups
          where ${scoped(scope)} and month between ${months[0]}::date and ${months[1]}::date
          union all
          select new_customers from customer_daily_rollups where ${scoped(scope)} and day between ${before[0]}::date and ${before[1]}::date
          union all
          select new_customers from customer_daily_rollups where ${scoped(scope)} and day between ${after[0]}::date and ${after[1]}::date
        ) u`);
      return result.rows[0]!.n;
    },

    /** Active and new customers per calendar month from the month of `from` to the month of `to`. */
    async customerMonths(scope: AnalyticsScope, fromMonth: string, toMonth: string) {
      const result = await readDb.execute<{ month: string; active: number; created: number }>(sql`
        select to_char(month, 'YYYY-MM-DD') as month, sum(active_customers)::int as active, sum(new_customers)::int as created
        from customer_monthly_rollups
        where ${scoped(scope)} and month between ${fromMonth}::date and ${toMonth}::date
        group by 1`);
      return result.rows;
    },

    /** Cohort cells with the cohort month in [fromMonth, toMonth] and activity up to toMonth. */
    async cohorts(scope: AnalyticsScope, fromMonth: string, toMonth: string) {
      const result = await readDb.execute<{ cohort: string; activity: string; customers: number }>(sql`
        select to_char(cohort_month, 'YYYY-MM-DD') as cohort, to_char(activity_month, 'YYYY-MM-DD') as activity, sum(customers)::int as customers
        from customer_cohort_rollups
        where ${scoped(scope)} and cohort_month between ${fromMonth}::date and ${toMonth}::date and activity_month <= ${toMonth}::date
        group by 1, 2`);
      return result.rows;
    },

    /** Failed transactions per reason and bucket, with their volume. */
    async failures(scope: AnalyticsScope, from: string, to: string, bucket: Bucket) {
      const result = await readDb.execute<{ reason: string; bucket: string; n: number; volume: string }>(sql`
        select reason, ${bucketOf(bucket, sql`day`)} as bucket, sum(tx_count)::int as n, sum(${volume(scope.currency)})::text as volume
        from transaction_failure_rollups
        where ${scoped(scope)} and day between ${from}::date and ${to}::date
        group by 1, 2`);
      return result.rows;
    },

    /** Widget funnel events per step and bucket over the flows (scope.kinds). */
    async funnel(scope: AnalyticsScope, from: string, to: string, bucket: Bucket) {
      if (scope.kinds.length === 0) return [];
      const result = await readDb.execute<{ step: string; bucket: string; n: number }>(sql`
        select step, ${bucketOf(bucket, sql`day`)} as bucket, sum(event_count)::int as n
        from widget_funnel_rollups
        where account_id = ${scope.accountId} and live_mode = ${scope.liveMode} and flow in ${list(scope.kinds)} and day between ${from}::date and ${to}::date
        group by 1, 2`);
      return result.rows;
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
