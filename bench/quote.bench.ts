/**
 * Issue 12: the widget's quote call (POST /widget-api/quote) and the calculator's `rampQuote` query beside the `me`
 * query, in the same run and the same app, at 10 and 50 connections. Target: a quote costs at most 1.5× the
 * server CPU of the `me` query (CPU per request of this process, which serves every target).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import type { Result } from 'autocannon';
import { parseEnv, type Env } from '../apps/server/src/config/env.ts';
import { startInfrastructure } from '../apps/server/src/boot.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { workersPrewarmed } from '../apps/server/src/lib/bounded-worker.ts';
import { DEMO_LOGIN, seedDemo } from '../apps/server/src/db/seed-demo.ts';
import { ME_QUERY, runLoad } from './me-query.bench.ts';
import type { LoadRequest } from './load-generator.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const performanceDoc = path.join(repoRoot, 'docs/performance.md');
const START = '<!-- bench:quote:start (written by npm run bench; edit outside the markers) -->';
const END = '<!-- bench:quote:end -->';

export const QUOTE_TARGET = { maxCpuTimesMe: 1.5 } as const;

type QuoteTargetName = 'me' | 'widgetQuote' | 'rampQuote';
const LABELS: Record<QuoteTargetName, string> = {
  me: '`me` query (GraphQL)',
  widgetQuote: 'Widget quote (POST /widget-api/quote)',
  rampQuote: 'Calculator `rampQuote` (GraphQL)',
};

export interface QuoteMeasurement {
  target: QuoteTargetName;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  cpuMicrosPerRequest: number;
  errors: number;
  non2xx: number;
}

function benchConfig(databaseUrl?: string): Env {
  return parseEnv({
    ...process.env,
    DATABASE_URL: databaseUrl ?? process.env.BENCH_DATABASE_URL,
    DATA_DIR: process.env.BENCH_DATA_DIR ?? '.data/bench',
    EMBEDDED_POSTGRES_PORT: process.env.BENCH_POSTGRES_PORT ?? '5496',
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://127.0.0.1',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000000',
    WIDGET_API_RATE_PER_MINUTE: '100000000',
    SEED_DEMO: 'true',
    SMTP_URL: undefined,
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function graphql(baseUrl: string, headers: Record<string, string>, query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(`${baseUrl}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  const body = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown };
  if (body.errors || !body.data) throw new Error(`GraphQL failed: ${JSON.stringify(body)}`);
  return body.data;
}

/** `databaseUrl`: a migrated database to seed and run in instead of BENCH_DATABASE_URL or the embedded PostgreSQL. */
export async function runQuoteBench(smoke: boolean, log: (line: string) => void, databaseUrl?: string): Promise<QuoteMeasurement[]> {
  const config = benchConfig(databaseUrl);
  const rounds = smoke ? 1 : 3;
  // A smoke run proves each call still answers under load; one second of it is enough (it shares the cores with npm test).
  const durationSeconds = smoke ? 1 : 5;
  log('');
  log('Quote benchmark (issue 12): starting PostgreSQL and the app...');
  const infrastructure = await startInfrastructure(config);
  try {
    await seedDemo(infrastructure.database.db);
    const app = await buildApp({ config, database: infrastructure.database, mailer: infrastructure.mailer, chain: infrastructure.chain, webRoot: null });
    // The upload parsers' worker starts in the background (most of a second of CPU): not part of any request's cost.
    await workersPrewarmed();
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const loginResponse = await fetch(`${baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
        body: JSON.stringify({
          query: 'mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { csrfToken } }',
          variables: DEMO_LOGIN,
        }),
      });
      const login = (await loginResponse.json()) as { data?: { login?: { csrfToken: string } } };
      const cookie = loginResponse.headers.getSetCookie()[0]?.split(';')[0];
      if (!login.data?.login || !cookie) throw new Error('The quote benchmark could not sign in.');
      const headers = { 'content-type': 'application/json', 'apollo-require-preflight': 'true', 'x-csrf-token': login.data.login.csrfToken, cookie };
      const me = (await graphql(baseUrl, headers, '{ me { memberships { account { id name } } } }')) as {
        me: { memberships: Array<{ account: { id: string; name: string } }> };
      };
      const accountId = me.me.memberships.find((membership) => membership.account.name === 'Demo Payments')!.account.id;
      const { integrationUrl } = (await graphql(
        baseUrl,
        headers,
        'query ($accountId: ID!) { integrationUrl(accountId: $accountId, type: OnRamp, liveMode: false) }',
        { accountId },
      )) as { integrationUrl: string };
      const page = await fetch(`${baseUrl}/widget/buy${new URL(integrationUrl).search}`);
      const html = await page.text();
      const bootstrap = /__RAMPART_WIDGET__\s*=\s*(\{.*?\});?<\/script>/s.exec(html);
      if (page.status !== 200 || !bootstrap) throw new Error(`The widget page answered ${page.status}: ${html.slice(0, 300)}`);
      const { sessionToken } = JSON.parse(bootstrap[1]!) as { sessionToken: string };

      const quoteInput = { cryptoCurrencyCode: 'btc', fiatCurrencyCode: 'usd', amount: '100', paymentMethod: 'creditCard', country: 'US' };
      const requests: Record<QuoteTargetName, Omit<LoadRequest, 'title' | 'connections' | 'durationSeconds'>> = {
        me: { url: `${baseUrl}/graphql`, method: 'POST', headers, body: JSON.stringify({ query: ME_QUERY, operationName: 'Bench_Me' }) },
        widgetQuote: {
          url: `${baseUrl}/widget-api/quote`,
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Widget ${sessionToken}` },
          body: JSON.stringify(quoteInput),
        },
        rampQuote: {
          url: `${baseUrl}/graphql`,
          method: 'POST',
          headers,
          body: JSON.stringify({
            query:
              'query Bench_Quote($accountId: ID!, $input: RampQuoteInput!) { rampQuote(accountId: $accountId, input: $input) { quoteCurrencyAmount feeAmount extraFeeAmount networkFeeAmount totalFeeAmount exchangeRate } }',
            variables: {
              accountId,
              input: { transactionType: 'buy', country: 'US', paymentMethod: 'creditCard', fiatCurrencyCode: 'usd', cryptoCurrencyCode: 'btc', amount: '100' },
            },
          }),
        },
      };
      // Each answers correctly once before any load: a benchmark of error responses would measure nothing.
      for (const [name, request] of Object.entries(requests)) {
        const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
        const text = await response.text();
        if (response.status !== 200 || text.includes('"errors"') || text.includes('"error"')) throw new Error(`${name} answered ${response.status}: ${text}`);
        log(`  ${LABELS[name as QuoteTargetName]}: ${text.slice(0, 160)}${text.length > 160 ? '…' : ''}`);
      }
      // The GraphQL targets answer the same body every time; the widget quote carries its expiry time, so any 200 counts.
      const expect: Partial<Record<QuoteTargetName, string>> = {};
      for (const name of ['me', 'rampQuote'] as const) {
        const request = requests[name];
        expect[name] = await (await fetch(request.url, { method: request.method, headers: request.headers, body: request.body })).text();
      }

      const measurements: QuoteMeasurement[] = [];
      for (const connections of [10, 50]) {
        const perTarget = new Map<QuoteTargetName, Array<{ result: Result; cpu: number }>>();
        for (const name of Object.keys(requests) as QuoteTargetName[]) {
          await runLoad({ ...requests[name], title: name, connections, durationSeconds: 1, ...(expect[name] ? { expectBody: expect[name] } : {}) });
          perTarget.set(name, []);
        }
        for (let round = 0; round < rounds; round += 1) {
          const names = Object.keys(requests) as QuoteTargetName[];
          const order = names.map((_, index) => names[(index + round) % names.length]!);
          for (const name of order) {
            const before = process.cpuUsage();
            const result = await runLoad({
              ...requests[name],
              title: name,
              connections,
              durationSeconds,
              ...(expect[name] ? { expectBody: expect[name] } : {}),
            });
            const used = process.cpuUsage(before);
            const cpu = (used.user + used.system) / Math.max(result.requests.total, 1);
            perTarget.get(name)!.push({ result, cpu });
            log(
              `  ${connections} connections, round ${round + 1}/${rounds}, ${LABELS[name]}: ${Math.round(result.requests.average)} requests/s, p99 ${result.latency.p99} ms, ${Math.round(cpu)} µs CPU per request`,
            );
          }
        }
        for (const [name, runs] of perTarget) {
          measurements.push({
            target: name,
            connections,
            requestsPerSecond: median(runs.map((run) => run.result.requests.average)),
            p50: median(runs.map((run) => run.result.latency.p50)),
            p99: median(runs.map((run) => run.result.latency.p99)),
            cpuMicrosPerRequest: median(runs.map((run) => run.cpu)),
            errors: runs.reduce((sum, run) => sum + run.result.errors + run.result.timeouts + run.result.mismatches, 0),
            non2xx: runs.reduce((sum, run) => sum + run.result.non2xx, 0),
          });
        }
      }
      return measurements;
    } finally {
      await app.close();
    }
  } finally {
    infrastructure.database.pool.on('error', () => {});
    await infrastructure.close();
  }
}

