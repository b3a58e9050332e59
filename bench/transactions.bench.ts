/**
 * Transactions benchmark (issue 5): lists (first page and page 200 per filter), search, details, 12-month dashboards,
 * each analytics field and the quarterly review (issue 16) through the GraphQL endpoint, the public REST API's
 * GET /v1/transactions with cursors and with an offset (issue 20), and the CSV export, over generated data in a
 * dedicated embedded PostgreSQL.
 *
 *   npm run bench -- --transactions            10,000,000 transactions, one account of 2,000,000 (.data/bench-tx)
 *   npm run bench -- --transactions --smoke    40,000 transactions, one account of 20,000 (.data/bench-tx-smoke)
 *   npm run bench -- --smoke-all               the smoke run in a fresh database of a shared PostgreSQL (bench/smoke-all.ts)
 *
 * The dataset is generated once and reused. Requests are sequential (one connection, from a client process of its
 * own) so each latency is one request's own; p50 and p99 per case. BENCH_CASES=<regex> measures only matching cases. Figures go to docs/performance.md (full run) and bench/results/.
 */
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { fork } from 'node:child_process';
import { parseEnv } from '../apps/server/src/config/env.ts';
import { startInfrastructure } from '../apps/server/src/boot.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { generateTransactions } from '../apps/server/src/modules/transactions/generator.ts';
import { prefixSearches } from './explain-search.ts';
import { encodeCursor } from '../apps/server/src/lib/rest/cursor.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

/** Requests per case before measuring: steady state, with the JIT and the caches warm. */
const WARM_UPS = 20;

export const TX_TARGETS = { listP99Ms: 25, dashboardP99Ms: 50, analyticsP99Ms: 50, exportSeconds: 20, exportRssMb: 300 } as const;

interface Case {
  name: string;
  group: 'list' | 'detail' | 'dashboard' | 'analytics';
  query: string;
  variables: () => Record<string, unknown>;
  /** A REST case instead (issue 20): GET this path of the public API with the bench key (query and variables unused). */
  rest?: { path: () => string; headers: Record<string, string>; firstId?: string };
}

