/**
 * `npm run cluster`: Rampart as a cluster on this machine, from the same parts a production deployment uses
 * (docs/scaling.md): PostgreSQL 15 primary + streaming replica (pg_basebackup -R), PgBouncer in transaction mode,
 * HAProxy in front of the API processes (WORKER_MODE=off), separate worker processes, and one local chain (anvil) for
 * all of them. Debian's haproxy, pgbouncer and postgresql-15 are installed with apt-get when missing (as root).
 *
 * Configuration comes from the templates under deploy/, rendered into the cluster directory. Every process started
 * is recorded in <dir>/pids.json, so `stopCluster(dir)` (`npm run cluster -- --stop`) stops them by pid, even from
 * another process than the one that started them.
 *
 * Ports from portBase P: HAProxy P, its stats page P+1, API processes P+10…, workers' HTTP P+20…, the API
 * processes' development identity providers P+30…, PgBouncer P+40, primary P+41, replica P+42, anvil P+43.
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
  /** Direct postgres:// URLs (the superuser `rampart`) of the primary and the replica, for checks. */
  primaryUrl: string;
  replicaUrl: string;
  /** PgBouncer, database rampart (the primary); rampart_replica is the replica. */
  pgbouncerUrl: string;
  dir: string;
  /**
   * Restarts the replica's PostgreSQL: pg_ctl stop -m fast, then `whileDown` (if given) while it is down, then start.
   */
  restartReplica(whileDown?: () => Promise<void>): Promise<void>;
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
  /** PostgreSQL servers are stopped with pg_ctl. */
  dataDir?: string;
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
}

