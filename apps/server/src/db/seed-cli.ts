/**
 * `npm run seed -- --transactions N [--account <id or name>] [--mode live|test|both] [--days 365] [--seed 1]`
 * Generates customers and transactions into an account (the demo account "Demo Payments" by default; an account
 * name that does not exist yet is created in its own organization). Uses DATABASE_URL, or the embedded
 * PostgreSQL under DATA_DIR (.data by default), migrating it first.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { parseEnv } from '../config/env.ts';
import { startInfrastructure } from '../boot.ts';
import { seedDemo } from './seed-demo.ts';
import { generateTransactions } from '../modules/transactions/generator.ts';

const { values } = parseArgs({
  options: {
    transactions: { type: 'string', default: '10000' },
    account: { type: 'string', default: 'Demo Payments' },
    mode: { type: 'string', default: 'both' },
    days: { type: 'string', default: '365' },
    seed: { type: 'string' },
  },
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function main() {
  const count = Number(values.transactions);
  if (!Number.isInteger(count) || count < 0) throw new Error('--transactions takes a whole number');
  if (!['live', 'test', 'both'].includes(values.mode)) throw new Error('--mode is live, test or both');
  const config = parseEnv(process.env);
  const infrastructure = await startInfrastructure(config, (line) => console.log(line), { chain: false });
  try {
    const { db, pool } = infrastructure.database;
    if (config.SEED_DEMO) await seedDemo(db);
    const accountId = await resolveAccount(db, values.account);
    const live = values.mode === 'test' ? 0 : values.mode === 'live' ? count : Math.ceil(count / 2);
    const test = count - live;
    console.log(
      `Generating ${count.toLocaleString('en')} transactions (${live.toLocaleString('en')} live, ${test.toLocaleString('en')} test) into account ${accountId}...`,
    );
    const result = await generateTransactions(pool, {
      accountId,
      live,
      test,
      days: Number(values.days),
      ...(values.seed ? { seed: Number(values.seed) } : { seed: Date.now() % 2 ** 31 }),
      log: (line) => console.log(line),
    });
    await pool.query('analyze transactions');
    console.log(
      `Done: ${result.transactions.toLocaleString('en')} transactions, ${result.customers.toLocaleString('en')} customers in ${(result.ms / 1000).toFixed(1)} s.`,
    );
  } finally {
    await infrastructure.close();
  }
}

async function resolveAccount(db: Parameters<typeof seedDemo>[0], account: string): Promise<string> {
  if (UUID.test(account)) return account;
  const found = await db.execute<{ id: string }>(sql`select id from accounts where lower(name) = lower(${account}) order by created_at limit 1`);
  if (found.rows[0]) return found.rows[0].id;
  const created = await db.execute<{ id: string }>(sql`
    with org as (insert into organizations (name, subscription_plan_type) values (${`${account} Ltd`}, 'Pro') returning id)
    insert into accounts (organization_id, name, is_verified) select id, ${account}, true from org returning id`);
  console.log(`Created account "${account}".`);
  return created.rows[0]!.id;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
