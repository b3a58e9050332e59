/**
 * The regression guard (issue 40): `npm run bench -- --baseline <commit>` builds that commit in a git worktree under
 * /tmp and runs the `me`, webhook delivery and widget quote benchmarks taking turns between it and this working tree
 * in one run (baseline, current; then current, baseline; …), so both sides see the same load of a shared machine.
 * Each turn is a fresh process in its tree (bench/baseline-agent.ts) running that tree's own benchmark function.
 * Prints the figures of each side and their ratios (throughput, CPU per request or delivery); `--write` records them
 * in docs/performance.md, and the JSON goes to bench/results/.
 *
 *   BENCH_BASELINE_TURNS=3             turns per side (figures are medians over turns, ratios medians of per-turn ratios)
 *   BENCH_BASELINE_SUITES=me,webhooks,quote   which benchmarks take turns
 *
 * node_modules of the baseline: a link to this tree's when the lock files are equal; when every package of the
 * baseline's lock file is in this tree's at the same version (this tree only added packages), a directory of links to
 * this tree's packages, with the workspace packages (@rampart/*) linked to the baseline's own; otherwise `npm ci`.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AgentCommand, AgentMessage } from './baseline-agent.ts';
import { postgresCpuMicros } from './process-cpu.ts';
import type { Measurement } from './me-query.bench.ts';
import type { QuoteMeasurement } from './quote.bench.ts';
import { WEBHOOK_DEFAULTS, type WebhookBenchResult } from './webhook-delivery.bench.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const performanceDoc = path.join(repoRoot, 'docs/performance.md');
const START = '<!-- bench:baseline:start (written by npm run bench -- --baseline <commit> --write; edit outside the markers) -->';
const END = '<!-- bench:baseline:end -->';

export type Suite = 'me' | 'webhooks' | 'quote';
type Side = 'baseline' | 'current';

const git = (args: string[], cwd = repoRoot) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

/** The baseline's worktree, ready to run: checked out, node_modules in place, GraphQL code generated. */
export async function prepareBaseline(commit: string, log: (line: string) => void): Promise<{ dir: string; sha: string; install: string }> {
  const sha = git(['rev-parse', '--verify', `${commit}^{commit}`]);
  const dir = path.join(os.tmpdir(), `rampart-baseline-${sha.slice(0, 12)}`);
  if (!fs.existsSync(path.join(dir, 'package.json'))) {
    log(`Checking out ${sha.slice(0, 12)} in ${dir}...`);
    git(['worktree', 'prune']);
    git(['worktree', 'add', '--detach', '--force', dir, sha]);
  }
  const install = linkNodeModules(dir, log);
  if (!fs.existsSync(path.join(dir, 'apps/server/src/generated/graphql.ts'))) {
    log('Generating the baseline’s GraphQL types (npm run codegen)...');
    execFileSync(path.join(dir, 'node_modules/.bin/graphql-codegen'), ['--config', 'codegen.ts'], { cwd: dir, stdio: 'ignore' });
  }
  return { dir, sha, install };
}

interface LockFile {
  packages: Record<string, { version?: string; link?: boolean }>;
}

