/**
 * Issue 13: the web app in a browser. `npm run bench -- --web` builds nothing: it serves the web app already built in
 * WEB_DIST (default apps/web/dist) with the real server (demo user and its 20,000 demo transactions seeded), then drives
 * Debian's /usr/bin/chromium through playwright-core, on loopback only.
 *
 * Per page, from a cold cache (a new browser context per run) and with the CPU throttled 4× (CDP):
 *   - bytes transferred per resource type (CDP Network.loadingFinished encodedDataLength: compressed bytes on the wire,
 *     headers included) and in total, including the GraphQL answers;
 *   - Largest Contentful Paint and Cumulative Layout Shift (buffered PerformanceObserver after the page settled);
 *   - the response headers seen on scripts, styles and the HTML (content-encoding, cache-control).
 * Pages: /login (signed out), /dashboard and /transactions (signed in through the API beforehand, so the page load is
 * the signed-in user's), and the whole sign-in (cold /login, the form, until /dashboard settled), bytes only.
 *
 *   WEB_PERF_RUNS=5            runs per page (median)
 *   WEB_PERF_URL=http://...    measure an app already running there (demo user seeded) instead of starting one
 *   WEB_PERF_REPO=/path        start the server of another checkout (the baseline worktree); default this repository
 *   WEB_PERF_DATABASE_URL=...  the server's PostgreSQL; default an embedded one on BENCH_POSTGRES_PORT (5498)
 *   WEB_PERF_OUT=file          also write the report there; --write records it in docs/performance.md
 *   WEB_PERF_VERBOSE=1         print every response with its bytes
 *   WEB_PERF_BASELINE=/path    also start that checkout's server (its build: WEB_PERF_BASELINE_DIST) and measure both,
 *                              run for run in turns, so both see the same load; WEB_PERF_BASELINE_LABEL names it
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const performanceDoc = path.join(repoRoot, 'docs/performance.md');
const START = '<!-- bench:web:start (written by npm run bench -- --web --write; edit outside the markers) -->';
const END = '<!-- bench:web:end -->';
const DEMO = { email: 'demo@rampart.dev', password: 'rampart-demo-2026!' } as const;

export const WEB_TARGETS = { loginJsKb: 150, dashboardTotalKb: 300, lcpMs: 1500, cls: 0.05 } as const;
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

type PageName = 'login' | 'dashboard' | 'transactions' | 'signIn';
const LABELS: Record<PageName, string> = {
  login: '`/login`, signed out',
  dashboard: '`/dashboard`, signed in',
  transactions: '`/transactions`, signed in',
  signIn: 'Sign-in: cold `/login` → form → `/dashboard`',
};

interface Run {
  bytesByType: Record<string, number>;
  totalBytes: number;
  requests: number;
  lcpMs: number | null;
  cls: number;
  headers: Array<{ url: string; type: string; status: number; encoding: string; cacheControl: string }>;
}

export interface WebPageResult {
  page: PageName;
  runs: number;
  jsBytes: number;
  cssBytes: number;
  totalBytes: number;
  requests: number;
  lcpMs: number | null;
  cls: number;
  headers: Run['headers'];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? 0 : sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function waitForHealth(url: string, child: ChildProcess | null, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`The app exited with code ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`The app did not become healthy within ${timeoutMs} ms`);
}

/** The real server (server.ts: migrations, demo user and demo transactions) serving WEB_DIST. */
interface ServerOptions {
  repo: string;
  webDist: string;
  port: number;
  postgresPort: string;
  name: string;
}

