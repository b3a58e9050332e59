import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Logger, runMigrations as runJobQueueMigrations } from 'graphile-worker';
import { migrationsFolder } from '../lib/paths.ts';
import { unitOfWorkAware } from './unit-of-work.ts';
import { mustReadPrimary, RoutingPool, startReplicaMonitor, type ReplicaMonitor } from './replica.ts';
import { FailoverPool } from './failover.ts';

// numeric and bigint stay strings: amounts must never pass through a float.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => value);

export type Database = NodePgDatabase & { $client: pg.Pool };

export interface DatabaseHandle {
  /** Statements on the pool (and on `db.$client`) commit on their own, outside any unit of work. */
  pool: pg.Pool;
  /** Runs in the current unit of work (a GraphQL mutation's transaction, decision 0007) when there is one. */
  db: Database;
  /**
   * Reads that may go to a replica (READ_DATABASE_URL); the primary when none is set. Routed per statement
   * (db/replica.ts): the primary while the replica is unusable or the request must see its own writes, and a read whose
   * replica connection fails is retried once on the primary.
   */
  readPool: pg.Pool;
  readDb: Database;
  /** The primary without a pooler (DIRECT_DATABASE_URL, else `pool`): workers' LISTEN and claims. */
  directPool: pg.Pool;
  /** The read replica's state when READ_DATABASE_URL is set (lag, reachability); null without one. */
  replica: ReplicaMonitor | null;
  close(): Promise<void>;
}

export type { ReplicaMonitor, ReplicaStatus } from './replica.ts';

/** A connection the server drops (restart, shutdown) fails its queries; the event itself must not crash the process. */
function quietOnDrop(pool: pg.Pool) {
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
}

/** A query config without its statement name: PgBouncer in transaction mode may run the next Bind on another server connection. */
function unnamed(config: unknown): unknown {
  if (!config || typeof config !== 'object' || typeof (config as { submit?: unknown }).submit === 'function' || !(config as { name?: unknown }).name)
    return config;
  const { name: _name, ...rest } = config as { name?: unknown };
  return rest;
}

/**
 * DATABASE_POOLING=transaction: every statement of the pool's connections goes unnamed (drizzle's `.prepare('x')`,
 * `{ name: 'load-session' }`), in one place: `pool.query` runs on a connection from the pool too.
 */
function withoutPreparedStatements(pool: pg.Pool) {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = function (config: unknown, ...rest: unknown[]) {
      return query(unnamed(config), ...rest);
    } as typeof client.query;
  });
}

const replicaOfPool = new WeakMap<pg.Pool, ReplicaMonitor>();

/** The replica monitor of the handle whose primary pool this is (read-your-writes in graphql/plugin.ts); null without a replica. */
export function replicaMonitorOf(pool: pg.Pool): ReplicaMonitor | null {
  return replicaOfPool.get(pool) ?? null;
}

export interface DatabaseOptions {
  /** DATABASE_URL: the primary, possibly through PgBouncer. */
  url: string;
  /** READ_DATABASE_URL: a streaming replica (possibly through PgBouncer); reads fall back to the primary. */
  readUrl?: string | undefined;
  /** DIRECT_DATABASE_URL: the primary without a pooler (workers' LISTEN, the replica monitor). Unset: `url`. */
  directUrl?: string | undefined;
  /** transaction: `url` and `readUrl` go through PgBouncer in transaction mode, so statements go unnamed. */
  pooling?: 'session' | 'transaction';
  poolSize?: number;
  /** A replica further behind than this is not read from. */
  replicaMaxLagSeconds?: number;
  /** How long a statement that never reached the primary is retried while it changes (failover.ts); default 0. */
  failoverWaitMs?: number;
  /** How often the replica monitor polls (ms). */
  replicaPollMs?: number;
}

export function connectDatabase(options: DatabaseOptions): DatabaseHandle {
  const { url, readUrl, pooling = 'session', poolSize = 20 } = options;
  const directUrl = options.directUrl && options.directUrl !== url ? options.directUrl : undefined;
  const failoverWaitMs = options.failoverWaitMs ?? 0;
  const pool = new FailoverPool({ connectionString: url, max: poolSize }, failoverWaitMs);
  const directPool = directUrl ? new FailoverPool({ connectionString: directUrl, max: Math.max(4, Math.ceil(poolSize / 2)) }, failoverWaitMs) : pool;
  let replica: ReplicaMonitor | null = null;
  let readPool: pg.Pool = pool;
  if (readUrl) {
    const monitor = startReplicaMonitor({
      primaryUrl: directUrl ?? url,
      replicaUrl: readUrl,
      maxLagSeconds: options.replicaMaxLagSeconds ?? 30,
      intervalMs: options.replicaPollMs,
    });
    replica = monitor;
    replicaOfPool.set(pool, monitor);
    // A replica that is down or restarting fails fast (then the read is retried on the primary) rather than queueing.
    readPool = new RoutingPool(
      { connectionString: readUrl, max: poolSize, connectionTimeoutMillis: 2_000 },
      pool,
      () => mustReadPrimary(monitor),
      () => void monitor.refresh(),
      failoverWaitMs,
    );
  }
  for (const each of new Set([pool, readPool, directPool])) quietOnDrop(each);
  if (pooling === 'transaction') for (const each of new Set([pool, readPool])) withoutPreparedStatements(each);
  return {
    pool,
    db: unitOfWorkAware(drizzle(pool)),
    readPool,
    readDb: readPool === pool ? drizzle(pool) : drizzle(readPool),
    directPool,
    replica,
    async close() {
      await replica?.close();
      await pool.end();
      if (readPool !== pool) await readPool.end();
      if (directPool !== pool) await directPool.end();
    },
  };
}

const silentLogger = new Logger(() => () => {});

export async function runMigrations(connectionString: string): Promise<void> {
  const pool = new pg.Pool({ connectionString, max: 1 });
  quietOnDrop(pool);
  try {
    await migrate(drizzle(pool), { migrationsFolder });
    // The job queue lives in the same PostgreSQL (schema graphile_worker), so jobs commit with the changes that add them.
    await runJobQueueMigrations({ pgPool: pool, logger: silentLogger });
  } finally {
    await pool.end();
  }
}