function linkNodeModules(dir: string, log: (line: string) => void): string {
  const lock = (root: string) => JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as LockFile;
  const target = path.join(dir, 'node_modules');
  const ours = lock(repoRoot);
  const theirs = lock(dir);
  const differing = Object.entries(theirs.packages).filter(([name, entry]) => name !== '' && !entry.link && ours.packages[name]?.version !== entry.version);
  const marker = path.join(target, '.rampart-baseline');
  if (fs.existsSync(target)) {
    return fs.existsSync(marker) ? fs.readFileSync(marker, 'utf8') : 'its own node_modules';
  }
  if (differing.length > 3) {
    log(`The baseline's lock file differs in ${differing.length} packages: npm ci in ${dir}...`);
    execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
    return 'npm ci';
  }
  // This tree's packages at the baseline's versions (bar the few named): a directory of links, so the workspace
  // packages resolve to the baseline's own sources rather than this tree's.
  const workspaces = Object.entries(theirs.packages).filter(([name, entry]) => name.startsWith('node_modules/') && entry.link);
  fs.mkdirSync(target);
  const source = path.join(repoRoot, 'node_modules');
  for (const entry of fs.readdirSync(source)) {
    if (entry.startsWith('@')) {
      fs.mkdirSync(path.join(target, entry));
      for (const scoped of fs.readdirSync(path.join(source, entry))) fs.symlinkSync(path.join(source, entry, scoped), path.join(target, entry, scoped));
    } else if (entry !== '.cache' && entry !== '.package-lock.json') {
      fs.symlinkSync(path.join(source, entry), path.join(target, entry));
    }
  }
  // Packages a workspace holds at another version than the root's (apps/server/node_modules/jose…), at the same versions.
  for (const workspace of new Set(Object.keys(theirs.packages).flatMap((name) => /^((?:apps|packages)\/[^/]+)\/node_modules\//.exec(name)?.[1] ?? []))) {
    const nested = path.join(repoRoot, workspace, 'node_modules');
    if (fs.existsSync(nested) && !fs.existsSync(path.join(dir, workspace, 'node_modules'))) fs.symlinkSync(nested, path.join(dir, workspace, 'node_modules'));
  }
  for (const [name] of workspaces) {
    const link = path.join(dir, name);
    const resolved = (theirs.packages[name] as { resolved?: string }).resolved;
    if (!resolved) continue;
    fs.rmSync(link, { force: true, recursive: true });
    fs.symlinkSync(path.join(dir, resolved), link);
  }
  const how =
    differing.length === 0
      ? "links to this tree's node_modules (lock files equal in every package the baseline has)"
      : `links to this tree's node_modules; the baseline's lock file differs in ${differing.map(([name, entry]) => `${name.replace(/^.*node_modules\//, '')} ${entry.version} (here ${ours.packages[name]?.version ?? 'absent'})`).join(', ')}`;
  fs.writeFileSync(marker, how);
  return how;
}

interface TurnResult {
  suite: Suite;
  side: Side;
  turn: number;
  result: unknown;
  /** Webhooks: PostgreSQL's CPU time from the first offered event to its shutdown, read from /proc. */
  postgresMicros?: number;
}

function runTurn(side: Side, tree: string, command: AgentCommand, log: (line: string) => void): Promise<{ result: unknown; postgresMicros?: number }> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = fork(path.join(here, 'baseline-agent.ts'), [], {
      cwd: tree,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let postgresStart: number | null = null;
    let postgresLatest = 0;
    const sampler = setInterval(() => {
      if (child.pid) postgresLatest = Math.max(postgresLatest, postgresCpuMicros(child.pid));
    }, 200);
    let settled = false;
    child.on('message', (message: AgentMessage) => {
      if (message.type === 'log') {
        if (message.line.trim()) log(`  [${side}] ${message.line.trim()}`);
        // The webhook benchmark prints this line as its producers start.
        if (command.suite === 'webhooks' && message.line.startsWith('Webhook delivery:') && child.pid) {
          postgresStart = postgresCpuMicros(child.pid);
          postgresLatest = postgresStart;
        }
      } else if (message.type === 'result') {
        settled = true;
        clearInterval(sampler);
        resolve({ result: message.result, ...(postgresStart === null ? {} : { postgresMicros: postgresLatest - postgresStart }) });
      } else {
        settled = true;
        clearInterval(sampler);
        reject(new Error(`The ${side} ${command.suite} turn failed: ${message.error}`));
      }
    });
    child.once('exit', (code) => {
      clearInterval(sampler);
      if (!settled) reject(new Error(`The ${side} ${command.suite} turn exited with ${code}`));
    });
    child.send(command);
  });
}

const median = (values: number[]) => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (!sorted.length) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** One figure of one turn; `better` says which way is an improvement (for the ratio's reading). */
interface Figure {
  suite: Suite;
  name: string;
  unit: string;
  better: 'higher' | 'lower';
  value: (turn: TurnResult) => number;
}

const measurement = (turn: TurnResult, target: Measurement['target']) => (turn.result as Measurement[]).find((m) => m.target === target);
const quoteAt = (turn: TurnResult, target: QuoteMeasurement['target'], connections: number) =>
  (turn.result as QuoteMeasurement[]).find((m) => m.target === target && m.connections === connections);
const perRound = (turn: TurnResult, other: Measurement['target'], pick: (round: Measurement['rounds'][number]) => number) => {
  const mercurius = measurement(turn, 'mercurius');
  const against = measurement(turn, other);
  if (!mercurius || !against) return Number.NaN;
  return median(mercurius.rounds.map((round, index) => pick(round) / pick(against.rounds[index]!)));
};
const webhook = (turn: TurnResult) => turn.result as WebhookBenchResult;

export const FIGURES: Figure[] = [
  { suite: 'me', name: '`me` (Mercurius) requests/s', unit: '/s', better: 'higher', value: (t) => measurement(t, 'mercurius')?.requestsPerSecond ?? NaN },
  {
    suite: 'me',
    name: '`me` (Mercurius) server CPU per request',
    unit: 'µs',
    better: 'lower',
    value: (t) => measurement(t, 'mercurius')?.serverCpuMicrosPerRequest ?? NaN,
  },
  {
    suite: 'me',
    name: 'plain route server CPU per request',
    unit: 'µs',
    better: 'lower',
    value: (t) => measurement(t, 'plain')?.serverCpuMicrosPerRequest ?? NaN,
  },
  {
    suite: 'me',
    name: 'Apollo Server server CPU per request',
    unit: 'µs',
    better: 'lower',
    value: (t) => measurement(t, 'apollo')?.serverCpuMicrosPerRequest ?? NaN,
  },
  {
    suite: 'me',
    name: 'Mercurius ÷ Apollo Server requests/s (goal ≥ 1.5×)',
    unit: '×',
    better: 'higher',
    value: (t) => perRound(t, 'apollo', (round) => round.requestsPerSecond),
  },
  {
    suite: 'me',
    name: 'Mercurius ÷ plain route CPU per request (goal ≤ 1.10×)',
    unit: '×',
    better: 'lower',
    value: (t) => perRound(t, 'plain', (round) => round.serverCpuMicrosPerRequest),
  },
  { suite: 'me', name: '`me` (Mercurius) p99', unit: 'ms', better: 'lower', value: (t) => measurement(t, 'mercurius')?.latencyMs.p99 ?? NaN },
  { suite: 'webhooks', name: 'webhook deliveries/s (goal ≥ 1,500)', unit: '/s', better: 'higher', value: (t) => webhook(t).deliveriesPerSecond },
  { suite: 'webhooks', name: 'webhook change→receipt p99 (goal < 100 ms)', unit: 'ms', better: 'lower', value: (t) => webhook(t).latencyMs.p99 },
  { suite: 'webhooks', name: 'webhook events lost', unit: '', better: 'lower', value: (t) => webhook(t).lost },
  { suite: 'webhooks', name: 'app CPU per delivery', unit: 'µs', better: 'lower', value: (t) => webhook(t).cpuPerDeliveryMicros.app },
  {
    suite: 'webhooks',
    name: 'PostgreSQL CPU per delivery (its processes, /proc)',
    unit: 'µs',
    better: 'lower',
    value: (t) => (t.postgresMicros ?? NaN) / Math.max(1, webhook(t).delivered),
  },
  {
    suite: 'webhooks',
    name: 'app + PostgreSQL CPU per delivery',
    unit: 'µs',
    better: 'lower',
    value: (t) => webhook(t).cpuPerDeliveryMicros.app + (t.postgresMicros ?? NaN) / Math.max(1, webhook(t).delivered),
  },
  {
    suite: 'quote',
    name: 'widget quote server CPU per request (50 connections)',
    unit: 'µs',
    better: 'lower',
    value: (t) => quoteAt(t, 'widgetQuote', 50)?.cpuMicrosPerRequest ?? NaN,
  },
  {
    suite: 'quote',
    name: 'widget quote requests/s (50 connections)',
    unit: '/s',
    better: 'higher',
    value: (t) => quoteAt(t, 'widgetQuote', 50)?.requestsPerSecond ?? NaN,
  },
  {
    suite: 'quote',
    name: '`rampQuote` server CPU per request (50 connections)',
    unit: 'µs',
    better: 'lower',
    value: (t) => quoteAt(t, 'rampQuote', 50)?.cpuMicrosPerRequest ?? NaN,
  },
  {
    suite: 'quote',
    name: '`me` beside the quote, server CPU per request (50 connections)',
    unit: 'µs',
    better: 'lower',
    value: (t) => quoteAt(t, 'me', 50)?.cpuMicrosPerRequest ?? NaN,
  },
];

export interface BaselineComparison {
  commit: string;
  sha: string;
  install: string;
  turns: number;
  suites: Suite[];
  startedAt: string;
  loadAverage: string;
  results: TurnResult[];
}

export async function runBaselineComparison(
  commit: string,
  options: { turns: number; suites: Suite[] },
  log: (line: string) => void,
): Promise<BaselineComparison> {
  const baseline = await prepareBaseline(commit, log);
  log(`Baseline ${baseline.sha.slice(0, 12)} in ${baseline.dir} (node_modules: ${baseline.install}).`);
  const loadAverage = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
  const startedAt = new Date().toISOString();
  const trees: Record<Side, string> = { baseline: baseline.dir, current: repoRoot };
  const results: TurnResult[] = [];
  const webhookOptions = { events: WEBHOOK_DEFAULTS.events, ratePerSecond: WEBHOOK_DEFAULTS.ratePerSecond, concurrency: WEBHOOK_DEFAULTS.concurrency };
  for (const suite of options.suites) {
    for (let turn = 1; turn <= options.turns; turn += 1) {
      // Who goes first alternates, so neither side always follows the other.
      const sides: Side[] = turn % 2 ? ['baseline', 'current'] : ['current', 'baseline'];
      for (const side of sides) {
        log(`${suite}, turn ${turn}/${options.turns}, ${side}:`);
        const tree = trees[side];
        const command: AgentCommand =
          suite === 'me'
            ? { suite, tree, options: { connections: 50, rounds: 2, warmupSeconds: 2, durationSeconds: 5 } }
            : suite === 'webhooks'
              ? { suite, tree, options: webhookOptions }
              : { suite, tree };
        const { result, postgresMicros } = await runTurn(side, tree, command, log);
        results.push({ suite, side, turn, result, ...(postgresMicros === undefined ? {} : { postgresMicros }) });
      }
    }
  }
  return { commit, sha: baseline.sha, install: baseline.install, turns: options.turns, suites: options.suites, startedAt, loadAverage, results };
}

function format(value: number, unit: string): string {
  if (!Number.isFinite(value)) return '—';
  if (unit === '×') return `${value.toFixed(2)}×`;
  const rounded = Math.round(value).toLocaleString('en-US');
  return unit === '/s' ? `${rounded}/s` : unit ? `${rounded} ${unit}` : rounded;
}

/** The comparison as a Markdown table: per figure the medians of both sides and the median of the per-turn ratios. */
export function formatComparison(comparison: BaselineComparison): string {
  const rows: string[] = [];
  for (const figure of FIGURES.filter((candidate) => comparison.suites.includes(candidate.suite))) {
    const turns = (side: Side) => comparison.results.filter((result) => result.suite === figure.suite && result.side === side);
    const base = turns('baseline').map(figure.value);
    const current = turns('current').map(figure.value);
    const ratios = current.map((value, index) => value / base[index]!);
    const ratio = median(ratios);
    const perTurn = (values: number[]) => values.map((value) => format(value, figure.unit)).join(', ');
    rows.push(
      `| ${figure.name} | ${format(median(base), figure.unit)} | ${format(median(current), figure.unit)} | ${figure.unit === '' ? '—' : Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : '—'} | ${perTurn(base)} | ${perTurn(current)} |`,
    );
  }
  return [
    `| Figure | ${comparison.sha.slice(0, 7)} (baseline) | working tree | working tree ÷ baseline (median per turn) | baseline per turn | working tree per turn |`,
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
}

function describeRun(comparison: BaselineComparison): string {
  const cpus = os.cpus();
  return `Run of ${comparison.startedAt.slice(0, 16).replace('T', ' ')} UTC on ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, load average ${comparison.loadAverage} at the start; other sessions share this machine, so the sides take turns (${comparison.turns} turns each per benchmark, the first side alternating) and the ratios are taken turn by turn. Baseline: ${comparison.sha.slice(0, 12)} (\`--baseline ${comparison.commit}\`), node_modules: ${comparison.install}. Per turn: \`me\` — a fresh process, 2 s warm-up and 2 rounds of 5 s per server at 50 connections; webhooks — ${WEBHOOK_DEFAULTS.events.toLocaleString('en-US')} events offered at ${WEBHOOK_DEFAULTS.ratePerSecond.toLocaleString('en-US')}/s; quote — the smoke length (one 2 s round per call and connection count).`;
}

export function writeComparisonSection(comparison: BaselineComparison): string[] {
  const written: string[] = [];
  const resultsDir = path.join(repoRoot, 'bench/results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const jsonFile = path.join(resultsDir, `baseline-${comparison.sha.slice(0, 7)}-${comparison.startedAt.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(jsonFile, `${JSON.stringify(comparison, null, 2)}\n`);
  written.push(path.relative(repoRoot, jsonFile));
  const section = [START, describeRun(comparison), '', formatComparison(comparison), END].join('\n');
  const current = fs.readFileSync(performanceDoc, 'utf8');
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next =
    start >= 0 && end > start
      ? current.slice(0, start) + section + current.slice(end + END.length)
      : `${current.trimEnd()}\n\n## Against a baseline commit (issue 40)\n\n\`npm run bench -- --baseline <commit> --write\` (bench/baseline.ts).\n\n${section}\n`;
  fs.writeFileSync(performanceDoc, next);
  written.push(path.relative(repoRoot, performanceDoc));
  return written;
}

export function printComparison(comparison: BaselineComparison, log: (line: string) => void) {
  log('');
  log(describeRun(comparison));
  log('');
  log(formatComparison(comparison));
}
