/**
 * `npm run bench -- --cluster-scaling` (issue 19): throughput of the sell-transaction list query through HAProxy with 1,
 * 2 and 3 API processes in service (the others set to maintenance on HAProxy's stats socket), the same query, session
 * and concurrency each time, autocannon in its own process (bench/load-generator.ts). Records requests/s, p50/p99, the
 * machine's CPU and where it went (the API processes, PostgreSQL/PgBouncer/HAProxy and the rest), and the ratios to one
 * process. Writes bench/results/cluster-scaling-<date>.json and the scaling block of docs/performance.md.
 * BENCH_SCALING_ROUNDS (3), BENCH_SCALING_SECONDS (10), BENCH_SCALING_CONNECTIONS (32) tune it; BENCH_SCALING_NO_WRITE=1 records nothing in the doc.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BENCH_PASSWORD,
  CLUSTER_DIR,
  CLUSTER_PORT_BASE,
  ClusterClient,
  LIST_QUERY,
  loadAverage,
  machine,
  clusterPids,
  machineCpuMicros,
  repoRoot,
  setUpAccount,
  startBenchCluster,
  treeCpuMicros,
  writeClusterSection,
} from './cluster-harness.ts';
import { runLoad } from './me-query.bench.ts';

export interface ScalingOptions {
  /** Rounds of 1, 2 and 3 processes taking turns (other work on the machine changes over minutes; medians per count). */
  rounds: number;
  warmupSeconds: number;
  durationSeconds: number;
  connections: number;
  write: boolean;
}

export const SCALING_DEFAULTS: ScalingOptions = {
  rounds: Number(process.env.BENCH_SCALING_ROUNDS ?? 3),
  warmupSeconds: 3,
  durationSeconds: Number(process.env.BENCH_SCALING_SECONDS ?? 10),
  connections: Number(process.env.BENCH_SCALING_CONNECTIONS ?? 32),
  write: process.env.BENCH_SCALING_NO_WRITE !== '1',
};

export interface ScalingRow {
  apiProcesses: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  errors: number;
  non2xx: number;
  /** The machine's CPU busy, % of all cores, during the measured seconds. */
  cpuBusyPercent: number;
  /** HTTP status codes of the answers (autocannon's statusCodeStats). */
  statusCodes: Record<string, number>;
  /** Cores busy on average (1.0 = one core all the time): the API processes, PostgreSQL + PgBouncer, HAProxy, the workers, and the rest of the machine (autocannon, this process, other work). */
  cores: { api: number; database: number; haproxy: number; workers: number; rest: number };
  /** CPU per request in the cluster's serving path (API + database + HAProxy), µs, and its API part. */
  clusterCpuMicrosPerRequest: number;
  apiCpuMicrosPerRequest: number;
}

