import type { DatabaseHandle } from '../../db/client.ts';
import { generateTransactions } from './generator.ts';

export const DEMO_TRANSACTIONS_PER_MODE = 10_000;

/**
 * Gives the demo account about 10,000 transactions in each mode, once: later starts find them and do nothing. The
 * account is found by its organization's demo marker, never by its name alone (a partner may call theirs the same).
 */
export async function seedDemoTransactions(
  database: DatabaseHandle,
  log: (line: string) => void = () => {},
  perMode = DEMO_TRANSACTIONS_PER_MODE,
): Promise<void> {
  const account = await database.pool.query<{ id: string; seeded: boolean }>(
    `select a.id, exists (select 1 from transactions t where t.account_id = a.id) as seeded
       from accounts a join organizations o on o.id = a.organization_id
      where o.is_demo and a.name = 'Demo Payments' order by a.created_at limit 1`,
  );
  const demo = account.rows[0];
  if (!demo || demo.seeded) return;
  const started = Date.now();
  // Session-level SETs and bulk COPY: on the primary directly, never through PgBouncer in transaction mode.
  await generateTransactions(database.directPool, { accountId: demo.id, live: perMode, test: perMode, seed: 2026 });
  await database.directPool.query('analyze transactions');
  log(`Seeded ${(2 * perMode).toLocaleString('en')} demo transactions in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