export function quoteVerdict(measurements: QuoteMeasurement[]) {
  return [10, 50].flatMap((connections) => {
    const me = measurements.find((m) => m.target === 'me' && m.connections === connections);
    return (['widgetQuote', 'rampQuote'] as const).map((target) => {
      const quote = measurements.find((m) => m.target === target && m.connections === connections);
      const ratio = me && quote ? quote.cpuMicrosPerRequest / me.cpuMicrosPerRequest : Number.NaN;
      return {
        description: `${LABELS[target]} at ${connections} connections costs at most ${QUOTE_TARGET.maxCpuTimesMe}× the server CPU of the \`me\` query`,
        ratio,
        pass: ratio <= QUOTE_TARGET.maxCpuTimesMe,
      };
    });
  });
}

export function formatQuoteTable(measurements: QuoteMeasurement[]): string {
  const rows = measurements.map(
    (m) =>
      `| ${LABELS[m.target]} | ${m.connections} | ${Math.round(m.requestsPerSecond)} | ${m.p50} | ${m.p99} | ${Math.round(m.cpuMicrosPerRequest)} | ${m.errors + m.non2xx} |`,
  );
  return ['| Call | Connections | Requests/s | p50 ms | p99 ms | Server CPU µs/request | Failures |', '|---|---:|---:|---:|---:|---:|---:|', ...rows].join(
    '\n',
  );
}

export function writeQuoteSection(measurements: QuoteMeasurement[], loadAverage: string): string {
  const verdict = quoteVerdict(measurements);
  const cpus = os.cpus();
  const generated = [
    START,
    `Latest run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, on ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}; load average ${loadAverage} at the start. One app process serves all three calls; autocannon in a separate process; per connection count a 1 s warm-up each, then 3 rounds of 5 s taking turns; medians over the rounds. Server CPU per request is this process's CPU time divided by the requests it answered.`,
    '',
    formatQuoteTable(measurements),
    '',
    ...verdict.map((check) => `- ${check.pass ? 'PASS' : 'FAIL'}: ${check.description} — ${check.ratio.toFixed(2)}×`),
    END,
  ].join('\n');
  const current = fs.readFileSync(performanceDoc, 'utf8');
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next =
    start >= 0 && end > start
      ? current.slice(0, start) + generated + current.slice(end + END.length)
      : `${current.trimEnd()}\n\n## Widget quote (issue 12)\n\nWhat a customer's quote costs the server next to the \`me\` query; the widget quotes on every amount change, so it is the widget's hottest call.\n\n${generated}\n`;
  fs.writeFileSync(performanceDoc, next);
  return path.relative(repoRoot, performanceDoc);
}
