import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import { failoverWaitOf } from '../../db/failover.ts';
import type { DeliveryAttemptResult } from '../../modules/webhooks/webhooks.service.ts';

/**
 * The metrics and health of one process (decision 0018): one prom-client registry per app instance, never the global
 * default one, so tests that build several apps in one process do not collide. Labels are bounded: route patterns,
 * never raw URLs; GraphQL operation names capped; no tenant ids.
 */
export interface Observability {
  readonly registry: Registry;
  /** Records one HTTP request (see routes.ts for how the labels are derived). */
  observeHttpRequest(labels: HttpRequestLabels, seconds: number): void;
  /** A GraphQL operation name as a label value: bounded in length and in how many distinct names are kept. */
  operationNameLabel(name: string | null | undefined): string;
  /** Counts one finished webhook delivery attempt; null: the attempt threw. Passed to the dispatcher as `onAttempt`. */
  recordDeliveryAttempt(result: DeliveryAttemptResult | null): void;
  /** Set on SIGTERM: /readyz answers 503 so the load balancer stops sending while in-flight requests finish. */
  readonly draining: boolean;
  markDraining(): void;
  /**
   * Ready: not draining, every extra check passes, and the primary answers: a connection of its pool came back without
   * error within `readinessRecentMs`, else `select 1` answers within `readinessTimeoutMs`.
   */
  readiness(extraChecks?: ReadinessCheck[]): Promise<Readiness>;
  /** The Prometheus text exposition, with queue depths read from the database at scrape time. */
  metrics(): Promise<string>;
  readonly contentType: string;
}

export interface HttpRequestLabels {
  method: string;
  route: string;
  status_code: string;
  operation_name: string;
  operation_type: string;
}

/** A further condition of readiness (the worker: its loop runs). Returns the reason it is not ready, or null. */
export type ReadinessCheck = () => string | null;

export type Readiness = { ready: true } | { ready: false; reason: string };

export interface ObservabilityOptions {
  database: Pick<DatabaseHandle, 'pool' | 'readPool' | 'directPool' | 'replica'>;
  log?: FastifyBaseLogger;
  /** How long /readyz waits for `select 1` (ms). */
  readinessTimeoutMs?: number;
  /**
   * A connection of the primary pool returned without error this recently (ms) shows the database answers: /readyz then
   * needs no query of its own, which under load would queue behind the requests and time out on a busy, healthy process.
   */
  readinessRecentMs?: number;
  /** The statement timeout of the scrape-time queue query, and how long a scrape waits for it (ms). */
  queueStatsTimeoutMs?: number;
  /** Distinct GraphQL operation names kept as labels; later new names are reported as "other". */
  maxOperationNames?: number;
  /** Process metrics (CPU, memory, event loop, GC): on unless a test turns them off. */
  defaultMetrics?: boolean;
}

export const HTTP_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const MAX_OPERATION_NAME_LENGTH = 64;

/**
 * One statement for the queue depths, under its own statement timeout (a multi-statement simple query runs as one
 * implicit transaction, so SET LOCAL applies to it, also through PgBouncer in transaction mode). graphile-worker 0.17
 * keeps its jobs in graphile_worker._private_jobs: ready = available and due; scheduled = available, due later; locked =
 * being run; failed = out of attempts. Webhook deliveries: every pending one is due, scheduled (a retry) or claimed.
 */
function queueStatsSql(timeoutMs: number) {
  return `set local statement_timeout = ${Math.max(1, Math.floor(timeoutMs))};
    select j.ready, j.scheduled, j.locked, j.failed, d.due, d.scheduled as deliveries_scheduled, d.claimed
    from (select count(*) filter (where locked_at is null and attempts < max_attempts and run_at <= now()) as ready,
                 count(*) filter (where locked_at is null and attempts < max_attempts and run_at > now()) as scheduled,
                 count(*) filter (where locked_at is not null) as locked,
                 count(*) filter (where locked_at is null and attempts >= max_attempts) as failed
          from graphile_worker._private_jobs) j,
         (select count(*) filter (where (locked_until is null or locked_until < now()) and next_attempt_at <= now()) as due,
                 count(*) filter (where (locked_until is null or locked_until < now()) and next_attempt_at > now()) as scheduled,
                 count(*) filter (where locked_until >= now()) as claimed
          from webhook_deliveries where status = 'pending') d`;
}

interface QueueStatsRow {
  ready: string;
  scheduled: string;
  locked: string;
  failed: string;
  due: string;
  deliveries_scheduled: string;
  claimed: string;
}

