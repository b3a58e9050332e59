import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type RunningPostgres } from '../src/db/embedded-postgres.ts';
import { createDatabaseFromTemplate, createMigratedDatabase, dropDatabase, dropTemplate, sealTemplate } from './databases.ts';
import { repoRoot } from '../src/lib/paths.ts';
import { startLocalChain, type RunningLocalChain } from '../src/lib/chain/local-chain.ts';
import { parseEnv } from '../src/config/env.ts';
import { connectDatabase } from '../src/db/client.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { createServices } from '../src/services.ts';
import { seedReferenceData } from '../src/app.ts';
import { startChain } from '../src/boot.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    /** The migrated, seeded database every test database is copied from (test/isolated-database.ts); never connected to. */
    templateDatabase: string;
    /** The run's local EVM chain (anvil, chain id 31337, empty at start) on EVM_TEST_PORT (default 8555). */
    evmRpcUrl: string;
  }
}

let embedded: RunningPostgres | null = null;
let chain: RunningLocalChain | null = null;

/**
 * One real PostgreSQL per run: the external one when DATABASE_URL is set, the embedded one otherwise. One template
 * database is migrated and seeded with the reference data the app seeds at start; the run's database and every
 * isolated one are copies of it, so test apps are built without seeding (test/harness.ts).
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.DATABASE_URL;
  // One real chain per run, without a state file: every run starts from block 0.
  const startingChain = startLocalChain({ port: Number(process.env.EVM_TEST_PORT ?? 8555) });
  if (!adminUrl) {
    // TEST_POSTGRES_PORT: a second checkout (a git worktree) can run its tests beside this one.
    // Its output goes where `npm test` reports from (scripts/test.mjs): why it stopped, should it stop in the middle of a run.
    const outputFile = path.join(repoRoot, '.data/test-results/test-postgres.log');
    fs.mkdirSync(path.dirname(outputFile), { recursive: true });
    fs.writeFileSync(outputFile, '');
    embedded = await startEmbeddedPostgres(path.join(repoRoot, '.data/test-pg'), Number(process.env.TEST_POSTGRES_PORT ?? 5499), {
      database: 'postgres',
      extraFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off'],
      onOutput: (line) => fs.appendFileSync(outputFile, `${new Date().toISOString()} ${line}\n`),
    });
    adminUrl = embedded.connectionString;
  }
  chain = await startingChain;
  const database = `rampart_test_${Date.now()}_${process.pid}`;
  const template = `${database}_template`;
  await seedTemplate(await createMigratedDatabase(adminUrl, template), chain.rpcUrl);
  await sealTemplate(adminUrl, template);
  project.provide('templateDatabase', template);
  project.provide('databaseUrl', await createDatabaseFromTemplate(adminUrl, database, template));
  project.provide('evmRpcUrl', chain.rpcUrl);
  return async () => {
    await chain?.stop();
    await dropDatabase(adminUrl, database);
    await dropTemplate(adminUrl, template);
    await embedded?.stop();
  };
}

/** The reference data, seeded by the app's own seeding (app.ts seedReferenceData). */
async function seedTemplate(url: string, evmRpcUrl: string): Promise<void> {
  const config = parseEnv({ DATABASE_URL: url, LOG_LEVEL: 'silent', EVM_RPC_URL: evmRpcUrl, EVM_NETWORK_CODE: 'local_evm' });
  const database = connectDatabase({ url, pooling: 'session', poolSize: 1, replicaMaxLagSeconds: config.REPLICA_MAX_LAG_SECONDS });
  try {
    // Never sends: nothing mails while seeding.
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:9', from: config.MAIL_FROM, mailDir: '/nonexistent' });
    const services = createServices({ database, mailer, config, chain: (await startChain(config)).chain });
    await seedReferenceData(services);
    services.close();
  } finally {
    await database.close();
  }
}
