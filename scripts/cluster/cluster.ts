/**
 * `npm run cluster`: Rampart as a cluster on this machine, from the same parts a production deployment uses
 * (docs/scaling.md, docs/operations.md): two PostgreSQL 15 nodes run by Patroni with etcd (synchronous replication,
 * automatic failover), pgBackRest archiving every WAL segment and taking backups into a repository in the cluster
 * directory, HAProxy in front of the API processes (WORKER_MODE=off) and in front of PostgreSQL (writes to whichever node
 * Patroni reports as primary, reads to the replica), PgBouncer in transaction mode behind HAProxy, separate worker
 * processes, and one local chain (anvil) for all of them. Debian's haproxy, pgbouncer, postgresql-15, patroni,
 * etcd-server and pgbackrest are installed with apt-get when missing (as root).
 *
 * Configuration comes from the templates under deploy/, rendered into the cluster directory. Every process started
 * is recorded in <dir>/pids.json, so `stopCluster(dir)` (`npm run cluster -- --stop`) stops them by pid, even from
 * another process than the one that started them.
 *
 * Ports from portBase P: HAProxy P, its stats page P+1, API processes P+10…, workers' HTTP P+20…, the API
 * processes' development identity providers P+30…, PgBouncer P+40, PostgreSQL nodes pg1 P+41 and pg2 P+42, anvil P+43,
 * etcd P+44 (peers P+45), Patroni's REST API of pg1 P+46 and pg2 P+47, HAProxy's PostgreSQL primary P+48 and replicas
 * P+49.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { execFileSync, spawn, spawnSync, type SpawnOptions } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../..');
const deployDir = path.join(repoRoot, 'deploy');

export interface ClusterOptions {
  /** Where data, rendered configuration, logs and pids.json live; default .data/cluster. */
  dir?: string;
  /** First port of the layout above; default 7300. */
  portBase?: number;
  apiProcesses?: number;
  workers?: number;
  log?: (line: string) => void;
  /** Extra environment for the API and worker processes (after the cluster's own). */
  env?: Record<string, string>;
  /** Start from empty databases (removes <dir> first). Default: reuse the data of an earlier run in <dir>. */
  fresh?: boolean;
  /** Seed the demo organization and its ~20,000 transactions once (default true). */
  seedDemo?: boolean;
}

export interface ClusterProcess {
  name: string;
  pid: number;
  port: number;
  url: string;
  /** Sends the signal (default SIGTERM) to the process; it is not restarted. */
  kill(signal?: NodeJS.Signals): void;
  /** Starts it again (after a kill) with the same configuration; resolves once it is ready. */
  restart(): Promise<void>;
}

export interface RunningCluster {
  /** HAProxy's front end. */
  url: string;
  apis: ClusterProcess[];
  workers: ClusterProcess[];
  /**
   * postgres:// URLs (the superuser `rampart`) of the primary and the replica through HAProxy, which follows Patroni's
   * leader: whichever node is primary now.
   */
  primaryUrl: string;
  replicaUrl: string;
  /** PgBouncer, database rampart (the primary); rampart_replica is the replica. */
  pgbouncerUrl: string;
  dir: string;
  /**
   * Restarts the replica node (its Patroni stops PostgreSQL and exits), then `whileDown` (if given) while it is down,
   * then starts it again; resolves once it streams from the primary again.
   */
  restartReplica(whileDown?: () => Promise<void>): Promise<void>;
  /** PgBouncer (kill and restart it like the API processes). */
  pgbouncer: ClusterProcess;
  /** The PostgreSQL nodes as Patroni runs them. */
  database: DatabaseNodes;
  /** A pgBackRest backup into the cluster's repository (incremental unless said otherwise). */
  backup(type?: BackupType): Promise<BackupInfo>;
  haproxy: {
    /** `set server api/<name> state …` on HAProxy's admin socket (name: api1, api2, …). */
    setServerState(name: string, state: 'ready' | 'drain' | 'maint'): Promise<void>;
    /** `show stat` (CSV). */
    stats(): Promise<string>;
  };
  stop(): Promise<void>;
}

interface PidRecord {
  name: string;
  pid: number;
  /** Text the process's command line contains: a recycled pid is never signalled. */
  command: string;
  /** PostgreSQL servers are stopped with pg_ctl (a Patroni's too, should it have left its PostgreSQL running). */
  dataDir?: string;
  /** A Patroni node: its REST API port (replicas are stopped before the primary). */
  restPort?: number;
}

export interface DatabaseNode {
  name: string;
  pgPort: number;
  restPort: number;
  /** postgres:// URL of this node itself (not through HAProxy). */
  url: string;
  dataDir: string;
}

export interface DatabaseMember {
  name: string;
  /** Patroni's role: leader, sync_standby or replica. */
  role: string;
  /** running, streaming, stopped, starting, … */
  state: string;
  timeline?: number;
  lag?: number | string;
}

export interface DatabaseNodes {
  nodes: DatabaseNode[];
  /** The members as Patroni reports them (GET /cluster on any node that answers). */
  members(): Promise<DatabaseMember[]>;
  /** The node Patroni reports as leader, or null while there is none. */
  leader(): Promise<string | null>;
  /** Sends a signal to a node's PostgreSQL server (its postmaster), not to Patroni; returns the pid signalled. */
  signalPostgres(name: string, signal: NodeJS.Signals): number;
  /** A planned switchover to the replica (Patroni's POST /switchover); resolves once the new primary takes writes. */
  switchover(): Promise<{ from: string; to: string }>;
  /** Resolves once there is a leader and every other node is a synchronous standby streaming from it. */
  waitHealthy(timeoutMs?: number): Promise<void>;
  /**
   * Patroni's maintenance mode (`patronictl pause`/`resume`): Patroni leaves PostgreSQL alone — no failover, and a
   * replica's paused WAL replay stays paused. Resolves once every node's Patroni has taken it up.
   */
  maintenance(on: boolean): Promise<void>;
}

export type BackupType = 'full' | 'diff' | 'incr';

