/**
 * `npm run bench -- --chaos` (issues 19 and 39): the cluster of `npm run cluster` under a steady mixed load through
 * HAProxy while parts of it fail — kill -9 of one API process (restarted 10 s later), kill -9 of one worker (restarted
 * 10 s later), a restart of the replica, kill -9 of the primary PostgreSQL (Patroni fails over to the synchronous
 * replica; the old primary rejoins as a replica), kill -9 of PgBouncer (restarted after 1 s, as systemd's
 * Restart=always would), a planned switchover — then, once the webhook queue has drained, the load generator's log against the
 * database and the partner's endpoint: no acknowledged write lost, every emitted webhook event received with a valid
 * signature (duplicates counted), every transaction and rollup in step with its status history, and the failed client
 * requests of each window against the requests in flight when the part failed.
 * Writes bench/results/chaos-<date>.json and the "Cluster under failure (issue 19)" chaos block of docs/performance.md.
 * BENCH_CHAOS_PHASE_SECONDS (20), BENCH_CHAOS_RATE (30 requests/s) tune it; BENCH_CHAOS_NO_WRITE=1 records nothing in the doc.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  BENCH_PASSWORD,
  CLUSTER_DIR,
  CLUSTER_PORT_BASE,
  ClusterClient,
  loadAverage,
  machine,
  machineCpuMicros,
  percentile,
  repoRoot,
  setUpAccount,
  startBenchCluster,
  writeClusterSection,
  type ClusterProcess,
  type RunningCluster,
} from './cluster-harness.ts';
import {
  checkRollups,
  checkWebhooks,
  checkWrites,
  pendingDeliveries,
  type ReceivedDelivery,
  type RollupCheck,
  type WebhookCheck,
  type WriteCheck,
} from './cluster-checks.ts';
import { MixedLoad, type LoggedRequest, type RequestKind } from './mixed-load.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface ChaosOptions {
  phaseSeconds: number;
  ratePerSecond: number;
  /** Seconds after a kill before the process is started again. */
  restartAfterSeconds: number;
  write: boolean;
}

export const CHAOS_DEFAULTS: ChaosOptions = {
  phaseSeconds: Number(process.env.BENCH_CHAOS_PHASE_SECONDS ?? 20),
  ratePerSecond: Number(process.env.BENCH_CHAOS_RATE ?? 20),
  restartAfterSeconds: 10,
  write: process.env.BENCH_CHAOS_NO_WRITE !== '1',
};

const SHARES = { signIn: 0.1, statusChange: 0.3 };

interface PhaseWindow {
  name: string;
  description: string;
  start: number;
  end: number;
  /** The event of the phase (kill, restart) and when, ms since the load started. */
  events: Array<{ at: number; what: string }>;
  /** Requests in flight (all processes) at the moment of the kill, by kind. */
  inFlightAtKill?: Record<string, number>;
  /** HAProxy's current sessions on the killed API process just before the kill (its requests in flight). */
  sessionsOnKilled?: number | null;
  cpuBusyPercent?: number;
  /** A database failure: when it happened (ms since the load started), for the time until writes succeed again. */
  writeOutageFrom?: number;
}

export interface PhaseSummary {
  name: string;
  description: string;
  seconds: number;
  requests: Record<RequestKind, number>;
  failed: number;
  failedByKind: Record<string, number>;
  latencyMs: { p50: number; p99: number; max: number };
  inFlightAtKill?: Record<string, number>;
  sessionsOnKilled?: number | null;
  events: Array<{ at: number; what: string }>;
  cpuBusyPercent?: number;
  /**
   * A database failure: ms from it until writes succeed again (every status change started from then on was
   * acknowledged), and the last status change that failed.
   */
  writesBackAfterMs?: number;
}