export interface ScalingResult {
  date: string;
  machine: string;
  loadAverageBefore: string;
  options: ScalingOptions;
  /** Per process count, the round whose requests/s was the median. */
  rows: ScalingRow[];
  /** requests/s of every round, per process count (index 0: one process). */
  perRound: number[][];
  /** Medians over the rounds of each round's ratio. */
  ratios: { twoToOne: number; threeToOne: number };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export async function runClusterScalingBench(options: ScalingOptions, log: (line: string) => void): Promise<ScalingResult> {
  const loadAverageBefore = loadAverage();
  log(`Cluster scaling benchmark (issue 19): ${machine()}, load average ${loadAverageBefore}; cluster in ${CLUSTER_DIR}, ports from ${CLUSTER_PORT_BASE}.`);
  const { cluster, stop } = await startBenchCluster(log);
  try {
    const account = await setUpAccount(cluster.primaryUrl, { partners: 1, transactions: 5000, inProgress: 0, tag: Date.now().toString(36) }, log);
    const client = new ClusterClient(cluster.url);
    const signedIn = await client.login(account.partners[0]!, BENCH_PASSWORD);
    if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.kind} ${signedIn.message}`);
    const variables = { accountId: account.accountId, skip: 0, take: 20 };
    const probe = await client.gql(LIST_QUERY, variables);
    if (!probe.ok) throw new Error(`list query failed: ${probe.kind} ${probe.message}`);
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const request = (title: string, durationSeconds: number) => ({
      title,
      url: `${cluster.url}/graphql`,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true', 'x-csrf-token': client.csrfToken, cookie },
      body: JSON.stringify({ query: LIST_QUERY, variables }),
      connections: options.connections,
      durationSeconds,
    });
    log(
      `Load: the sell-transaction list (20 rows of ${account.transactions} transactions, replica reads) through HAProxy, ${options.connections} connections; ${options.rounds} rounds of 1, 2 and 3 processes, each ${options.warmupSeconds} s warm-up then ${options.durationSeconds} s measured.`,
    );

    const measured: ScalingRow[][] = [[], [], []];
    for (let round = 1; round <= options.rounds; round += 1)
      for (const n of [1, 2, 3]) {
        for (const [index, api] of cluster.apis.entries()) await cluster.haproxy.setServerState(api.name, index < n ? 'ready' : 'maint');
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await runLoad(request(`warm-up ${n}`, round === 1 ? options.warmupSeconds + 2 : options.warmupSeconds));
        const pids = clusterPids(cluster.dir);
        const tierCpu = () => ({
          api: cluster.apis.reduce((sum, api) => sum + treeCpuMicros(api.pid), 0),
          database: pids.database.reduce((sum, pid) => sum + treeCpuMicros(pid), 0),
          haproxy: pids.haproxy.reduce((sum, pid) => sum + treeCpuMicros(pid), 0),
          workers: cluster.workers.reduce((sum, worker) => sum + treeCpuMicros(worker.pid), 0),
        });
        const before = tierCpu();
        const machineBefore = machineCpuMicros();
        const wallBefore = Date.now();
        const result = await runLoad(request(`${n} API processes`, options.durationSeconds));
        const wallMicros = (Date.now() - wallBefore) * 1000;
        const machineMicros = machineCpuMicros() - machineBefore;
        const after = tierCpu();
        const used = {
          api: after.api - before.api,
          database: after.database - before.database,
          haproxy: after.haproxy - before.haproxy,
          workers: after.workers - before.workers,
        };
        const cores = (micros: number) => Math.round((micros / wallMicros) * 100) / 100;
        const requests = result.requests.total || 1;
        const statusCodes = Object.fromEntries(
          Object.entries((result as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {}).map(([code, stats]) => [
            code,
            stats.count,
          ]),
        );
        const row: ScalingRow = {
          apiProcesses: n,
          requestsPerSecond: Math.round(result.requests.average),
          latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
          statusCodes,
          cpuBusyPercent: Math.round((machineMicros / (wallMicros * os.cpus().length)) * 100),
          cores: {
            api: cores(used.api),
            database: cores(used.database),
            haproxy: cores(used.haproxy),
            workers: cores(used.workers),
            rest: cores(machineMicros - used.api - used.database - used.haproxy - used.workers),
          },
          clusterCpuMicrosPerRequest: Math.round((used.api + used.database + used.haproxy) / requests),
          apiCpuMicrosPerRequest: Math.round(used.api / requests),
        };
        measured[n - 1]!.push(row);
        log(
          `  round ${round}, ${n} API: ${row.requestsPerSecond} requests/s, p50 ${row.latencyMs.p50} ms, p99 ${row.latencyMs.p99} ms, errors ${row.errors}, non-2xx ${row.non2xx} (${JSON.stringify(statusCodes)}); machine CPU ${row.cpuBusyPercent} %, cores ${JSON.stringify(row.cores)}; ${row.clusterCpuMicrosPerRequest} µs CPU per request in API + database + HAProxy (${row.apiCpuMicrosPerRequest} in the API)`,
        );
      }
    for (const api of cluster.apis) await cluster.haproxy.setServerState(api.name, 'ready');
    const rows = measured.map((list) => [...list].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor((list.length - 1) / 2)]!);
    const perRound = measured.map((list) => list.map((row) => row.requestsPerSecond));
    const ratio = (n: number) => Math.round(median(perRound[0]!.map((one, round) => perRound[n - 1]![round]! / Math.max(1, one))) * 100) / 100;
    const result: ScalingResult = {
      date: new Date().toISOString(),
      machine: machine(),
      loadAverageBefore,
      options,
      rows,
      perRound,
      ratios: { twoToOne: ratio(2), threeToOne: ratio(3) },
    };
    const resultsDir = path.join(repoRoot, 'bench/results');
    fs.mkdirSync(resultsDir, { recursive: true });
    const file = path.join(resultsDir, `cluster-scaling-${result.date.replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    log(`Ratios: 2/1 ${result.ratios.twoToOne}×, 3/1 ${result.ratios.threeToOne}×. Wrote ${path.relative(repoRoot, file)}`);
    return result;
  } finally {
    log('Stopping the cluster...');
    await stop();
  }
}

export function formatScalingReport(result: ScalingResult): string {
  const cores = os.cpus().length;
  const three = result.rows[result.rows.length - 1]!;
  const failures = result.rows.filter((row) => row.non2xx > 0 || row.errors > 0);
  const perRequest = Math.max(1, three.clusterCpuMicrosPerRequest);
  const api = Math.max(1, three.apiCpuMicrosPerRequest);
  const ceiling = Math.round((cores * 1_000_000) / perRequest);
  const oneLoop = Math.round(1_000_000 / api);
  const sum = (row: ScalingRow) => row.cores.api + row.cores.database + row.cores.haproxy + row.cores.workers + row.cores.rest;
  const idle = (row: ScalingRow) => Math.max(0, cores - sum(row)).toFixed(2);
  const one = result.rows[0]!;
  const two = result.rows[1] ?? one;
  return [
    `Latest run: ${result.date.slice(0, 16).replace('T', ' ')} UTC on ${result.machine}; load average ${result.loadAverageBefore} before the run${process.env.BENCH_CONDITIONS ? ` (${process.env.BENCH_CONDITIONS})` : ''}. The same sell-transaction list query (20 rows, the replica through PgBouncer) and session, ${result.options.connections} connections; ${result.options.rounds} rounds in which 1, 2 and 3 API processes take turns (${result.options.warmupSeconds} s warm-up, then ${result.options.durationSeconds} s measured), so that other work on the machine weighs on all three alike; the processes not in service are in maintenance on HAProxy (running, idle). Each row is the round with the median requests/s; CPU per tier from /proc of the cluster's recorded pids, "rest" being autocannon, the benchmark process and everything else on the machine.`,
    '',
    '| API processes in service | requests/s (median) | every round | latency p50 / p99 / max ms | errors / non-2xx | machine CPU | cores busy: APIs / PostgreSQL + PgBouncer / HAProxy / rest | CPU µs per request: API + database + HAProxy (API alone) |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...result.rows.map(
      (row, index) =>
        `| ${row.apiProcesses} | ${row.requestsPerSecond.toLocaleString('en-US')} | ${result.perRound[index]!.join(', ')} | ${row.latencyMs.p50} / ${row.latencyMs.p99} / ${row.latencyMs.max} | ${row.errors} / ${row.non2xx} | ${row.cpuBusyPercent} % | ${row.cores.api} / ${row.cores.database} / ${row.cores.haproxy} / ${row.cores.rest} | ${row.clusterCpuMicrosPerRequest} (${row.apiCpuMicrosPerRequest}) |`,
    ),
    '',
    `Ratios of requests/s (median of the rounds' own ratios): 2 processes ÷ 1 = **${result.ratios.twoToOne.toFixed(2)}×**, 3 ÷ 1 = **${result.ratios.threeToOne.toFixed(2)}×**.${failures.length ? ` Steps with failed answers (${failures.map((row) => `${row.apiProcesses}: ${JSON.stringify(row.statusCodes)}`).join('; ')}) count fast failures as requests.` : ''}`,
    '',
    `The arithmetic. A list request costs about ${perRequest.toLocaleString('en-US')} µs of CPU in the serving path (3-process step), ${Math.round((api / perRequest) * 100)} % of it in the API process (GraphQL, the session, serialising) and the rest in PostgreSQL (the replica's query, the session lookup), PgBouncer and HAProxy. ${cores} cores are ${(cores * 1_000_000).toLocaleString('en-US')} µs of CPU per second, so this machine cannot serve more than ${cores} × 1,000,000 ÷ ${perRequest.toLocaleString('en-US')} ≈ **${ceiling.toLocaleString('en-US')} requests/s** however many API processes run; one API process, one event loop on at most one core, could do at most 1,000,000 ÷ ${api.toLocaleString('en-US')} ≈ ${oneLoop.toLocaleString('en-US')} requests/s. The two limits are about equal because the API is about half of the cost: one process on one core and the database tier on the other would already fill the machine. Measured: with one process the machine was ${one.cpuBusyPercent} % busy — the API process used ${one.cores.api} cores (its event loop also waits on PgBouncer and PostgreSQL between requests) and ${idle(one)} cores stayed idle; two processes used that too (${two.cpuBusyPercent} % busy, ${idle(two)} idle): ${result.ratios.twoToOne.toFixed(2)}×. A third process finds no core left: ${result.ratios.threeToOne.toFixed(2)}× — three event loops, PostgreSQL, PgBouncer (one thread) and HAProxy share the same 2 cores, and a request costs a little more CPU (${three.clusterCpuMicrosPerRequest.toLocaleString('en-US')} µs against ${two.clusterCpuMicrosPerRequest.toLocaleString('en-US')} with two). What scales here is not the number of API processes but cores: each API process needs a core of its own and PostgreSQL its own (the deployment of docs/scaling.md); on this machine the second process is worth having for the idle core and to survive a kill, the third to keep two in service while one is down or restarting.`,
  ].join('\n');
}

export function writeScalingSection(result: ScalingResult): string {
  const body = `### Throughput at 1, 2 and 3 API processes

How: \`npm run bench -- --cluster-scaling\` (\`bench/cluster-scaling.ts\`) starts the cluster, sets up a partner account with 5,000 generated test transactions, signs in once and runs autocannon (in its own process) on the list query through HAProxy; before each step \`haproxy.setServerState\` puts the API processes beyond the first n into maintenance over HAProxy's stats socket.

${formatScalingReport(result)}
`;
  return writeClusterSection('scaling', body);
}