const currentServer = (): ServerOptions => ({
  repo: path.resolve(process.env.WEB_PERF_REPO ?? repoRoot),
  webDist: path.resolve(process.env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
  port: Number(process.env.WEB_PERF_PORT ?? 3503),
  postgresPort: process.env.BENCH_POSTGRES_PORT ?? '5498',
  name: 'bench-web',
});

async function startServer(log: (line: string) => void, options: ServerOptions = currentServer()): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const { repo, port, webDist } = options;
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error(`No built web app in ${webDist}: run \`npm run build\` (or set WEB_DIST) first.`);
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(repoRoot, `.data/${options.name}-server.log`);
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const out = fs.openSync(logFile, 'w');
  log(`Starting the server of ${repo} on ${baseUrl}, serving ${webDist} (log: ${path.relative(repoRoot, logFile)})...`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repo,
    env: {
      ...process.env,
      WEB_DIST: webDist,
      DATABASE_URL: process.env.WEB_PERF_DATABASE_URL ?? '',
      DATA_DIR: path.join(repoRoot, `.data/${options.name}`),
      EMBEDDED_POSTGRES_PORT: options.postgresPort,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DEV_IDP_PORT: String(port + 1),
      // Its own local chain: the baseline's server runs beside this one (both would take the default 8546).
      EVM_LOCAL_PORT: String(port + 5),
      SEED_DEMO: 'true',
      RATE_LIMIT_PER_MINUTE: '100000',
      WORKER_MODE: 'off',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', out, out],
  });
  await waitForHealth(`${baseUrl}/healthz`, child, 300_000);
  return {
    baseUrl,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve(null);
        }, 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve(null);
        });
      });
    },
  };
}

/** Signs the demo user in through the API: the session cookie and the csrf token the web app keeps in localStorage. */
async function apiSignIn(baseUrl: string) {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
    body: JSON.stringify({
      query: 'mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { csrfToken } }',
      variables: DEMO,
    }),
  });
  const body = (await response.json()) as { data?: { login?: { csrfToken: string } } };
  const cookies = response.headers.getSetCookie().map((line) => {
    const [pair] = line.split(';');
    const index = pair!.indexOf('=');
    return { name: pair!.slice(0, index), value: pair!.slice(index + 1) };
  });
  if (!body.data?.login || cookies.length === 0) throw new Error(`The demo user could not sign in: ${JSON.stringify(body)}`);
  return { csrfToken: body.data.login.csrfToken, cookies };
}

/** Counts every response's bytes on the wire by resource type, from the browser's own network events. */
async function instrument(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const responses = new Map<string, { type: string; url: string; status: number; encoding: string; cacheControl: string }>();
  const bytesByType: Record<string, number> = {};
  let requests = 0;
  const inFlight = new Set<string>();
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', (event) => {
    inFlight.add(event.requestId);
    lastActivity = Date.now();
  });
  cdp.on('Network.loadingFailed', (event) => {
    inFlight.delete(event.requestId);
    lastActivity = Date.now();
  });
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([key, value]) => [key.toLowerCase(), String(value)]));
    responses.set(event.requestId, {
      type: event.type,
      url: event.response.url,
      status: event.response.status,
      encoding: headers['content-encoding'] ?? '',
      cacheControl: headers['cache-control'] ?? '',
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const response = responses.get(event.requestId);
    const type = response?.type ?? 'Other';
    bytesByType[type] = (bytesByType[type] ?? 0) + event.encodedDataLength;
    requests += 1;
    inFlight.delete(event.requestId);
    lastActivity = Date.now();
    if (process.env.WEB_PERF_VERBOSE && response)
      console.log(`    ${type} ${new URL(response.url).pathname} ${kb(event.encodedDataLength)} KB ${response.encoding}`);
  });
  return {
    /** Resolves once nothing has been loading for `quietMs` (Playwright's networkidle does not follow client-side navigations). */
    quiet: async (quietMs = 1000) => {
      const giveUp = Date.now() + 30_000;
      while ((inFlight.size > 0 || Date.now() - lastActivity < quietMs) && Date.now() < giveUp) await new Promise((resolve) => setTimeout(resolve, 100));
    },
    finish: (): Pick<Run, 'bytesByType' | 'totalBytes' | 'requests' | 'headers'> => ({
      bytesByType: { ...bytesByType },
      totalBytes: Object.values(bytesByType).reduce((sum, value) => sum + value, 0),
      requests,
      headers: [...responses.values()]
        .filter((r) => ['Document', 'Script', 'Stylesheet'].includes(r.type))
        .map((r) => ({ url: new URL(r.url).pathname, type: r.type, status: r.status, encoding: r.encoding, cacheControl: r.cacheControl })),
    }),
  };
}