/** Rejects after `ms` unless `promise` settles first. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function createObservability(options: ObservabilityOptions): Observability {
  const { database, log } = options;
  const readinessTimeoutMs = options.readinessTimeoutMs ?? 1000;
  const readinessRecentMs = options.readinessRecentMs ?? 2000;
  const queueStatsTimeoutMs = options.queueStatsTimeoutMs ?? 500;
  const maxOperationNames = options.maxOperationNames ?? 100;
  const registry = new Registry();
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const httpDuration = new Histogram({
    name: 'rampart_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern, status code and, for /graphql, operation name and type.',
    labelNames: ['method', 'route', 'status_code', 'operation_name', 'operation_type'] as const,
    buckets: HTTP_DURATION_BUCKETS,
    registers,
  });

  const webhookAttempts = new Counter({
    name: 'rampart_webhook_delivery_attempts_total',
    help: 'Webhook delivery attempts this process finished, by outcome (succeeded, retry, failed, abandoned, error).',
    labelNames: ['outcome'] as const,
    registers,
  });
  const webhookFailures = new Counter({
    name: 'rampart_webhook_delivery_failures_total',
    help: 'Webhook delivery attempts that did not succeed, by outcome and the class of the endpoint answer (none: no answer).',
    labelNames: ['outcome', 'status_class'] as const,
    registers,
  });

  // Pools: primary, replica (READ_DATABASE_URL) and direct (DIRECT_DATABASE_URL), once each when they are the same object.
  const pools: Array<{ label: string; pool: pg.Pool }> = [];
  for (const [label, pool] of [
    ['primary', database.pool],
    ['replica', database.readPool],
    ['direct', database.directPool],
  ] as const) {
    if (pool && !pools.some((each) => each.pool === pool)) pools.push({ label, pool });
  }
  const poolGauge = (name: string, help: string, read: (pool: pg.Pool) => unknown) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'] as const,
      registers,
      collect() {
        this.reset();
        for (const { label, pool } of pools) {
          const value = read(pool);
          if (typeof value === 'number' && Number.isFinite(value)) this.set({ pool: label }, value);
        }
      },
    });
  poolGauge('rampart_db_pool_connections', 'Open connections of a PostgreSQL pool (idle and in use).', (pool) => pool.totalCount);
  poolGauge('rampart_db_pool_idle_connections', 'Idle connections of a PostgreSQL pool.', (pool) => pool.idleCount);
  poolGauge('rampart_db_pool_waiting_clients', 'Queries waiting for a connection of a PostgreSQL pool.', (pool) => pool.waitingCount);
  poolGauge('rampart_db_pool_max_connections', 'The size limit of a PostgreSQL pool.', (pool) => pool.options?.max);

  // Replica lag from the replica monitor (db/client.ts), read at scrape time; without a replica, or while a value is
  // unknown (replica unreachable), the sample is absent, never 0 (caught up) nor NaN. Labelled replica="read" (the
  // READ_DATABASE_URL one): prom-client always shows an unlabelled gauge, as 0.
  const replicaGauge = (
    name: string,
    help: string,
    read: (status: NonNullable<ReturnType<NonNullable<DatabaseHandle['replica']>['status']>>) => number | boolean | null,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ['replica'] as const,
      registers,
      collect() {
        this.reset();
        const status = database.replica?.status();
        if (!status) return;
        const value = read(status);
        if (typeof value === 'boolean') this.set({ replica: 'read' }, value ? 1 : 0);
        else if (typeof value === 'number' && Number.isFinite(value)) this.set({ replica: 'read' }, value);
      },
    });
  replicaGauge('rampart_replica_lag_seconds', 'How far the read replica is behind the primary, in seconds of replay.', (status) => status.lagSeconds);
  replicaGauge('rampart_replica_lag_bytes', 'How far the read replica is behind the primary, in bytes of WAL.', (status) => status.lagBytes);
  replicaGauge('rampart_replica_usable', '1 while reads go to the replica; 0 when it is unreachable or too far behind.', (status) => status.usable);

  let draining = false;
  new Gauge({
    name: 'rampart_process_draining',
    help: '1 once the process is shutting down (/readyz answers 503).',
    registers,
    collect() {
      this.set(draining ? 1 : 0);
    },
  });

  const jobsGauge = new Gauge({
    name: 'rampart_job_queue_jobs',
    help: 'graphile-worker jobs by state: ready (due, waiting for a worker), scheduled (due later), locked (running), failed (out of attempts).',
    labelNames: ['state'] as const,
    registers,
  });
  const deliveriesGauge = new Gauge({
    name: 'rampart_webhook_deliveries_pending',
    help: 'Pending webhook deliveries by state: due (waiting for a dispatcher), scheduled (a retry, due later), claimed (being sent).',
    labelNames: ['state'] as const,
    registers,
  });
  const queueStatsUp = new Gauge({
    name: 'rampart_queue_stats_up',
    help: '1 when the scrape-time queue query answered; 0 when it failed or timed out (the queue gauges are then absent).',
    registers,
  });

  let refreshing: Promise<void> | null = null;
  async function refreshQueueStats(): Promise<void> {
    try {
      const results = await within(
        database.pool.query(queueStatsSql(queueStatsTimeoutMs)) as unknown as Promise<pg.QueryResult<QueueStatsRow>[]>,
        queueStatsTimeoutMs + 250,
        'the queue query',
      );
      const row = results[results.length - 1]!.rows[0]!;
      jobsGauge.reset();
      jobsGauge.set({ state: 'ready' }, Number(row.ready));
      jobsGauge.set({ state: 'scheduled' }, Number(row.scheduled));
      jobsGauge.set({ state: 'locked' }, Number(row.locked));
      jobsGauge.set({ state: 'failed' }, Number(row.failed));
      deliveriesGauge.reset();
      deliveriesGauge.set({ state: 'due' }, Number(row.due));
      deliveriesGauge.set({ state: 'scheduled' }, Number(row.deliveries_scheduled));
      deliveriesGauge.set({ state: 'claimed' }, Number(row.claimed));
      queueStatsUp.set(1);
    } catch (error) {
      jobsGauge.reset();
      deliveriesGauge.reset();
      queueStatsUp.set(0);
      log?.warn({ err: error }, 'metrics: the queue depth query failed');
    }
  }

  // The primary pool's own traffic as evidence the database answers: the last connection returned without error, and
  // the last returned with one (a broken connection); an error since the last success calls for a query.
  let lastReleaseOkAt = 0;
  let lastReleaseErrorAt = 0;
  database.pool.on('release', (error: Error | undefined) => {
    if (error) lastReleaseErrorAt = Date.now();
    else lastReleaseOkAt = Date.now();
  });
  // While the primary changes, requests wait for it (DATABASE_FAILOVER_WAIT_SECONDS, db/failover.ts): an outage shorter
  // than that wait does not take the process out of rotation. Every process sees the same outage, so the load
  // balancer would take them all out and answer 503 to the requests that would have waited.
  const outageGraceMs = failoverWaitOf(database.pool);
  let lastCheckOkAt = 0;
  const withinOutageGrace = () => outageGraceMs > 0 && Date.now() - Math.max(lastCheckOkAt, lastReleaseOkAt) < outageGraceMs;
  const answeredRecently = () => lastReleaseOkAt > lastReleaseErrorAt && Date.now() - lastReleaseOkAt <= readinessRecentMs;

  const operationNames = new Set<string>();
  let lastReadiness: Readiness = { ready: true };

  return {
    registry,
    contentType: registry.contentType,
    get draining() {
      return draining;
    },
    markDraining() {
      draining = true;
    },
    observeHttpRequest(labels, seconds) {
      httpDuration.observe(labels, seconds);
    },
    operationNameLabel(name) {
      if (!name) return 'anonymous';
      if (name.length > MAX_OPERATION_NAME_LENGTH) return 'other';
      if (operationNames.has(name)) return name;
      if (operationNames.size >= maxOperationNames) return 'other';
      operationNames.add(name);
      return name;
    },
    recordDeliveryAttempt(result) {
      const outcome = result?.outcome ?? 'error';
      webhookAttempts.inc({ outcome });
      if (outcome === 'succeeded' || outcome === 'abandoned') return;
      const code = result?.statusCode ?? null;
      webhookFailures.inc({ outcome, status_class: code === null ? 'none' : `${Math.floor(code / 100)}xx` });
    },
    async readiness(extraChecks = []) {
      let result: Readiness = { ready: true };
      if (draining) result = { ready: false, reason: 'draining' };
      else {
        for (const check of extraChecks) {
          const reason = check();
          if (reason) {
            result = { ready: false, reason };
            break;
          }
        }
      }
      if (result.ready && !answeredRecently()) {
        try {
          await within(database.pool.query('select 1'), readinessTimeoutMs, 'the database');
          lastCheckOkAt = Date.now();
        } catch (error) {
          const timedOut = error instanceof Error && /did not answer within/.test(error.message);
          if (withinOutageGrace())
            log?.warn({ err: error }, 'the database check failed; still ready while requests wait for it (DATABASE_FAILOVER_WAIT_SECONDS)');
          else {
            result = { ready: false, reason: timedOut ? `the database did not answer within ${readinessTimeoutMs} ms` : 'the database is unreachable' };
            if (lastReadiness.ready) log?.warn({ err: error }, 'not ready: the database check failed');
          }
        }
      }
      if (lastReadiness.ready !== result.ready) log?.info({ ready: result.ready, reason: result.ready ? undefined : result.reason }, 'readiness changed');
      lastReadiness = result;
      return result;
    },
    async metrics() {
      // Concurrent scrapes share one queue query.
      refreshing ??= refreshQueueStats().finally(() => {
        refreshing = null;
      });
      await refreshing;
      return registry.metrics();
    },
  };
}
