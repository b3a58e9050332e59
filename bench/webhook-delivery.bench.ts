/**
 * Webhook delivery under load: events are emitted through the real outbox (one database transaction each) at a
 * steady rate; the real worker (graphile-worker, in this process) delivers them, signed, to a receiver in another
 * process on loopback. Measures sustained deliveries per second and the latency from the committed change to the
 * receipt, and counts lost events.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from '../apps/server/src/config/env.ts';
import { startInfrastructure } from '../apps/server/src/boot.ts';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { workersPrewarmed } from '../apps/server/src/lib/bounded-worker.ts';
import { startWorker } from '../apps/server/src/jobs/worker.ts';
import { emitWebhookEvent } from '../apps/server/src/modules/webhooks/outbox.ts';
import { postgresCpuMicros } from './process-cpu.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
export const WEBHOOK_TARGETS = { minDeliveriesPerSecond: 1500, maxP99Ms: 100 } as const;
/**
 * 30,000 events offered at 1,575/s — 5 % above issue 40's target, for about 19 s — with up to 96 requests in flight.
 * The verdict asks that they are delivered as fast as they come (the rate from the first arrival to the last) with a
 * bounded p99; offering far more than the machine can take only measures a growing queue.
 */
export const WEBHOOK_DEFAULTS = {
  events: Number(process.env.BENCH_WEBHOOK_EVENTS ?? 30_000),
  ratePerSecond: Number(process.env.BENCH_WEBHOOK_RATE ?? 1575),
  concurrency: Number(process.env.BENCH_WEBHOOK_CONCURRENCY ?? 96),
};

export interface WebhookBenchOptions {
  events: number;
  ratePerSecond: number;
  concurrency: number;
  /** Every `everyNth` event goes to another account whose endpoint answers after `delayMs`; the figures are the rest's. */
  slowNeighbour?: { everyNth: number; delayMs: number };
  /** A migrated database to run in instead of BENCH_DATABASE_URL or the embedded PostgreSQL under .data/bench. */
  databaseUrl?: string;
}

export interface WebhookBenchResult {
  events: number;
  delivered: number;
  lost: number;
  duplicates: number;
  offeredRate: number;
  deliveriesPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  concurrency: number;
  /** With a slow neighbour: its events, and how many of its deliveries reached its endpoint meanwhile. */
  slowNeighbour?: { events: number; delivered: number };
  /**
   * CPU time per delivered event: the app process (producers, outbox, worker), the receiver, and PostgreSQL (its
   * processes, from /proc; `machineRest`: the machine's total minus the other two, which counts other sessions' work too).
   */
  cpuPerDeliveryMicros: { app: number; receiver: number; postgres: number; machineRest: number };
}

