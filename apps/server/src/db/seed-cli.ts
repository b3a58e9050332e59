/**
 * `npm run seed -- --transactions N [--account <id or name>] [--mode live|test|both] [--days 365] [--seed 1]`
 * Generates made-up customers and transactions into a demo account (the demo account "Demo Payments" by default; an
 * account name that does not exist yet is created in its own organization, marked as demo data; a partner's account
 * is refused, so that `--remove-demo` removes every made-up row).
 * `npm run seed -- --remove-demo` removes the demo data and nothing else, and keeps it removed at later starts;
 * `npm run seed -- --demo` seeds the demo as a first start does, also after a removal.
 * Uses DATABASE_URL, or the embedded PostgreSQL under DATA_DIR (.data by default), migrating it first.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { parseEnv } from '../config/env.ts';
import { startInfrastructure } from '../boot.ts';
import { createFileStorage } from '../lib/file-storage.ts';
import { describeRemoval, removeDemo } from './remove-demo.ts';
import { seedDemo } from './seed-demo.ts';
import { generateTransactions } from '../modules/transactions/generator.ts';
import { seedDemoTransactions } from '../modules/transactions/demo-seed.ts';
import { isUuid } from '../lib/uuid.ts';

const { values } = parseArgs({
  options: {
    transactions: { type: 'string', default: '10000' },
    account: { type: 'string', default: 'Demo Payments' },
    mode: { type: 'string', default: 'both' },
    days: { type: 'string', default: '365' },
    seed: { type: 'string' },
    'remove-demo': { type: 'boolean', default: false },
    demo: { type: 'boolean', default: false },
  },
});

async function main() {
  const count = Number(values.transactions);
  if (!Number.isInteger(count) || count < 0) throw new Error('--transactions takes a whole number');
  if (!['live', 'test', 'both'].includes(values.mode)) throw new Error('--mode is live, test or both');
  if (values['remove-demo'] && values.demo) throw new Error('--remove-demo and --demo go one at a time');
  const config = parseEnv(process.env);
  const infrastructure = await startInfrastructure(config, (line) => console.log(line), { chain: false });
  try {
    const { db, pool } = infrastructure.database;
    if (values['remove-demo']) {
      for (const line of describeRemoval(await removeDemo(infrastructure.database.directPool, createFileStorage(config)))) console.log(line);
      return;
    }
    // Asked for by name: it brings back a demo that was removed.
    if (values.demo) {
      const demo = await seedDemo(db, { evenIfRemoved: true, storage: createFileStorage(config) });
      if (!demo) throw new Error("A user that is not the demo user has the demo login's e-mail address: nothing seeded.");
      await seedDemoTransactions(infrastructure.database, (line) => console.log(line));
      console.log(`The demo is seeded. Demo login: ${demo.email} / ${demo.password}`);
      return;
    }
    if (config.SEED_DEMO) await seedDemo(db, { storage: createFileStorage(config) });
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

/** A demo account by id or name (a new name creates one, marked as demo data); a partner's account is refused. */
async function resolveAccount(db: Parameters<typeof seedDemo>[0], account: string): Promise<string> {
  const found = await db.execute<{ id: string; is_demo: boolean }>(
    isUuid(account)
      ? sql`select a.id, o.is_demo from accounts a join organizations o on o.id = a.organization_id where a.id = ${account}`
      : sql`select a.id, o.is_demo from accounts a join organizations o on o.id = a.organization_id
             where lower(a.name) = lower(${account}) order by o.is_demo desc, a.created_at limit 1`,
  );
  const existing = found.rows[0];
  if (existing?.is_demo) return existing.id;
  if (existing)
    throw new Error(
      `"${account}" is a partner's account, not demo data: made-up transactions go only into demo accounts, so that --remove-demo removes them. Name a new account to create a demo one.`,
    );
  if (isUuid(account)) throw new Error(`No account has the id ${account}.`);
  const created = await db.execute<{ id: string }>(sql`
    with org as (insert into organizations (name, subscription_plan_type, is_demo) values (${`${account} Ltd`}, 'Pro', true) returning id)
    insert into accounts (organization_id, name, is_verified) select id, ${account}, true from org returning id`);
  console.log(`Created the demo account "${account}".`);
  return created.rows[0]!.id;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