export interface BackupInfo {
  label: string;
  type: BackupType;
  /** Unix seconds. */
  startedAt: number;
  stoppedAt: number;
  /** Size of the database and of the backup in the repository (bytes). */
  databaseBytes: number;
  repositoryBytes: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Packages and users

function postgresBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs
    .readdirSync(base)
    .filter((name) => /^\d+$/.test(name) && Number(name) >= 15 && fs.existsSync(path.join(base, name, 'bin', 'pg_basebackup')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : null;
}

function which(binary: string): string | null {
  for (const directory of ['/usr/sbin', '/usr/bin', '/sbin', '/bin', ...(process.env.PATH ?? '').split(':')]) {
    const candidate = path.join(directory, binary);
    if (directory && fs.existsSync(candidate)) return candidate;
  }
  return null;
}

interface Binaries {
  haproxy: string;
  pgbouncer: string;
  pgBin: string;
  patroni: string;
  etcd: string;
  pgbackrest: string;
}

/** Debian's haproxy, pgbouncer, postgresql-15, patroni, etcd-server and pgbackrest, installed with apt-get when missing (root only). */
export function ensurePackages(log: (line: string) => void = () => {}): Binaries {
  const find = () => ({
    haproxy: which('haproxy'),
    pgbouncer: which('pgbouncer'),
    pgBin: postgresBin(),
    patroni: which('patroni'),
    etcd: which('etcd'),
    pgbackrest: which('pgbackrest'),
  });
  let found = find();
  const missing = () =>
    [
      !found.haproxy && 'haproxy',
      !found.pgbouncer && 'pgbouncer',
      !found.pgBin && 'postgresql-15',
      !found.patroni && 'patroni',
      !found.etcd && 'etcd-server',
      !found.pgbackrest && 'pgbackrest',
    ].filter(Boolean) as string[];
  if (missing().length) {
    const names = missing();
    if (process.getuid?.() !== 0 || !which('apt-get')) {
      throw new Error(
        `The cluster needs Debian's ${names.join(', ')}: install with \`sudo apt-get install ${names.join(' ')}\` (or run as root, and it installs them).`,
      );
    }
    log(`Installing ${names.join(', ')} with apt-get...`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [
      ['update', '-qq'],
      ['install', '-y', '-qq', ...names],
    ]) {
      const run = spawnSync('apt-get', args, { env, encoding: 'utf8' });
      if (run.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed:\n${(run.stderr || run.stdout).slice(-2000)}`);
    }
    found = find();
    if (missing().length) throw new Error(`apt-get did not provide ${missing().join(', ')}`);
  }
  return found as Binaries;
}

interface RunAs {
  uid?: number;
  gid?: number;
}

/** PostgreSQL refuses to run as root, and PgBouncer too: as root, they (and Patroni, pgBackRest) run as Debian's `postgres` user. */
function serviceUser(): RunAs {
  if (process.getuid?.() !== 0) return {};
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    throw new Error(
      'Running as root, the cluster runs PostgreSQL and PgBouncer as the `postgres` user, which does not exist (apt-get install postgresql-15 creates it).',
    );
  }
}

function chownTree(target: string, user: RunAs) {
  if (user.uid === undefined) return;
  fs.chownSync(target, user.uid, user.gid!);
  if (fs.statSync(target).isDirectory()) for (const entry of fs.readdirSync(target)) chownTree(path.join(target, entry), user);
}

/** The first parent of `directory` the service user cannot search (no execute bit for others), or null. */
function unreachableParent(directory: string, user: RunAs): string | null {
  if (user.uid === undefined) return null;
  let current = path.resolve(directory);
  while (current !== path.dirname(current)) {
    current = path.dirname(current);
    if ((fs.statSync(current).mode & 0o001) === 0) return current;
  }
  return null;
}

/**
 * Where PostgreSQL's and PgBouncer's files go: inside the cluster directory when the `postgres` user can reach it,
 * else (a checkout under /root, say) in a directory of its own under its home, /var/lib/postgresql.
 */
function serviceRootFor(dir: string, user: RunAs): string {
  const blocked = unreachableParent(dir, user);
  if (!blocked) return dir;
  const home = '/var/lib/postgresql';
  if (!fs.existsSync(home) || unreachableParent(path.join(home, 'x'), user)) {
    throw new Error(`The postgres user cannot reach ${dir}: ${blocked} is not searchable by others (chmod o+x ${blocked}, or choose another --dir).`);
  }
  return path.join(home, `rampart-cluster-${crypto.createHash('sha256').update(dir).digest('hex').slice(0, 12)}`);
}

/** Runs a command to its end (without blocking the event loop: other parts start meanwhile). */
function run(command: string, args: string[], options: { user?: RunAs; env?: NodeJS.ProcessEnv; what: string; input?: string }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: options.env ?? process.env,
      uid: options.user?.uid,
      gid: options.user?.gid,
      cwd: '/',
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    if (options.input !== undefined) child.stdin!.end(options.input);
    let output = '';
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      output = (output + chunk.toString('utf8')).slice(-3000);
    });
    child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-3000)));
    child.on('error', (error) => reject(new Error(`${options.what} failed: ${error.message}`)));
    child.on('close', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`${options.what} failed (${command} ${args.join(' ')}, exit ${code}):\n${output.trim()}`)),
    );
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Templates, ports, pids

/** A deploy/ template with every {{NAME}} filled in; a placeholder without a value is an error. */
export function renderTemplate(relativePath: string, values: Record<string, string | number>): string {
  const text = fs.readFileSync(path.join(deployDir, relativePath), 'utf8');
  return text.replace(/\{\{([A-Z_]+)\}\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`deploy/${relativePath}: no value for {{${name}}}`);
    return String(values[name]);
  });
}

/** The processes with a TCP socket on one of these local ports (from /proc: Linux, and every process only as root). */
export function portHolders(ports: number[]): Array<{ port: number; state: string; pid: number; command: string }> {
  const wanted = new Set(ports);
  const sockets = new Map<string, { port: number; state: string }>();
  const states: Record<string, string> = { '01': 'established', '06': 'time-wait', '0A': 'listening' };
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = fs.readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const port = parseInt(fields[1]?.split(':').at(-1) ?? '', 16);
      if (wanted.has(port)) sockets.set(fields[9]!, { port, state: states[fields[3]!] ?? `state ${fields[3]}` });
    }
  }
  const holders: Array<{ port: number; state: string; pid: number; command: string }> = [];
  if (!sockets.size) return holders;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[] = [];
    try {
      fds = fs.readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let target = '';
      try {
        target = fs.readlinkSync(`/proc/${entry}/fd/${fd}`);
      } catch {
        continue;
      }
      const socket = sockets.get(/^socket:\[(\d+)\]$/.exec(target)?.[1] ?? '');
      if (!socket) continue;
      let command = '?';
      try {
        command = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim().slice(0, 200);
      } catch {
        // gone meanwhile
      }
      holders.push({ ...socket, pid: Number(entry), command });
    }
  }
  return holders.sort((a, b) => a.port - b.port);
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function pidsFile(dir: string) {
  return path.join(dir, 'pids.json');
}

function readPids(dir: string): PidRecord[] {
  try {
    return JSON.parse(fs.readFileSync(pidsFile(dir), 'utf8')) as PidRecord[];
  } catch {
    return [];
  }
}

function recordPid(dir: string, record: PidRecord) {
  const records = readPids(dir).filter((each) => each.name !== record.name);
  records.push(record);
  fs.writeFileSync(pidsFile(dir), `${JSON.stringify(records, null, 2)}\n`);
}

function isRunning(pid: number, command?: string): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  if (!command) return true;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // A zombie (state Z) is gone for our purposes.
    if (/^\d+ \(.*\) Z/.test(stat)) return false;
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(command);
  } catch {
    return process.platform !== 'linux';
  }
}

async function waitGone(pid: number, command: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isRunning(pid, command)) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

function tail(file: string, lines = 30): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** A process that outlives its parent: own process group, output appended to its log file. */
function spawnDetached(command: string, args: string[], options: { log: string; env?: NodeJS.ProcessEnv; user?: RunAs; cwd?: string }): number {
  const out = fs.openSync(options.log, 'a');
  const spawnOptions: SpawnOptions = { detached: true, stdio: ['ignore', out, out], env: options.env ?? process.env, cwd: options.cwd ?? repoRoot };
  if (options.user?.uid !== undefined) Object.assign(spawnOptions, { uid: options.user.uid, gid: options.user.gid });
  const child = spawn(command, args, spawnOptions);
  fs.closeSync(out);
  child.on('error', () => {});
  child.unref();
  if (!child.pid) throw new Error(`Could not start ${command}`);
  return child.pid;
}

// ---------------------------------------------------------------------------------------------------------------
// Stop

/** Stops every process recorded in <dir>/pids.json (PostgreSQL with pg_ctl stop -m fast), then removes the file. */
export async function stopCluster(dir = '.data/cluster', log: (line: string) => void = () => {}): Promise<void> {
  dir = path.resolve(repoRoot, dir);
  const records = readPids(dir);
  if (!records.length) return;
  const user = serviceUser();
  const pgBin = postgresBin();
  // Front to back: the load balancer, the processes, the pooler, the database replicas, the primary, then etcd and the
  // chain. A primary stopped before its replica would hand over its leader key to it.
  const isPatroni = (record: PidRecord) => record.restPort !== undefined;
  const leaderNames = new Set<string>();
  await Promise.all(
    records.filter(isPatroni).map(async (record) => {
      if ((await httpStatus(`http://127.0.0.1:${record.restPort}/primary`)) === 200) leaderNames.add(record.name);
    }),
  );
  const order = (record: PidRecord) =>
    record.name === 'haproxy'
      ? 0
      : record.name === 'pgbouncer'
        ? 2
        : isPatroni(record)
          ? leaderNames.has(record.name)
            ? 4
            : 3
          : record.dataDir
            ? 4
            : record.name === 'anvil' || record.name === 'etcd'
              ? 5
              : 1;
  const groups = new Map<number, PidRecord[]>();
  for (const record of records) groups.set(order(record), [...(groups.get(order(record)) ?? []), record]);
  const postmasterRunning = (dataDir: string) => {
    try {
      const pid = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      return isRunning(pid, 'postgres') ? pid : null;
    } catch {
      return null;
    }
  };
  for (const key of [...groups.keys()].sort()) {
    await Promise.all(
      groups.get(key)!.map(async (record) => {
        if (isRunning(record.pid, record.command)) {
          if (!isPatroni(record) && record.dataDir && pgBin && postmasterRunning(record.dataDir)) {
            // A failed pg_ctl (the server died meanwhile) falls through to the signals below.
            await run(path.join(pgBin, 'pg_ctl'), ['stop', '-D', record.dataDir, '-m', 'fast', '-w', '-t', '20'], { user, what: 'pg_ctl stop' }).catch(
              () => {},
            );
          } else {
            try {
              // The API and worker processes stop at once on SIGINT: HAProxy is already gone, nothing to drain for.
              // Patroni stops its PostgreSQL (fast) on SIGTERM, then exits.
              process.kill(record.pid, record.command.startsWith('apps/server/') ? 'SIGINT' : 'SIGTERM');
            } catch {
              /* gone */
            }
          }
          if (!(await waitGone(record.pid, record.command, isPatroni(record) ? 40_000 : 10_000))) {
            log(`${record.name} (pid ${record.pid}) did not stop on SIGTERM; killing it`);
            try {
              process.kill(record.pid, 'SIGKILL');
            } catch {
              /* gone */
            }
            await waitGone(record.pid, record.command, 5_000);
          }
          log(`Stopped ${record.name} (pid ${record.pid})`);
        }
        // A Patroni killed with SIGKILL leaves its PostgreSQL running.
        if (isPatroni(record) && record.dataDir && pgBin && postmasterRunning(record.dataDir)) {
          await run(path.join(pgBin, 'pg_ctl'), ['stop', '-D', record.dataDir, '-m', 'fast', '-w', '-t', '20'], { user, what: 'pg_ctl stop' }).catch(() => {});
          log(`Stopped the PostgreSQL ${record.name} left running`);
        }
      }),
    );
  }
  fs.rmSync(pidsFile(dir), { force: true });
}

// ---------------------------------------------------------------------------------------------------------------
// Start

interface Secrets {
  databasePassword: string;
  keyEncryptionKey: string;
  fileLinkSecret: string;
}

function loadSecrets(dir: string): Secrets {
  const file = path.join(dir, 'secrets.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as Secrets;
  const secrets: Secrets = {
    databasePassword: crypto.randomBytes(18).toString('base64url'),
    keyEncryptionKey: crypto.randomBytes(32).toString('base64'),
    fileLinkSecret: crypto.randomBytes(32).toString('hex'),
  };
  fs.writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return secrets;
}

async function waitFor(what: string, check: () => Promise<boolean>, options: { timeoutMs: number; alive?: () => boolean; logFile?: string }) {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (options.alive && !options.alive())
      throw new Error(`${what} exited while starting${options.logFile ? `; last lines of ${options.logFile}:\n${tail(options.logFile)}` : ''}`);
    if (Date.now() > deadline)
      throw new Error(
        `${what} was not ready within ${Math.round(options.timeoutMs / 1000)} s${options.logFile ? `; last lines of ${options.logFile}:\n${tail(options.logFile)}` : ''}`,
      );
    await sleep(100);
  }
}

async function httpOk(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
  await response.arrayBuffer();
  return response.ok;
}

async function httpStatus(url: string): Promise<number> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

function adminSocketCommand(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    let output = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${command}\n`));
    socket.on('data', (chunk: string) => (output += chunk));
    socket.on('end', () => resolve(output));
    socket.on('error', reject);
    socket.setTimeout(5000, () => socket.destroy(new Error(`HAProxy's admin socket did not answer: ${command}`)));
  });
}

