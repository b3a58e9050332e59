import type { DatabaseHandle } from '../../db/client.ts';
import { generateTransactions } from './generator.ts';

export const DEMO_TRANSACTIONS_PER_MODE = 10_000;

/** Gives the demo account about 10,000 transactions in each mode, once: later starts find them and do nothing. */
export async function seedDemoTransactions(database: DatabaseHandle, log: (line: string) => void = () => {}): Promise<void> {
  const account = await database.pool.query<{ id: string; seeded: boolean }>(
    `select a.id, exists (select 1 from transactions t where t.account_id = a.id) as seeded from accounts a where a.name = 'Demo Payments' order by a.created_at limit 1`,
  );
  const demo = account.rows[0];
  if (!demo || demo.seeded) return;
  const started = Date.now();
  // Session-level SETs and bulk COPY: on the primary directly, never through PgBouncer in transaction mode.
  await generateTransactions(database.directPool, { accountId: demo.id, live: DEMO_TRANSACTIONS_PER_MODE, test: DEMO_TRANSACTIONS_PER_MODE, seed: 2026 });
  await database.directPool.query('analyze transactions');
  log(`Seeded ${(2 * DEMO_TRANSACTIONS_PER_MODE).toLocaleString('en')} demo transactions in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
