/** Helpers for reading rollups over a range of UTC days, shared by the dashboards and analytics repositories. */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

/** K of the K-minimum-values sketch: unique customers are exact below K per range, within about 9% above. */
export const SKETCH_SIZE = 128;

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

/**
 * Distinct customers from a merged K-minimum-values sketch: `n` distinct hashes kept (at most K) and the largest of
 * them. Exact below K; above, (K − 1) over the K-th smallest hash's place in the hash range.
 */
export function sketchCount(n: number, kth: number | null): { count: number; isEstimate: boolean } {
  if (n < SKETCH_SIZE || kth === null) return { count: n, isEstimate: false };
  const fraction = (Number(kth) + 2 ** 31 + 1) / 2 ** 32;
  return { count: Math.round((SKETCH_SIZE - 1) / fraction), isEstimate: true };
}

/**
 * Distinct customers over [from, to] among the sketch rows `scope` selects (account, mode and kinds): merges the
 * K-minimum-values sketches of its whole months and of the days before and after them.
 */
export async function customersOfSketches(readDb: Database, scope: SQL, from: string, to: string): Promise<{ count: number; isEstimate: boolean }> {
  const { months, before, after } = splitIntoMonths(from, to);
  const result = await readDb.execute<{ n: number; kth: number | null }>(sql`
    select count(*)::int as n, max(h) as kth from (
      select distinct h from (
        select hashes from transaction_customer_monthly_sketches where ${scope} and month between ${months[0]}::date and ${months[1]}::date
        union all
        select hashes from transaction_customer_sketches where ${scope} and day between ${before[0]}::date and ${before[1]}::date
        union all
        select hashes from transaction_customer_sketches where ${scope} and day between ${after[0]}::date and ${after[1]}::date
      ) s, unnest(s.hashes) as h
      order by h limit ${SKETCH_SIZE}
    ) k`);
  const { n, kth } = result.rows[0]!;
  return sketchCount(n, kth);
}
