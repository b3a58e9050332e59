import type pg from 'pg';
import { connectAndBegin } from './failover.ts';

/**
 * Runs `work` in a database transaction of its own on one connection of `pool`, outside any unit of work: only for raw
 * SQL in bulk on a pool (rollup rebuilds, demo removal). Everything else uses the one idiom, `db.transaction` (see
 * unit-of-work.ts); wrapped in `outsideUnitOfWork` when it must commit whatever the caller does next.
 */
export async function inOwnTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  // BEGIN waits out a failover (failover.ts).
  const client = await connectAndBegin(pool);
  try {
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    // The work's error is the one to report, not a failed rollback's.
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
