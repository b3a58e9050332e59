/**
 * `npm run bench -- --ingest` (issue 34): the provider's core streaming into Rampart, in one run on this machine.
 *   1. The batch endpoint: buy transactions created through POST /provider/v1/events/batch (1,000 per request, two in
 *      flight), events/s; the partner's webhooks delivered meanwhile to a receiver in another process, deliveries/s.
 *   2. Status changes into one account: two per transaction created in 1, through the batch endpoint, changes/s.
 *      Beside it, a probe account gets one transaction at a time: the time from its acceptance to its row in the
 *      GraphQL list and to its count in the dashboard's totals (p50/p99).
 *   3. JetStream: events published to a real nats-server's stream, consumed by the worker's consumer in another
 *      process, which is killed with SIGKILL half-way and started again: events/s, and every transaction counted
 *      (none lost, none doubled: rows, inbox entries and webhook events).
 *   4. The backfill: a history file of `backfillRows` transactions (gzip) imported by `npm run import` in a child
 *      process: time and peak memory.
 * `--quick` (or --smoke) runs it at small sizes to show it works; the figures of docs/performance.md come from a full run.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { connect } from '@nats-io/transport-node';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { parseEnv } from '../apps/server/src/config/env.ts';
import { startInfrastructure } from '../apps/server/src/boot.ts';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { startWorker } from '../apps/server/src/jobs/worker.ts';
import { writeHistoryFile } from './ingest-history.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const START = '<!-- bench:ingest:start (written by npm run bench -- --ingest; edit outside the markers) -->';
const END = '<!-- bench:ingest:end -->';

export const INGEST_TARGETS = {
  eventsPerSecond: 10_000,
  statusChangesPerSecond: 2_000,
  visibleP99Ms: 2_000,
  webhooksPerSecond: 1_500,
  backfillSeconds: 600,
  /** The goal's backfill size: a smaller run is judged by its time scaled to this many rows. */
  backfillRows: 10_000_000,
} as const;

export interface IngestBenchOptions {
  /** Transactions created through the batch endpoint (each also gets two status changes). */
  httpEvents: number;
  jetstreamEvents: number;
  backfillRows: number;
  probes: number;
}

export const INGEST_FULL: IngestBenchOptions = {
  httpEvents: Number(process.env.BENCH_INGEST_HTTP_EVENTS ?? 50_000),
  jetstreamEvents: Number(process.env.BENCH_INGEST_JETSTREAM_EVENTS ?? 50_000),
  backfillRows: Number(process.env.BENCH_INGEST_BACKFILL_ROWS ?? 10_000_000),
  probes: 100,
};
export const INGEST_QUICK: IngestBenchOptions = { httpEvents: 500, jetstreamEvents: 600, backfillRows: 20_000, probes: 10 };

export interface IngestBenchResult {
  options: IngestBenchOptions;
  http: { events: number; seconds: number; perSecond: number; refused: number };
  webhooks: { expected: number; delivered: number; perSecond: number; duplicates: number };
  statusChanges: { changes: number; seconds: number; perSecond: number };
  visible: { listP50: number; listP99: number; dashboardP50: number; dashboardP99: number; probes: number; probesUnderLoad: number };
  jetstream: {
    events: number;
    seconds: number;
    perSecond: number;
    sustainedPerSecond: number;
    killedAt: number;
    rows: number;
    inbox: number;
    webhookEvents: number;
    lost: number;
    duplicated: number;
  };
  /** null: skipped (`--skip-backfill`); the section keeps the backfill figures of the run before. */
  backfill: BackfillFigures | null;
  cpu: {
    /** The whole machine's CPU (other work on it included) per event through the batch endpoint. */
    httpMicrosPerEvent: number;
    /** This process (the app, its webhook dispatcher and the sender) and the embedded PostgreSQL, per event. */
    appMicrosPerEvent: number;
    postgresMicrosPerEvent: number;
    walBytesPerEvent: number;
  };
}

export interface BackfillFigures {
  rows: number;
  lines: number;
  fileMiB: number;
  seconds: number;
  wallSeconds: number;
  peakMiB: number;
  linesPerSecond: number;
  /** The import's options after --file. */
  args: string;
  /** CPU time of the import: its process and PostgreSQL's (every process of the cluster), over the import. */
  cpuSeconds: number;
  /** The machine's 1-minute load average over the import (other work on the 2 cores). */
  loadAverage: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;
};

/** All CPU time the machine spent, in microseconds (/proc/stat). */
function machineCpuMicros(): number {
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return ((user + nice + system + irq + softirq) * 1_000_000) / 100;
}

/** Resolves when `check` answers true, checking after each of the app's commits would be too fine: every 20 ms. */
async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function buyCreated(accountId: string, id: string, n: number) {
  const amount = (20 + (n % 2000)).toFixed(2);
  return {
    specversion: '1.0',
    id: crypto.randomUUID(),
    source: 'urn:bench:core',
    type: 'rampart.buy_transaction.created',
    data: {
      id,
      version: 1,
      accountId,
      status: 'waitingPayment',
      createdAt: new Date().toISOString(),
      externalTransactionId: `bench_${id}`,
      baseCurrencyCode: 'eur',
      baseCurrencyAmount: amount,
      quoteCurrencyCode: 'btc',
      quoteCurrencyAmount: '0.00150000',
      feeAmount: '1.50',
      extraFeeAmount: '0.50',
      networkFeeAmount: '0.20',
      usdRate: '1.08',
      eurRate: '1',
      gbpRate: '0.85',
      paymentMethod: 'creditCard',
      country: 'DE',
    },
  };
}

