import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { retryDuringFailover } from './retry.ts';

/**
 * Reads from a streaming replica (READ_DATABASE_URL), and when not to: the replica monitor measures its lag, the
 * routing pool sends a read to the primary when the replica is unusable, when the request must see its own writes,
 * or when the replica's connection fails (retried once on the primary: reads are idempotent).
 */

export interface ReplicaStatus {
  /**
   * Seconds the replica is behind: since the primary first had WAL the replica has not replayed yet (sampled every
   * poll), 0 when caught up. An idle primary writes no WAL, so a replica that replayed everything is 0 behind however
   * long ago its last transaction was.
   */
  lagSeconds: number | null;
  /** Bytes of WAL the replica is behind the primary. */
  lagBytes: number | null;
  /** False when unreachable or further behind than REPLICA_MAX_LAG_SECONDS: reads then go to the primary. */
  usable: boolean;
}

export interface ReplicaMonitor {
  status(): ReplicaStatus;
  /** The replica's replay position at the last poll (null before the first, or while unreachable). */
  replayLsn(): bigint | null;
  /** Polls now (tests, and a check that must not wait for the next tick). */
  refresh(): Promise<ReplicaStatus>;
  close(): Promise<void>;
}

/** A WAL position as PostgreSQL prints it (`16/B374D848`), or null for anything else. */
export function parseLsn(text: unknown): bigint | null {
  if (typeof text !== 'string' || text.length > 17) return null;
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text);
  if (!match) return null;
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

export function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}

/**
 * Errors that mean the connection (not the statement) failed: the replica restarted, is unreachable, or PgBouncer
 * lost its server connection. 40001 is also retried: on a replica it is a read cancelled by a conflict with recovery.
 */
export function isConnectionError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (/^(08|58)/.test(code) || /^57P0[1-3]$/.test(code) || code === '53300' || code === '40001') return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'].includes(code)) return true;
  }
  const raw = (error as { message?: unknown }).message;
  const message = typeof raw === 'string' ? raw : '';
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|server conn crashed|pgbouncer cannot connect to server|no more connections allowed|server login retry|query_wait_timeout|server_login_retry/i.test(
    message,
  );
}

// What the current request needs from reads, set per request (graphql/plugin.ts) and read by the routing pool.
interface ReadRouting {
  /** All reads on the primary (a mutation: its response must show what it changed). */
  primary: boolean;
  /** Reads on the primary until the replica has replayed this position (the read-after cookie). */
  readAfter: bigint | null;
}

const routing = new AsyncLocalStorage<ReadRouting>();

/** Runs `fn` (and everything it starts) with reads routed as `state` says; the state may be changed later on. */
export function runWithReadRouting<T>(state: ReadRouting, fn: () => T): T {
  return routing.run(state, fn);
}

export function currentReadRouting(): ReadRouting | undefined {
  return routing.getStore();
}

/** Runs `fn` as a request's reads: from the replica unless it says otherwise. */
export function readingAsRequest<T>(fn: () => T): T {
  return routing.run({ primary: false, readAfter: null }, fn);
}

/** Runs `fn` with every read on the primary. */
export function readingFromPrimary<T>(fn: () => T): T {
  return routing.run({ primary: true, readAfter: null }, fn);
}

/**
 * Whether reads now must go to the primary, given the replica's state. Only requests read from the replica (each runs
 * in a routing state, graphql/plugin.ts): work outside one — an embedded worker's jobs, which run right after the
 * change that queued them committed, and startup — reads the primary.
 */
export function mustReadPrimary(monitor: ReplicaMonitor): boolean {
  if (!monitor.status().usable) return true;
  const state = routing.getStore();
  if (!state) return true;
  if (state.primary) return true;
  if (state.readAfter !== null) {
    const replayed = monitor.replayLsn();
    if (replayed === null || replayed < state.readAfter) return true;
    // Caught up: the rest of this request reads from the replica.
    state.readAfter = null;
  }
  return false;
}

type QueryArgs = unknown[];

/**
 * pg.Pool's connect() in either of its forms, for a pool that overrides it with a promise: that promise when no
 * callback is given, else `callback(error, client, release)` once it settles.
 */
export function connectionOrCallback(result: Promise<pg.PoolClient>, callback: unknown): Promise<pg.PoolClient> | undefined {
  if (typeof callback !== 'function') return result;
  const done = callback as (error: unknown, client?: pg.PoolClient, release?: (error?: Error | boolean) => void) => void;
  result.then(
    (client) => done(undefined, client, (error) => client.release(error)),
    (error: unknown) => done(error),
  );
  return undefined;
}

