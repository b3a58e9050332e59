import pg from 'pg';
import { connectionOrCallback, isConnectionError } from './replica.ts';
import { retryDuringFailover } from './retry.ts';

/**
 * Waiting out a failover instead of failing (issue 39). While Patroni promotes the replica and HAProxy moves to it, or
 * while PgBouncer restarts, new connections fail for a few seconds. A statement that provably never reached PostgreSQL
 * is safe to send again, a write too: it is retried until DATABASE_FAILOVER_WAIT_SECONDS have passed, so the requests
 * that arrive during the switch wait instead of failing. Only those in flight when the primary died fail (their
 * outcome is unknown: never retried).
 */

/** An error that proves the statement did not reach a PostgreSQL server (it cannot have run). */
export function neverReachedDatabase(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  // Refused connection; PostgreSQL starting up, shutting down or in recovery (cannot_connect_now) at login.
  if (code === 'ECONNREFUSED' || code === '57P03') return true;
  const raw = (error as { message?: unknown }).message;
  // PgBouncer answers these before handing the statement to a server.
  return typeof raw === 'string' && /server login has been failing|server_login_retry|pgbouncer cannot connect to server|no server available/i.test(raw);
}

/**
 * A connection of `pool` with a transaction begun on it. While the primary changes, a failed connection or BEGIN is
 * tried again on a new connection for as long as the pool waits out a failover: nothing of the transaction has run yet,
 * so whatever made them fail (PgBouncer refusing the BEGIN, the connection cut under it) is safe to retry. What the
 * caller sends after BEGIN never is.
 */
export function connectAndBegin(pool: pg.Pool, begin: string | pg.QueryConfig = 'begin'): Promise<pg.PoolClient> {
  return retryDuringFailover(
    failoverWaitOf(pool),
    () =>
      pool.connect().then(async (client) => {
        try {
          await client.query(begin as pg.QueryConfig);
        } catch (error) {
          // Never returned to the pool: it is broken, or holds a half-begun transaction.
          client.release(error instanceof Error ? error : true);
          throw error;
        }
        return client;
      }),
    (error) => neverReachedDatabase(error) || isConnectionError(error),
  );
}

/**
 * The primary's pool: a connection that could not be made (nothing was sent on it) is tried again, and so is a
 * statement PgBouncer refused before handing it to a server, for up to `waitMs`.
 */
export class FailoverPool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    readonly failoverWaitMs: number,
  ) {
    super(config);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one override for all of pg.Pool's query overloads (promise and callback forms)
  override query(...args: any[]): any {
    const callback = typeof args.at(-1) === 'function' ? (args.pop() as (error: unknown, result?: unknown) => void) : null;
    const run = () => (super.query as (...rest: unknown[]) => Promise<unknown>).apply(this, args);
    const result = this.failoverWaitMs > 0 ? retryDuringFailover(this.failoverWaitMs, run, neverReachedDatabase) : run();
    if (!callback) return result;
    result.then(
      (value) => callback(undefined, value),
      (error: unknown) => callback(error),
    );
    return undefined;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one override for both of pg.Pool's connect overloads (promise and callback forms)
  override connect(callback?: any): any {
    const connect = () => (super.connect as () => Promise<pg.PoolClient>).call(this);
    // Connecting sends no statement: any connection failure may be retried.
    const result =
      this.failoverWaitMs > 0
        ? retryDuringFailover(this.failoverWaitMs, connect, (error) => isConnectionError(error) || neverReachedDatabase(error))
        : connect();
    return connectionOrCallback(result, callback);
  }
}

/** How long statements on `pool` wait out a failover (0: not a FailoverPool, or waiting is off). */
export function failoverWaitOf(pool: pg.Pool): number {
  return pool instanceof FailoverPool ? pool.failoverWaitMs : 0;
}