const statusChanged = (id: string, version: number, status: string) => ({
  specversion: '1.0',
  id: crypto.randomUUID(),
  source: 'urn:bench:core',
  type: 'rampart.transaction.status_changed',
  data: { id, version, status },
});

/** The bench's settings: its own embedded PostgreSQL (or BENCH_DATABASE_URL), no demo, no mail, no logs. */
function benchConfig(extra: Record<string, string>) {
  return parseEnv({
    ...process.env,
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
    DATA_DIR: process.env.BENCH_DATA_DIR ?? '.data/bench',
    EMBEDDED_POSTGRES_PORT: process.env.BENCH_POSTGRES_PORT ?? '5496',
    PUBLIC_URL: 'http://127.0.0.1',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    SMTP_URL: undefined,
    ...extra,
  });
}

export async function runIngestBench(options: IngestBenchOptions, log: (line: string) => void): Promise<IngestBenchResult> {
  const natsPort = Number(process.env.NATS_BENCH_PORT ?? process.env.NATS_TEST_PORT ?? 0);
  const config = benchConfig({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true', RATE_LIMIT_PER_MINUTE: '100000000' });
  const infrastructure = await startInfrastructure(config);
  const database = connectDatabase({ url: infrastructure.connectionString, poolSize: 32 });
  const app = await buildApp({ config, database, mailer: infrastructure.mailer, chain: infrastructure.chain, webRoot: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const pool = database.pool;
  const receiver = fork(path.join(here, 'webhook-receiver.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const receiverPort = await new Promise<number>((resolve) => receiver.once('message', (message: { port: number }) => resolve(message.port)));
  const report = () =>
    new Promise<{ arrivals: Array<[string, number]>; duplicates: number }>((resolve) => {
      receiver.once('message', resolve);
      receiver.send({ type: 'report' });
    });
  const children: ChildProcess[] = [receiver];
  let natsChild: ChildProcess | null = null;
  const natsStore = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-bench-nats-'));
  try {
    // The accounts, a member who reads them, the partner's endpoint, and a provider credential.
    const owner = await pool.query<{ id: string; email: string; firstName: string; lastName: string }>(
      `insert into users (email, first_name, last_name, is_email_verified) values ($1, 'Bench', 'Ingest', true) returning id, email, first_name as "firstName", last_name as "lastName"`,
      [`bench-ingest-${Date.now()}@example.com`],
    );
    const user = owner.rows[0]!;
    const org = await pool.query<{ id: string }>(`insert into organizations (name, owner_id) values ('Bench Ingest Ltd', $1) returning id`, [user.id]);
    const account = async (name: string) => {
      const id = (
        await pool.query<{ id: string }>(`insert into accounts (organization_id, name, is_verified) values ($1, $2, true) returning id`, [
          org.rows[0]!.id,
          name,
        ])
      ).rows[0]!.id;
      await pool.query(`insert into memberships (account_id, user_id, role, has_accepted_invite, joined_at) values ($1, $2, 'administrator', true, now())`, [
        id,
        user.id,
      ]);
      return id;
    };
    const accountId = await account('Bench Ingest');
    const probeAccountId = await account('Bench Ingest Probe');
    // Live endpoints must be https; the receiver on loopback is plain http, so the test-mode endpoint is switched to live here.
    await app.services.webhooks.create(accountId, { url: `http://127.0.0.1:${receiverPort}/hooks`, liveMode: false, events: [] });
    await pool.query(`update webhooks set live_mode = true where account_id = $1`, [accountId]);
    await pool.query(`update ingestion_credentials set revoked_at = now() where revoked_at is null`);
    const { secret } = await app.services.ingestion.createCredential({ name: 'Bench core', createdBy: 'bench' });
    await pool.query(`update webhook_deliveries set status = 'abandoned' where status = 'pending'`);
    const worker = await startWorker({ pool, services: app.services, concurrency: 96, log: app.log });
    const session = await app.services.identity.issueSession(user as never, 'password', { ipAddress: '127.0.0.1', userAgent: 'bench' }); // a users row read with plain SQL; issueSession takes the Drizzle row of the same table
    const gql = async <T>(query: string, variables: Record<string, unknown>): Promise<T> => {
      const response = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'apollo-require-preflight': 'true',
          'x-csrf-token': session.csrfToken,
          cookie: `rampart_session=${session.cookieValue}`,
        },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await response.json()) as { data: T; errors?: unknown };
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      return body.data;
    };
    const sendBatch = async (events: unknown[]) => {
      const response = await fetch(`${base}/provider/v1/events/batch`, {
        method: 'POST',
        headers: { 'content-type': 'application/cloudevents-batch+json', authorization: `Bearer ${secret}` },
        body: JSON.stringify(events),
      });
      const body = (await response.json()) as { results: Array<{ status: string }> };
      if (!response.ok) throw new Error(`batch answered ${response.status}: ${JSON.stringify(body).slice(0, 500)}`);
      return body.results;
    };
    /** Sends events in batches of 1,000 with two requests in flight; answers the seconds it took and the refusals. */
    const sendAll = async (events: unknown[]) => {
      let next = 0;
      let refused = 0;
      const started = performance.now();
      await Promise.all(
        [0, 1].map(async () => {
          while (next < events.length) {
            const batch = events.slice(next, next + 1000);
            next += 1000;
            refused += (await sendBatch(batch)).filter((r) => r.status !== 'accepted').length;
          }
        }),
      );
      return { seconds: (performance.now() - started) / 1000, refused };
    };

    // 1. The batch endpoint.
    const ids = Array.from({ length: options.httpEvents }, () => crypto.randomUUID());
    log(`Ingestion: ${ids.length.toLocaleString('en')} transactions through the batch endpoint...`);
    const walPosition = async () => (await pool.query<{ lsn: string }>(`select pg_current_wal_lsn()::text as lsn`)).rows[0]!.lsn;
    const walBefore = await walPosition();
    const postmaster = await postmasterPid(pool);
    const cpuBefore = machineCpuMicros();
    const ownCpuBefore = process.cpuUsage();
    const pgCpuBefore = postgresCpuSeconds(postmaster);
    const created = await sendAll(ids.map((id, n) => buyCreated(accountId, id, n)));
    const httpCpu = machineCpuMicros() - cpuBefore;
    const ownCpu = process.cpuUsage(ownCpuBefore);
    const pgCpu = postgresCpuSeconds(postmaster) - pgCpuBefore;
    const walBytes = Number(
      (await pool.query<{ bytes: string }>(`select pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::bigint as bytes`, [walBefore])).rows[0]!.bytes,
    );
    const http = { events: ids.length, seconds: created.seconds, perSecond: Math.round(ids.length / created.seconds), refused: created.refused };
    const cpu = {
      httpMicrosPerEvent: Math.round(httpCpu / ids.length),
      appMicrosPerEvent: Math.round((ownCpu.user + ownCpu.system) / ids.length),
      postgresMicrosPerEvent: Math.round((pgCpu * 1_000_000) / ids.length),
      walBytesPerEvent: Math.round(walBytes / ids.length),
    };
    log(
      `  ${http.perSecond.toLocaleString('en')} events/s (${created.seconds.toFixed(1)} s), ${created.refused} not accepted; CPU per event: machine ${cpu.httpMicrosPerEvent} µs, the app's process ${cpu.appMicrosPerEvent} µs, PostgreSQL ${cpu.postgresMicrosPerEvent} µs; WAL ${cpu.walBytesPerEvent} bytes per event`,
    );

    // 2. Status changes into the one account, with probes beside them.
    log(`Status changes: ${(ids.length * 2).toLocaleString('en')} into one account, ${options.probes} probes of visibility beside them...`);
    const probeTimes = { list: [] as number[], dashboard: [] as number[] };
    let probing = true;
    let probesUnderLoad = 0;
    const probe = (async () => {
      let count = 0;
      // Every probe is taken; those while the status changes still flow are counted apart.
      while (count < options.probes) {
        const id = crypto.randomUUID();
        const [result] = await sendBatch([buyCreated(probeAccountId, id, count)]);
        // From the answer: the event is accepted (committed) now.
        const accepted = performance.now();
        if (result?.status !== 'accepted') throw new Error(`probe ${result?.status}`);
        count += 1;
        if (probing) probesUnderLoad += 1;
        await until(
          async () =>
            (
              await gql<{ transactions: { totalCount: number } }>(
                'query($a: ID!, $s: String) { transactions(accountId: $a, liveMode: true, searchString: $s, take: 1) { totalCount } }',
                { a: probeAccountId, s: `bench_${id}` },
              )
            ).transactions.totalCount === 1,
          30_000,
          'a probe in the list',
        );
        probeTimes.list.push(performance.now() - accepted);
        await until(
          async () =>
            (
              await gql<{ dashboardData: { current: { transactionCount: number } } }>(
                'query($a: ID!) { dashboardData(accountId: $a, liveMode: true, range: day) { current { transactionCount } } }',
                { a: probeAccountId },
              )
            ).dashboardData.current.transactionCount >= count,
          30_000,
          'a probe in the dashboard totals',
        );
        probeTimes.dashboard.push(performance.now() - accepted);
      }
    })();
    const changes = await sendAll([...ids.map((id) => statusChanged(id, 2, 'pending')), ...ids.map((id) => statusChanged(id, 3, 'completed'))]);
    probing = false;
    await probe;
    const statusChanges = { changes: ids.length * 2, seconds: changes.seconds, perSecond: Math.round((ids.length * 2) / changes.seconds) };
    log(`  ${statusChanges.perSecond.toLocaleString('en')} status changes/s (${changes.seconds.toFixed(1)} s), ${changes.refused} not accepted`);
    const visible = {
      listP50: Math.round(percentile(probeTimes.list, 50)),
      listP99: Math.round(percentile(probeTimes.list, 99)),
      dashboardP50: Math.round(percentile(probeTimes.dashboard, 50)),
      dashboardP99: Math.round(percentile(probeTimes.dashboard, 99)),
      probes: probeTimes.list.length,
      probesUnderLoad,
    };
    log(
      `  visible in the list p50 ${visible.listP50} ms, p99 ${visible.listP99} ms; in the dashboard totals p50 ${visible.dashboardP50} ms, p99 ${visible.dashboardP99} ms`,
    );

    // Webhooks of 1 and 2: every event of the account, delivered by the worker along the way.
    const expected = Number(
      (
        await pool.query<{ n: string }>(`select count(*) as n from webhook_deliveries d join webhook_events e on e.id = d.event_id where e.account_id = $1`, [
          accountId,
        ])
      ).rows[0]!.n,
    );
    await until(async () => (await report()).arrivals.length >= expected, 600_000, 'the webhooks');
    const arrivals = await report();
    const times = arrivals.arrivals.map(([, at]) => at).sort((a, b) => a - b);
    const webhooks = {
      expected,
      delivered: arrivals.arrivals.length,
      perSecond: Math.round(arrivals.arrivals.length / Math.max(0.001, (times.at(-1)! - times[0]!) / 1000)),
      duplicates: arrivals.duplicates,
    };
    log(`  webhooks: ${webhooks.delivered.toLocaleString('en')} of ${expected.toLocaleString('en')} delivered, ${webhooks.perSecond.toLocaleString('en')}/s`);
    await worker.stop();

    // 3. JetStream, with a kill -9 of the consumer's process half-way.
    log(
      `JetStream: ${options.jetstreamEvents.toLocaleString('en')} events published, consumed by the worker's consumer in another process (kill -9 half-way)...`,
    );
    const port = natsPort || (await freePort());
    natsChild = spawn('/usr/sbin/nats-server', ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', natsStore], { stdio: ['ignore', 'ignore', 'pipe'] });
    children.push(natsChild);
    await new Promise<void>((resolve, reject) => {
      let text = '';
      natsChild!.stderr!.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes('Server is ready')) resolve();
      });
      natsChild!.once('exit', (code) => reject(new Error(`nats-server exited (${code}): ${text}`)));
    });
    const natsUrl = `nats://127.0.0.1:${port}`;
    const nc = await connect({ servers: natsUrl });
    const js = jetstream(nc);
    const jsm = await jetstreamManager(nc);
    await jsm.streams.add({ name: 'PROVIDER_EVENTS', subjects: ['provider.events.>'] });
    // A short acknowledgement wait, so the killed consumer's batch comes back within the run.
    await jsm.consumers.add('PROVIDER_EVENTS', {
      durable_name: 'rampart-ingest',
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: 5_000_000_000,
      max_ack_pending: 4000,
    });
    const streamIds = Array.from({ length: options.jetstreamEvents / 2 }, () => crypto.randomUUID());
    const published = [...streamIds.map((id, n) => buyCreated(accountId, id, n)), ...streamIds.map((id) => statusChanged(id, 2, 'completed'))];
    for (let i = 0; i < published.length; i += 500) {
      await Promise.all(published.slice(i, i + 500).map((event) => js.publish('provider.events.bench', JSON.stringify(event))));
    }
    const childEnv = {
      ...process.env,
      DATABASE_URL: infrastructure.connectionString,
      EVM_RPC_URL: infrastructure.localChain?.rpcUrl ?? config.EVM_RPC_URL,
      EVM_NETWORK_CODE: infrastructure.localChain ? 'local_evm' : config.EVM_NETWORK_CODE,
      EVM_DEPLOYER_PRIVATE_KEY: undefined,
      INGEST_NATS_URL: natsUrl,
      // The worker's default pull (1,000) from 10,000 events up; smaller in a quick run, so the kill still lands
      // mid-stream with batches to come.
      INGEST_NATS_BATCH: String(Math.max(20, Math.min(1000, Math.floor(published.length / 10)))),
    };
    const startConsumer = () => {
      const child = fork(path.join(here, 'ingest-consumer.ts'), [], {
        execArgv: ['--import', 'tsx'],
        env: childEnv,
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.push(child);
      return child;
    };
    const consumedAll = async () => {
      const info = await jsm.consumers.info('PROVIDER_EVENTS', 'rampart-ingest');
      return info.num_pending + info.num_ack_pending === 0;
    };
    const first = startConsumer();
    let streamStarted = 0;
    let killTime = 0;
    const killedAt = await new Promise<number>((resolve) => {
      first.on('message', (message: { type: string; settled?: number }) => {
        if (message.type === 'consuming') streamStarted = performance.now();
        if (message.type === 'settled' && message.settled! >= published.length / 2) {
          first.kill('SIGKILL');
          killTime = performance.now();
          resolve(message.settled!);
        }
      });
    });
    await new Promise((resolve) => first.once('exit', resolve));
    const second = startConsumer();
    await until(consumedAll, 600_000, 'the stream to be consumed');
    const streamSeconds = (performance.now() - streamStarted) / 1000;
    second.kill('SIGTERM');
    await nc.close();
    const counted = (
      await pool.query<{ rows: string; completed: string; inbox: string; events: string; repeated: string }>(
        `with events as (select type, data->>'id' as id, data->>'status' as status from webhook_events where account_id = $2 and data->>'id' = any($1::text[]))
         select (select count(*) from transactions where id = any($1::uuid[])) as rows,
                (select count(*) from transactions where id = any($1::uuid[]) and status = 'completed' and version = 2) as completed,
                (select count(*) from ingestion_inbox where entity_id = any($1::uuid[])) as inbox,
                (select count(*) from events) as events,
                (select count(*) - count(distinct (type, id, status)) from events) as repeated`,
        [streamIds, accountId],
      )
    ).rows[0]!;
    const rows = Number(counted.rows);
    const inbox = Number(counted.inbox);
    const jetstreamResult = {
      events: published.length,
      seconds: streamSeconds,
      perSecond: Math.round(published.length / streamSeconds),
      // The first consumer's own pace, from its start to the kill: what a running worker sustains.
      sustainedPerSecond: Math.round(killedAt / Math.max(0.001, (killTime - streamStarted) / 1000)),
      killedAt,
      rows,
      inbox,
      webhookEvents: Number(counted.events),
      lost: streamIds.length - Number(counted.completed),
      // The same webhook event (type, transaction, status) twice would be a state change applied twice.
      duplicated: Number(counted.repeated),
    };
    log(
      `  ${jetstreamResult.perSecond.toLocaleString('en')} events/s (${streamSeconds.toFixed(1)} s, including the restart), killed after ${killedAt.toLocaleString('en')}; ${rows} rows, ${inbox} inbox entries, ${jetstreamResult.webhookEvents} webhook events; lost ${jetstreamResult.lost}, duplicated ${jetstreamResult.duplicated}`,
    );

    // 4. The backfill, by the command itself in a child process (none with --skip-backfill).
    if (options.backfillRows === 0) log('Backfill: skipped (--skip-backfill)');
    const backfill =
      options.backfillRows === 0
        ? null
        : await backfillPart(pool, infrastructure.connectionString, await account(`Bench Backfill ${Date.now()}`), options.backfillRows, log, children);
    return { options, http, webhooks, statusChanges, visible, jetstream: jetstreamResult, backfill, cpu };
  } finally {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    fs.rmSync(natsStore, { recursive: true, force: true });
    await app.close();
    await database.close();
    await infrastructure.close();
  }
}

/** The import arguments the bench passes after --file: a large history into an account without rows, so the indexes are rebuilt. */
export const BACKFILL_BENCH_ARGS = (process.env.BENCH_INGEST_BACKFILL_ARGS ?? '--rebuild-indexes').split(' ').filter(Boolean);

/** The PostgreSQL server's process (the parent of this pool's backends), or 0 when it is not on this machine. */
async function postmasterPid(pool: import('pg').Pool): Promise<number> {
  const backend = (await pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  try {
    return Number(fs.readFileSync(`/proc/${backend}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
  } catch {
    return 0;
  }
}

/** CPU seconds the PostgreSQL server has used: the postmaster, its ended children and its running ones (/proc). */
function postgresCpuSeconds(postmaster: number): number {
  if (!postmaster) return 0;
  const fields = (pid: number) => {
    try {
      return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    } catch {
      return null;
    }
  };
  const own = fields(postmaster);
  if (!own) return 0;
  // After ") ": state is [0], ppid [1], utime [11], stime [12], cutime [13], cstime [14].
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = fields(Number(entry));
    if (child && Number(child[1]) === postmaster) ticks += Number(child[11]) + Number(child[12]);
  }
  return ticks / 100;
}

/** 4. The backfill: a history file written, then imported by `npm run import` itself in a child process. */
async function backfillPart(
  pool: import('pg').Pool,
  connectionString: string,
  backfillAccount: string,
  rows: number,
  log: (line: string) => void,
  children: ChildProcess[],
): Promise<BackfillFigures> {
  const file = path.join(os.tmpdir(), `rampart-bench-history-${rows}.ndjson.gz`);
  log(`Backfill: writing ${rows.toLocaleString('en')} transactions to ${file}...`);
  const written = await writeHistoryFile(file, backfillAccount, rows);
  log(
    `  ${written.lines.toLocaleString('en')} lines, ${(written.bytes / 1048576).toFixed(0)} MiB gzip; importing (${['--file', '…', ...BACKFILL_BENCH_ARGS].join(' ')})...`,
  );
  const loadBefore = os.loadavg()[0]!;
  const postmaster = await postmasterPid(pool);
  const pgCpuBefore = postgresCpuSeconds(postmaster);
  const importStarted = performance.now();
  let loadSum = 0;
  let loadSamples = 0;
  const sampler = setInterval(() => {
    loadSum += os.loadavg()[0]!;
    loadSamples += 1;
  }, 10_000);
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/import-cli.ts'), '--file', file, ...BACKFILL_BENCH_ARGS], {
        env: { ...process.env, DATABASE_URL: connectionString, LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        const lines = text.split('\n');
        text = lines.pop()!;
        for (const line of lines) {
          log(`  | ${line}`);
          if (line.startsWith('Imported')) resolve(line);
        }
      });
      child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`npm run import exited ${code}`))));
    });
    // The command's own time (the merge and the rollups); the process's start and migrations are apart.
    const wall = (performance.now() - importStarted) / 1000;
    const seconds = Number(/ in ([\d.]+) s;/.exec(output)?.[1] ?? wall);
    const peakMiB = Number(/peak memory (\d+) MiB/.exec(output)?.[1] ?? 0);
    const cpuSeconds = Number(/CPU ([\d.]+) s/.exec(output)?.[1] ?? 0) + (postgresCpuSeconds(postmaster) - pgCpuBefore);
    const merged = Number((await pool.query<{ n: string }>(`select count(*) as n from transactions where account_id = $1`, [backfillAccount])).rows[0]!.n);
    if (merged !== rows) throw new Error(`the backfill left ${merged} transactions, not ${rows}`);
    return {
      rows,
      lines: written.lines,
      fileMiB: Math.round(written.bytes / 1048576),
      seconds: Math.round(seconds),
      wallSeconds: Math.round(wall),
      peakMiB,
      linesPerSecond: Math.round(written.lines / seconds),
      args: BACKFILL_BENCH_ARGS.join(' '),
      cpuSeconds: Math.round(cpuSeconds),
      loadAverage: Number((loadSamples ? loadSum / loadSamples : loadBefore).toFixed(1)),
    };
  } finally {
    clearInterval(sampler);
    fs.rmSync(file, { force: true });
  }
}

/** `npm run bench -- --ingest --only backfill`: part 4 alone, on PostgreSQL alone (no app, worker or nats-server). */
export async function runIngestBackfillBench(rows: number, log: (line: string) => void): Promise<BackfillFigures> {
  const config = benchConfig({});
  const infrastructure = await startInfrastructure(config, () => {}, { chain: false });
  const database = connectDatabase({ url: infrastructure.connectionString, poolSize: 4 });
  const children: ChildProcess[] = [];
  try {
    const pool = database.pool;
    const user = await pool.query<{ id: string }>(`insert into users (email, first_name, last_name) values ($1, 'Bench', 'Backfill') returning id`, [
      `bench-backfill-${Date.now()}@example.com`,
    ]);
    const org = await pool.query<{ id: string }>(`insert into organizations (name, owner_id) values ('Bench Backfill Ltd', $1) returning id`, [
      user.rows[0]!.id,
    ]);
    const account = await pool.query<{ id: string }>(`insert into accounts (organization_id, name, is_verified) values ($1, $2, true) returning id`, [
      org.rows[0]!.id,
      `Bench Backfill ${Date.now()}`,
    ]);
    return await backfillPart(pool, infrastructure.connectionString, account.rows[0]!.id, rows, log, children);
  } finally {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await database.close();
    await infrastructure.close();
  }
}

/** The backfill's time for the goal's size: measured when the run had it, else scaled linearly from the run (memory does not grow with the file). */
function backfillGoalSeconds(backfill: BackfillFigures): number {
  const rows = INGEST_TARGETS.backfillRows;
  return backfill.rows >= rows ? backfill.seconds : Math.round((backfill.seconds * rows) / backfill.rows);
}

function backfillProjection(backfill: BackfillFigures): string {
  if (backfill.rows >= INGEST_TARGETS.backfillRows) return '';
  return `; ${INGEST_TARGETS.backfillRows.toLocaleString('en')} rows at this rate ≈ ${backfillGoalSeconds(backfill).toLocaleString('en')} s`;
}

/** The report's backfill row. */
export function formatBackfillRow(backfill: BackfillFigures): string {
  const t = INGEST_TARGETS;
  return `| backfill of ${backfill.rows.toLocaleString('en')} transactions (${backfill.lines.toLocaleString('en')} lines, ${backfill.fileMiB} MiB gzip${backfill.args ? `, \`${backfill.args}\`` : ''}; load average ${backfill.loadAverage} meanwhile) | ${backfill.seconds.toLocaleString('en')} s (${backfill.wallSeconds.toLocaleString('en')} s with the process's start), peak ${backfill.peakMiB} MiB, ${backfill.linesPerSecond.toLocaleString('en')} lines/s${backfillProjection(backfill)} | ${t.backfillRows.toLocaleString('en')} rows ≤ ${t.backfillSeconds} s | ${backfillGoalSeconds(backfill) <= t.backfillSeconds ? 'PASS' : 'FAIL'} |`;
}

export function formatIngestReport(result: IngestBenchResult): string {
  const t = INGEST_TARGETS;
  const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  return [
    `| measure | figure | goal | |`,
    `| --- | ---: | ---: | --- |`,
    `| batch endpoint, events/s (${result.http.events.toLocaleString('en')} created) | ${result.http.perSecond.toLocaleString('en')} | ≥ ${t.eventsPerSecond.toLocaleString('en')} | ${pass(result.http.perSecond >= t.eventsPerSecond)} |`,
    `| JetStream, events/s (${result.jetstream.events.toLocaleString('en')}): the consumer's pace before the kill; all events, the kill -9 and a new process's start included | ${result.jetstream.sustainedPerSecond.toLocaleString('en')}; ${result.jetstream.perSecond.toLocaleString('en')} | ≥ ${t.eventsPerSecond.toLocaleString('en')} | ${pass(result.jetstream.sustainedPerSecond >= t.eventsPerSecond)} |`,
    `| status changes/s into one account (${result.statusChanges.changes.toLocaleString('en')}) | ${result.statusChanges.perSecond.toLocaleString('en')} | ≥ ${t.statusChangesPerSecond.toLocaleString('en')} | ${pass(result.statusChanges.perSecond >= t.statusChangesPerSecond)} |`,
    `| accepted → in the GraphQL list, p50 / p99 (${result.visible.probes} probes, ${result.visible.probesUnderLoad} during the status changes) | ${result.visible.listP50} / ${result.visible.listP99} ms | p99 ≤ ${t.visibleP99Ms} ms | ${pass(result.visible.listP99 <= t.visibleP99Ms)} |`,
    `| accepted → in the dashboard totals, p50 / p99 | ${result.visible.dashboardP50} / ${result.visible.dashboardP99} ms | p99 ≤ ${t.visibleP99Ms} ms | ${pass(result.visible.dashboardP99 <= t.visibleP99Ms)} |`,
    `| partner webhooks delivered/s, bound by the events offered (${result.webhooks.delivered.toLocaleString('en')} of ${result.webhooks.expected.toLocaleString('en')}, ${result.webhooks.duplicates} twice) | ${result.webhooks.perSecond.toLocaleString('en')} | ≥ ${t.webhooksPerSecond.toLocaleString('en')} | ${pass(result.webhooks.perSecond >= t.webhooksPerSecond)} |`,
    `| after kill -9 of the consumer: lost / duplicated (${result.jetstream.rows.toLocaleString('en')} rows, ${result.jetstream.inbox.toLocaleString('en')} inbox entries, ${result.jetstream.webhookEvents.toLocaleString('en')} webhook events) | ${result.jetstream.lost} / ${result.jetstream.duplicated} | 0 / 0 | ${pass(result.jetstream.lost === 0 && result.jetstream.duplicated === 0)} |`,
    result.backfill
      ? formatBackfillRow(result.backfill)
      : (previousBackfill().row ?? `| backfill | not run (--skip-backfill) | ${t.backfillRows.toLocaleString('en')} rows ≤ ${t.backfillSeconds} s | |`),
  ].join('\n');
}

export function writeIngestSection(result: IngestBenchResult, loadAverage: string): string {
  const doc = path.join(repoRoot, 'docs/performance.md');
  const section = `${START}
## Ingestion from the provider's core (issue 34)

How: \`npm run bench -- --ingest\` (\`bench/ingest.bench.ts\`) runs the app, its worker (webhook dispatcher) and PostgreSQL on this machine, the partner's webhook receiver in another process, the JetStream consumer in another process and Debian's nats-server beside them: all on the same ${os.cpus().length} cores.

Latest run (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} cores, load average before the run ${loadAverage}):

${formatIngestReport(result)}

${ingestArithmetic(result)}
${END}`;
  const current = fs.readFileSync(doc, 'utf8');
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next = start >= 0 && end > start ? current.slice(0, start) + section + current.slice(end + END.length) : `${current.trimEnd()}\n\n${section}\n`;
  fs.writeFileSync(doc, next);
  return path.relative(repoRoot, doc);
}

/** Where a goal is out of reach on this machine, what bounds it, from the run's own figures. */
export function ingestArithmetic(result: IngestBenchResult): string {
  const cores = os.cpus().length;
  const { httpMicrosPerEvent: machine, appMicrosPerEvent: app, postgresMicrosPerEvent: postgres, walBytesPerEvent: wal } = result.cpu;
  const goal = INGEST_TARGETS.eventsPerSecond;
  const ceilingOf = (micros: number) => (micros > 0 ? Math.round((cores * 1_000_000) / micros) : 0);
  const bound = (micros: number) =>
    ceilingOf(micros) >= goal
      ? `${cores} cores doing nothing else would take ${ceilingOf(micros).toLocaleString('en')} events/s: the goal fits`
      : `${cores} cores doing nothing else would take at most ${ceilingOf(micros).toLocaleString('en')} events/s; the goal of ${goal.toLocaleString('en')}/s needs ${Math.ceil((goal * micros) / 1_000_000)} such cores`;
  const own = app + postgres;
  const lines: string[] = [
    postgres > 0
      ? `CPU per event through the batch endpoint, counted per process: the app's process ${app.toLocaleString('en')} µs (HTTP and JSON, validation, the rows and the results built in memory, and the webhook deliveries its dispatcher signed and sent meanwhile; those sent after the phase, and the receiver's process, are not counted) and PostgreSQL ${postgres.toLocaleString('en')} µs (the inbox row, the transaction row with its primary key and eight indexes, the rollups, the webhook event and its delivery row, the foreign-key checks, WAL): ${own.toLocaleString('en')} µs, so ${bound(own)}. The whole machine's CPU per event was ${machine.toLocaleString('en')} µs: the rest is other work on this shared machine (the load average above), which is why the rates measured fall short even of that ceiling.`
      : `The machine's CPU per event through the batch endpoint was ${machine.toLocaleString('en')} µs (the whole machine's CPU is counted, so other work on it makes this an upper bound), so ${bound(machine)}.`,
    `WAL: ${wal.toLocaleString('en')} bytes per event, ${((wal * goal) / 1_048_576).toFixed(0)} MiB/s at ${goal.toLocaleString('en')} events/s. In a profile of 3,000 created transactions with pg_stat_statements (2026-11-28), the transaction row and its nine index entries were about 6 KB of it, the inbox row 2 KB, the webhook event and its delivery 2.3 KB, the rollups under 100 bytes; a status change rewrites the row and every index entry (its status is in three of the indexes, so no update is HOT).`,
  ];
  if (result.backfill) lines.push(...backfillParagraphs(result.backfill));
  else lines.push(...previousBackfill().paragraphs);
  return lines.join('\n\n');
}

/** The backfill's row and paragraphs of the section now in docs/performance.md: kept by a run that skips the backfill. */
function previousBackfill(): { row: string | null; paragraphs: string[] } {
  const current = fs.readFileSync(path.join(repoRoot, 'docs/performance.md'), 'utf8');
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  if (start < 0 || end < start) return { row: null, paragraphs: [] };
  const lines = current.slice(start, end).split('\n');
  const row = lines.find((line) => line.startsWith('| backfill of')) ?? null;
  const first = lines.findIndex((line) => line.startsWith("The backfill's row and the paragraphs below") || line.startsWith(BACKFILL_PARAGRAPH));
  const paragraphs = first < 0 ? [] : [lines.slice(first).join('\n').trim()];
  return { row, paragraphs };
}

const BACKFILL_PARAGRAPH = '<!-- backfill -->';

/** What the backfill's figures mean: its path, and, below the goal's size or above its time, the arithmetic. */
function backfillParagraphs(backfill: BackfillFigures): string[] {
  const lines = [
    `${BACKFILL_PARAGRAPH}The backfill merged ${backfill.linesPerSecond.toLocaleString('en')} lines/s (worker threads of the importing process parse and check each line, typed columns are COPY'd into a session-local staging table, one set-based merge per 200,000-line chunk${backfill.args.includes('--rebuild-indexes') ? `, the transactions table's secondary indexes and foreign keys dropped before and restored once after, in the import's one database transaction` : ' into the transactions table and its indexes'}, the rollups rebuilt once at the end), with a peak of ${backfill.peakMiB} MiB in the importing process; the machine's 1-minute load average was ${backfill.loadAverage} meanwhile (2 cores: other work took its share).`,
  ];
  const goal = INGEST_TARGETS.backfillSeconds;
  const projected = backfillGoalSeconds(backfill);
  const cores = os.cpus().length;
  if (projected > goal && backfill.cpuSeconds > 0) {
    // Alone on the machine the import would still need its CPU time, spread over at most all the cores.
    const scale = Math.max(1, INGEST_TARGETS.backfillRows / backfill.rows);
    const cpu = Math.round(backfill.cpuSeconds * scale);
    lines.push(
      `Load: the import used ${backfill.cpuSeconds.toLocaleString('en')} CPU-seconds (its own process and PostgreSQL's) in ${backfill.seconds.toLocaleString('en')} s${scale > 1 ? `, ${cpu.toLocaleString('en')} for ${INGEST_TARGETS.backfillRows.toLocaleString('en')} rows` : ''}. On the same ${cores} cores with nothing else running it would take at least ${Math.round(cpu / cores).toLocaleString('en')} s (every core busy with it) and at most about ${cpu.toLocaleString('en')} s (one at a time): ${Math.round(cpu / cores) > goal ? 'the goal is out of reach on this machine even unloaded' : cpu <= goal ? 'within the goal unloaded, missed here because of the other work' : 'within the goal unloaded only as far as its work runs on both cores at once'}.`,
    );
  }
  if (backfill.rows < INGEST_TARGETS.backfillRows) {
    lines.push(
      `This run's backfill had ${backfill.rows.toLocaleString('en')} transactions, not the ${INGEST_TARGETS.backfillRows.toLocaleString('en')} of the goal (\`BENCH_INGEST_BACKFILL_ROWS\` unset runs the full size); its memory does not grow with the file (chunks of 200,000 lines).`,
    );
  }
  return lines;
}

/**
 * `--only backfill`: the backfill's row and paragraphs of the section are replaced, the rest of the last full run kept,
 * with a line saying which run each comes from.
 */
export function writeIngestBackfillOnly(backfill: BackfillFigures, loadAverage: string): string {
  const doc = path.join(repoRoot, 'docs/performance.md');
  const current = fs.readFileSync(doc, 'utf8');
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  if (start < 0 || end < start) throw new Error('docs/performance.md has no ingestion section yet: run the full `--ingest` once first');
  const section = current.slice(start, end);
  const lines = section.split('\n');
  const row = lines.findIndex((line) => line.startsWith('| backfill of'));
  if (row < 0) throw new Error('the ingestion section has no backfill row');
  lines[row] = formatBackfillRow(backfill);
  // Everything from the backfill's first paragraph on is the backfill's: replaced whole.
  let first = lines.findIndex((line) => line.startsWith(BACKFILL_PARAGRAPH) || line.startsWith('The backfill merged'));
  if (first < 0) first = lines.length;
  const note = `The backfill's row and the paragraphs below: \`npm run bench -- --ingest --only backfill\` (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average before it ${loadAverage}); the other rows are from the run above.`;
  const kept = lines.slice(0, first).filter((line) => !line.startsWith("The backfill's row and the paragraphs below"));
  while (kept.length && kept.at(-1) === '') kept.pop();
  const next = [...kept, '', note, '', backfillParagraphs(backfill).join('\n\n'), ''].join('\n');
  fs.writeFileSync(doc, current.slice(0, start) + next + current.slice(end));
  return path.relative(repoRoot, doc);
}
