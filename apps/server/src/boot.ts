import path from 'node:path';
import type { Env } from './config/env.ts';
import { connectDatabase, runMigrations, type DatabaseHandle } from './db/client.ts';
import { runningEmbeddedPostgres, startEmbeddedPostgres, type RunningPostgres } from './db/embedded-postgres.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { dataDir } from './lib/paths.ts';
import { connectEvmChain, type EvmChain } from './lib/chain/evm-chain.ts';
import { LOCAL_CHAIN_DEV_PRIVATE_KEY, startLocalChain, type RunningLocalChain } from './lib/chain/local-chain.ts';
import { LOCAL_EVM_NETWORK_CODE } from '@rampart/shared/passes';

export interface Infrastructure {
  connectionString: string;
  database: DatabaseHandle;
  mailer: Mailer;
  embedded: RunningPostgres | null;
  /** The EVM chain (services.chain); null when started without one (`{ chain: false }`: seeding, key rotation). */
  chain: EvmChain | null;
  /** Rampart's built-in local chain when EVM_RPC_URL is not set. */
  localChain: RunningLocalChain | null;
  close(): Promise<void>;
}

/**
 * The chain for services.chain, the same path for both cases: the node at EVM_RPC_URL, or the built-in local chain
 * (anvil, state in DATA_DIR/chain/state.json) when it is not set.
 */
export async function startChain(config: Env, log: (message: string) => void = () => {}): Promise<{ chain: EvmChain; localChain: RunningLocalChain | null }> {
  if (config.EVM_RPC_URL) {
    const chain = await connectEvmChain({
      rpcUrl: config.EVM_RPC_URL,
      networkCode: config.EVM_NETWORK_CODE,
      deployerPrivateKey: config.EVM_DEPLOYER_PRIVATE_KEY,
      isLocal: config.EVM_NETWORK_CODE === LOCAL_EVM_NETWORK_CODE,
    });
    return { chain, localChain: null };
  }
  const localChain = await startLocalChain({ port: config.EVM_LOCAL_PORT, stateFile: path.join(dataDir(config.DATA_DIR), 'chain', 'state.json'), log });
  try {
    const chain = await connectEvmChain({
      rpcUrl: localChain.rpcUrl,
      networkCode: LOCAL_EVM_NETWORK_CODE,
      deployerPrivateKey: LOCAL_CHAIN_DEV_PRIVATE_KEY,
      isLocal: true,
    });
    return { chain, localChain };
  } catch (error) {
    await localChain.stop();
    throw error;
  }
}

/** The same path for both cases: an external PostgreSQL when DATABASE_URL is set, the embedded one otherwise. */
export async function startInfrastructure(
  config: Env,
  log: (message: string) => void = () => {},
  options: { chain?: boolean; shareRunningEmbeddedPostgres?: boolean } = {},
): Promise<Infrastructure> {
  const root = dataDir(config.DATA_DIR);
  let embedded: RunningPostgres | null = null;
  let connectionString = config.DATABASE_URL;
  if (config.DATABASE_POOLING === 'transaction' && config.DATABASE_URL && !config.DIRECT_DATABASE_URL) {
    // Migrations, the workers' LISTEN and the demo seed's session settings cannot go through a transaction pooler.
    throw new Error(
      'DATABASE_POOLING=transaction needs DIRECT_DATABASE_URL: the primary without PgBouncer, for migrations, workers and seeding (docs/scaling.md, "PgBouncer").',
    );
  }
  // A command beside a running server (shareRunningEmbeddedPostgres) uses the server's embedded PostgreSQL.
  const running = !connectionString && options.shareRunningEmbeddedPostgres ? runningEmbeddedPostgres(path.join(root, 'pg')) : null;
  if (running) {
    log(`Using the embedded PostgreSQL already running under ${path.join(root, 'pg')}.`);
    embedded = running;
    connectionString = running.connectionString;
  } else if (!connectionString) {
    log(`Starting embedded PostgreSQL under ${path.join(root, 'pg')}...`);
    embedded = await startEmbeddedPostgres(path.join(root, 'pg'), config.EMBEDDED_POSTGRES_PORT, { log });
    connectionString = embedded.connectionString;
  }
  try {
    // DDL and the migration lock need a session of their own: never through PgBouncer in transaction mode.
    await runMigrations(embedded ? connectionString : (config.DIRECT_DATABASE_URL ?? connectionString));
  } catch (error) {
    // Not left running behind a process that is about to exit.
    await embedded?.stop();
    throw error;
  }
  let started: { chain: EvmChain; localChain: RunningLocalChain | null } | null = null;
  if (options.chain ?? true) {
    try {
      started = await startChain(config, log);
    } catch (error) {
      await embedded?.stop();
      throw error;
    }
  }
  // The API's queries plus an embedded worker's (its LISTEN, claims, batched records and graphile-worker's jobs); webhook
  // requests in flight hold no connection.
  const database = connectDatabase({
    url: connectionString,
    readUrl: config.READ_DATABASE_URL,
    directUrl: embedded ? undefined : config.DIRECT_DATABASE_URL,
    pooling: config.DATABASE_POOLING,
    poolSize: 40,
    replicaMaxLagSeconds: config.REPLICA_MAX_LAG_SECONDS,
    failoverWaitMs: config.DATABASE_FAILOVER_WAIT_SECONDS * 1000,
  });
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, mailDir: path.join(root, 'mail') });
  return {
    connectionString,
    database,
    mailer,
    embedded,
    chain: started?.chain ?? null,
    localChain: started?.localChain ?? null,
    async close() {
      await database.close();
      await started?.localChain?.stop();
      await embedded?.stop();
    },
  };
}
