/**
 * What the cluster benchmarks (bench/chaos.ts, bench/cluster-scaling.ts) share: the cluster's programmatic API
 * (scripts/cluster/cluster.ts), a GraphQL client
 * with a cookie jar that classifies every outcome, the partner and staff set-up on the primary, machine figures, and the
 * writer of the "Cluster under failure (issue 19)" section of docs/performance.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/lib/password-policy.ts';
import { currentStep, totpCode } from '../apps/server/src/modules/identity/totp.ts';
import { generateTransactions } from '../apps/server/src/modules/transactions/generator.ts';
import { rebuildRollups } from '../apps/server/src/modules/transactions/rollups.ts';
import { startCluster, stopCluster, type RunningCluster } from '../scripts/cluster/cluster.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '..');

export type { ClusterProcess, RunningCluster } from '../scripts/cluster/cluster.ts';

/** D's own ports and directory (contract: B 7100, C 7000, D 7200, default 7300). */
export const CLUSTER_DIR = process.env.BENCH_CLUSTER_DIR ?? '.data/cluster-d';
export const CLUSTER_PORT_BASE = Number(process.env.BENCH_CLUSTER_PORT_BASE ?? 7200);

/** Starts the benchmark's cluster (stopping a leftover one of an earlier, interrupted run first). */
export async function startBenchCluster(
  log: (line: string) => void,
  env: Record<string, string> = {},
): Promise<{ cluster: RunningCluster; stop: () => Promise<void> }> {
  await stopCluster(CLUSTER_DIR).catch(() => {});
  const started = Date.now();
  const cluster = await startCluster({
    dir: CLUSTER_DIR,
    portBase: CLUSTER_PORT_BASE,
    apiProcesses: 3,
    workers: 2,
    // Empty databases each run, and no demo organization: the benchmark sets up its own account.
    fresh: true,
    seedDemo: false,
    log: (line) => log(`  [cluster] ${line}`),
    env: {
      // The cluster sets these too: every client is 127.0.0.1, and the partner's endpoint is on loopback.
      RATE_LIMIT_PER_MINUTE: '1000000',
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
      ...env,
    },
  });
  log(
    `Cluster up in ${((Date.now() - started) / 1000).toFixed(1)} s: ${cluster.url} (APIs ${cluster.apis.map((a) => `${a.name}:${a.port}`).join(', ')}; workers ${cluster.workers.map((w) => w.name).join(', ')})`,
  );
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await cluster.stop().catch(async (error: unknown) => {
      log(`cluster.stop failed (${String(error)}); stopping by pid`);
      await stopCluster(CLUSTER_DIR);
    });
  };
  return { cluster, stop };
}

// ---------------------------------------------------------------------------------------------------------------------
// The client

export type Outcome =
  { ok: true; status: number; data: Record<string, any> } | { ok: false; status: number; kind: string; message: string; data?: Record<string, any> | null };

/**
 * A browser-like GraphQL client: a cookie jar (the session cookie and B's read-after cookie), the CSRF token, and an
 * outcome for every request — `network:<code>` when no response came, `http-<status>` for a proxy or server error page,
 * `graphql:<code>` for an error answer.
 */
export class ClusterClient {
  readonly cookies = new Map<string, string>();
  csrfToken = '';
  constructor(readonly baseUrl: string) {}

  async gql(query: string, variables: Record<string, unknown> = {}, timeoutMs = 15_000): Promise<Outcome> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'apollo-require-preflight': 'true',
          'x-csrf-token': this.csrfToken,
          ...(cookie ? { cookie } : {}),
        },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause;
      const name = (error as Error).name;
      return {
        ok: false,
        status: 0,
        kind: `network:${cause?.code ?? (name === 'TimeoutError' ? 'timeout' : name)}`,
        message: String((error as Error).message),
      };
    }
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0\b/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    let text = '';
    try {
      text = await response.text();
    } catch (error) {
      return { ok: false, status: response.status, kind: 'network:body', message: String(error) };
    }
    let body: { data?: Record<string, any> | null; errors?: Array<{ message: string; extensions?: { code?: string } }> } | null = null;
    try {
      body = JSON.parse(text);
    } catch {
      return { ok: false, status: response.status, kind: `http-${response.status}`, message: text.slice(0, 200) };
    }
    if (body?.errors?.length) {
      const first = body.errors[0]!;
      return {
        ok: false,
        status: response.status,
        kind: response.status >= 500 ? `http-${response.status}` : `graphql:${first.extensions?.code ?? 'UNKNOWN'}`,
        message: first.message,
        data: body.data ?? null,
      };
    }
    if (response.status !== 200 || !body?.data) return { ok: false, status: response.status, kind: `http-${response.status}`, message: text.slice(0, 200) };
    return { ok: true, status: response.status, data: body.data };
  }

  async login(email: string, password: string, otpToken?: string): Promise<Outcome> {
    const outcome = await this.gql(
      'mutation($email: String!, $password: String!, $otpToken: String) { login(email: $email, password: $password, otpToken: $otpToken) { csrfToken preAuthenticated } }',
      { email, password, otpToken: otpToken ?? null },
    );
    if (outcome.ok && outcome.data.login?.csrfToken) this.csrfToken = outcome.data.login.csrfToken;
    return outcome;
  }
}

