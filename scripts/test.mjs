// `npm test`: every suite in order, against real PostgreSQL, SMTP, HTTP and Chromium; ends with one summary line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const results = path.join(root, '.data/test-results');
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });

const steps = [
  // First: the lint rules' own tests, ESLint over the whole tree (type-aware, import boundaries) and Prettier's check.
  { name: 'lint', cmd: 'npm', args: ['run', 'lint'] },
  { name: 'typecheck', cmd: 'npm', args: ['run', 'typecheck'] },
  {
    name: 'server tests',
    cmd: 'npx',
    args: ['vitest', 'run', '--root', 'apps/server', '--reporter=default', '--reporter=json', `--outputFile=${results}/server.json`],
    report: 'vitest',
    file: 'server.json',
  },
  {
    name: 'web unit tests',
    cmd: 'npx',
    args: ['vitest', 'run', '--root', 'apps/web', '--reporter=default', '--reporter=json', `--outputFile=${results}/web.json`],
    report: 'vitest',
    file: 'web.json',
  },
  { name: 'web build', cmd: 'npm', args: ['run', 'build'] },
  { name: 'widget size budget (120 KB gzip)', cmd: 'node', args: ['scripts/widget-size.mjs'] },
  // The benchmarks on small data, without timing assertions: they must keep working (figures: npm run bench).
  { name: 'benchmark smoke: transactions (100,000 rows)', cmd: 'npm', args: ['run', 'bench', '--', '--transactions', '--smoke'] },
  { name: 'benchmark smoke: webhook delivery', cmd: 'npm', args: ['run', 'bench', '--', '--webhooks', '--smoke'] },
  { name: 'benchmark smoke: widget quote', cmd: 'npm', args: ['run', 'bench', '--', '--quote', '--smoke'] },
  // Issue 19: one cluster (PostgreSQL primary + replica, PgBouncer, HAProxy, 3 API processes, 2 workers; Debian packages) for scripts/cluster/*.test.ts.
  {
    name: 'cluster tests',
    cmd: 'npx',
    args: ['vitest', 'run', '--root', 'scripts/cluster', '--reporter=default', '--reporter=json', `--outputFile=${results}/cluster.json`],
    report: 'vitest',
    file: 'cluster.json',
  },
  {
    name: 'browser tests',
    cmd: 'npx',
    args: ['playwright', 'test', '--config', 'apps/web/e2e/playwright.config.ts'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${results}/e2e.json` },
    report: 'playwright',
    file: 'e2e.json',
  },
];

let passed = 0;
let failed = 0;
let stepFailures = 0;
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  const run = spawnSync(step.cmd, step.args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...step.env } });
  const file = step.file && path.join(results, step.file);
  if (file && fs.existsSync(file)) {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (step.report === 'vitest') {
      passed += report.numPassedTests;
      failed += report.numFailedTests;
    } else {
      passed += report.stats.expected + report.stats.flaky;
      failed += report.stats.unexpected;
    }
  }
  if (run.status !== 0) {
    stepFailures += 1;
    console.error(`${step.name} failed (exit ${run.status ?? run.signal})`);
  }
}
console.log(`\nTests: ${passed} passed, ${failed} failed`);
process.exit(stepFailures > 0 || failed > 0 ? 1 : 0);