interface Result {
  name: string;
  group: string;
  p50: number;
  p99: number;
  n: number;
  errors: number;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** `databaseUrl`: an empty, migrated database to generate into instead of the dedicated embedded PostgreSQL. */
export async function runTransactionsBench(smoke: boolean, log: (line: string) => void, options: { databaseUrl?: string } = {}) {
  // The smoke run (npm test) only proves every case still answers: the big account and two neighbours are enough.
  const total = smoke ? 40_000 : 10_000_000;
  const big = smoke ? 20_000 : 2_000_000;
  const fillers = smoke ? 2 : 16;
  // 1,000 per case: the p99 is then the tenth-slowest request, not the second, so one stall of the machine does not decide it.
  const iterations = smoke ? 15 : 1000;
  const config = parseEnv({
    ...process.env,
    DATA_DIR: path.join(root, smoke ? '.data/bench-tx-smoke' : '.data/bench-tx'),
    // BENCH_TX_PG_PORT: another port, when several worktrees bench at once.
    EMBEDDED_POSTGRES_PORT: process.env.BENCH_TX_PG_PORT ?? (smoke ? '5621' : '5620'),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '10000000',
    PUBLIC_API_RATE_PER_MINUTE: '10000000',
    DATABASE_URL: options.databaseUrl ?? '',
    READ_DATABASE_URL: '',
  });
  const infrastructure = await startInfrastructure(config, log);
  const { pool } = infrastructure.database;
  try {
    // Dataset, once.
    const existing = (await pool.query<{ n: number }>(`select count(*)::int as n from transactions`)).rows[0]!.n;
    // BENCH_TX_AS_IS=1 measures the dataset as it is, when its generation was cut short (the figures then say how many rows).
    const measured = existing < total && process.env.BENCH_TX_AS_IS === '1' ? existing : total;
    if (measured < total) log(`Measuring the ${existing.toLocaleString('en')} transactions there are (BENCH_TX_AS_IS).`);
    else if (existing < total) {
      log(`Generating ${total.toLocaleString('en')} transactions (this happens once)...`);
      const started = Date.now();
      const account = async (name: string) => {
        const created = await pool.query<{ id: string }>(
          `with org as (insert into organizations (name, subscription_plan_type) values ($1, 'Pro') returning id)
           insert into accounts (organization_id, name, is_verified) select id, $2, true from org returning id`,
          [`${name} Ltd`, name],
        );
        return created.rows[0]!.id;
      };
      const bigId = await account('Bench Big');
      await generateTransactions(pool, { accountId: bigId, live: big, test: 0, seed: 1, log });
      const each = Math.floor((total - big) / fillers);
      for (let i = 0; i < fillers; i += 1) {
        await generateTransactions(pool, {
          accountId: await account(`Bench Filler ${i + 1}`),
          live: Math.floor(each * 0.8),
          test: each - Math.floor(each * 0.8),
          seed: 100 + i,
          log,
        });
      }
      log('vacuum analyze...');
      await pool.query('vacuum analyze transactions');
      await pool.query('vacuum analyze customers');
      log(`Dataset ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    const bigId = (await pool.query<{ id: string }>(`select id from accounts where name = 'Bench Big'`)).rows[0]!.id;
    const user = (
      await pool.query<{ id: string; email: string; firstName: string; lastName: string }>(
        `insert into users (email, first_name, last_name, is_email_verified) values ($1, 'Bench', 'Analyst', true) returning id, email, first_name as "firstName", last_name as "lastName"`,
        [`bench-${Date.now()}@example.com`],
      )
    ).rows[0]!;
    await pool.query(`insert into memberships (account_id, user_id, role, has_accepted_invite, joined_at) values ($1, $2, 'analyst', true, now())`, [
      bigId,
      user.id,
    ]);

    const app = await buildApp({ config, database: infrastructure.database, mailer: infrastructure.mailer, chain: infrastructure.chain, webRoot: null });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const session = await app.services.identity.issueSession(user as never, 'password', { ipAddress: '127.0.0.1', userAgent: 'bench' }); // a users row read with plain SQL; issueSession takes the Drizzle row of the same table
    const headers = {
      'content-type': 'application/json',
      'apollo-require-preflight': 'true',
      'x-csrf-token': session.csrfToken,
      cookie: `rampart_session=${session.cookieValue}`,
    };

    // Sample values for search and detail cases.
    const sample = (
      await pool.query<{ id: string; external_transaction_id: string; wallet_address: string; customer_id: string }>(
        `select id, external_transaction_id, wallet_address, customer_id from transactions where account_id = $1 and live_mode and kind = 'buy' order by created_at desc limit 200`,
        [bigId],
      )
    ).rows;
    const emails = (await pool.query<{ email: string }>(`select email from customers where account_id = $1 and live_mode limit 50`, [bigId])).rows.map(
      (r) => r.email,
    );
    const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
    const since30 = new Date(Date.now() - 30 * 86_400_000).toISOString();

    const LIST = `query Bench_Transactions($a: ID!, $s: String, $skip: Int, $status: [BuyTransactionStatus!], $min: Decimal, $max: Decimal, $from: DateTime, $type: String, $sort: TransactionSort) {
      transactions(accountId: $a, liveMode: true, searchString: $s, skip: $skip, take: 20, status: $status, minAmount: $min, maxAmount: $max, minCreatedAt: $from, transactionType: $type, sort: $sort) {
        totalCount isTotalExact items { id createdAt status baseCurrencyAmount quoteCurrencyAmount baseCurrency { code } quoteCurrency { code } walletAddress externalTransactionId customer { id email } } } }`;
    const filters: Array<[string, Record<string, unknown>]> = [
      ['no filter', {}],
      ['status failed', { status: ['failed'] }],
      ['amount 100–1000', { min: '100', max: '1000' }],
      ['created last 30 days', { from: since30 }],
      ['nft', { type: 'nft' }],
      ['status + amount', { status: ['completed'], min: '50', max: '500' }],
      ['sorted by amount', { sort: 'amount_DESC' }],
    ];
    const cases: Case[] = [];
    for (const [name, variables] of filters) {
      cases.push({ name: `buy list, ${name}, first page`, group: 'list', query: LIST, variables: () => ({ a: bigId, ...variables }) });
      cases.push({ name: `buy list, ${name}, page 200`, group: 'list', query: LIST, variables: () => ({ a: bigId, skip: 199 * 20, ...variables }) });
    }
    if (process.env.BENCH_FLOOR) {
      cases.unshift({ name: 'floor: me', group: 'detail', query: `query Bench_Me { me { id email } }`, variables: () => ({}) });
      cases.unshift({ name: 'floor: list without total', group: 'list', query: LIST.replace('totalCount isTotalExact', ''), variables: () => ({ a: bigId }) });
      cases.unshift({
        name: 'floor: list of ids',
        group: 'list',
        query: `query Bench_Ids($a: ID!) { transactions(accountId: $a, liveMode: true, take: 20) { items { id } } }`,
        variables: () => ({ a: bigId }),
      });
      cases.unshift({
        name: 'floor: list without total and customer',
        group: 'list',
        query: LIST.replace('totalCount isTotalExact', '').replace('customer { id email }', ''),
        variables: () => ({ a: bigId }),
      });
    }
    // Issue 20: the public REST API's list over HTTP with a live secret key of the big account, 20 per page — the first
    // page, page 200 by cursor both ways (starting_after the 3,980th row; ending_before the 4,001st), and page 200 by
    // offset in the 2026-06-01 shape for comparison.
    await app.services.developers.apiKeys(bigId, true); // the standard secret key exists, so the bench key can be deleted after
    const benchKey = await app.services.developers.createApiKey(bigId, { liveMode: true, name: `bench ${new Date().toISOString()}` });
    const restHeaders = (version: string) => ({ authorization: `Api-Key ${benchKey.plainSecret!}`, 'rampart-version': version });
    // Rows 1, 3,980, 3,981 and 4,001 of the list (the dashboard's order), by position.
    const rowAt = async (offset: number) =>
      (
        await pool.query<{ id: string; micros: string }>(
          `select id, (extract(epoch from created_at) * 1000000)::int8::text as micros from transactions where account_id = $1 and live_mode and kind = 'buy' order by created_at desc, id desc offset $2 limit 1`,
          [bigId, offset],
        )
      ).rows[0]!;
    const cursorOf = (row: { id: string; micros: string }) => encodeCursor({ createdAtMicros: BigInt(row.micros), id: row.id });
    const [row1, row3980, row3981, row4001] = await Promise.all([0, 3979, 3980, 4000].map(rowAt));
    const rest = (name: string, path: string, firstId: string, version = '2026-11-23') =>
      cases.push({ name, group: 'list', query: '', variables: () => ({}), rest: { path: () => path, headers: restHeaders(version), firstId } });
    rest('GET /v1/transactions, first page', '/v1/transactions?limit=20', row1!.id);
    rest('GET /v1/transactions, starting_after, page 200', `/v1/transactions?limit=20&starting_after=${cursorOf(row3980!)}`, row3981!.id);
    rest('GET /v1/transactions, ending_before, page 200', `/v1/transactions?limit=20&ending_before=${cursorOf(row4001!)}`, row3981!.id);
    rest('GET /v1/transactions, offset 3980 (2026-06-01)', '/v1/transactions?limit=20&offset=3980', row3981!.id, '2026-06-01');
    cases.push({
      name: 'search by external transaction id',
      group: 'list',
      query: LIST,
      variables: () => ({ a: bigId, s: pick(sample).external_transaction_id }),
    });
    cases.push({ name: 'search by wallet address', group: 'list', query: LIST, variables: () => ({ a: bigId, s: pick(sample).wallet_address }) });
    cases.push({ name: 'search by customer e-mail', group: 'list', query: LIST, variables: () => ({ a: bigId, s: pick(emails) }) });
    // Issue 13: searches by the start of a value, each column a range scan of its text_pattern_ops index (bench/explain-search.ts).
    const prefixOf = () => {
      const row = pick(sample);
      return prefixSearches({ externalTransactionId: row.external_transaction_id, walletAddress: row.wallet_address, email: pick(emails) });
    };
    for (const name of ['e-mail prefix', 'external id prefix', 'wallet prefix', 'broad prefix (3 characters)'] as const) {
      cases.push({ name: `search by ${name}`, group: 'list', query: LIST, variables: () => ({ a: bigId, s: prefixOf()[name] }) });
    }
    for (const [field, status] of [
      ['sellTransactions', 'SellTransactionStatus'],
      ['swapTransactions', 'SwapTransactionStatus'],
      ['balanceTransactions', 'BalanceTransactionStatus'],
    ] as const) {
      cases.push({
        name: `${field}, first page`,
        group: 'list',
        query: `query Bench_${field}($a: ID!, $status: [${status}!]) { ${field}(accountId: $a, liveMode: true, take: 20, status: $status) { totalCount items { id status createdAt } } }`,
        variables: () => ({ a: bigId }),
      });
    }
    cases.push({
      name: 'transaction detail',
      group: 'detail',
      query: `query Bench_Detail($id: ID!) { transaction(id: $id) { id status baseCurrencyAmount feeAmount explorerLinks { transactionUrl } statusHistory { status at } customer { id email } } }`,
      variables: () => ({ id: pick(sample).id }),
    });
    cases.push({
      name: 'customer with transactions',
      group: 'detail',
      query: `query Bench_Customer($a: ID!, $id: ID) { customer(accountId: $a, id: $id, isLive: true) { id email transactions(take: 20) { totalCount items { __typename } } cards { totalCount } } }`,
      variables: () => ({ a: bigId, id: pick(sample).customer_id }),
    });
    for (const field of ['dashboardData', 'sellDashboardData', 'swapsDashboardData', 'depositDashboardData', 'withdrawalDashboardData']) {
      cases.push({
        name: `${field}, 12 months`,
        group: 'dashboard',
        query: `query Bench_${field}($a: ID!) { ${field}(accountId: $a, liveMode: true, range: year, currencyCode: eur) { current { volume transactionCount completionRate feesEarned averageOrder uniqueCustomers } previous { volume } changes { volume } series { date volume transactionCount } topCurrencies { value volume } paymentMethods { value volume } countries { value volume } } }`,
        variables: () => ({ a: bigId }),
      });
    }

    // Issue 16: each Analytics field on its own (each reads its own rollups), over 30 days and a year, all products and
    // one; and the quarterly review, which reads three quarters of every field.
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const ANALYTICS_FIELDS: Record<string, string> = {
      volume:
        'volume { current { volume transactionCount completionRate feesEarned averageOrder } previous { volume } changes { volume } series { date volume transactionCount } previousSeries { date volume } byProduct { value volume share } }',
      conversion:
        'conversion { steps { step count previousCount shareOfOpened dropFromPrevious } conversionRate series { date opened quoted paymentStarted completed failed } }',
      customers:
        'customers { activeCustomers newCustomers returningCustomers isEstimate previousActiveCustomers months { month activeCustomers newCustomers } cohorts { cohortMonth size retained } }',
      geography: 'geography { countries { value volume transactionCount share volumeChange } }',
      paymentMethods: 'paymentMethods { paymentMethods { value volume share } assets { value volume } networks { value volume } }',
      failures: 'failures { failedCount failureRate dates reasons { reason count share previousCount change volume trend } }',
    };
    for (const [field, selection] of Object.entries(ANALYTICS_FIELDS)) {
      for (const [span, days] of [
        ['30 days', 30],
        ['1 year', 365],
      ] as const) {
        for (const product of ['all', 'buy']) {
          cases.push({
            name: `analytics ${field}, ${span}, ${product === 'all' ? 'all products' : product}`,
            group: 'analytics',
            query: `query Bench_Analytics_${field}($a: ID!, $from: String!, $to: String!, $p: AnalyticsProduct) { analytics(accountId: $a, liveMode: true, from: $from, to: $to, product: $p, comparison: previousPeriod, currencyCode: eur) { ${selection} } }`,
            variables: () => ({ a: bigId, from: day(days - 1), to: day(0), p: product }),
          });
        }
      }
    }
    cases.push({
      name: 'quarterlyReview, last ended quarter',
      group: 'analytics',
      query: `query Bench_QuarterlyReview($a: ID!) { quarterlyReview(accountId: $a, liveMode: true, currencyCode: usd) { headline { name value previousQuarter yearAgo changeFromPreviousQuarter } products { product volume months { date volume } } topAssets { value volume } topCountries { value volume } topPaymentMethods { value volume } conversion { conversionRate } failureReasons { reason count } notableChanges availableQuarters } }`,
      variables: () => ({ a: bigId }),
    });

    // BENCH_CASES=<regular expression> measures only the matching cases, for profiling: no export, nothing recorded.
    const only = process.env.BENCH_CASES ? new RegExp(process.env.BENCH_CASES) : null;
    const results: Result[] = [];
    const client = fork(path.join(here, 'graphql-client.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const restClient = fork(path.join(here, 'rest-client.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    await Promise.all([client, restClient].map((child) => new Promise((resolve) => child.once('message', resolve))));
    /** Runs a case `n` times from its client process. */
    const measure = (c: Case, n: number) => {
      const target = c.rest ? restClient : client;
      if (c.rest)
        target.send({
          urls: Array.from({ length: n }, () => `${base}${c.rest!.path()}`),
          headers: c.rest.headers,
          expectRows: 20,
          expectFirstId: c.rest.firstId,
        });
      else target.send({ url: `${base}/graphql`, headers, query: c.query, variables: Array.from({ length: n }, () => c.variables()) });
      return new Promise<{ times: number[]; errors: number; firstError: unknown }>((resolve) => target.once('message', resolve as never)); // the client worker posts one report, typed by this promise
    };
    // Steady state before the first case too: every case a few times, so no case pays for the JIT and cold caches.
    for (const c of cases) await measure(c, 10);
    for (const c of only ? cases.filter((c) => only.test(c.name)) : cases) {
      const answer = await measure(c, iterations + WARM_UPS);
      const times = answer.times.slice(WARM_UPS);
      const errors = answer.errors;
      if (errors) log(`  ${c.name}: ${JSON.stringify(answer.firstError)}`);
      times.sort((a, b) => a - b);
      const result = {
        name: c.name,
        group: c.group,
        p50: Math.round(percentile(times, 50) * 10) / 10,
        p99: Math.round(percentile(times, 99) * 10) / 10,
        n: times.length,
        errors,
      };
      results.push(result);
      log(`  ${c.name.padEnd(48)} p50 ${String(result.p50).padStart(6)} ms   p99 ${String(result.p99).padStart(6)} ms${errors ? `   ${errors} errors` : ''}`);
    }

    client.send('stop');
    restClient.send('stop');
    await app.services.developers.deleteApiKey(benchKey.id);
    if (only) {
      await app.close();
      return {
        smoke,
        total: measured,
        big,
        iterations,
        cores: os.cpus().length,
        loadAverage: '',
        results,
        exportResult: { rows: 1, seconds: 0, peakRssMb: 0, rssBeforeMb: 0 },
        targets: TX_TARGETS,
        at: new Date().toISOString(),
      };
    }

    // CSV export of the whole big account's buy view (over 1,000,000 rows), served by the app in a process of its own
    // so its memory is measured alone: peak resident set (VmHWM) of that process, and the time to the last byte.
    const server = fork(path.join(here, 'export-server.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        DATABASE_URL: infrastructure.connectionString,
        READ_DATABASE_URL: '',
        DATA_DIR: config.DATA_DIR,
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        RATE_LIMIT_PER_MINUTE: '10000000',
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const exportPort = await new Promise<number>((resolve, reject) => {
      server.once('message', (message: { port: number }) => resolve(message.port));
      server.once('exit', (code) => reject(new Error(`the export server exited (${code})`)));
    });
    const memoryOf = (field: 'VmRSS' | 'VmHWM') => {
      const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
      return Math.round(Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024);
    };
    const rssBeforeMb = memoryOf('VmRSS');
    const exportStarted = performance.now();
    const response = await fetch(`http://127.0.0.1:${exportPort}/exports/transactions.csv?accountId=${bigId}&liveMode=true&kind=buy`, {
      headers: { cookie: headers.cookie, 'x-csrf-token': session.csrfToken },
    });
    let rows = 0;
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (let index = value.indexOf(10); index !== -1; index = value.indexOf(10, index + 1)) rows += 1;
    }
    const exportSeconds = (performance.now() - exportStarted) / 1000;
    const peakRssMb = memoryOf('VmHWM');
    server.send('stop');
    await new Promise((resolve) => server.once('exit', resolve));
    const exportResult = { rows: rows - 1, seconds: Math.round(exportSeconds * 10) / 10, peakRssMb, rssBeforeMb };
    log(
      `  CSV export: ${exportResult.rows.toLocaleString('en')} rows in ${exportResult.seconds} s; the server process's resident memory ${rssBeforeMb} MB before, ${peakRssMb} MB at its peak`,
    );
    await app.close();

    const loadAverage = os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(', ');
    const summary = {
      smoke,
      total: measured,
      big,
      iterations,
      cores: os.cpus().length,
      loadAverage,
      results,
      exportResult,
      targets: TX_TARGETS,
      at: new Date().toISOString(),
    };
    fs.mkdirSync(path.join(here, 'results'), { recursive: true });
    const file = path.join(here, 'results', `transactions${smoke ? '-smoke' : ''}-${summary.at.replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(file, JSON.stringify(summary, null, 2));
    log(`Wrote ${file}`);
    if (!smoke) writePerformanceSection(summary);
    return summary;
  } finally {
    await infrastructure.close();
  }
}

export function writePerformanceSection(summary: {
  total: number;
  big: number;
  iterations: number;
  cores: number;
  loadAverage: string;
  results: Result[];
  exportResult: { rows: number; seconds: number; peakRssMb: number; rssBeforeMb: number };
  at: string;
}) {
  const file = path.join(root, 'docs/performance.md');
  const start = '<!-- transactions-bench:start -->';
  const end = '<!-- transactions-bench:end -->';
  const target = (r: Result) =>
    r.group === 'dashboard' ? TX_TARGETS.dashboardP99Ms : r.group === 'analytics' ? TX_TARGETS.analyticsP99Ms : TX_TARGETS.listP99Ms;
  const verdict = (r: Result) => (r.p99 < target(r) ? 'pass' : 'FAIL');
  const lines = [
    start,
    '## Transactions, customers, dashboards and analytics (issues 5 and 16)',
    '',
    `${summary.total.toLocaleString('en')} generated transactions, one account of ${summary.big.toLocaleString('en')}; ${summary.cores} cores, load average ${summary.loadAverage}; ${summary.at}.`,
    `Sequential GraphQL requests (and, for \`GET /v1/…\`, REST requests with a live secret key, bench/rest-client.ts) over HTTP from a client in its own process (bench/graphql-client.ts), ${summary.iterations} per case after ${WARM_UPS} warm-ups. Targets: lists and details p99 < ${TX_TARGETS.listP99Ms} ms, dashboards p99 < ${TX_TARGETS.dashboardP99Ms} ms, analytics fields and the quarterly review (issue 16) p99 < ${TX_TARGETS.analyticsP99Ms} ms. Run: \`npm run bench -- --transactions\`.`,
    '',
    '| Case | p50 ms | p99 ms | Target |',
    '| --- | ---: | ---: | --- |',
    ...summary.results.map((r) => `| ${r.name} | ${r.p50} | ${r.p99} | ${verdict(r)}${r.errors ? ` (${r.errors} errors)` : ''} |`),
    '',
    `CSV export: ${summary.exportResult.rows.toLocaleString('en')} rows in ${summary.exportResult.seconds} s (target < ${TX_TARGETS.exportSeconds} s); peak resident memory of the server process serving it ${summary.exportResult.peakRssMb} MB (${summary.exportResult.rssBeforeMb} MB before the export; target < ${TX_TARGETS.exportRssMb} MB). The server runs in its own process for this; the client reading the stream is the benchmark process.`,
    end,
  ].join('\n');
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Performance\n';
  const next = current.includes(start) ? current.replace(new RegExp(`${start}[\\s\\S]*?${end}`), lines) : `${current.trimEnd()}\n\n${lines}\n`;
  fs.writeFileSync(file, next);
}
