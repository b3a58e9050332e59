import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type RunningPostgres } from '../src/db/embedded-postgres.ts';
import { createMigratedDatabase, dropDatabase } from './databases.ts';
import { repoRoot } from '../src/lib/paths.ts';
import { startLocalChain, type RunningLocalChain } from '../src/lib/chain/local-chain.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    /** The run's local EVM chain (anvil, chain id 31337, empty at start) on EVM_TEST_PORT (default 8555). */
    evmRpcUrl: string;
  }
}

let embedded: RunningPostgres | null = null;
let chain: RunningLocalChain | null = null;

/** One real PostgreSQL per run: the external one when DATABASE_URL is set, the embedded one otherwise; a fresh database each run. */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres(path.join(repoRoot, '.data/test-pg'), 5499, {
      database: 'postgres',
      extraFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off'],
    });
    adminUrl = embedded.connectionString;
  }
  const database = `rampart_test_${Date.now()}_${process.pid}`;
  project.provide('databaseUrl', await createMigratedDatabase(adminUrl, database));
  // One real chain per run, without a state file: every run starts from block 0.
  chain = await startLocalChain({ port: Number(process.env.EVM_TEST_PORT ?? 8555) });
  project.provide('evmRpcUrl', chain.rpcUrl);
  return async () => {
    await chain?.stop();
    await dropDatabase(adminUrl, database);
    await embedded?.stop();
  };
}
