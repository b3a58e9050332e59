import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { connectAndBegin } from './failover.ts';

/**
 * The one transaction idiom: `transaction((tx) => …)` on the handle's unit-of-work-aware `db` (a repository offers it
 * as `transaction`, and its functions take `tx` as their Executor). In a mutation it is a savepoint of the unit of work
 * below; elsewhere (REST routes, jobs) a transaction of its own. Raw SQL in bulk on a pool: own-transaction.ts.
 *
 * A GraphQL mutation runs as one unit of work (decision 0007): one database transaction holds its changes and its audit
 * row, made current through AsyncLocalStorage so repositories join it without passing it around.
 */
interface UnitOfWork {
  tx: object | null;
  /** False once the transaction has ended: a stray promise started inside must not use the released connection. */
  open: boolean;
  afterCommit: Array<() => Promise<void>>;
}

const storage = new AsyncLocalStorage<UnitOfWork | undefined>();

function currentUnit(): UnitOfWork | undefined {
  const unit = storage.getStore();
  return unit?.open ? unit : undefined;
}

const NO_ROWS = { rows: [], rowCount: 0, command: '', oid: 0, fields: [] };

/**
 * The connection of one transaction (a unit of work, or a transaction of its own), taken from the pool only at its
 * first statement: a mutation that is refused before touching the database, or that first runs its own autocommit
 * statements on the pool (failed-attempt counters), does not hold a second connection meanwhile. Its BEGIN waits out a
 * failover (connectAndBegin).
 */
class LazyTransactionClient {
  private connection: Promise<pg.PoolClient> | null = null;
  private client: pg.PoolClient | null = null;
  private broken = false;
  /** drizzle's BEGIN (with its isolation level, if any), sent once there is a connection. */
  private begin: string | pg.QueryConfig = 'begin';

  constructor(private readonly pool: pg.Pool) {}

  query(config: string | pg.QueryConfig, values?: unknown[]): Promise<unknown> {
    const text = (typeof config === 'string' ? config : config.text).trim().toLowerCase();
    if (!this.connection) {
      if (text === 'begin' || text.startsWith('begin ')) {
        this.begin = config;
        return Promise.resolve(NO_ROWS);
      }
      if (text === 'commit' || text === 'rollback') return Promise.resolve(NO_ROWS);
    }
    const ending = text === 'commit' || text === 'rollback';
    return this.connect().then((client) =>
      client.query(config as pg.QueryConfig, values).catch((error: unknown) => {
        if (ending) this.broken = true;
        throw error;
      }),
    );
  }

  private connect(): Promise<pg.PoolClient> {
    // BEGIN refused by PgBouncer while the primary changes: a new connection and BEGIN again (failover.ts).
    this.connection ??= connectAndBegin(this.pool, this.begin).then(
      (client) => (this.client = client),
      (error: unknown) => {
        this.broken = true;
        throw error;
      },
    );
    return this.connection;
  }

  release() {
    // A connection whose commit or rollback failed is in an unknown state: drop it rather than return it to the pool.
    this.client?.release(this.broken ? new Error('transaction ended uncleanly') : undefined);
    this.client = null;
  }
}

/**
 * `db.transaction(fn)` outside a unit of work, on the pool: drizzle's own would send BEGIN on a pooled connection
 * once, fail when PgBouncer refuses it during a failover (sign-in's failure counter, issue 39), and keep that
 * connection checked out for good. On a LazyTransactionClient the BEGIN waits out the failover like a unit of work's,
 * `fn` runs once, and the connection always goes back.
 */
function ownTransaction(pool: pg.Pool): NodePgDatabase['transaction'] {
  return async (work, config) => {
    const client = new LazyTransactionClient(pool);
    try {
      return await drizzle(client as unknown as pg.PoolClient).transaction(work, config);
    } finally {
      client.release();
    }
  };
}

/**
 * A Drizzle database that runs on the current unit of work's transaction when there is one, else on `root`. Services'
 * own `db.transaction(...)` become savepoints inside it. `$client` stays the pool: statements sent there commit on their
 * own, outside any unit of work.
 */
export function unitOfWorkAware<D extends object>(root: D): D {
  return new Proxy(root, {
    get(target, property) {
      const unit = currentUnit();
      if (property === 'transaction' && !unit) {
        const client = (target as { $client?: unknown }).$client;
        if (client instanceof pg.Pool) return ownTransaction(client);
      }
      const base = property === '$client' ? target : (unit?.tx ?? target);
      const value = Reflect.get(base, property, base) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(base) : value;
    },
  });
}

/**
 * Runs `work` in a new unit of work on `pool` and commits it; any error rolls everything back. Joins the current unit
 * when there is one. `afterCommit` runs what was queued to happen once the change is durable (e-mails).
 */
export async function runUnitOfWork<T>(pool: pg.Pool, work: () => Promise<T>): Promise<{ result: T; afterCommit: () => Promise<void> }> {
  if (currentUnit()) return { result: await work(), afterCommit: async () => {} };
  const client = new LazyTransactionClient(pool);
  const unit: UnitOfWork = { tx: null, open: true, afterCommit: [] };
  let result: T;
  try {
    result = await drizzle(client as unknown as pg.PoolClient).transaction(async (tx) => {
      unit.tx = tx;
      return storage.run(unit, work);
    });
  } finally {
    unit.open = false;
    client.release();
  }
  return {
    result,
    async afterCommit() {
      let failure: { error: unknown } | null = null;
      for (const effect of unit.afterCommit) {
        await effect().catch((error: unknown) => {
          failure ??= { error };
        });
      }
      if (failure) throw (failure as { error: unknown }).error;
    },
  };
}

/** Runs `effect` once the current unit of work commits (dropped if it rolls back), or now when there is none. */
export async function afterCommit(effect: () => Promise<void>): Promise<void> {
  const unit = currentUnit();
  if (unit) unit.afterCommit.push(effect);
  else await effect();
}

/**
 * Runs `fn` outside the current unit of work: its statements commit on their own even if the unit rolls back. Never for
 * rows the unit has changed: the statement would wait for the unit, which waits for it.
 */
export function outsideUnitOfWork<T>(fn: () => T): T {
  return storage.run(undefined, fn);
}
