import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { serverRoot } from '../src/lib/paths.ts';

/** `npm start` as users run it: the real server (src/server.ts) in its own process, for tests that kill it. */
export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts the server with these settings (DATABASE_URL only when given: without it, the embedded PostgreSQL). */
export function startServer(env: Record<string, string>): ServerProcess {
  const { DATABASE_URL: _external, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/server.ts')], {
    cwd: serverRoot,
    env: { ...inherited, LOG_LEVEL: 'warn', HOST: '127.0.0.1', SEED_DEMO: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exit };
}

/** Resolves once the server says it is running (it listens then); throws if it exits first. */
export async function untilRunning(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!server.output().includes('Rampart is running')) {
    if (server.child.exitCode !== null) throw new Error(`the server exited with ${server.child.exitCode}:\n${server.output()}`);
    if (Date.now() > deadline) throw new Error(`the server did not start within 60 s:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