/**
 * The read pool when a replica is configured: a pg.Pool on the replica (drizzle checks `instanceof Pool`, the metrics
 * read its counts) whose queries go to `primary` when `toPrimary()` says so, and whose connection failures are retried
 * once on the primary. `connect()` is routed the same way; a connection handed out (the CSV export's COPY) is not
 * retried mid-stream.
 */
export class RoutingPool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    private readonly primary: pg.Pool,
    private readonly toPrimary: () => boolean,
    private readonly onReplicaFailure: (error: unknown) => void = () => {},
    /** DATABASE_FAILOVER_WAIT_SECONDS: how long a read the primary lost is sent again while it changes (0: never). */
    private readonly primaryWaitMs = 0,
  ) {
    super(config);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one override for all of pg.Pool's query overloads (promise and callback forms)
  override query(...args: any[]): any {
    const callback = typeof args.at(-1) === 'function' ? (args.pop() as (error: unknown, result?: unknown) => void) : null;
    const result = this.routedQuery(args);
    if (!callback) return result;
    result.then(
      (value) => callback(undefined, value),
      (error: unknown) => callback(error),
    );
    return undefined;
  }

  private async routedQuery(args: QueryArgs): Promise<unknown> {
    const query = this.primary.query.bind(this.primary) as (...args: QueryArgs) => Promise<unknown>;
    // A read changes nothing: one whose connection the primary lost mid-query (it died, a failover) is sent again.
    const primaryQuery = (...rest: QueryArgs) => retryDuringFailover(this.primaryWaitMs, () => query(...rest), isConnectionError);
    if (this.toPrimary()) return primaryQuery(...args);
    try {
      return await (super.query as (...args: QueryArgs) => Promise<unknown>).apply(this, args);
    } catch (error) {
      if (!isConnectionError(error)) throw error;
      this.onReplicaFailure(error);
      return primaryQuery(...args);
    }
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one override for both of pg.Pool's connect overloads (promise and callback forms)
  override connect(callback?: any): any {
    const result = this.routedConnect();
    return connectionOrCallback(result, callback);
  }

  private async routedConnect(): Promise<pg.PoolClient> {
    if (this.toPrimary()) return this.primary.connect();
    try {
      return await (super.connect as () => Promise<pg.PoolClient>).call(this);
    } catch (error) {
      if (!isConnectionError(error)) throw error;
      this.onReplicaFailure(error);
      return this.primary.connect();
    }
  }
}

interface Sample {
  lsn: bigint;
  at: number;
}

/**
 * The lag from successive observations of the primary's WAL position and the replica's replay position: in bytes their
 * difference; in seconds how long ago the primary first passed the position the replica has replayed (so an idle
 * primary with a caught-up replica is 0 behind however old its last commit is).
 */
export function createLagTracker() {
  // Primary positions newer than the replica's, oldest first; the first one says since when the replica is behind.
  let samples: Sample[] = [];
  let firstSampleAt: number | null = null;
  return {
    /** `sinceLastReplay`: seconds since the replica replayed its last commit (its own clock), when known. */
    observe(primaryLsn: bigint, replayLsn: bigint, at: number, sinceLastReplay: number | null = null): { lagSeconds: number; lagBytes: number } {
      if (!samples.length || samples.at(-1)!.lsn < primaryLsn) samples.push({ lsn: primaryLsn, at });
      firstSampleAt ??= at;
      let replayedSamples = 0;
      while (replayedSamples < samples.length && samples[replayedSamples]!.lsn <= replayLsn) replayedSamples += 1;
      if (replayedSamples) samples = samples.slice(replayedSamples);
      if (samples.length > 50_000) samples = samples.slice(-25_000);
      if (replayLsn >= primaryLsn || !samples.length) return { lagSeconds: 0, lagBytes: 0 };
      const first = samples[0]!;
      let lagSeconds = (at - first.at) / 1000;
      // Still short of where the primary was when observing started, a second later: behind since before then, and the
      // age of the replica's last replayed commit is the better estimate (not at once: on an idle primary a record
      // written just now would make an hours-old commit look like hours of lag).
      if (first.at === firstSampleAt && at - first.at >= 1_000 && sinceLastReplay !== null) lagSeconds = Math.max(lagSeconds, sinceLastReplay);
      return { lagSeconds, lagBytes: Number(primaryLsn - replayLsn) };
    },
  };
}

/** A poll that ran out of time (a busy machine), as opposed to one refused (the replica is down or restarting). */
export function isSlowAnswer(error: unknown): boolean {
  const raw = error && typeof error === 'object' ? (error as { message?: unknown }).message : undefined;
  return typeof raw === 'string' && /^Query read timeout$|timeout exceeded when trying to connect|Connection terminated due to connection timeout/i.test(raw);
}

/**
 * The status after a poll that failed. A slow answer keeps the replica usable while it provably is: its lag can only
 * have grown by the time since the last answer, so that answer's lag plus the time since is an upper bound. (One slow
 * poll on a loaded machine would otherwise send every read to the primary, loading it further.) A refusal, or no
 * answer yet, makes it unusable at once.
 */
export function statusAfterFailedPoll(
  error: unknown,
  previous: ReplicaStatus,
  last: { lagSeconds: number; lagBytes: number; at: number } | null,
  at: number,
  maxLagSeconds: number,
): ReplicaStatus & { keepReplayLsn: boolean } {
  if (last && isSlowAnswer(error)) {
    const bound = last.lagSeconds + Math.max(0, at - last.at) / 1000;
    return { lagSeconds: bound, lagBytes: last.lagBytes, usable: bound <= maxLagSeconds, keepReplayLsn: bound <= maxLagSeconds };
  }
  return { lagSeconds: previous.lagSeconds, lagBytes: previous.lagBytes, usable: false, keepReplayLsn: false };
}

/**
 * Polls the replica's replay position and the primary's WAL position every `intervalMs` on connections of its own
 * (so a busy request pool does not delay it). Lag in seconds is measured against the primary's positions sampled over
 * time: the replica replayed R, the primary first passed R at time t, so the replica is now - t behind.
 */
export function startReplicaMonitor(options: {
  primaryUrl: string;
  replicaUrl: string;
  maxLagSeconds: number;
  intervalMs?: number;
  now?: () => number;
}): ReplicaMonitor {
  const intervalMs = options.intervalMs ?? 250;
  const now = options.now ?? Date.now;
  const timeouts = { max: 1, connectionTimeoutMillis: 1_000, query_timeout: 1_000, idleTimeoutMillis: 0, allowExitOnIdle: true };
  const primary = new pg.Pool({ connectionString: options.primaryUrl, ...timeouts });
  const replica = new pg.Pool({ connectionString: options.replicaUrl, ...timeouts });
  for (const pool of [primary, replica]) {
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
  }
  const lag = createLagTracker();
  let state: ReplicaStatus = { lagSeconds: null, lagBytes: null, usable: false };
  let replayed: bigint | null = null;
  let lastAnswer: { lagSeconds: number; lagBytes: number; at: number } | null = null;
  let polling: Promise<ReplicaStatus> | null = null;
  let closed = false;

  async function poll(): Promise<ReplicaStatus> {
    try {
      const [replicaRow, primaryRow] = await Promise.all([
        replica.query<{ lsn: string | null; since: number | null; recovering: boolean }>(
          `select coalesce(pg_last_wal_replay_lsn(), pg_last_wal_receive_lsn())::text as lsn,
                  extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as since, pg_is_in_recovery() as recovering`,
        ),
        primary.query<{ lsn: string }>(`select pg_current_wal_lsn()::text as lsn`),
      ]);
      const at = now();
      const primaryLsn = parseLsn(primaryRow.rows[0]?.lsn);
      const row = replicaRow.rows[0];
      // Promoted (or not a replica at all): it has everything it has.
      const replayLsn = row && !row.recovering ? primaryLsn : parseLsn(row?.lsn);
      if (primaryLsn === null || replayLsn === null) throw new Error('replica or primary reported no WAL position');
      const { lagSeconds, lagBytes } = lag.observe(primaryLsn, replayLsn, at, row?.since ?? null);
      replayed = replayLsn;
      lastAnswer = { lagSeconds, lagBytes, at };
      state = { lagSeconds, lagBytes, usable: lagSeconds <= options.maxLagSeconds };
    } catch (error) {
      // The replay position kept after a slow answer is where the replica was, never past where it is (replay only moves on).
      const { keepReplayLsn, ...next } = statusAfterFailedPoll(error, state, lastAnswer, now(), options.maxLagSeconds);
      if (!keepReplayLsn) replayed = null;
      state = next;
    }
    return state;
  }

  function refresh(): Promise<ReplicaStatus> {
    polling ??= poll().finally(() => {
      polling = null;
    });
    return polling;
  }

  let timer: NodeJS.Timeout | null = null;
  const tick = () => {
    if (closed) return;
    void refresh().finally(() => {
      if (closed) return;
      timer = setTimeout(tick, intervalMs);
      timer.unref();
    });
  };
  tick();

  return {
    status: () => state,
    replayLsn: () => replayed,
    refresh,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await polling?.catch(() => {});
      await Promise.all([primary.end(), replica.end()]);
    },
  };
}