/** LCP (last candidate) and CLS (sum of shifts without recent input) from the buffered entries. */
async function vitals(page: Page): Promise<{ lcpMs: number | null; cls: number; shifts: string[] }> {
  // Browser code as text: bench/ is type-checked without the DOM library.
  return page.evaluate(`new Promise((resolve) => {
    let lcp = null;
    let cls = 0;
    new PerformanceObserver((list) => { for (const entry of list.getEntries()) lcp = entry.startTime; })
      .observe({ type: 'largest-contentful-paint', buffered: true });
    const shifts = [];
    const describe = (node) => node ? (node.nodeName + (node.id ? '#' + node.id : '') + (node.className && typeof node.className === 'string' ? '.' + node.className.trim().split(/\\s+/).slice(0, 3).join('.') : '') + ' "' + (node.textContent || '').trim().slice(0, 40) + '"') : '?';
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        cls += entry.value;
        shifts.push(entry.value.toFixed(3) + ' at ' + Math.round(entry.startTime) + ' ms: ' + (entry.sources || []).map((source) => describe(source.node)).join(' | '));
      }
    }).observe({ type: 'layout-shift', buffered: true });
    // Buffered entries arrive in a task after observe().
    setTimeout(() => resolve({ lcpMs: lcp, cls, shifts }), 100);
  })`);
}

/** What each page shows once it is ready: the run waits for it, then for a quiet network. */
const READY: Record<Exclude<PageName, 'signIn'>, { path: string; ready: (page: Page) => Promise<unknown> }> = {
  login: { path: '/login', ready: (page) => page.getByRole('heading', { name: 'Sign in to Rampart' }).waitFor() },
  dashboard: { path: '/dashboard', ready: (page) => page.locator('main h1').first().waitFor() },
  transactions: { path: '/transactions', ready: (page) => page.locator('main table tbody tr').first().waitFor() },
};

async function measure(browser: Browser, baseUrl: string, name: PageName): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: baseUrl });
  try {
    if (name === 'dashboard' || name === 'transactions') {
      const session = await apiSignIn(baseUrl);
      await context.addCookies(session.cookies.map((cookie) => ({ ...cookie, url: baseUrl })));
      await context.addInitScript(`window.localStorage.setItem('csrfToken', ${JSON.stringify(session.csrfToken)})`);
    }
    const page = await context.newPage();
    const network = await instrument(context, page);
    if (name === 'signIn') {
      await page.goto('/login');
      await READY.login.ready(page);
      await page.getByLabel('E-mail').fill(DEMO.email);
      await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL('**/dashboard', { timeout: 60_000 });
      await READY.dashboard.ready(page);
      await network.quiet();
      return { ...network.finish(), lcpMs: null, cls: 0 };
    }
    await page.goto(READY[name].path, { timeout: 60_000 });
    await READY[name].ready(page);
    // Late layout shifts (a table filling in, a font) count too.
    await network.quiet();
    const { shifts, ...measured } = await vitals(page);
    // Which elements moved, for finding the cause of a layout shift.
    if (process.env.WEB_PERF_VERBOSE) for (const shift of shifts) console.log(`    layout shift ${shift}`);
    return { ...network.finish(), ...measured };
  } finally {
    await context.close();
  }
}

function summarize(name: PageName, runs: number, measured: Run[]): WebPageResult {
  const lcps = measured.map((run) => run.lcpMs).filter((value): value is number => value !== null);
  return {
    page: name,
    runs,
    jsBytes: median(measured.map((run) => run.bytesByType.Script ?? 0)),
    cssBytes: median(measured.map((run) => run.bytesByType.Stylesheet ?? 0)),
    totalBytes: median(measured.map((run) => run.totalBytes)),
    requests: median(measured.map((run) => run.requests)),
    lcpMs: name === 'signIn' || lcps.length === 0 ? null : median(lcps),
    cls: median(measured.map((run) => run.cls)),
    headers: measured[0]!.headers,
  };
}