export const LIST_QUERY = `query List($accountId: ID!, $skip: Int, $take: Int) {
  sellTransactions(accountId: $accountId, liveMode: false, skip: $skip, take: $take) {
    totalCount isTotalExact items { id status createdAt baseCurrencyAmount quoteCurrencyAmount externalCustomerId }
  }
}`;

// ---------------------------------------------------------------------------------------------------------------------
// Set-up on the primary

export const BENCH_PASSWORD = 'chaos-bench-password-2026!';
/** The bench's staff user has two-factor authentication on, as staff must (issue 32); this is its TOTP secret. */
export const BENCH_STAFF_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
export const benchStaffTotpNow = () => totpCode(BENCH_STAFF_TOTP_SECRET, currentStep());

export interface BenchAccount {
  accountId: string;
  partners: string[];
  staff: string;
  transactions: number;
  /** Sell transactions in progress (pending), which staff can freeze and approve back and forth. */
  inProgress: string[];
}

/**
 * A partner organization with one account, `partners` administrators and a staff user (FraudManager: may freeze and
 * approve sell transactions), plus `transactions` generated test-mode transactions with their rollups (the generator).
 * Written directly on the primary (superuser), like a provider's own back office would; everything after goes through HAProxy.
 */
export async function setUpAccount(
  primaryUrl: string,
  options: { partners: number; transactions: number; inProgress: number; tag: string },
  log: (line: string) => void,
): Promise<BenchAccount> {
  const pool = new pg.Pool({ connectionString: primaryUrl, max: 4 });
  try {
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const email = (who: string) => `${who}-${options.tag}@bench.example.com`;
    const user = async (who: string, adminRole: string | null) =>
      (
        await pool.query<{ id: string }>(
          `insert into users (email, first_name, last_name, password_hash, is_email_verified, admin_role, otp_secret, is_otp_enabled) values ($1, 'Bench', $2, $3, true, $4, $5, $6) returning id`,
          [email(who), who, passwordHash, adminRole, adminRole ? BENCH_STAFF_TOTP_SECRET : null, adminRole !== null],
        )
      ).rows[0]!.id;
    const owner = await user('partner-0', null);
    const org = await pool.query<{ id: string }>(`insert into organizations (name, owner_id) values ($1, $2) returning id`, [
      `Chaos Bench ${options.tag}`,
      owner,
    ]);
    const account = await pool.query<{ id: string }>(`insert into accounts (organization_id, name, is_verified) values ($1, $2, true) returning id`, [
      org.rows[0]!.id,
      `Chaos Bench ${options.tag}`,
    ]);
    const accountId = account.rows[0]!.id;
    const partners = [email('partner-0')];
    const partnerIds = [owner];
    for (let i = 1; i < options.partners; i += 1) {
      partnerIds.push(await user(`partner-${i}`, null));
      partners.push(email(`partner-${i}`));
    }
    for (const id of partnerIds) {
      await pool.query(`insert into memberships (account_id, user_id, role, has_accepted_invite, joined_at) values ($1, $2, 'administrator', true, now())`, [
        accountId,
        id,
      ]);
    }
    await user('staff', 'FraudManager');
    const started = Date.now();
    const generated = await generateTransactions(pool, { accountId, live: 0, test: options.transactions, days: 60, seed: 19 });
    // The generator's sells are mostly finished; the newest `inProgress` of them are put back in progress (pending, with
    // the history entry that says so), and the rollups rebuilt, so staff have transactions to move.
    const moved = await pool.query<{ id: string }>(
      `update transactions set status = 'pending', failure_reason = null,
         status_history = status_history || jsonb_build_array(jsonb_build_object('status', 'pending', 'at', now(), 'by', null, 'reason', 'chaos bench set-up'))
       where id in (select id from transactions where account_id = $1 and kind = 'sell' order by created_at desc limit $2) returning id`,
      [accountId, options.inProgress],
    );
    await rebuildRollups(pool, accountId);
    log(
      `Set up account ${accountId}: ${options.partners} partner users, a FraudManager, ${generated.transactions} test transactions (${generated.customers} customers; ${moved.rows.length} sells in progress) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return { accountId, partners, staff: email('staff'), transactions: generated.transactions, inProgress: moved.rows.map((row) => row.id) };
  } finally {
    await pool.end();
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// Figures and the report

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** All CPU time the machine spent (user, nice, system, irq, softirq), in microseconds, from /proc/stat. */
export function machineCpuMicros(): number {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = line;
  return ((user + nice + system + irq + softirq) * 1_000_000) / 100;
}

/**
 * CPU time (user + system) of a process, in microseconds, from /proc/<pid>/stat, with that of its children that exited
 * (PostgreSQL's backends end up in the postmaster's); 0 when it is gone.
 */
export function processCpuMicros(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 1_000_000) / 100;
  } catch {
    return 0;
  }
}

/** CPU time of a process and all its descendants (an npm/tsx wrapper's child does the work). */
export function treeCpuMicros(pid: number): number {
  let total = processCpuMicros(pid);
  for (const child of childrenOf(pid)) total += treeCpuMicros(child);
  return total;
}

function childrenOf(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
  } catch {
    return [];
  }
}

/** The cluster's processes by tier, from <dir>/pids.json (npm run cluster records every process it starts there). */
export function clusterPids(dir: string): Record<'api' | 'worker' | 'database' | 'haproxy' | 'other', number[]> {
  const tiers = { api: [] as number[], worker: [] as number[], database: [] as number[], haproxy: [] as number[], other: [] as number[] };
  let records: Array<{ name: string; pid: number }> = [];
  try {
    records = JSON.parse(fs.readFileSync(path.resolve(repoRoot, dir, 'pids.json'), 'utf8'));
  } catch {
    return tiers;
  }
  for (const record of records) {
    const tier = /^api/.test(record.name)
      ? 'api'
      : /^worker/.test(record.name)
        ? 'worker'
        : /postgres|pgbouncer/.test(record.name)
          ? 'database'
          : /haproxy/.test(record.name)
            ? 'haproxy'
            : 'other';
    tiers[tier].push(record.pid);
  }
  return tiers;
}

export function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
}

export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

const HEADING = '## Cluster under failure (issue 19)';
const INTRO = `${HEADING}

\`npm run cluster\` runs Rampart on this machine as a production deployment would (docs/scaling.md): HAProxy in front
of three API processes, two worker processes, PgBouncer in transaction mode, PostgreSQL as a primary with a synchronous
streaming replica under Patroni and etcd, with pgBackRest archiving (issue 39). Two benchmarks start such a cluster of their own (\`.data/cluster-d\`, ports from 7200) and stop it by pid at
the end; neither is part of \`npm test\`: \`npm run bench -- --chaos\` and \`npm run bench -- --cluster-scaling\`.
`;

/** Writes one generated block (between its own markers) under the issue 19 heading of docs/performance.md. */
export function writeClusterSection(key: 'chaos' | 'scaling', body: string): string {
  const doc = path.join(repoRoot, 'docs/performance.md');
  const start = `<!-- bench:cluster-${key}:start (written by npm run bench -- --${key === 'chaos' ? 'chaos' : 'cluster-scaling'}; edit outside the markers) -->`;
  const startPrefix = `<!-- bench:cluster-${key}:start`;
  const end = `<!-- bench:cluster-${key}:end -->`;
  const block = `${start}\n${body.trim()}\n${end}`;
  let current = fs.readFileSync(doc, 'utf8');
  if (!current.includes(HEADING)) current = `${current.trimEnd()}\n\n${INTRO}\n`;
  const from = current.indexOf(startPrefix);
  const to = current.indexOf(end);
  let next: string;
  if (from >= 0 && to > from) next = current.slice(0, from) + block + current.slice(to + end.length);
  else {
    // Chaos first, then scaling, both after the heading's introduction (and before any later top-level section).
    const headingAt = current.indexOf(HEADING);
    const afterHeading = current.indexOf('\n## ', headingAt + HEADING.length);
    const scalingAt = current.indexOf('<!-- bench:cluster-scaling:start');
    const insertAt = key === 'chaos' && scalingAt > headingAt ? scalingAt : afterHeading >= 0 ? afterHeading + 1 : current.length;
    const before = current.slice(0, insertAt).trimEnd();
    const after = current.slice(insertAt);
    next = `${before}\n\n${block}\n${after ? `\n${after.replace(/^\n+/, '')}` : ''}`;
  }
  fs.writeFileSync(doc, next.endsWith('\n') ? next : `${next}\n`);
  return path.relative(repoRoot, doc);
}