export interface ChaosResult {
  date: string;
  machine: string;
  loadAverageBefore: string;
  options: ChaosOptions;
  phases: PhaseSummary[];
  totals: { requests: number; failed: number; skippedStatusChanges: number };
  writes: WriteCheck;
  webhooks: WebhookCheck & { drainSeconds: number };
  rollups: RollupCheck;
  haproxy: { retries: number | null; redispatches: number | null; backend5xx: number | null } | null;
  /** PostgreSQL's deadlock count on the primary's database during the run (pg_stat_database). */
  deadlocks: number;
  problems: string[];
}

async function sleep(ms: number) {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

async function reachable(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

/** HAProxy's current sessions (scur) on one server of the API back end. */
function serverSessions(csv: string, server: string): number | null {
  const lines = csv.split('\n').filter(Boolean);
  const header = lines
    .find((line) => line.startsWith('# '))
    ?.slice(2)
    .split(',');
  const row = lines.map((line) => line.split(',')).find((fields) => fields[0] === 'api' && fields[1] === server);
  if (!header || !row) return null;
  const value = row[header.indexOf('scur')];
  return value === undefined || value === '' ? null : Number(value);
}

/** HAProxy's cumulative retry, redispatch and 5xx counters of the API back end (show stat CSV), when the stats answer has them. */
function haproxyCounters(csv: string): { retries: number | null; redispatches: number | null; backend5xx: number | null } | null {
  const lines = csv.split('\n').filter(Boolean);
  const header = lines
    .find((line) => line.startsWith('# '))
    ?.slice(2)
    .split(',');
  if (!header) return null;
  const column = (name: string) => header.indexOf(name);
  const backend = lines
    .map((line) => line.split(','))
    .find((fields) => fields[1] === 'BACKEND' && column('wretr') >= 0 && !/stats|front/i.test(fields[0] ?? ''));
  if (!backend) return null;
  const value = (name: string) => (column(name) >= 0 && backend[column(name)] !== '' ? Number(backend[column(name)]) : null);
  return { retries: value('wretr'), redispatches: value('wredis'), backend5xx: value('hrsp_5xx') };
}

export async function runChaosBench(options: ChaosOptions, log: (line: string) => void): Promise<ChaosResult> {
  const loadAverageBefore = loadAverage();
  log(`Chaos benchmark (issue 19): ${machine()}, load average ${loadAverageBefore}; cluster in ${CLUSTER_DIR}, ports from ${CLUSTER_PORT_BASE}.`);
  const receiver = fork(path.join(here, 'signed-webhook-receiver.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const receiverPort = await new Promise<number>((resolve) => receiver.once('message', (message: { port: number }) => resolve(message.port)));
  const ask = <T>(message: { type: string; secret?: string }) =>
    new Promise<T>((resolve) => {
      receiver.once('message', resolve as never); // the receiver worker posts one report, typed where the promise is made
      receiver.send(message);
    });

  let cluster: RunningCluster | null = null;
  let stopCluster: (() => Promise<void>) | null = null;
  const problems: string[] = [];
  try {
    ({ cluster, stop: stopCluster } = await startBenchCluster(log));
    const tag = `${Date.now().toString(36)}`;
    const account = await setUpAccount(cluster.primaryUrl, { partners: 4, transactions: 5000, inProgress: 300, tag }, log);

    // The partner's endpoint, created through HAProxy like the dashboard does; its signing secret goes to the receiver.
    const partner = new ClusterClient(cluster.url);
    const signedIn = await partner.login(account.partners[0]!, BENCH_PASSWORD);
    if (!signedIn.ok) throw new Error(`partner sign-in failed: ${signedIn.kind} ${signedIn.message}`);
    const created = await partner.gql(
      `mutation($accountId: ID!, $url: String!) { createWebhook(accountId: $accountId, url: $url, liveMode: false, events: []) { id signingSecret } }`,
      { accountId: account.accountId, url: `http://127.0.0.1:${receiverPort}/hooks` },
    );
    if (!created.ok) throw new Error(`createWebhook failed: ${created.kind} ${created.message}`);
    await ask({ type: 'secret', secret: created.data.createWebhook.signingSecret as string });

    const primary = new pg.Pool({ connectionString: cluster.primaryUrl, max: 2 });
    try {
      const tagPrefix = `chaos-${tag}-`;
      const load = new MixedLoad({
        url: cluster.url,
        accountId: account.accountId,
        partners: account.partners,
        staff: account.staff,
        password: BENCH_PASSWORD,
        transactions: account.inProgress,
        ratePerSecond: options.ratePerSecond,
        signInShare: SHARES.signIn,
        statusChangeShare: SHARES.statusChange,
        tagPrefix,
      });
      await load.prepare();
      const deadlocks = async () =>
        Number((await primary.query<{ n: string }>(`select deadlocks as n from pg_stat_database where datname = current_database()`)).rows[0]!.n);
      const deadlocksBefore = await deadlocks();
      const since = new Date(Date.now() - 1000);
      log(
        `Load: ${options.ratePerSecond} requests/s through HAProxy (${Math.round(SHARES.signIn * 100)} % sign-ins, ${Math.round(SHARES.statusChange * 100)} % staff status changes, the rest sell-transaction list queries); phases of ${options.phaseSeconds} s.`,
      );
      const phases: PhaseWindow[] = [];
      const phaseMs = options.phaseSeconds * 1000;
      const runPhase = async (name: string, description: string, during: (window: PhaseWindow) => Promise<void>, durationMs = phaseMs) => {
        const window: PhaseWindow = { name, description, start: load.now(), end: 0, events: [] };
        const cpuBefore = machineCpuMicros();
        const wallBefore = Date.now();
        const started = Date.now();
        await during(window);
        const left = durationMs - (Date.now() - started);
        if (left > 0) await sleep(left);
        window.end = load.now();
        window.cpuBusyPercent = Math.round(((machineCpuMicros() - cpuBefore) / ((Date.now() - wallBefore) * 1000 * os.cpus().length)) * 100);
        phases.push(window);
        const inWindow = load.log.filter((entry) => entry.endedAt >= window.start && entry.endedAt < window.end);
        log(`  ${name}: ${inWindow.length} requests, ${inWindow.filter((entry) => !entry.ok).length} failed; machine CPU ${window.cpuBusyPercent} %`);
      };
      const kill = async (window: PhaseWindow, process_: ClusterProcess, what: string) => {
        if (what.startsWith('API')) {
          // Killed while it has requests in flight (HAProxy's count, polled for up to 5 s): that is the case to test.
          const until = Date.now() + 5000;
          do
            window.sessionsOnKilled = await cluster!.haproxy
              .stats()
              .then((csv) => serverSessions(csv, process_.name))
              .catch(() => null);
          while (!window.sessionsOnKilled && Date.now() < until);
        }
        window.inFlightAtKill = {};
        for (const request of load.inFlight.values()) window.inFlightAtKill[request.kind] = (window.inFlightAtKill[request.kind] ?? 0) + 1;
        process_.kill('SIGKILL');
        window.events.push({ at: load.now(), what: `kill -9 ${what} (pid ${process_.pid})` });
        log(
          `  ${load.now()} ms: kill -9 ${what} (pid ${process_.pid}); in flight then: ${JSON.stringify(window.inFlightAtKill)}${window.sessionsOnKilled === undefined ? '' : `, ${window.sessionsOnKilled} on it by HAProxy's count`}`,
        );
        await sleep(500);
        if (process_.port && (await reachable(process_.url)))
          problems.push(`${what} still answered on ${process_.url} after kill -9 (a wrapper process killed instead of the server?)`);
      };
      const restartLater = async (window: PhaseWindow, process_: ClusterProcess, what: string) => {
        await sleep(options.restartAfterSeconds * 1000 - 500);
        const at = load.now();
        try {
          await process_.restart();
          window.events.push({ at, what: `restart ${what}: ready after ${load.now() - at} ms` });
          log(`  ${at} ms: restarted ${what} (ready after ${load.now() - at} ms)`);
        } catch (error) {
          problems.push(`restart of ${what} failed: ${String(error)}`);
          window.events.push({ at, what: `restart ${what} failed` });
        }
      };

      load.start();
      // The first seconds of load on freshly started processes (cold code paths, connection pools filling): reported
      // and checked like every phase, but apart from the baseline.
      const warmupMs = Math.min(phaseMs, 10_000);
      await runPhase('warm-up', `first ${warmupMs / 1000} s of load on freshly started processes`, async () => {}, warmupMs);
      await runPhase('baseline', 'all parts up', async () => {});
      const api = cluster.apis[0]!;
      await runPhase('api-kill', `kill -9 of API process ${api.name}, restarted after ${options.restartAfterSeconds} s`, async (window) => {
        await kill(window, api, `API ${api.name}`);
        await restartLater(window, api, `API ${api.name}`);
      });
      const worker = cluster.workers[0]!;
      await runPhase('worker-kill', `kill -9 of worker ${worker.name}, restarted after ${options.restartAfterSeconds} s`, async (window) => {
        await kill(window, worker, `worker ${worker.name}`);
        await restartLater(window, worker, `worker ${worker.name}`);
      });
      await runPhase('replica-restart', 'restart of the PostgreSQL replica', async (window) => {
        const at = load.now();
        try {
          await cluster!.restartReplica();
          window.events.push({ at, what: `replica restarted in ${load.now() - at} ms` });
          log(`  ${at} ms: replica restarted in ${load.now() - at} ms`);
        } catch (error) {
          problems.push(`restartReplica failed: ${String(error)}`);
        }
      });
      // ---- The database's own failures (issue 39): Patroni, PgBouncer.
      const database = cluster.database;
      const noteDatabase = async (window: PhaseWindow, what: string) => {
        window.inFlightAtKill = {};
        for (const request of load.inFlight.values()) window.inFlightAtKill[request.kind] = (window.inFlightAtKill[request.kind] ?? 0) + 1;
        // No HAProxy count of one process: every request in flight may have depended on the part that failed.
        window.sessionsOnKilled = null;
        window.writeOutageFrom = load.now();
        log(`  ${load.now()} ms: ${what}; in flight then: ${JSON.stringify(window.inFlightAtKill)}`);
      };
      await runPhase(
        'primary-kill',
        'kill -9 of the primary PostgreSQL; Patroni promotes the synchronous replica, the old primary rejoins as replica',
        async (window) => {
          try {
            await database.waitHealthy();
            const before = (await database.leader())!;
            await noteDatabase(window, `kill -9 of the primary PostgreSQL (${before})`);
            const pid = database.signalPostgres(before, 'SIGKILL');
            const at = load.now();
            window.events.push({ at, what: `kill -9 PostgreSQL ${before} (pid ${pid})` });
            const until = Date.now() + 60_000;
            let leader: string | null = before;
            while ((leader === before || leader === null) && Date.now() < until) {
              await sleep(100);
              leader = await database.leader().catch(() => null);
            }
            if (leader === before || leader === null) problems.push(`no failover within 60 s of killing ${before}`);
            else window.events.push({ at: load.now(), what: `Patroni: ${leader} is the leader (${load.now() - at} ms after the kill)` });
            await database.waitHealthy(120_000);
            window.events.push({ at: load.now(), what: `${before} rejoined as synchronous replica (${load.now() - at} ms after the kill)` });
            log(`  ${load.now()} ms: ${before} rejoined as synchronous replica of ${leader}`);
          } catch (error) {
            problems.push(`primary kill: ${String(error)}`);
          }
        },
      );
      const pgbouncer = cluster.pgbouncer;
      await runPhase('pgbouncer-kill', 'kill -9 of PgBouncer, restarted after 1 s (systemd Restart=always, RestartSec=1)', async (window) => {
        await noteDatabase(window, `kill -9 of PgBouncer (pid ${pgbouncer.pid})`);
        pgbouncer.kill('SIGKILL');
        const at = load.now();
        window.events.push({ at, what: `kill -9 PgBouncer (pid ${pgbouncer.pid})` });
        await sleep(1000);
        try {
          await pgbouncer.restart();
          window.events.push({ at: load.now(), what: `PgBouncer restarted, ready ${load.now() - at} ms after the kill` });
        } catch (error) {
          problems.push(`restart of PgBouncer failed: ${String(error)}`);
        }
      });
      await runPhase(
        'switchover',
        'planned switchover of the primary role to the synchronous replica (Patroni), PgBouncer paused around it',
        async (window) => {
          try {
            const at = load.now();
            window.writeOutageFrom = at;
            const { from, to } = await database.switchover();
            window.events.push({ at, what: `switchover ${from} → ${to}: ${to} took writes ${load.now() - at} ms later` });
            await database.waitHealthy(120_000);
            window.events.push({ at: load.now(), what: `${from} streaming as synchronous replica (${load.now() - at} ms after the switchover began)` });
          } catch (error) {
            problems.push(`switchover: ${String(error)}`);
          }
        },
      );
      await runPhase('after', 'all parts up again', async () => {});
      await load.stop();
      log(`Load stopped: ${load.log.length} requests logged (${load.skippedNoTransaction} status changes skipped: no free transaction).`);

      // The webhook queue drains (a dead worker's claims are taken over once its heartbeat is stale).
      const drainStarted = Date.now();
      let pending = await pendingDeliveries(primary, account.accountId);
      while (pending > 0 && Date.now() - drainStarted < 180_000) {
        await sleep(1000);
        pending = await pendingDeliveries(primary, account.accountId);
      }
      await sleep(1000);
      const drainSeconds = Math.round((Date.now() - drainStarted) / 100) / 10;
      if (pending > 0) problems.push(`${pending} webhook deliveries still pending ${drainSeconds} s after the load stopped`);
      log(`Webhook queue drained in ${drainSeconds} s (${pending} pending).`);

      const report = await ask<{ deliveries: Array<[string, number, number, string]> }>({ type: 'report' });
      const received: ReceivedDelivery[] = report.deliveries.map(([id, at, valid, type]) => ({ id, at, valid: valid === 1, type }));
      const writes = await checkWrites(primary, load.statusChanges());
      const webhooks = await checkWebhooks(primary, account.accountId, since, received, tagPrefix);
      const rollups = await checkRollups(primary, account.accountId);
      // pg_stat_database is reported by the backends at the end of their transactions, within a second or so.
      const deadlockCount = (await deadlocks()) - deadlocksBefore;
      let haproxy: ChaosResult['haproxy'] = null;
      try {
        haproxy = haproxyCounters(await cluster.haproxy.stats());
      } catch {
        haproxy = null;
      }

      if (writes.lost.length)
        problems.push(
          `${writes.lost.length} acknowledged status changes are not in the status history (lost writes), e.g. ${JSON.stringify(writes.lost.slice(0, 3))}`,
        );
      if (writes.finalMismatches.length)
        problems.push(
          `${writes.finalMismatches.length} transactions end in another status than the last acknowledged, e.g. ${JSON.stringify(writes.finalMismatches.slice(0, 3))}`,
        );
      if (writes.appliedTwice) problems.push(`${writes.appliedTwice} status changes were applied more than once`);
      if (webhooks.missing.length)
        problems.push(
          `${webhooks.missing.length} of ${webhooks.events} webhook events never reached the endpoint with a valid signature, e.g. ${webhooks.missing.slice(0, 3).join(', ')}`,
        );
      if (webhooks.invalidSignatures) problems.push(`${webhooks.invalidSignatures} deliveries had an invalid signature`);
      if (webhooks.eventsOutOfStep) problems.push(`${webhooks.eventsOutOfStep} transactions have a different number of committed changes and outbox events`);
      if (rollups.statusNotLastOfHistory) problems.push(`${rollups.statusNotLastOfHistory} transactions' status differs from the last entry of their history`);
      for (const table of rollups.tables)
        if (table.missingOrDifferent || table.extra)
          problems.push(`${table.table}: ${table.missingOrDifferent} rows missing or different from the recomputation, ${table.extra} extra`);

      const summaries = phases.map((window, index) => summarise(window, load.log, index === phases.length - 1));
      if (deadlockCount) problems.push(`${deadlockCount} deadlocks on the primary during the run (pg_stat_database)`);
      for (const summary of summaries) {
        const allowed = allowedFailures(summary);
        if (summary.failed > allowed)
          problems.push(
            `${summary.name}: ${summary.failed} failed requests, more than the ${allowed} in flight on the killed process (${JSON.stringify(summary.failedByKind)})`,
          );
      }
      const result: ChaosResult = {
        date: new Date().toISOString(),
        machine: machine(),
        loadAverageBefore,
        options,
        phases: summaries,
        totals: { requests: load.log.length, failed: load.log.filter((entry) => !entry.ok).length, skippedStatusChanges: load.skippedNoTransaction },
        writes,
        webhooks: { ...webhooks, drainSeconds },
        rollups,
        haproxy,
        deadlocks: deadlockCount,
        problems,
      };
      const resultsDir = path.join(repoRoot, 'bench/results');
      fs.mkdirSync(resultsDir, { recursive: true });
      const file = path.join(resultsDir, `chaos-${result.date.replace(/[:.]/g, '-')}.json`);
      fs.writeFileSync(file, `${JSON.stringify({ ...result, requests: load.log }, null, 1)}\n`);
      log(`Wrote ${path.relative(repoRoot, file)} (every request of the load)`);
      return result;
    } finally {
      await primary.end();
    }
  } finally {
    receiver.send({ type: 'stop' });
    if (stopCluster) {
      log('Stopping the cluster...');
      await stopCluster();
    }
  }
}

/** A request belongs to the phase in which its outcome came (the last phase also takes those that ended after it). */
function summarise(window: PhaseWindow, requests: LoggedRequest[], last: boolean): PhaseSummary {
  const inWindow = requests.filter((entry) => entry.endedAt >= window.start && (entry.endedAt < window.end || last));
  const count = (kind: RequestKind) => inWindow.filter((entry) => entry.kind === kind).length;
  const failedByKind: Record<string, number> = {};
  for (const entry of inWindow.filter((e) => !e.ok)) {
    const key = `${entry.kind} ${entry.error}`;
    failedByKind[key] = (failedByKind[key] ?? 0) + 1;
  }
  const latencies = inWindow.map((entry) => entry.endedAt - entry.startedAt).sort((a, b) => a - b);
  return {
    name: window.name,
    description: window.description,
    seconds: Math.round((window.end - window.start) / 100) / 10,
    requests: { 'sign-in': count('sign-in'), list: count('list'), 'status-change': count('status-change') },
    failed: inWindow.filter((entry) => !entry.ok).length,
    failedByKind,
    latencyMs: { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies[latencies.length - 1] ?? 0 },
    ...(window.inFlightAtKill ? { inFlightAtKill: window.inFlightAtKill } : {}),
    ...(window.sessionsOnKilled === undefined ? {} : { sessionsOnKilled: window.sessionsOnKilled }),
    events: window.events,
    ...(window.cpuBusyPercent === undefined ? {} : { cpuBusyPercent: window.cpuBusyPercent }),
    ...(window.writeOutageFrom === undefined ? {} : { writesBackAfterMs: writesBackAfter(window.writeOutageFrom, inWindow) }),
  };
}

/**
 * From a database failure at `from` until writes succeed again: the start of the first status change after which every
 * status change was acknowledged (0 when none failed and none waited; else at least until the slowest one in flight
 * across the failure was answered).
 */
function writesBackAfter(from: number, requests: LoggedRequest[]): number {
  const writes = requests.filter((entry) => entry.kind === 'status-change' && entry.endedAt >= from).sort((a, b) => a.startedAt - b.startedAt);
  const lastFailed = writes.filter((entry) => !entry.ok).at(-1);
  const firstGood = writes.find((entry) => entry.ok && (!lastFailed || entry.startedAt > lastFailed.startedAt));
  if (!firstGood) return NaN;
  return Math.max(0, firstGood.endedAt - from);
}

/**
 * Failures a phase may have: the requests in flight on the killed API process (HAProxy's count, else the client's count
 * on all processes). None for a worker or the replica, which no client request depends on.
 */
function allowedFailures(phase: PhaseSummary): number {
  if (!phase.inFlightAtKill || phase.sessionsOnKilled === undefined) return 0;
  if (typeof phase.sessionsOnKilled === 'number') return phase.sessionsOnKilled;
  return Object.values(phase.inFlightAtKill).reduce((a, b) => a + b, 0);
}

export function formatChaosReport(result: ChaosResult): string {
  const w = result.writes;
  const h = result.webhooks;
  const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const rows = result.phases.map((phase) => {
    const inFlight = phase.inFlightAtKill
      ? `${
          Object.entries(phase.inFlightAtKill)
            .map(([kind, n]) => `${n} ${kind}`)
            .join(', ') || '0'
        }${phase.sessionsOnKilled === undefined ? '' : `; on the killed process: ${phase.sessionsOnKilled ?? '?'}`}`
      : '—';
    const failures = phase.failed
      ? Object.entries(phase.failedByKind)
          .map(([kind, n]) => `${n} ${kind}`)
          .join('; ')
      : '0';
    const events =
      [
        ...phase.events.map((event) => `${(event.at / 1000).toFixed(1)} s ${event.what}`),
        ...(phase.writesBackAfterMs === undefined ? [] : [`**writes acknowledged again ${(phase.writesBackAfterMs / 1000).toFixed(1)} s after it**`]),
      ].join('; ') || '—';
    return `| ${phase.name} | ${phase.description} | ${phase.seconds} | ${events} | ${phase.requests.list} / ${phase.requests['status-change']} / ${phase.requests['sign-in']} | ${phase.latencyMs.p50} / ${phase.latencyMs.p99} / ${phase.latencyMs.max} | ${phase.cpuBusyPercent ?? '—'} % | ${inFlight} | ${failures} |`;
  });
  const withinInFlight = result.phases.every((phase) => phase.failed <= allowedFailures(phase));
  const rollupsOk = result.rollups.statusNotLastOfHistory === 0 && result.rollups.tables.every((t) => !t.missingOrDifferent && !t.extra);
  return [
    `Latest run: ${result.date.slice(0, 16).replace('T', ' ')} UTC on ${result.machine}; load average ${result.loadAverageBefore} before the run${process.env.BENCH_CONDITIONS ? ` (${process.env.BENCH_CONDITIONS})` : ''}. ${result.options.ratePerSecond} requests/s offered through HAProxy at a fixed rate (open loop), phases of ${result.options.phaseSeconds} s at least (a phase lasts until its restart is ready), killed processes restarted after ${result.options.restartAfterSeconds} s. A phase's requests are those whose outcome (answer, error or the client's 15 s timeout) came in it.`,
    '',
    '| phase | what happens | seconds | events (s since the load started) | requests: list / status change / sign-in | latency p50 / p99 / max ms | machine CPU | in flight at the kill: all processes (client count); on the killed one (HAProxy scur) | failed requests |',
    '| --- | --- | ---: | --- | ---: | ---: | ---: | ---: | --- |',
    ...rows,
    '',
    `- ${pass(w.lost.length === 0 && w.finalMismatches.length === 0)} no acknowledged write lost: ${w.ackedFound} of ${w.acked} acknowledged status changes are in the status history; ${w.finalMismatches.length} of ${w.transactionsTouched} transactions end in another status than their last acknowledged one; ${w.appliedTwice} applied twice. Of the ${w.failed} status changes the client saw fail, ${w.failedButCommitted} had committed (${
      Object.entries(w.failedButCommittedKinds)
        .map(([kind, n]) => `${n} ${kind}`)
        .join(', ') || 'none'
    }): an unknown outcome for the client, which must re-read before acting again.`,
    `- ${pass(h.missing.length === 0 && h.invalidSignatures === 0)} every webhook event delivered with a valid signature: ${h.delivered} of ${h.events} outbox events received (${h.receipts} receipts, ${h.duplicates} duplicates, ${h.invalidSignatures} invalid signatures); the queue drained ${h.drainSeconds} s after the load stopped; deliveries ${Object.entries(
      h.deliveryStatuses,
    )
      .map(([status, n]) => `${n} ${status}`)
      .join(', ')}; ${h.eventsOutOfStep} transactions with committed changes and events out of step.`,
    `- ${pass(rollupsOk)} transactions and rollups in step: ${result.rollups.statusNotLastOfHistory} transactions whose status is not the last entry of their history; rollups against a recomputation from the transactions (rows missing or different / extra): ${result.rollups.tables.map((t) => `${t.table} ${t.missingOrDifferent}/${t.extra} of ${t.rows}`).join(', ')}.`,
    `- ${pass(withinInFlight)} failed client requests within the requests in flight on the killed process: ${result.phases.map((phase) => `${phase.name} ${phase.failed}${phase.inFlightAtKill ? ` (allowed ${allowedFailures(phase)})` : ''}`).join(', ')}; ${result.totals.failed} of ${result.totals.requests} requests failed in all.${result.haproxy ? ` HAProxy's API back end counted ${result.haproxy.retries ?? '?'} retries, ${result.haproxy.redispatches ?? '?'} redispatches and ${result.haproxy.backend5xx ?? '?'} 5xx answers.` : ''}`,
    `- ${pass(result.deadlocks === 0)} no deadlocks on the primary: ${result.deadlocks} (pg_stat_database).`,
    ...(result.problems.length ? ['', 'Problems found:', ...result.problems.map((problem) => `- ${problem}`)] : []),
  ].join('\n');
}

export function writeChaosSection(result: ChaosResult): string {
  const body = `### Chaos: kills under load

How: \`npm run bench -- --chaos\` (\`bench/chaos.ts\`, with \`bench/mixed-load.ts\`, \`bench/cluster-checks.ts\`, \`bench/signed-webhook-receiver.mjs\`) starts the cluster, sets up a partner account (5,000 generated test transactions, 300 sells in progress, 4 partner users, a FraudManager staff user) and a webhook endpoint on a receiver on loopback that verifies every delivery's Standard Webhooks signature with the \`standardwebhooks\` library. A steady mixed load goes through HAProxy: partner sign-ins, the sell-transaction list, and staff freezing and approving sell transactions (each change carries a unique reason, lands in the status history and emits a webhook event). After a baseline, one API process is killed with SIGKILL (at a moment HAProxy counts requests in flight on it) and restarted 10 s later, then one worker, then the replica is restarted; then the database's own failures (issue 39): the primary PostgreSQL is killed with SIGKILL (Patroni promotes the synchronous replica, HAProxy's PostgreSQL front end follows Patroni's leader, and the old primary rejoins as replica after pg_rewind), PgBouncer is killed with SIGKILL and started again 1 s later (what systemd's Restart=always does), and a planned switchover hands the primary role back (PgBouncer paused around it: \`PAUSE rampart\` … \`RESUME rampart\`, docs/operations.md); then a last phase with all parts up. For a database failure "writes acknowledged again" is the time from it until every status change started from then on was acknowledged. When the webhook queue has drained, the log of every request is checked against the primary: acknowledged changes in the status history, outbox events against the receipts, each transaction's status against the last entry of its history, and every dashboard rollup against a recomputation from the transactions (the aggregates of \`rebuildRollups\`). A request counts as failed when no answer came (\`network:*\`), on a 5xx (\`http-502\`/\`http-503\` from HAProxy included) or on a GraphQL error. HAProxy (deploy/haproxy/haproxy.cfg) sends a request again to another process when the connection failed (nothing was sent), and replays reads — GraphQL queries — that got no answer; a mutation in flight on a killed process is not replayed (it may have committed), so its client gets a 502: those are the failures the target allows, and the write check counts which of them committed anyway.

${formatChaosReport(result)}
`;
  return writeClusterSection('chaos', body);
}