/** Debian's haproxy, pgbouncer and postgresql-15, installed with apt-get when missing (root only). */
export function ensurePackages(log: (line: string) => void = () => {}): Binaries {
  const find = () => ({ haproxy: which('haproxy'), pgbouncer: which('pgbouncer'), pgBin: postgresBin() });
  let found = find();
  const missing = () => [!found.haproxy && 'haproxy', !found.pgbouncer && 'pgbouncer', !found.pgBin && 'postgresql-15'].filter(Boolean) as string[];
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

/** PostgreSQL refuses to run as root, and PgBouncer too: as root, both run as Debian's `postgres` user. */
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
function run(command: string, args: string[], options: { user?: RunAs; env?: NodeJS.ProcessEnv; what: string }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: options.env ?? process.env,
      uid: options.user?.uid,
      gid: options.user?.gid,
      cwd: '/',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      output = (output + chunk.toString('utf8')).slice(-3000);
    });
    child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-3000)));
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
  // Front to back: the load balancer, the processes, the pooler, then the databases and the chain.
  const order = (record: PidRecord) => (record.name === 'haproxy' ? 0 : record.dataDir ? 3 : record.name === 'pgbouncer' ? 2 : record.name === 'anvil' ? 4 : 1);
  const groups = new Map<number, PidRecord[]>();
  for (const record of records) groups.set(order(record), [...(groups.get(order(record)) ?? []), record]);
  for (const key of [...groups.keys()].sort()) {
    await Promise.all(
      groups.get(key)!.map(async (record) => {
        if (!isRunning(record.pid, record.command)) return;
        if (record.dataDir && pgBin && fs.existsSync(path.join(record.dataDir, 'postmaster.pid'))) {
          // A failed pg_ctl (the server died meanwhile) falls through to the signals below.
          await run(path.join(pgBin, 'pg_ctl'), ['stop', '-D', record.dataDir, '-m', 'fast', '-w', '-t', '20'], { user, what: 'pg_ctl stop' }).catch(() => {});
        } else {
          try {
            // The API and worker processes stop at once on SIGINT: HAProxy is already gone, nothing to drain for.
            process.kill(record.pid, record.command.startsWith('apps/server/') ? 'SIGINT' : 'SIGTERM');
          } catch {
            /* gone */
          }
        }
        if (!(await waitGone(record.pid, record.command, 10_000))) {
          log(`${record.name} (pid ${record.pid}) did not stop on SIGTERM; killing it`);
          try {
            process.kill(record.pid, 'SIGKILL');
          } catch {
            /* gone */
          }
          await waitGone(record.pid, record.command, 5_000);
        }
        log(`Stopped ${record.name} (pid ${record.pid})`);
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
    primary: P + 41,
    replica: P + 42,
    anvil: P + 43,
  };
  if (apiCount < 1 || apiCount > 9 || workerCount < 0 || workerCount > 9) throw new Error('1 to 9 API processes and 0 to 9 workers');

  const binaries = ensurePackages(log);
  const user = serviceUser();
  // Whatever an earlier run left in this directory is stopped first.
  await stopCluster(dir, log);
  const serviceRoot = serviceRootFor(dir, user);
  if (options.fresh) for (const each of new Set([dir, serviceRoot])) fs.rmSync(each, { recursive: true, force: true });
  for (const sub of ['logs', 'data', 'haproxy', 'chain']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
  fs.mkdirSync(path.join(serviceRoot, 'logs'), { recursive: true });
  if (serviceRoot !== dir) {
    chownTree(serviceRoot, user);
    log(`The postgres user cannot reach ${dir}: PostgreSQL's and PgBouncer's files and logs are in ${serviceRoot}.`);
  }
  const wanted = [
    ports.haproxy,
    ports.stats,
    ports.pgbouncer,
    ports.primary,
    ports.replica,
    ports.anvil,
    ...Array.from({ length: apiCount }, (_, i) => [ports.api(i), ports.devIdp(i)]).flat(),
    ...Array.from({ length: workerCount }, (_, i) => ports.worker(i)),
  ];
  const taken = (await Promise.all(wanted.map(async (port) => ((await portIsFree(port)) ? null : port)))).filter((port) => port !== null);
  if (taken.length) throw new Error(`Ports ${taken.join(', ')} on 127.0.0.1 are taken (portBase ${P}); stop what holds them or choose another portBase.`);

  const secrets = loadSecrets(dir);
  const password = secrets.databasePassword;
  const pgDir = path.join(serviceRoot, 'pg');
  const primaryDir = path.join(pgDir, 'primary');
  const replicaDir = path.join(pgDir, 'replica');
  const logs = path.join(dir, 'logs');
  const primaryUrl = `postgres://rampart:${password}@127.0.0.1:${ports.primary}/rampart`;
  const replicaUrl = `postgres://rampart:${password}@127.0.0.1:${ports.replica}/rampart`;
  const pgbouncerUrl = `postgres://rampart:${password}@127.0.0.1:${ports.pgbouncer}/rampart`;
  const pgbouncerReplicaUrl = `postgres://rampart:${password}@127.0.0.1:${ports.pgbouncer}/rampart_replica`;
  const url = `http://127.0.0.1:${ports.haproxy}`;

  try {
    // ---- PostgreSQL primary
    fs.mkdirSync(pgDir, { recursive: true });
    chownTree(pgDir, user);
    const pgConf = (port: number) => renderTemplate('postgresql/rampart.conf', { LISTEN_ADDRESS: '127.0.0.1', PORT: port, SOCKET_DIRECTORY: '' });
    const writeAsService = (file: string, text: string, mode = 0o600) => {
      fs.writeFileSync(file, text, { mode });
      fs.chmodSync(file, mode);
      if (user.uid !== undefined) fs.chownSync(file, user.uid, user.gid!);
    };
    const configure = (dataDir: string, port: number) => {
      writeAsService(path.join(dataDir, 'rampart.conf'), pgConf(port));
      writeAsService(path.join(dataDir, 'pg_hba.conf'), renderTemplate('postgresql/pg_hba.conf', { ALLOWED_ADDRESS: '127.0.0.1/32' }));
      const main = path.join(dataDir, 'postgresql.conf');
      const text = fs.readFileSync(main, 'utf8');
      if (!text.includes("include 'rampart.conf'")) fs.appendFileSync(main, `\n# Rampart (deploy/postgresql/rampart.conf)\ninclude 'rampart.conf'\n`);
    };
    const pgCtl = async (dataDir: string, action: 'start' | 'restart', logFile: string) =>
      await run(
        path.join(binaries.pgBin, 'pg_ctl'),
        [action, '-D', dataDir, '-l', logFile, '-w', '-t', '60', ...(action === 'restart' ? ['-m', 'fast'] : [])],
        { user, what: `pg_ctl ${action} ${path.basename(dataDir)}` },
      );
    const postmasterPid = (dataDir: string) => Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const recordPostgres = (name: string, dataDir: string) => recordPid(dir, { name, pid: postmasterPid(dataDir), command: 'postgres', dataDir });
    const pgLog = (name: string) => {
      const file = path.join(serviceRoot, 'logs', `${name}.log`);
      if (!fs.existsSync(file)) fs.writeFileSync(file, '');
      if (user.uid !== undefined) fs.chownSync(file, user.uid, user.gid!);
      return file;
    };

    if (!fs.existsSync(path.join(primaryDir, 'PG_VERSION'))) {
      log('Creating the PostgreSQL primary (initdb)...');
      fs.rmSync(replicaDir, { recursive: true, force: true });
      const pwfile = path.join(pgDir, 'pwfile');
      writeAsService(pwfile, `${password}\n`);
      await run(
        path.join(binaries.pgBin, 'initdb'),
        ['-D', primaryDir, '-U', 'rampart', `--pwfile=${pwfile}`, '-A', 'scram-sha-256', '--locale=C.UTF-8', '--encoding=UTF8', '--no-sync'],
        { user, what: 'initdb' },
      );
      fs.rmSync(pwfile);
    }
    configure(primaryDir, ports.primary);
    log(`Starting the PostgreSQL primary on 127.0.0.1:${ports.primary}...`);
    await pgCtl(primaryDir, 'start', pgLog('postgres-primary'));
    recordPostgres('postgres-primary', primaryDir);
    const admin = new pg.Client({ connectionString: `postgres://rampart:${password}@127.0.0.1:${ports.primary}/postgres` });
    await admin.connect();
    const exists = await admin.query(`select 1 from pg_database where datname = 'rampart'`);
    if (!exists.rowCount) await admin.query('create database rampart');
    await admin.end();

    // ---- In parallel: the replica (pg_basebackup -R), PgBouncer, anvil, migrations + demo seed on the primary.
    const replica = (async () => {
      if (!fs.existsSync(path.join(replicaDir, 'PG_VERSION'))) {
        log('Creating the streaming replica (pg_basebackup -R)...');
        fs.rmSync(replicaDir, { recursive: true, force: true });
        await run(
          path.join(binaries.pgBin, 'pg_basebackup'),
          ['-D', replicaDir, '-h', '127.0.0.1', '-p', String(ports.primary), '-U', 'rampart', '-R', '-X', 'stream', '-c', 'fast', '--no-sync'],
          {
            user,
            env: { ...process.env, PGPASSWORD: password },
            what: 'pg_basebackup',
          },
        );
      }
      configure(replicaDir, ports.replica);
      log(`Starting the replica on 127.0.0.1:${ports.replica}...`);
      await pgCtl(replicaDir, 'start', pgLog('postgres-replica'));
      recordPostgres('postgres-replica', replicaDir);
    })();

    const pgbouncer = (async () => {
      const pgbouncerDir = path.join(serviceRoot, 'pgbouncer');
      fs.mkdirSync(pgbouncerDir, { recursive: true });
      chownTree(pgbouncerDir, user);
      const authFile = path.join(pgbouncerDir, 'userlist.txt');
      writeAsService(authFile, `"rampart" "${password}"\n`);
      const ini = path.join(pgbouncerDir, 'pgbouncer.ini');
      writeAsService(
        ini,
        renderTemplate('pgbouncer/pgbouncer.ini', {
          PRIMARY_HOST: '127.0.0.1',
          PRIMARY_PORT: ports.primary,
          REPLICA_HOST: '127.0.0.1',
          REPLICA_PORT: ports.replica,
          LISTEN_ADDRESS: '127.0.0.1',
          PORT: ports.pgbouncer,
          AUTH_FILE: authFile,
          LOG_FILE: path.join(pgbouncerDir, 'pgbouncer.log'),
          PID_FILE: path.join(pgbouncerDir, 'pgbouncer.pid'),
        }),
      );
      const logFile = path.join(logs, 'pgbouncer.log');
      log(`Starting PgBouncer (transaction mode) on 127.0.0.1:${ports.pgbouncer}...`);
      const pid = spawnDetached(binaries.pgbouncer, [ini], { log: logFile, user, cwd: '/' });
      recordPid(dir, { name: 'pgbouncer', pid, command: 'pgbouncer' });
      await waitFor('PgBouncer', async () => !(await portIsFree(ports.pgbouncer)), {
        timeoutMs: 15_000,
        alive: () => isRunning(pid, 'pgbouncer'),
        logFile: path.join(pgbouncerDir, 'pgbouncer.log'),
      });
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
    // Failures are reported once, by the Promise.all that awaits them.
    for (const each of [replica, pgbouncer, anvil, migrated, seeded]) each.catch(() => {});
    // The processes need the schema, PgBouncer and the chain; the replica and the demo seed finish meanwhile.
    await Promise.all([pgbouncer, anvil, migrated]);

    // ---- API processes, workers and HAProxy, all at once.
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
      // Workers LISTEN and hold claims: the primary directly, never PgBouncer in transaction mode.
      DATABASE_URL: primaryUrl,
      WORKER_HTTP_PORT: String(ports.worker(i)),
      DEV_IDP_PORT: '0',
      ...options.env,
    });

    const socketPath = haproxySocketPath(dir);
    const state: ClusterState = {
      dir,
      url,
      primaryUrl,
      replicaUrl,
      pgbouncerUrl,
      socketPath,
      pgBin: binaries.pgBin,
      replicaDir,
      replicaLog: path.join(serviceRoot, 'logs', 'postgres-replica.log'),
      processes: [
        ...Array.from({ length: apiCount }, (_, i) => ({ name: `api${i + 1}`, kind: 'api' as const, port: ports.api(i), env: apiEnv(i) })),
        ...Array.from({ length: workerCount }, (_, i) => ({ name: `worker${i + 1}`, kind: 'worker' as const, port: ports.worker(i), env: workerEnv(i) })),
      ],
    };
    // Everything attachCluster(dir) needs to drive this cluster from another process (secrets included: 0600).
    fs.writeFileSync(path.join(dir, 'cluster.json'), `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
    const cluster = clusterFromState(state, log);
    const { apis, workers } = cluster;

    const haproxyConfig = path.join(dir, 'haproxy', 'haproxy.cfg');
    fs.writeFileSync(
      haproxyConfig,
      renderTemplate('haproxy/haproxy.cfg', {
        STATS_SOCKET: socketPath,
        BIND_ADDRESS: '127.0.0.1',
        PORT: ports.haproxy,
        STATS_PORT: ports.stats,
        API_SERVERS: apis.map((api) => `    server ${api.name} 127.0.0.1:${api.port}`).join('\n'),
      }),
    );
    await run(binaries.haproxy, ['-c', '-q', '-f', haproxyConfig], { what: 'haproxy -c (configuration check)' });
    fs.rmSync(socketPath, { force: true });
    log(`Starting ${apiCount} API process${apiCount === 1 ? '' : 'es'}, ${workerCount} worker${workerCount === 1 ? '' : 's'} and HAProxy on ${url}...`);
    const haproxyLog = path.join(logs, 'haproxy.log');
    const haproxyPid = spawnDetached(binaries.haproxy, ['-db', '-f', haproxyConfig], { log: haproxyLog });
    recordPid(dir, { name: 'haproxy', pid: haproxyPid, command: 'haproxy' });

    const starts = await Promise.allSettled([replica, seeded, ...[...apis, ...workers].map((each) => (each as ManagedProcess).start())]);
    const startFailure = starts.find((result) => result.status === 'rejected');
    if (startFailure) throw startFailure.reason;
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
    log(`The cluster did not start; stopping what did (logs in ${logs}).`);
    await stopCluster(dir, log).catch(() => {});
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Driving a running cluster (from the process that started it, or from another one: attachCluster)

interface ClusterState {
  dir: string;
  url: string;
  primaryUrl: string;
  replicaUrl: string;
  pgbouncerUrl: string;
  socketPath: string;
  pgBin: string;
  replicaDir: string;
  replicaLog: string;
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
  const user = serviceUser();
  return {
    url: state.url,
    dir,
    apis: state.processes.filter((each) => each.kind === 'api').map(makeProcess),
    workers: state.processes.filter((each) => each.kind === 'worker').map(makeProcess),
    primaryUrl: state.primaryUrl,
    replicaUrl: state.replicaUrl,
    pgbouncerUrl: state.pgbouncerUrl,
    async restartReplica(whileDown?: () => Promise<void>) {
      const pgCtlPath = path.join(state.pgBin, 'pg_ctl');
      await run(pgCtlPath, ['stop', '-D', state.replicaDir, '-m', 'fast', '-w', '-t', '60'], { user, what: 'pg_ctl stop (replica)' });
      try {
        await whileDown?.();
      } finally {
        await run(pgCtlPath, ['start', '-D', state.replicaDir, '-l', state.replicaLog, '-w', '-t', '60'], { user, what: 'pg_ctl start (replica)' });
      }
      const pid = Number(fs.readFileSync(path.join(state.replicaDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      recordPid(dir, { name: 'postgres-replica', pid, command: 'postgres', dataDir: state.replicaDir });
    },
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

/**
 * The cluster running in `dir` (started by `npm run cluster`, a test's global setup or another process), to kill and
 * restart its processes, switch HAProxy servers and restart the replica from here.
 */
export function attachCluster(dir = '.data/cluster', log: (line: string) => void = () => {}): RunningCluster {
  dir = path.resolve(repoRoot, dir);
  const file = path.join(dir, 'cluster.json');
  if (!fs.existsSync(file) || !readPids(dir).length) throw new Error(`No cluster is running in ${dir} (start one with npm run cluster).`);
  return clusterFromState(JSON.parse(fs.readFileSync(file, 'utf8')) as ClusterState, log);
}
