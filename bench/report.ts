import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchOptions, Measurement, TARGETS } from './me-query.bench.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const performanceDoc = path.join(repoRoot, 'docs/performance.md');
const resultsDir = path.join(repoRoot, 'bench/results');

/** The generated part of docs/performance.md lives between these markers; the rest is written by hand. */
const START = '<!-- bench:me-query:start (written by npm run bench; edit outside the markers) -->';
const END = '<!-- bench:me-query:end -->';

export interface Check {
  description: string;
  actual: string;
  pass: boolean;
}

export interface Verdict {
  timesApollo: number;
  shareOfPlain: number;
  checks: Check[];
  pass: boolean;
}

function find(measurements: Measurement[], target: Measurement['target']): Measurement {
  const found = measurements.find((measurement) => measurement.target === target);
  if (!found) throw new Error(`No measurement for ${target}`);
  return found;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function evaluate(measurements: Measurement[]): Verdict {
  const mercurius = find(measurements, 'mercurius');
  const apollo = find(measurements, 'apollo');
  const plain = find(measurements, 'plain');
  // Ratios within each round (the three ran back to back), then the median over rounds.
  const perRound = (other: Measurement) => median(mercurius.rounds.map((round, index) => round.requestsPerSecond / other.rounds[index]!.requestsPerSecond));
  const timesApollo = perRound(apollo);
  const shareOfPlain = perRound(plain);
  const failures = measurements.reduce((sum, m) => sum + m.errors + m.non2xx + m.mismatches, 0);
  const checks: Check[] = [
    { description: "at least 1.5x Apollo Server's requests/s", actual: `${timesApollo.toFixed(2)}x`, pass: timesApollo >= 1.5 },
    { description: "at least 85% of the plain route's requests/s", actual: `${(shareOfPlain * 100).toFixed(1)}%`, pass: shareOfPlain >= 0.85 },
    { description: 'p99 under 20 ms at 50 connections', actual: `${mercurius.latencyMs.p99} ms`, pass: mercurius.latencyMs.p99 < 20 },
    { description: 'no errors, non-2xx or wrong bodies in any run', actual: String(failures), pass: failures === 0 },
  ];
  return { timesApollo, shareOfPlain, checks, pass: checks.every((check) => check.pass) };
}

const rps = (value: number) => Math.round(value).toLocaleString('en-US');

/** A Markdown table, which also reads well in a terminal. */
export function formatTable(measurements: Measurement[], verdict: Verdict): string {
  const mercurius = find(measurements, 'mercurius');
  const rows = measurements.map((m) => {
    const ratio = m.target === 'mercurius' ? '—' : `${(m.target === 'apollo' ? verdict.timesApollo : verdict.shareOfPlain).toFixed(2)}x`;
    const failures = `${m.errors} / ${m.non2xx} / ${m.mismatches}`;
    return `| ${m.label} | ${rps(m.requestsPerSecond)} | ${m.latencyMs.p50} | ${m.latencyMs.p99} | ${m.latencyMs.max} | ${Math.round(m.serverCpuMicrosPerRequest)} | ${failures} | ${ratio} |`;
  });
  return [
    '| Server | requests/s | p50 ms | p99 ms | max ms | server CPU µs/request | errors / non-2xx / wrong body | Mercurius requests/s ÷ this (median per round) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
    `Server CPU per request (unaffected by other work on the machine): Apollo Server spends ${(find(measurements, 'apollo').serverCpuMicrosPerRequest / mercurius.serverCpuMicrosPerRequest).toFixed(2)}x what Mercurius does; Mercurius spends ${(mercurius.serverCpuMicrosPerRequest / find(measurements, 'plain').serverCpuMicrosPerRequest).toFixed(2)}x the plain route's.`,
    '',
    `Mercurius: ${verdict.timesApollo.toFixed(2)}x Apollo Server (target ≥ 1.5x), ${(verdict.shareOfPlain * 100).toFixed(1)}% of the plain route (target ≥ 85%), p99 ${mercurius.latencyMs.p99} ms (target < 20 ms) — ${verdict.pass ? 'PASS' : 'FAIL'}.`,
  ].join('\n');
}

function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
}

function section(args: { measurements: Measurement[]; verdict: Verdict; options: BenchOptions; date: string; loadAverage: string }): string {
  const { measurements, verdict, options, date } = args;
  return [
    START,
    `Latest run: ${date}, on ${machine()}; load average ${args.loadAverage} at the start (other work shares this machine, so absolute figures move between runs; compare within a run). PostgreSQL 17 (embedded) on the same machine; autocannon in a separate process, ${options.connections} connections, ${options.warmupSeconds} s warm-up, then ${options.rounds} rounds of ${options.durationSeconds} s per server taking turns, one server at a time; medians over the rounds (max: the highest of all).`,
    '',
    formatTable(measurements, verdict),
    '',
    ...verdict.checks.map((check) => `- ${check.pass ? 'PASS' : 'FAIL'}: ${check.description} — ${check.actual}`),
    '',
    `Per round, requests/s: ${measurements.map((m) => `${m.target} ${m.rounds.map((round) => Math.round(round.requestsPerSecond)).join(', ')}`).join('; ')}.`,
    END,
  ].join('\n');
}

const PREAMBLE = `# Performance

Speed targets are proved by benchmarks under \`bench/\` (\`npm run bench\`) and recorded here, never by timed assertions in tests.

## GraphQL \`me\` query

`;

/** Writes bench/results/<date>.json always, and the docs/performance.md section for full runs. */
export function writeResults(args: {
  measurements: Measurement[];
  verdict: Verdict;
  options: BenchOptions;
  smoke: boolean;
  targets: typeof TARGETS;
  loadAverage: string;
}): string[] {
  const date = new Date().toISOString();
  const written: string[] = [];
  fs.mkdirSync(resultsDir, { recursive: true });
  const jsonFile = path.join(resultsDir, `me-query-${args.smoke ? 'smoke-' : ''}${date.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(jsonFile, `${JSON.stringify({ date, machine: machine(), ...args }, null, 2)}\n`);
  written.push(path.relative(repoRoot, jsonFile));
  if (args.smoke) return written;

  const generated = section({ ...args, date: date.slice(0, 16).replace('T', ' ') + ' UTC' });
  const current = fs.existsSync(performanceDoc) ? fs.readFileSync(performanceDoc, 'utf8') : PREAMBLE;
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next = start >= 0 && end > start ? current.slice(0, start) + generated + current.slice(end + END.length) : `${current.trimEnd()}\n\n${generated}\n`;
  fs.writeFileSync(performanceDoc, next);
  written.push(path.relative(repoRoot, performanceDoc));
  return written;
}