export interface WebPerfResults {
  current: WebPageResult[];
  /** With WEB_PERF_BASELINE (a checkout) the same runs against it, taking turns with the current app. */
  baseline: WebPageResult[] | null;
}

/**
 * Measures the current app, and with WEB_PERF_BASELINE=<checkout> (its build in WEB_PERF_BASELINE_DIST) a second
 * server of that checkout, run for run in turns: both then see the same load of a shared machine.
 */
export async function runWebPerfBench(log: (line: string) => void): Promise<WebPerfResults> {
  const runs = Number(process.env.WEB_PERF_RUNS ?? 5);
  const servers: Array<{ label: string; baseUrl: string; stop: () => Promise<void> }> = [];
  try {
    servers.push({
      label: 'current',
      ...(process.env.WEB_PERF_URL ? { baseUrl: process.env.WEB_PERF_URL.replace(/\/$/, ''), stop: async () => {} } : await startServer(log)),
    });
    if (process.env.WEB_PERF_BASELINE) {
      const repo = path.resolve(process.env.WEB_PERF_BASELINE);
      const webDist = path.resolve(process.env.WEB_PERF_BASELINE_DIST ?? path.join(repo, 'apps/web/dist'));
      servers.push({
        label: 'baseline',
        ...(await startServer(log, {
          repo,
          webDist,
          port: Number(process.env.WEB_PERF_PORT ?? 3503) + 2,
          postgresPort: String(Number(process.env.BENCH_POSTGRES_PORT ?? 5498) - 1),
          name: 'bench-web-baseline',
        })),
      });
    }
    for (const server of servers) {
      const host = new URL(server.baseUrl).hostname;
      if (!['127.0.0.1', 'localhost', '[::1]'].includes(host)) throw new Error(`The web benchmark only measures loopback, not ${host}.`);
      await waitForHealth(`${server.baseUrl}/healthz`, null, 60_000);
    }
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    try {
      const results = new Map<string, WebPageResult[]>(servers.map((server) => [server.label, []]));
      for (const name of ['login', 'dashboard', 'transactions', 'signIn'] as const) {
        const measured = new Map<string, Run[]>(servers.map((server) => [server.label, []]));
        // One unmeasured run first: the server's own caches (index.html, the first query plans) are then warm.
        for (const server of servers) await measure(browser, server.baseUrl, name);
        for (let index = 0; index < runs; index += 1) {
          for (const server of index % 2 ? [...servers].reverse() : servers) {
            const run = await measure(browser, server.baseUrl, name);
            measured.get(server.label)!.push(run);
            log(
              `  ${servers.length > 1 ? `[${server.label}] ` : ''}${LABELS[name]} run ${index + 1}/${runs}: JS ${kb(run.bytesByType.Script ?? 0)} KB, total ${kb(run.totalBytes)} KB in ${run.requests} requests` +
                (name === 'signIn' ? '' : `, LCP ${run.lcpMs === null ? '—' : Math.round(run.lcpMs)} ms, CLS ${run.cls.toFixed(3)}`),
            );
          }
        }
        for (const server of servers) results.get(server.label)!.push(summarize(name, runs, measured.get(server.label)!));
      }
      return { current: results.get('current')!, baseline: results.get('baseline') ?? null };
    } finally {
      await browser.close();
    }
  } finally {
    for (const server of servers) await server.stop();
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export function webVerdict(results: WebPageResult[]) {
  const find = (name: PageName) => results.find((result) => result.page === name);
  const checks: Array<{ description: string; actual: string; pass: boolean }> = [];
  const login = find('login');
  if (login)
    checks.push({
      description: `/login cold: at most ${WEB_TARGETS.loginJsKb} KB of compressed JavaScript`,
      actual: `${kb(login.jsBytes)} KB`,
      pass: login.jsBytes <= WEB_TARGETS.loginJsKb * 1024,
    });
  const dashboard = find('dashboard');
  if (dashboard)
    checks.push({
      description: `/dashboard signed in, cold: at most ${WEB_TARGETS.dashboardTotalKb} KB in total`,
      actual: `${kb(dashboard.totalBytes)} KB`,
      pass: dashboard.totalBytes <= WEB_TARGETS.dashboardTotalKb * 1024,
    });
  for (const result of results.filter((r) => r.page !== 'signIn')) {
    checks.push({
      description: `${LABELS[result.page]}: LCP under ${WEB_TARGETS.lcpMs} ms at 4× CPU throttle`,
      actual: `${result.lcpMs === null ? '—' : Math.round(result.lcpMs)} ms`,
      pass: result.lcpMs !== null && result.lcpMs < WEB_TARGETS.lcpMs,
    });
    checks.push({ description: `${LABELS[result.page]}: CLS under ${WEB_TARGETS.cls}`, actual: result.cls.toFixed(3), pass: result.cls < WEB_TARGETS.cls });
  }
  return checks;
}

export function formatWebTable(results: WebPageResult[]): string {
  const rows = results.map(
    (r) =>
      `| ${LABELS[r.page]} | ${kb(r.jsBytes)} | ${kb(r.cssBytes)} | ${kb(r.totalBytes)} | ${r.requests} | ${r.lcpMs === null ? '—' : Math.round(r.lcpMs)} | ${r.page === 'signIn' ? '—' : r.cls.toFixed(3)} |`,
  );
  return ['| Page (cold cache, CPU 4× throttled) | JS KB | CSS KB | Total KB | Requests | LCP ms | CLS |', '|---|---:|---:|---:|---:|---:|---:|', ...rows].join(
    '\n',
  );
}

/** One line per distinct (type, encoding, cache-control) seen, with an example path. */
export function formatHeaders(results: WebPageResult[]): string {
  const seen = new Map<string, string>();
  for (const result of results) {
    for (const header of result.headers) {
      const key = `${header.type} | ${header.encoding || '(none)'} | ${header.cacheControl || '(none)'}`;
      if (!seen.has(key)) seen.set(key, header.url);
    }
  }
  return ['| Type | content-encoding | cache-control | Example |', '|---|---|---|---|', ...[...seen].map(([key, url]) => `| ${key} | \`${url}\` |`)].join('\n');
}

export function describeMachine(): string {
  const cpus = os.cpus();
  return `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, load average ${os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(' / ')}`;
}

export function formatWebReport({ current: results, baseline }: WebPerfResults): string {
  const checks = webVerdict(results);
  return [
    `Web performance (${describeMachine()}; median of ${results[0]?.runs ?? 0} cold runs per page after one warm-up run${baseline ? `; runs taking turns with the baseline ${process.env.WEB_PERF_BASELINE_LABEL ?? process.env.WEB_PERF_BASELINE}` : ''}):`,
    '',
    ...(baseline ? ['Baseline:', '', formatWebTable(baseline), '', 'Current:', ''] : []),
    formatWebTable(results),
    '',
    'Response headers seen (HTML, scripts, styles):',
    '',
    formatHeaders(results),
    ...(baseline ? ['', 'Baseline response headers:', '', formatHeaders(baseline)] : []),
    '',
    ...checks.map((check) => `${check.pass ? 'PASS' : 'FAIL'}  ${check.description}: ${check.actual}`),
  ].join('\n');
}

/** Records the latest run between the markers in docs/performance.md (the section around them is written by hand). */
export function writeWebSection(report: string): string {
  const doc = fs.readFileSync(performanceDoc, 'utf8');
  const block = `${START}\n${report}\n${END}`;
  const next =
    doc.includes(START) && doc.includes(END) ? doc.replace(new RegExp(`${escape(START)}[\\s\\S]*?${escape(END)}`), block) : `${doc.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(performanceDoc, next);
  return performanceDoc;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
