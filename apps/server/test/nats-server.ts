import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './harness.ts';

/** Debian's nats-server (`.ci/run` installs the package when missing). */
export const NATS_SERVER_BINARY = process.env.NATS_SERVER_BINARY ?? '/usr/sbin/nats-server';

export interface NatsServer {
  url: string;
  port: number;
  /** Stops the server (SIGTERM, or SIGKILL with `kill: true`) and removes its store unless `keepStore`. */
  stop(options?: { kill?: boolean; keepStore?: boolean }): Promise<void>;
  storeDir: string;
}

/**
 * A real nats-server with JetStream on loopback, its store in a temporary folder: NATS_TEST_PORT, or a port free now.
 * Ready when the server says so on its log (no waiting on a clock); `storeDir` starts it again on a kept store.
 */
export async function startNatsServer(options: { port?: number; storeDir?: string } = {}): Promise<NatsServer> {
  const port = options.port ?? (process.env.NATS_TEST_PORT ? Number(process.env.NATS_TEST_PORT) : await freePort());
  const storeDir = options.storeDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-nats-'));
  const child = spawn(NATS_SERVER_BINARY, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let log = '';
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Server is ready')) {
        child.stderr.off('data', onData);
        resolve();
      }
    };
    child.stderr.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`nats-server exited (${code}) before it was ready:\n${log}`)));
  });
  child.stdout.resume();
  child.stderr.resume();
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    storeDir,
    async stop({ kill = false, keepStore = false } = {}) {
      await stopChild(child, exited, kill ? 'SIGKILL' : 'SIGTERM');
      if (!keepStore) fs.rmSync(storeDir, { recursive: true, force: true });
    },
  };
}

async function stopChild(child: ChildProcess, exited: Promise<void>, signal: NodeJS.Signals) {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  await exited;
}