/** Unix socket paths must fit in sockaddr_un (108 bytes): a deep cluster directory puts the socket under /tmp. */
function haproxySocketPath(dir: string): string {
  const inside = path.join(dir, 'haproxy', 'admin.sock');
  if (Buffer.byteLength(inside) <= 100) return inside;
  return path.join('/tmp', `rampart-haproxy-${crypto.createHash('sha256').update(dir).digest('hex').slice(0, 12)}.sock`);
}

export async function startCluster(options: ClusterOptions = {}): Promise<RunningCluster> {
  const started = Date.now();
  const log = (line: string) => options.log?.(`[${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${line}`);
  const dir = path.resolve(repoRoot, options.dir ?? '.data/cluster');
  const P = options.portBase ?? 7300;
  const apiCount = options.apiProcesses ?? 3;
  const workerCount = options.workers ?? 2;
  const ports = {
    haproxy: P,
    stats: P + 1,
    api: (i: number) => P + 10 + i,
    worker: (i: number) => P + 20 + i,
    devIdp: (i: number) => P + 30 + i,
    pgbouncer: P + 40,
    node: (i: number) => P + 41 + i,
    anvil: P + 43,
    etcd: P + 44,
    etcdPeer: P + 45,
    patroni: (i: number) => P + 46 + i,
    pgPrimary: P + 48,
    pgReplicas: P + 49,
  };
  if (apiCount < 1 || apiCount > 9 || workerCount < 0 || workerCount > 9) throw new Error('1 to 9 API processes and 0 to 9 workers');

  const binaries = ensurePackages(log);
  const user = serviceUser();
  // Whatever an earlier run left in this directory is stopped first.
  await stopCluster(dir, log);
  // Its parents exist before serviceRootFor looks at their permissions (a fresh checkout has no .data yet).
  fs.mkdirSync(dir, { recursive: true });
  const serviceRoot = serviceRootFor(dir, user);
  if (options.fresh) for (const each of new Set([dir, serviceRoot])) fs.rmSync(each, { recursive: true, force: true });
  for (const sub of ['logs', 'data', 'haproxy', 'chain']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
  for (const sub of ['logs', 'pg', 'pg/run', 'patroni', 'etcd', 'pgbackrest', 'pgbackrest/repo', 'pgbackrest/lock', 'pgbackrest/spool'])
    fs.mkdirSync(path.join(serviceRoot, sub), { recursive: true, mode: 0o700 });
  chownTree(serviceRoot, user);
  if (serviceRoot !== dir)
    log(`The postgres user cannot reach ${dir}: PostgreSQL's, Patroni's, pgBackRest's and PgBouncer's files and logs are in ${serviceRoot}.`);
  const wanted = [
    ports.haproxy,
    ports.stats,
    ports.pgbouncer,
    ports.node(0),
    ports.node(1),
    ports.anvil,
    ports.etcd,
    ports.etcdPeer,
    ports.patroni(0),
    ports.patroni(1),
    ports.pgPrimary,
    ports.pgReplicas,
    ...Array.from({ length: apiCount }, (_, i) => [ports.api(i), ports.devIdp(i)]).flat(),
    ...Array.from({ length: workerCount }, (_, i) => ports.worker(i)),
  ];
  const taken = (await Promise.all(wanted.map(async (port) => ((await portIsFree(port)) ? null : port)))).filter((port) => port !== null);
  if (taken.length) {
    const holders = portHolders(taken).map((holder) => `\n  ${holder.port} (${holder.state}): pid ${holder.pid} ${holder.command}`);
    throw new Error(`Ports ${taken.join(', ')} on 127.0.0.1 are taken (portBase ${P}); stop what holds them or choose another portBase.${holders.join('')}`);
  }

  const secrets = loadSecrets(dir);
  const password = secrets.databasePassword;
  const logs = path.join(dir, 'logs');
  const serviceLogs = path.join(serviceRoot, 'logs');
  const primaryUrl = `postgres://rampart:${password}@127.0.0.1:${ports.pgPrimary}/rampart`;
  const replicaUrl = `postgres://rampart:${password}@127.0.0.1:${ports.pgReplicas}/rampart`;
  const pgbouncerUrl = `postgres://rampart:${password}@127.0.0.1:${ports.pgbouncer}/rampart`;
  const pgbouncerReplicaUrl = `postgres://rampart:${password}@127.0.0.1:${ports.pgbouncer}/rampart_replica`;
  const url = `http://127.0.0.1:${ports.haproxy}`;
  const socketDirectory = path.join(serviceRoot, 'pg', 'run');
  const writeAsService = (file: string, text: string, mode = 0o600) => {
    fs.writeFileSync(file, text, { mode });
    fs.chmodSync(file, mode);
    if (user.uid !== undefined) fs.chownSync(file, user.uid, user.gid!);
  };

  const nodes: PatroniNodeState[] = [0, 1].map((i) => {
    const name = `pg${i + 1}`;
    return {
      name,
      pgPort: ports.node(i),
      restPort: ports.patroni(i),
      dataDir: path.join(serviceRoot, 'pg', name),
      config: path.join(serviceRoot, 'patroni', `${name}.yml`),
      log: path.join(serviceLogs, `patroni-${name}.log`),
    };
  });
  const pgbackrestConfig = path.join(serviceRoot, 'pgbackrest', 'pgbackrest.conf');
  writeAsService(
    pgbackrestConfig,
    renderTemplate('pgbackrest/pgbackrest.conf', {
      REPO_PATH: path.join(serviceRoot, 'pgbackrest', 'repo'),
      LOG_PATH: serviceLogs,
      LOCK_PATH: path.join(serviceRoot, 'pgbackrest', 'lock'),
      SPOOL_PATH: path.join(serviceRoot, 'pgbackrest', 'spool'),
      STANZA,
      PG_NODES: nodes
        .map((node, i) =>
          [`pg${i + 1}-path=${node.dataDir}`, `pg${i + 1}-port=${node.pgPort}`, `pg${i + 1}-socket-path=${socketDirectory}`, `pg${i + 1}-user=rampart`].join(
            '\n',
          ),
        )
        .join('\n'),
    }),
    0o640,
  );
  // Rampart's PostgreSQL settings: Patroni includes the file before its own (port, listen address, replication).
  const customConf = path.join(serviceRoot, 'pg', 'rampart.conf');
  writeAsService(
    customConf,
    renderTemplate('postgresql/rampart.conf', { LISTEN_ADDRESS: '127.0.0.1', PORT: ports.node(0), SOCKET_DIRECTORY: socketDirectory }),
    0o640,
  );
  for (const node of nodes)
    writeAsService(
      node.config,
      renderTemplate('patroni/patroni.yml', {
        SCOPE: 'rampart',
        NAME: node.name,
        LISTEN_ADDRESS: '127.0.0.1',
        CONNECT_ADDRESS: '127.0.0.1',
        RESTAPI_PORT: node.restPort,
        ETCD_HOSTS: `127.0.0.1:${ports.etcd}`,
        // Fast failover on one machine: every node acts each second, a leader key lives 10 s without renewal.
        TTL: 10,
        LOOP_WAIT: 1,
        RETRY_TIMEOUT: 4,
        PG_PORT: node.pgPort,
        DATA_DIR: node.dataDir,
        BIN_DIR: binaries.pgBin,
        PGPASS: path.join(serviceRoot, 'patroni', `${node.name}.pgpass`),
        CUSTOM_CONF: customConf,
        PASSWORD: password,
        SOCKET_DIRECTORY: socketDirectory,
        PGBACKREST: binaries.pgbackrest,
        PGBACKREST_CONFIG: pgbackrestConfig,
        STANZA,
        LOG_DIRECTORY: serviceLogs,
        ALLOWED_ADDRESS: '127.0.0.1/32',
      }),
    );

  const socketPath = haproxySocketPath(dir);
  const state: ClusterState = {
    dir,
    url,
    primaryUrl,
    replicaUrl,
    pgbouncerUrl,
    password,
    socketPath,
    pgBin: binaries.pgBin,
    patroniBinary: binaries.patroni,
    pgbackrest: { binary: binaries.pgbackrest, config: pgbackrestConfig, socketDirectory },
    nodes,
    pgbouncer: {
      binary: binaries.pgbouncer,
      ini: path.join(serviceRoot, 'pgbouncer', 'pgbouncer.ini'),
      port: ports.pgbouncer,
      log: path.join(logs, 'pgbouncer.log'),
      ownLog: path.join(serviceRoot, 'pgbouncer', 'pgbouncer.log'),
    },
    processes: [],
  };
  // The steps started side by side. When one fails, the others are waited for before the stop: a step still running
  // would otherwise start its process (anvil, say) after the stop, and that process would outlive the run.
  const sideBySide: Array<Promise<unknown>> = [];

  try {
    // ---- HAProxy first: the migrations, PgBouncer and the workers reach PostgreSQL through it.
    const haproxyConfig = path.join(dir, 'haproxy', 'haproxy.cfg');
    const nodeServers = (check: string) =>
      nodes.map((node) => `    server ${node.name} 127.0.0.1:${node.pgPort} check port ${node.restPort}${check}`).join('\n');
    fs.writeFileSync(
      haproxyConfig,
      renderTemplate('haproxy/haproxy.cfg', {
        STATS_SOCKET: socketPath,
        BIND_ADDRESS: '127.0.0.1',
        PORT: ports.haproxy,
        STATS_PORT: ports.stats,
        API_SERVERS: Array.from({ length: apiCount }, (_, i) => `    server api${i + 1} 127.0.0.1:${ports.api(i)}`).join('\n'),
        PG_PRIMARY_PORT: ports.pgPrimary,
        PG_REPLICA_PORT: ports.pgReplicas,
        PG_PRIMARY_SERVERS: nodeServers(''),
        PG_REPLICA_SERVERS: nodeServers(''),
      }),
    );
    await run(binaries.haproxy, ['-c', '-q', '-f', haproxyConfig], { what: 'haproxy -c (configuration check)' });
    fs.rmSync(socketPath, { force: true });
    const haproxyLog = path.join(logs, 'haproxy.log');
    log(`Starting HAProxy on ${url} (PostgreSQL: primary 127.0.0.1:${ports.pgPrimary}, replicas 127.0.0.1:${ports.pgReplicas})...`);
    const haproxyPid = spawnDetached(binaries.haproxy, ['-db', '-f', haproxyConfig], { log: haproxyLog });
    recordPid(dir, { name: 'haproxy', pid: haproxyPid, command: 'haproxy' });

    // ---- etcd, then the first PostgreSQL node (Patroni bootstraps it, or starts the existing data directory).
    const etcdConfig = path.join(serviceRoot, 'etcd', 'etcd.conf.yml');
    writeAsService(
      etcdConfig,
      renderTemplate('etcd/etcd.conf.yml', {
        NAME: 'rampart-etcd',
        DATA_DIR: path.join(serviceRoot, 'etcd', 'data'),
        LISTEN_ADDRESS: '127.0.0.1',
        CONNECT_ADDRESS: '127.0.0.1',
        CLIENT_PORT: ports.etcd,
        PEER_PORT: ports.etcdPeer,
        INITIAL_CLUSTER: `rampart-etcd=http://127.0.0.1:${ports.etcdPeer}`,
      }),
      0o640,
    );
    log(`Starting etcd on 127.0.0.1:${ports.etcd}...`);
    const etcdLog = path.join(serviceLogs, 'etcd.log');
    const etcdPid = spawnDetached(binaries.etcd, ['--config-file', etcdConfig], { log: etcdLog, user, cwd: '/' });
    recordPid(dir, { name: 'etcd', pid: etcdPid, command: 'etcd' });
    await waitFor('etcd', async () => httpOk(`http://127.0.0.1:${ports.etcd}/health`), {
      timeoutMs: 20_000,
      alive: () => isRunning(etcdPid, 'etcd'),
      logFile: etcdLog,
    });

    // The node that holds data starts first (after a failover that may be pg2); a fresh cluster bootstraps pg1.
    const hasData = (node: PatroniNodeState) => fs.existsSync(path.join(node.dataDir, 'PG_VERSION'));
    const first = nodes.find(hasData) ?? nodes[0]!;
    const second = nodes.find((node) => node !== first)!;
    log(`Starting PostgreSQL node ${first.name} under Patroni on 127.0.0.1:${first.pgPort}${hasData(first) ? '' : ' (bootstrap: initdb)'}...`);
    await startPatroniNode(state, first, 'primary', log);
    await waitFor('the primary through HAProxy', async () => (await queryOnce(`${primaryUrl.replace(/\/rampart$/, '/postgres')}`, 'select 1')) !== null, {
      timeoutMs: 20_000,
      logFile: haproxyLog,
    });
    const admin = new pg.Client({ connectionString: primaryUrl.replace(/\/rampart$/, '/postgres') });
    await admin.connect();
    const exists = await admin.query(`select 1 from pg_database where datname = 'rampart'`);
    if (!exists.rowCount) await admin.query('create database rampart');
    await admin.end();

    // ---- In parallel: the replica (Patroni clones it with pg_basebackup), pgBackRest's stanza, PgBouncer, anvil,
    // migrations + demo seed on the primary.
    const replica = (async () => {
      log(`Starting PostgreSQL node ${second.name} under Patroni on 127.0.0.1:${second.pgPort} (replica)...`);
      await startPatroniNode(state, second, 'replica', log);
    })();
    const stanza = (async () => {
      // Creates the repository's stanza (once) and checks that WAL archiving reaches it.
      await pgbackrest(state, ['stanza-create'], 'pgbackrest stanza-create');
    })();

    const pgbouncer = (async () => {
      const pgbouncerDir = path.dirname(state.pgbouncer.ini);
      fs.mkdirSync(pgbouncerDir, { recursive: true });
      chownTree(pgbouncerDir, user);
      const authFile = path.join(pgbouncerDir, 'userlist.txt');
      writeAsService(authFile, `"rampart" "${password}"\n`);
      writeAsService(
        state.pgbouncer.ini,
        renderTemplate('pgbouncer/pgbouncer.ini', {
          PRIMARY_HOST: '127.0.0.1',
          PRIMARY_PORT: ports.pgPrimary,
          REPLICA_HOST: '127.0.0.1',
          REPLICA_PORT: ports.pgReplicas,
          LISTEN_ADDRESS: '127.0.0.1',
          PORT: ports.pgbouncer,
          AUTH_FILE: authFile,
          LOG_FILE: state.pgbouncer.ownLog,
          PID_FILE: path.join(pgbouncerDir, 'pgbouncer.pid'),
        }),
      );
      log(`Starting PgBouncer (transaction mode) on 127.0.0.1:${ports.pgbouncer}...`);
      await pgbouncerProcess(state).start();
    })();

    const anvil = (async () => {
      const { anvilBinary } = await import('../../apps/server/src/lib/chain/local-chain.ts');
      const logFile = path.join(logs, 'anvil.log');
      log(`Starting the local chain (anvil) on 127.0.0.1:${ports.anvil}...`);
      const pid = spawnDetached(
        anvilBinary(),
        [
          '--host',
          '127.0.0.1',
          '--port',
          String(ports.anvil),
          '--chain-id',
          '31337',
          '--silent',
          '--state',
          path.join(dir, 'chain', 'state.json'),
          '--state-interval',
          '5',
        ],
        { log: logFile },
      );
      recordPid(dir, { name: 'anvil', pid, command: 'anvil' });
      await waitFor(
        'anvil',
        async () => {
          const response = await fetch(`http://127.0.0.1:${ports.anvil}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
            signal: AbortSignal.timeout(1000),
          });
          return response.ok;
        },
        { timeoutMs: 30_000, alive: () => isRunning(pid, 'anvil'), logFile },
      );
    })();

    const migrated = (async () => {
      const { runMigrations } = await import('../../apps/server/src/db/client.ts');
      log('Migrating the primary...');
      await runMigrations(primaryUrl);
    })();
    const seeded = (async () => {
      await migrated;
      if (!(options.seedDemo ?? true)) return;
      const { drizzle } = await import('drizzle-orm/node-postgres');
      const { seedDemo } = await import('../../apps/server/src/db/seed-demo.ts');
      const { seedDemoTransactions } = await import('../../apps/server/src/modules/transactions/demo-seed.ts');
      // The seed on the primary directly: every pool of the handle is the one direct pool.
      const pool = new pg.Pool({ connectionString: primaryUrl, max: 4 });
      const db = drizzle(pool);
      const database = { pool, directPool: pool, readPool: pool, db, readDb: db, replica: null, close: () => pool.end() };
      try {
        await seedDemo(db);
        await seedDemoTransactions(database, log);
      } finally {
        await pool.end();
      }
    })();
    // A full backup when the repository has none yet (a new cluster), once the data is in.
    const backedUp = (async () => {
      await Promise.all([stanza, seeded]);
      const backups = await listBackups(state);
      if (backups.some((backup) => backup.type === 'full')) return;
      log('Taking the first full backup (pgBackRest)...');
      const backup = await takeBackup(state, 'full');
      log(`Full backup ${backup.label}: ${(backup.repositoryBytes / 1e6).toFixed(1)} MB in the repository in ${backup.stoppedAt - backup.startedAt} s.`);
    })();
    sideBySide.push(replica, stanza, pgbouncer, anvil, migrated, seeded, backedUp);
    // Failures are reported once, by the Promise.all that awaits them.
    for (const each of sideBySide) each.catch(() => {});
    // The processes need the schema, PgBouncer and the chain; the replica, the demo seed and the backup finish meanwhile.
    await Promise.all([pgbouncer, anvil, migrated]);

    // ---- API processes and workers, all at once.
    const { LOCAL_CHAIN_DEV_PRIVATE_KEY } = await import('../../apps/server/src/lib/chain/local-chain.ts');
    const baseEnv: Record<string, string> = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      LANG: process.env.LANG ?? 'C.UTF-8',
      NODE_ENV: 'production',
      DATA_DIR: path.join(dir, 'data'),
      PUBLIC_URL: url,
      KEY_ENCRYPTION_KEY: secrets.keyEncryptionKey,
      FILE_LINK_SECRET: secrets.fileLinkSecret,
      DIRECT_DATABASE_URL: primaryUrl,
      SEED_DEMO: 'false',
      EVM_RPC_URL: `http://127.0.0.1:${ports.anvil}`,
      EVM_NETWORK_CODE: 'local_evm',
      EVM_DEPLOYER_PRIVATE_KEY: LOCAL_CHAIN_DEV_PRIVATE_KEY,
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
      // Every client of a local cluster is 127.0.0.1; the per-process limit would throttle benchmarks.
      RATE_LIMIT_PER_MINUTE: '1000000',
      LOG_LEVEL: 'warn',
    };
    const apiEnv = (i: number): Record<string, string> => ({
      ...baseEnv,
      PORT: String(ports.api(i)),
      HOST: '127.0.0.1',
      DATABASE_URL: pgbouncerUrl,
      READ_DATABASE_URL: pgbouncerReplicaUrl,
      DATABASE_POOLING: 'transaction',
      TRUST_PROXY: 'true',
      WORKER_MODE: 'off',
      DEV_IDP_PORT: String(ports.devIdp(i)),
      ...options.env,
    });
    const workerEnv = (i: number): Record<string, string> => ({
      ...baseEnv,
      // Workers LISTEN and hold claims: the primary (through HAProxy), never PgBouncer in transaction mode.
      DATABASE_URL: primaryUrl,
      WORKER_HTTP_PORT: String(ports.worker(i)),
      DEV_IDP_PORT: '0',
      ...options.env,
    });
    state.processes = [
      ...Array.from({ length: apiCount }, (_, i) => ({ name: `api${i + 1}`, kind: 'api' as const, port: ports.api(i), env: apiEnv(i) })),
      ...Array.from({ length: workerCount }, (_, i) => ({ name: `worker${i + 1}`, kind: 'worker' as const, port: ports.worker(i), env: workerEnv(i) })),
    ];
    // Everything attachCluster(dir) needs to drive this cluster from another process (secrets included: 0600).
    fs.writeFileSync(path.join(dir, 'cluster.json'), `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
    const cluster = clusterFromState(state, log);
    const { apis, workers } = cluster;
    log(`Starting ${apiCount} API process${apiCount === 1 ? '' : 'es'} and ${workerCount} worker${workerCount === 1 ? '' : 's'}...`);

    const starts = await Promise.allSettled([replica, seeded, backedUp, ...[...apis, ...workers].map((each) => (each as ManagedProcess).start())]);
    const startFailure = starts.find((result) => result.status === 'rejected');
    if (startFailure) throw startFailure.reason;
    // Scheduled backups: an incremental every hour, a full one every day (scripts/cluster/backup-scheduler.ts).
    const schedulerEntry = 'scripts/cluster/backup-scheduler.ts';
    const schedulerPid = spawnDetached(process.execPath, ['--import', 'tsx', schedulerEntry, dir], { log: path.join(logs, 'backup-scheduler.log') });
    recordPid(dir, { name: 'backup-scheduler', pid: schedulerPid, command: schedulerEntry });
    // Ready once HAProxy's health checks have every API process UP.
    await waitFor(
      'HAProxy (every API process UP)',
      async () => {
        const csv = await cluster.haproxy.stats();
        const up = csv.split('\n').filter((line) => line.startsWith('api,api') && line.split(',')[17] === 'UP');
        return up.length === apiCount;
      },
      { timeoutMs: 30_000, alive: () => isRunning(haproxyPid, 'haproxy'), logFile: haproxyLog },
    );
    log(`Cluster ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${url}`);
    return cluster;
  } catch (error) {
    log(`The cluster did not start; stopping what did (logs in ${logs} and ${serviceLogs}).`);
    // Which process held each of the layout's ports at the failure: a port taken by another program between the check
    // above and a service's bind shows up here with that program's command line.
    const ours = new Set(readPids(dir).map((record) => record.pid));
    for (const holder of portHolders(wanted))
      if (!ours.has(holder.pid)) log(`Port ${holder.port} (${holder.state}) is held by pid ${holder.pid}: ${holder.command}`);
    await Promise.allSettled(sideBySide);
    await stopCluster(dir, log).catch(() => {});
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL under Patroni, PgBouncer, pgBackRest

/** pgBackRest's stanza: the name of Rampart's database cluster in the repository. */
export const STANZA = 'rampart';

interface PatroniNodeState {
  name: string;
  pgPort: number;
  restPort: number;
  dataDir: string;
  config: string;
  log: string;
}

/** The rows of a query on a fresh connection, or null when it failed (not reachable, in recovery, …). */
async function queryOnce(connectionString: string, sql: string): Promise<Array<Record<string, unknown>> | null> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.query(sql)).rows as Array<Record<string, unknown>>;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Starts a node's Patroni; resolves once its REST API reports the role (`primary`: leader, `replica`: running replica). */
async function startPatroniNode(state: ClusterState, node: PatroniNodeState, role: 'primary' | 'replica' | 'any', log: (line: string) => void) {
  const user = serviceUser();
  fs.appendFileSync(node.log, `\n--- ${new Date().toISOString()} starting patroni ${node.name}\n`);
  if (user.uid !== undefined) fs.chownSync(node.log, user.uid, user.gid!);
  const pid = spawnDetached(state.patroniBinary, [node.config], {
    log: node.log,
    user,
    cwd: '/',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: path.dirname(node.config) },
  });
  recordPid(state.dir, { name: `patroni-${node.name}`, pid, command: 'patroni', dataDir: node.dataDir, restPort: node.restPort });
  const check = role === 'any' ? 'health' : role;
  await waitFor(`Patroni ${node.name} (${role})`, async () => (await httpStatus(`http://127.0.0.1:${node.restPort}/${check}`)) === 200, {
    timeoutMs: 120_000,
    alive: () => isRunning(pid, 'patroni'),
    logFile: node.log,
  });
  log(`PostgreSQL node ${node.name} running as ${role} (Patroni pid ${pid})`);
  return pid;
}

/** Runs pgBackRest (as the service user) on the cluster's stanza; resolves with its standard output. */
function pgbackrest(state: ClusterState, args: string[], what: string): Promise<string> {
  return run(state.pgbackrest.binary, [`--config=${state.pgbackrest.config}`, `--stanza=${STANZA}`, ...args], { user: serviceUser(), what });
}

interface PgBackRestInfo {
  backup?: Array<{
    label: string;
    type: BackupType;
    timestamp: { start: number; stop: number };
    info: { size: number; repository: { delta: number; size: number } };
  }>;
}

async function listBackups(state: ClusterState): Promise<BackupInfo[]> {
  const info = JSON.parse(await pgbackrest(state, ['info', '--output=json'], 'pgbackrest info')) as PgBackRestInfo[];
  return (info[0]?.backup ?? []).map((backup) => ({
    label: backup.label,
    type: backup.type,
    startedAt: backup.timestamp.start,
    stoppedAt: backup.timestamp.stop,
    databaseBytes: backup.info.size,
    repositoryBytes: backup.info.repository.delta,
  }));
}

async function takeBackup(state: ClusterState, type: BackupType): Promise<BackupInfo> {
  await pgbackrest(state, ['backup', `--type=${type}`], `pgbackrest backup --type=${type}`);
  const backups = await listBackups(state);
  return backups.at(-1)!;
}

function pgbouncerProcess(state: ClusterState): ManagedProcess {
  const { binary, ini, port, log: logFile, ownLog } = state.pgbouncer;
  const recorded = readPids(state.dir).find((record) => record.name === 'pgbouncer');
  const handle: ManagedProcess = {
    name: 'pgbouncer',
    pid: recorded?.pid ?? 0,
    port,
    url: `postgres://127.0.0.1:${port}`,
    kill(signal: NodeJS.Signals = 'SIGTERM') {
      if (isRunning(handle.pid, 'pgbouncer')) process.kill(handle.pid, signal);
    },
    async start() {
      const pid = spawnDetached(binary, [ini], { log: logFile, user: serviceUser(), cwd: '/' });
      handle.pid = pid;
      recordPid(state.dir, { name: 'pgbouncer', pid, command: 'pgbouncer' });
      await waitFor('PgBouncer', async () => !(await portIsFree(port)), { timeoutMs: 15_000, alive: () => isRunning(pid, 'pgbouncer'), logFile: ownLog });
    },
    async restart() {
      if (isRunning(handle.pid, 'pgbouncer')) {
        process.kill(handle.pid, 'SIGTERM');
        if (!(await waitGone(handle.pid, 'pgbouncer', 15_000))) process.kill(handle.pid, 'SIGKILL');
      }
      await waitGone(handle.pid, 'pgbouncer', 5_000);
      await handle.start();
    },
  };
  return handle;
}

function databaseNodes(state: ClusterState, log: (line: string) => void): DatabaseNodes {
  const nodeUrl = (node: PatroniNodeState) => `postgres://rampart:${state.password}@127.0.0.1:${node.pgPort}/rampart`;
  const members = async (): Promise<DatabaseMember[]> => {
    for (const node of state.nodes) {
      try {
        const response = await fetch(`http://127.0.0.1:${node.restPort}/cluster`, { signal: AbortSignal.timeout(2000) });
        if (response.ok) return ((await response.json()) as { members: DatabaseMember[] }).members;
      } catch {
        /* the next node */
      }
    }
    return [];
  };
  const leader = async () => (await members()).find((member) => member.role === 'leader' && member.state === 'running')?.name ?? null;
  const writable = async (name: string) => {
    const node = state.nodes.find((each) => each.name === name)!;
    const rows = await queryOnce(nodeUrl(node), 'select pg_is_in_recovery() as standby');
    return rows?.[0]?.standby === false;
  };
  const waitHealthy = async (timeoutMs = 120_000) => {
    await waitFor(
      'the database nodes (a leader and a streaming synchronous standby)',
      async () => {
        const all = await members();
        return (
          all.length === state.nodes.length &&
          all.filter((member) => member.role === 'leader' && member.state === 'running').length === 1 &&
          all.every((member) => member.role === 'leader' || (member.role === 'sync_standby' && ['running', 'streaming'].includes(member.state)))
        );
      },
      { timeoutMs },
    );
  };
  return {
    nodes: state.nodes.map((node) => ({ name: node.name, pgPort: node.pgPort, restPort: node.restPort, url: nodeUrl(node), dataDir: node.dataDir })),
    members,
    leader,
    signalPostgres(name: string, signal: NodeJS.Signals) {
      const node = state.nodes.find((each) => each.name === name);
      if (!node) throw new Error(`No database node ${name}`);
      const pid = Number(fs.readFileSync(path.join(node.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      if (!isRunning(pid, 'postgres')) throw new Error(`The PostgreSQL of ${name} (pid ${pid}) is not running`);
      process.kill(pid, signal);
      return pid;
    },
    async switchover() {
      await waitHealthy();
      const all = await members();
      const from = all.find((member) => member.role === 'leader')!.name;
      const to = all.find((member) => member.role === 'sync_standby')!.name;
      const node = state.nodes.find((each) => each.name === from)!;
      const target = state.nodes.find((each) => each.name === to)!;
      // PgBouncer holds the clients' transactions while the primary changes (PAUSE waits for those running, then
      // closes its server connections; RESUME opens new ones, through HAProxy, to the new primary): a request arriving
      // meanwhile waits instead of being refused and retried, so a planned switchover fails none.
      const console_ = new pg.Client({ connectionString: `postgres://rampart:${state.password}@127.0.0.1:${state.pgbouncer.port}/pgbouncer` });
      await console_.connect();
      try {
        await console_.query('PAUSE rampart');
        const response = await fetch(`http://127.0.0.1:${node.restPort}/switchover`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ leader: from, candidate: to }),
          signal: AbortSignal.timeout(60_000),
        });
        const answer = await response.text();
        if (!response.ok) throw new Error(`Patroni refused the switchover from ${from} to ${to}: ${response.status} ${answer}`);
        // Writable, and HAProxy's primary front end sends new connections to it.
        await waitFor(
          `${to} as primary behind HAProxy`,
          async () => {
            if ((await leader()) !== to || !(await writable(to))) return false;
            const behind = (await queryOnce(state.primaryUrl, 'select inet_server_port() as port, pg_is_in_recovery() as standby'))?.[0];
            return behind?.port === target.pgPort && behind.standby === false;
          },
          { timeoutMs: 60_000 },
        );
      } finally {
        await console_.query('RESUME rampart').catch(() => {});
        await console_.end().catch(() => {});
      }
      log(`Switched over from ${from} to ${to}`);
      return { from, to };
    },
    waitHealthy,
    async maintenance(on: boolean) {
      const node = state.nodes[0]!;
      const response = await fetch(`http://127.0.0.1:${node.restPort}/config`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pause: on }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`Patroni refused ${on ? 'pause' : 'resume'}: ${response.status} ${await response.text()}`);
      await waitFor(
        `every Patroni ${on ? 'paused' : 'resumed'}`,
        async () => {
          const states = await Promise.all(
            state.nodes.map(async (each) => {
              const answer = await fetch(`http://127.0.0.1:${each.restPort}/patroni`, { signal: AbortSignal.timeout(2000) });
              return Boolean(((await answer.json()) as { pause?: boolean }).pause);
            }),
          );
          return states.every((paused) => paused === on);
        },
        { timeoutMs: 20_000 },
      );
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Driving a running cluster (from the process that started it, or from another one: attachCluster)

interface ClusterState {
  dir: string;
  url: string;
  primaryUrl: string;
  replicaUrl: string;
  pgbouncerUrl: string;
  password: string;
  socketPath: string;
  pgBin: string;
  patroniBinary: string;
  pgbackrest: { binary: string; config: string; socketDirectory: string };
  nodes: PatroniNodeState[];
  pgbouncer: { binary: string; ini: string; port: number; log: string; ownLog: string };
  processes: Array<{ name: string; kind: 'api' | 'worker'; port: number; env: Record<string, string> }>;
}

type ManagedProcess = ClusterProcess & { start(): Promise<void> };

const ENTRY = { api: 'apps/server/src/server.ts', worker: 'apps/server/src/worker-main.ts' } as const;

function clusterFromState(state: ClusterState, log: (line: string) => void): RunningCluster {
  const { dir } = state;
  const logs = path.join(dir, 'logs');
  const recorded = new Map(readPids(dir).map((record) => [record.name, record.pid]));
  const makeProcess = ({ name, kind, port, env }: ClusterState['processes'][number]): ManagedProcess => {
    const entry = ENTRY[kind];
    const logFile = path.join(logs, `${name}.log`);
    const processUrl = `http://127.0.0.1:${port}`;
    const handle: ManagedProcess = {
      name,
      pid: recorded.get(name) ?? 0,
      port,
      url: processUrl,
      kill(signal: NodeJS.Signals = 'SIGTERM') {
        if (isRunning(handle.pid, entry)) process.kill(handle.pid, signal);
      },
      async start() {
        fs.appendFileSync(logFile, `\n--- ${new Date().toISOString()} starting ${name}\n`);
        const pid = spawnDetached(process.execPath, ['--import', 'tsx', entry], { log: logFile, env });
        handle.pid = pid;
        recordPid(dir, { name, pid, command: entry });
        await waitFor(
          name,
          async () => {
            // /readyz (issue 19); a process without that route counts as ready once /healthz answers.
            const ready = await httpStatus(`${processUrl}/readyz`);
            if (ready === 200) return true;
            if (ready === 404) return httpOk(`${processUrl}/healthz`);
            // A worker without its HTTP port: ready once it logged its start.
            if (kind === 'worker' && ready === 0 && env.WORKER_HTTP_PORT === '0')
              return fs.readFileSync(logFile, 'utf8').split('--- ').at(-1)!.includes('worker started');
            return false;
          },
          { timeoutMs: 180_000, alive: () => isRunning(pid, entry), logFile },
        );
        log(`${name} ready on ${processUrl} (pid ${pid})`);
      },
      async restart() {
        if (isRunning(handle.pid, entry)) {
          process.kill(handle.pid, 'SIGTERM');
          if (!(await waitGone(handle.pid, entry, 15_000))) process.kill(handle.pid, 'SIGKILL');
          await waitGone(handle.pid, entry, 5_000);
        }
        await handle.start();
      },
    };
    return handle;
  };
  const database = databaseNodes(state, log);
  return {
    url: state.url,
    dir,
    apis: state.processes.filter((each) => each.kind === 'api').map(makeProcess),
    workers: state.processes.filter((each) => each.kind === 'worker').map(makeProcess),
    primaryUrl: state.primaryUrl,
    replicaUrl: state.replicaUrl,
    pgbouncerUrl: state.pgbouncerUrl,
    pgbouncer: pgbouncerProcess(state),
    database,
    async restartReplica(whileDown?: () => Promise<void>) {
      await database.waitHealthy();
      const replicaName = (await database.members()).find((member) => member.role !== 'leader')!.name;
      const node = state.nodes.find((each) => each.name === replicaName)!;
      const record = readPids(dir).find((each) => each.name === `patroni-${node.name}`);
      // Patroni stops its PostgreSQL (fast shutdown) on SIGTERM and exits: the node is down until it starts again.
      if (record && isRunning(record.pid, 'patroni')) {
        process.kill(record.pid, 'SIGTERM');
        if (!(await waitGone(record.pid, 'patroni', 60_000))) throw new Error(`Patroni ${node.name} did not stop within 60 s`);
      }
      try {
        await whileDown?.();
      } finally {
        await startPatroniNode(state, node, 'replica', log);
      }
      await database.waitHealthy();
    },
    backup: (type: BackupType = 'incr') => takeBackup(state, type),
    haproxy: {
      async setServerState(name: string, serverState: 'ready' | 'drain' | 'maint') {
        const answer = await adminSocketCommand(state.socketPath, `set server api/${name} state ${serverState}`);
        if (answer.trim()) throw new Error(`HAProxy: ${answer.trim()}`);
      },
      stats: () => adminSocketCommand(state.socketPath, 'show stat'),
    },
    stop: () => stopCluster(dir, log),
  };
}

function readState(dir: string): ClusterState {
  dir = path.resolve(repoRoot, dir);
  const file = path.join(dir, 'cluster.json');
  if (!fs.existsSync(file) || !readPids(dir).length) throw new Error(`No cluster is running in ${dir} (start one with npm run cluster).`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as ClusterState;
}

/**
 * The cluster running in `dir` (started by `npm run cluster`, a test's global setup or another process), to kill and
 * restart its processes, switch HAProxy servers, fail over the database and take backups from here.
 */
export function attachCluster(dir = '.data/cluster', log: (line: string) => void = () => {}): RunningCluster {
  return clusterFromState(readState(dir), log);
}

/** `npm run cluster -- --backup [--type full|diff|incr]`: a backup of the running cluster into its pgBackRest repository. */
export async function backupCluster(dir = '.data/cluster', type: BackupType = 'incr'): Promise<BackupInfo> {
  return takeBackup(readState(dir), type);
}

/** The backups in the running cluster's repository, oldest first. */
export async function clusterBackups(dir = '.data/cluster'): Promise<BackupInfo[]> {
  return listBackups(readState(dir));
}

export interface RestoreOptions {
  /** An empty (or absent) directory the backup is restored into. */
  into: string;
  /** Recover to this moment (recovery_target_time) instead of the end of the archived WAL. */
  targetTime?: string;
  /** Only the backup itself, consistent as of its end (no WAL after it): the label of the backup. */
  backupSet?: string;
}

/**
 * Restores a backup of the cluster in `dir` (pgBackRest restore from its repository) into a fresh data directory and
 * starts a PostgreSQL on it on `port` (loopback; WAL archiving off, so the copy never writes into the repository),
 * resolving once recovery has finished and it takes writes. The copy is for checking a backup or fetching rows back;
 * stop it with the returned stop().
 */
export async function restoreBackup(dir: string, options: RestoreOptions & { port: number }): Promise<{ url: string; dataDir: string; stop(): Promise<void> }> {
  const state = readState(dir);
  const user = serviceUser();
  const into = path.resolve(options.into);
  if (fs.existsSync(into) && fs.readdirSync(into).length) throw new Error(`${into} is not empty: restore into a new directory`);
  fs.mkdirSync(into, { recursive: true, mode: 0o700 });
  chownTree(into, user);
  const target = options.backupSet
    ? [`--set=${options.backupSet}`, '--type=immediate', '--target-action=promote']
    : options.targetTime
      ? ['--type=time', `--target=${options.targetTime}`, '--target-action=promote']
      : [];
  await pgbackrest(state, ['restore', `--pg1-path=${into}`, ...target], 'pgbackrest restore');
  const socketDirectory = path.join(into, 'run');
  fs.mkdirSync(socketDirectory, { mode: 0o700 });
  chownTree(socketDirectory, user);
  const logFile = path.join(into, 'restored.log');
  const settings = {
    port: options.port,
    listen_addresses: '127.0.0.1',
    unix_socket_directories: socketDirectory,
    archive_mode: 'off',
    // The copy has no replica: a commit must not wait for one.
    synchronous_standby_names: '',
    logging_collector: 'off',
    hot_standby: 'on',
  };
  const pgCtl = path.join(state.pgBin, 'pg_ctl');
  const postgresOptions = Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value === '' ? "''" : value}`)
    .join(' ');
  await run(pgCtl, ['start', '-D', into, '-l', logFile, '-w', '-t', '120', '-o', postgresOptions], { user, what: 'pg_ctl start (restored copy)' });
  const url = `postgres://rampart:${state.password}@127.0.0.1:${options.port}/rampart`;
  const stop = () => run(pgCtl, ['stop', '-D', into, '-m', 'fast', '-w', '-t', '30'], { user, what: 'pg_ctl stop (restored copy)' }).then(() => {});
  try {
    await waitFor('the restored copy to finish recovery', async () => (await queryOnce(url, 'select pg_is_in_recovery() as standby'))?.[0]?.standby === false, {
      timeoutMs: 120_000,
      logFile,
    });
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
  return { url, dataDir: into, stop };
}

export interface ReplaceOptions {
  /** Recover to this moment (recovery_target_time) instead of the end of the archived WAL. */
  targetTime?: string;
  log?: (line: string) => void;
}

export interface ReplaceResult {
  /** Where each node's old data directory was moved (never deleted). */
  movedAside: string[];
  /** The new full backup taken once the restored cluster ran (a new timeline starts). */
  backup: BackupInfo;
  /** ms from the start until the restored primary took writes through HAProxy, and until everything ran again. */
  writableAfterMs: number;
  doneAfterMs: number;
}

/**
 * `npm run cluster -- --replace-database [--target-time …]`: docs/operations.md's "Replace the whole database" on the
 * cluster in `dir`, step by step as an operator runs it (lost disks, a bad migration): stop the API processes and
 * workers, stop Patroni on every node (replicas first), remove the cluster's state from etcd (`patronictl remove`),
 * move every data directory aside, restore the repository's latest backup and the archived WAL (to the end, or to
 * `targetTime`) into the first node's data directory, start its Patroni (the leader of a new cluster on the restored
 * data), then the others' (they clone it), take a full backup, start the processes again.
 */
export async function replaceDatabase(dir: string, options: ReplaceOptions = {}): Promise<ReplaceResult> {
  const started = Date.now();
  const log = (line: string) => options.log?.(`[${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${line}`);
  const state = readState(dir);
  const user = serviceUser();
  const cluster = clusterFromState(state, log);
  const processes = [...cluster.apis, ...cluster.workers];
  log(`Stopping ${processes.map((each) => each.name).join(', ')} (nothing writes)...`);
  const records = readPids(state.dir);
  await Promise.all(
    processes.map(async (each) => {
      each.kill('SIGTERM');
      const command = records.find((record) => record.name === each.name)?.command ?? each.name;
      if (!(await waitGone(each.pid, command, 20_000))) each.kill('SIGKILL');
    }),
  );
  const leader = await cluster.database.leader().catch(() => null);
  const patronis = records.filter((record) => record.restPort !== undefined);
  // Replicas first: a leader stopped before its replica would hand its role over.
  for (const record of [...patronis.filter((each) => each.name !== `patroni-${leader}`), ...patronis.filter((each) => each.name === `patroni-${leader}`)]) {
    log(`Stopping ${record.name}${record.name === `patroni-${leader}` ? ' (the primary)' : ''}...`);
    if (isRunning(record.pid, 'patroni')) {
      process.kill(record.pid, 'SIGTERM');
      if (!(await waitGone(record.pid, 'patroni', 60_000))) throw new Error(`${record.name} did not stop within 60 s`);
    }
  }
  const first = state.nodes[0]!;
  log('Removing the cluster from etcd (patronictl remove rampart)...');
  await run(path.join(path.dirname(state.patroniBinary), 'patronictl'), ['-c', first.config, 'remove', 'rampart'], {
    user,
    what: 'patronictl remove',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: path.dirname(first.config) },
    input: 'rampart\nYes I am aware\n',
  });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const movedAside: string[] = [];
  for (const node of state.nodes) {
    if (!fs.existsSync(node.dataDir)) continue;
    const aside = `${node.dataDir}.before-replace-${stamp}`;
    fs.renameSync(node.dataDir, aside);
    movedAside.push(aside);
  }
  log(`Moved the data directories aside: ${movedAside.join(', ')}`);
  fs.mkdirSync(first.dataDir, { mode: 0o700 });
  chownTree(first.dataDir, user);
  const target = options.targetTime ? ['--type=time', `--target=${options.targetTime}`, '--target-action=promote'] : [];
  log(`Restoring the latest backup and the archived WAL${options.targetTime ? ` up to ${options.targetTime}` : ''} into ${first.name} (pgbackrest restore)...`);
  await pgbackrest(state, ['restore', `--pg1-path=${first.dataDir}`, ...target], 'pgbackrest restore');
  if (options.targetTime) {
    // Patroni would start the restored directory as a standby and replay the whole archive, past the target (the
    // rehearsal showed it): PostgreSQL recovers to the target and promotes on its own first, then stops cleanly.
    log(`Recovering ${first.name} to ${options.targetTime} (pg_ctl start, until it promotes; then pg_ctl stop)...`);
    const pgCtl = path.join(state.pgBin, 'pg_ctl');
    const logFile = path.join(path.dirname(first.log), `recover-to-target-${first.name}.log`);
    await run(pgCtl, ['start', '-D', first.dataDir, '-l', logFile, '-w', '-t', '300', '-o', "-c synchronous_standby_names=''"], {
      user,
      what: 'pg_ctl start (recovery to the target)',
    });
    try {
      const url = `postgres://rampart:${state.password}@127.0.0.1:${first.pgPort}/postgres`;
      await waitFor(
        `${first.name} to reach ${options.targetTime} and promote`,
        async () => (await queryOnce(url, 'select pg_is_in_recovery() as standby'))?.[0]?.standby === false,
        {
          timeoutMs: 300_000,
          logFile,
        },
      );
    } finally {
      await run(pgCtl, ['stop', '-D', first.dataDir, '-m', 'fast', '-w', '-t', '60'], { user, what: 'pg_ctl stop (recovered to the target)' });
    }
  }
  log(`Starting ${first.name}'s Patroni (the leader of a new cluster on the restored data)...`);
  await startPatroniNode(state, first, 'primary', log);
  await waitFor('the restored primary to take writes through HAProxy', async () => (await queryOnce(state.primaryUrl, 'select txid_current()')) !== null, {
    timeoutMs: 60_000,
  });
  const writableAfterMs = Date.now() - started;
  log(`The restored primary takes writes (${(writableAfterMs / 1000).toFixed(1)} s after the start).`);
  for (const node of state.nodes.slice(1)) {
    log(`Starting ${node.name}'s Patroni (it clones the new primary)...`);
    await startPatroniNode(state, node, 'replica', log);
  }
  await cluster.database.waitHealthy();
  log('Taking a full backup (a new timeline starts)...');
  const backup = await takeBackup(state, 'full');
  log(`Full backup ${backup.label} in ${backup.stoppedAt - backup.startedAt} s.`);
  log(`Starting ${processes.map((each) => each.name).join(', ')}...`);
  await Promise.all(processes.map((each) => each.restart()));
  const doneAfterMs = Date.now() - started;
  log(`Done in ${(doneAfterMs / 1000).toFixed(1)} s.`);
  return { movedAside, backup, writableAfterMs, doneAfterMs };
}
