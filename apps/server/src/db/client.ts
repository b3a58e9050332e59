import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Logger, runMigrations as runJobQueueMigrations } from 'graphile-worker';
import { migrationsFolder } from '../lib/paths.ts';
import { unitOfWorkAware } from './unit-of-work.ts';

// numeric and bigint stay strings: amounts must never pass through a float.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => value);

export type Database = NodePgDatabase & { $client: pg.Pool };

export interface DatabaseHandle {
  /** Statements on the pool (and on `db.$client`) commit on their own, outside any unit of work. */
  pool: pg.Pool;
  /** Runs in the current unit of work (a GraphQL mutation's transaction, decision 0007) when there is one. */
  db: Database;
  /** Reads that may go to a replica (READ_DATABASE_URL); the primary when none is set. */
  readPool: pg.Pool;
  readDb: Database;
  /** The primary without a pooler (DIRECT_DATABASE_URL, else `pool`): workers' LISTEN and claims. */
  directPool: pg.Pool;
  /** The read replica's state when READ_DATABASE_URL is set (lag, reachability); null without one. */
  replica: ReplicaMonitor | null;
  close(): Promise<void>;
}

export interface ReplicaStatus {
  /** Seconds since the last transaction the replica replayed, measured against the primary's WAL position (0 when caught up). */
  lagSeconds: number | null;
  /** Bytes of WAL the replica is behind the primary. */
  lagBytes: number | null;
  /** False when unreachable or further behind than REPLICA_MAX_LAG_SECONDS: reads then go to the primary. */
  usable: boolean;
}

export interface ReplicaMonitor {
  status(): ReplicaStatus;
}

/** A connection the server drops (restart, shutdown) fails its queries; the event itself must not crash the process. */
function quietOnDrop(pool: pg.Pool) {
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
}

export function connectDatabase(connectionString: string, readConnectionString?: string, poolSize = 20): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  const readPool = readConnectionString ? new pg.Pool({ connectionString: readConnectionString, max: poolSize }) : pool;
  for (const each of new Set([pool, readPool])) quietOnDrop(each);
  return {
    pool,
    db: unitOfWorkAware(drizzle(pool)),
    readPool,
    readDb: readPool === pool ? drizzle(pool) : drizzle(readPool),
    directPool: pool,
    replica: null,
    async close() {
      await pool.end();
      if (readPool !== pool) await readPool.end();
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