/** All CPU time the machine spent (user, nice, system, irq, softirq), in microseconds, from /proc/stat. */
function machineCpuMicros(): number {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = line;
  return ((user + nice + system + irq + softirq) * 1_000_000) / 100;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function runWebhookDeliveryBench(options: WebhookBenchOptions, log: (line: string) => void): Promise<WebhookBenchResult> {
  const config = parseEnv({
    ...process.env,
    DATABASE_URL: options.databaseUrl ?? process.env.BENCH_DATABASE_URL,
    DATA_DIR: process.env.BENCH_DATA_DIR ?? '.data/bench',
    EMBEDDED_POSTGRES_PORT: process.env.BENCH_POSTGRES_PORT ?? '5496',
    PUBLIC_URL: 'http://127.0.0.1',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    SMTP_URL: undefined,
    WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
    WORKER_CONCURRENCY: String(options.concurrency),
  });
  const infrastructure = await startInfrastructure(config);
  // Room for the 32 producers beside the worker's own queries.
  const database = connectDatabase({ url: infrastructure.connectionString, poolSize: 64 });
  const app = await buildApp({ config, database, mailer: infrastructure.mailer, chain: infrastructure.chain, webRoot: null });
  // The upload parsers' worker starts in the background (most of a second of CPU): not part of any delivery's cost.
  await workersPrewarmed();
  const receiver = fork(path.join(here, 'webhook-receiver.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve) => receiver.once('message', (message: { port: number }) => resolve(message.port)));

  const pool = database.pool;
  const owner = await pool.query<{ id: string }>(`insert into users (email, first_name, last_name) values ($1, 'Bench', 'Owner') returning id`, [
    `bench-webhooks-${Date.now()}@example.com`,
  ]);
  const org = await pool.query<{ id: string }>(`insert into organizations (name, owner_id) values ('Bench Webhooks Ltd', $1) returning id`, [
    owner.rows[0]!.id,
  ]);
  const account = await pool.query<{ id: string }>(`insert into accounts (organization_id, name) values ($1, 'Bench Webhooks') returning id`, [
    org.rows[0]!.id,
  ]);
  const accountId = account.rows[0]!.id;
  await app.services.webhooks.create(accountId, { url: `http://127.0.0.1:${port}/hooks`, liveMode: false, events: [] });
  const neighbour = options.slowNeighbour;
  let neighbourAccountId: string | null = null;
  if (neighbour) {
    const other = await pool.query<{ id: string }>(`insert into accounts (organization_id, name) values ($1, 'Bench Slow Neighbour') returning id`, [
      org.rows[0]!.id,
    ]);
    neighbourAccountId = other.rows[0]!.id;
    await app.services.webhooks.create(neighbourAccountId, { url: `http://127.0.0.1:${port}/slow?delay=${neighbour.delayMs}`, liveMode: false, events: [] });
  }
  // Leftover jobs of earlier runs would be delivered to dead receivers: clear the queue first.
  await pool.query(`delete from graphile_worker._private_jobs`);
  await pool.query(`update webhook_deliveries set status = 'abandoned' where status = 'pending'`);

  const worker = await startWorker({ pool, services: app.services, concurrency: options.concurrency, log: app.log });
  log(
    `Webhook delivery: ${options.events} events offered at ${options.ratePerSecond}/s, worker concurrency ${options.concurrency}, receiver in a separate process` +
      (neighbour ? `; every ${neighbour.everyNth}th event goes to another account whose endpoint answers after ${neighbour.delayMs} ms.` : '.'),
  );

  const report = async () => {
    receiver.send({ type: 'report' });
    return new Promise<{ arrivals: Array<[string, number]>; duplicates: number; slowArrivals: number; cpuMicros: number }>(
      (resolve) => receiver.once('message', resolve as never), // the receiver worker posts one report, typed by this promise
    );
  };
  // Warm-up: every producer's connection opened and its outbox statement prepared, the worker's path hot; then the
  // receiver forgets these, so the clock starts on a running system.
  const producers = 32;
  await Promise.all(
    Array.from({ length: producers * 2 }, (_, index) =>
      database.db.transaction((tx) => emitWebhookEvent(tx, { accountId, liveMode: false, type: 'transaction_updated', data: { id: `warm-up-${index}` } })),
    ),
  );
  for (let received = await report(); received.arrivals.length < producers * 2; received = await report())
    await new Promise((resolve) => setTimeout(resolve, 50));
  receiver.send({ type: 'reset' });
  await new Promise((resolve) => receiver.once('message', resolve));

  const committedAt = new Map<string, number>();
  const machineBefore = machineCpuMicros();
  const postgresBefore = postgresCpuMicros(process.pid);
  const selfBefore = process.cpuUsage();
  const receiverBefore = (await report()).cpuMicros;
  const started = Date.now();
  const intervalMs = 1000 / options.ratePerSecond;
  let next = 0;
  const toNeighbour = (index: number) => neighbourAccountId !== null && index % neighbour!.everyNth === neighbour!.everyNth - 1;
  const measuredEvents = Array.from({ length: options.events }, (_, index) => index).filter((index) => !toNeighbour(index)).length;
  await Promise.all(
    Array.from({ length: producers }, async () => {
      for (;;) {
        const index = next++;
        if (index >= options.events) return;
        const due = started + index * intervalMs;
        const wait = due - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const neighbours = toNeighbour(index);
        const eventId = await database.db.transaction((tx) =>
          emitWebhookEvent(tx, {
            accountId: neighbours ? neighbourAccountId! : accountId,
            liveMode: false,
            type: 'transaction_updated',
            data: { id: `bench-${index}`, status: 'completed', baseCurrencyAmount: '125.00' },
          }),
        );
        if (!neighbours) committedAt.set(`msg_${eventId}`, Date.now());
      }
    }),
  );
  const producedAt = Date.now();

  let received = await report();
  const deadline = Date.now() + 60_000;
  while (received.arrivals.length < measuredEvents && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    received = await report();
  }
  const machineMicros = machineCpuMicros() - machineBefore;
  const postgresMicros = postgresCpuMicros(process.pid) - postgresBefore;
  const selfUsage = process.cpuUsage(selfBefore);
  const selfMicros = selfUsage.user + selfUsage.system;
  const receiverMicros = received.cpuMicros - receiverBefore;
  await worker.stop();
  receiver.send({ type: 'stop' });
  await app.close();
  await database.close();
  await infrastructure.close();

  const arrivals = new Map(received.arrivals);
  const latencies = [...committedAt.entries()]
    .filter(([id]) => arrivals.has(id))
    .map(([id, at]) => Math.max(0, arrivals.get(id)! - at))
    .sort((a, b) => a - b);
  const arrivalTimes = [...arrivals.values()];
  const firstArrival = Math.min(...arrivalTimes);
  const lastArrival = Math.max(...arrivalTimes);
  const result: WebhookBenchResult = {
    events: measuredEvents,
    delivered: latencies.length,
    lost: measuredEvents - latencies.length,
    duplicates: received.duplicates,
    offeredRate: Math.round(options.events / ((producedAt - started) / 1000)),
    // Sustained rate: deliveries per second from the first arrival to the last. A worker that falls behind the offered
    // rate stretches the tail and lowers it.
    deliveriesPerSecond: Math.round((latencies.length - 1) / Math.max(0.001, (lastArrival - firstArrival) / 1000)),
    latencyMs: { p50: percentile(latencies, 50), p90: percentile(latencies, 90), p99: percentile(latencies, 99), max: latencies[latencies.length - 1] ?? 0 },
    concurrency: options.concurrency,
    ...(neighbour ? { slowNeighbour: { events: options.events - measuredEvents, delivered: received.slowArrivals } } : {}),
    cpuPerDeliveryMicros: {
      app: Math.round(selfMicros / Math.max(1, latencies.length)),
      receiver: Math.round(receiverMicros / Math.max(1, latencies.length)),
      postgres: Math.round(postgresMicros / Math.max(1, latencies.length)),
      machineRest: Math.round(Math.max(0, machineMicros - selfMicros - receiverMicros) / Math.max(1, latencies.length)),
    },
  };
  log(
    `Delivered ${result.delivered}/${result.events} (lost ${result.lost}, duplicates ${result.duplicates}); offered ${result.offeredRate}/s, delivered ${result.deliveriesPerSecond}/s; ` +
      `change→receipt p50 ${result.latencyMs.p50} ms, p90 ${result.latencyMs.p90} ms, p99 ${result.latencyMs.p99} ms, max ${result.latencyMs.max} ms; ` +
      `CPU per delivery: app ${result.cpuPerDeliveryMicros.app} µs, PostgreSQL ${result.cpuPerDeliveryMicros.postgres} µs, receiver ${result.cpuPerDeliveryMicros.receiver} µs (rest of the machine ${result.cpuPerDeliveryMicros.machineRest} µs)` +
      (result.slowNeighbour ? `; the slow neighbour's endpoint got ${result.slowNeighbour.delivered} of its ${result.slowNeighbour.events} meanwhile` : ''),
  );
  return result;
}

const START = '<!-- bench:webhooks:start -->';
const END = '<!-- bench:webhooks:end -->';

export function writeWebhookSection(result: WebhookBenchResult, loadAverage: string): string {
  const doc = path.join(repoRoot, 'docs/performance.md');
  const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const section = `${START}
## Webhook delivery

Issue 40's target (issue 4's was 1,000/s with p99 under 500 ms): **at least ${WEBHOOK_TARGETS.minDeliveriesPerSecond.toLocaleString('en')} deliveries/s sustained** on this 2-core machine, **p99 under ${WEBHOOK_TARGETS.maxP99Ms} ms** from the change to receipt, **none lost**.

How: \`npm run bench\` (\`bench/webhook-delivery.bench.ts\`) emits events through the real outbox — each \`emitWebhookEvent\` in its own committed transaction, which writes the event and fans it out to the endpoint as a pending delivery — at a steady offered rate from 32 producers. The real webhook dispatcher (the worker's; up to ${result.concurrency} requests in flight; decision 0006) claims pending deliveries in batches, signs each both ways, POSTs it over a keep-alive connection to a receiver in a separate process on loopback, and records the attempts in batches. Latency is commit → receipt on the same clock; deliveries/s is counted from the first arrival to the last, so a worker that falls behind the offered rate lowers it. The producers, the app, the worker, PostgreSQL (over its Unix socket) and the receiver share the machine's 2 cores, so the producers' own transactions are part of the load; the CPU line gives each one's CPU time per delivered event (PostgreSQL's read from its processes in /proc, so other sessions' work on the machine does not count). Each run starts from empty webhook tables.

Latest run (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} cores, load average before the run ${loadAverage}):

| events | offered/s | delivered/s | p50 | p90 | p99 | max | lost | duplicates |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
| ${result.events} | ${result.offeredRate} | ${result.deliveriesPerSecond} | ${result.latencyMs.p50} ms | ${result.latencyMs.p90} ms | ${result.latencyMs.p99} ms | ${result.latencyMs.max} ms | ${result.lost} | ${result.duplicates} |

CPU time per delivered event: the app process (producers, outbox writes, dispatcher) ${result.cpuPerDeliveryMicros.app} µs, PostgreSQL ${result.cpuPerDeliveryMicros.postgres} µs, the receiver ${result.cpuPerDeliveryMicros.receiver} µs — ${Math.round(((result.cpuPerDeliveryMicros.app + result.cpuPerDeliveryMicros.postgres + result.cpuPerDeliveryMicros.receiver) * result.deliveriesPerSecond) / 10_000 / os.cpus().length)} % of the machine at this rate.

- ${pass(result.deliveriesPerSecond >= WEBHOOK_TARGETS.minDeliveriesPerSecond)} deliveries/s ≥ ${WEBHOOK_TARGETS.minDeliveriesPerSecond}: ${result.deliveriesPerSecond}
- ${pass(result.latencyMs.p99 < WEBHOOK_TARGETS.maxP99Ms)} p99 < ${WEBHOOK_TARGETS.maxP99Ms} ms: ${result.latencyMs.p99} ms
- ${pass(result.lost === 0)} none lost: ${result.lost} lost
${END}`;
  const current = fs.readFileSync(doc, 'utf8');
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next = start >= 0 && end > start ? current.slice(0, start) + section + current.slice(end + END.length) : `${current.trimEnd()}\n\n${section}\n`;
  fs.writeFileSync(doc, next);
  return path.relative(repoRoot, doc);
}
