import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E } from './e2e-env.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ConfiguredApp {
  url: string;
  close(): Promise<void>;
}

/**
 * A second server of the same build on the run's database and chain, with settings the shared stack must not have
 * (a third party configured: its banner and scripts would reach every other spec). Port: the stack's base + `offset`.
 */
export async function startConfiguredApp(settings: Record<string, string>, offset = 4): Promise<ConfiguredApp> {
  const port = E2E.appPort + offset;
  const pidFile = path.join(repoRoot, E2E.dataDir, 'pg', 'postmaster.pid');
  const postgresPort = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[3]);
  const url = `http://localhost:${port}`;
  const logFile = fs.openSync(path.join(repoRoot, `${E2E.dataDir}-server-${port}.log`), 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: `postgres://rampart:rampart@127.0.0.1:${postgresPort}/rampart`,
      DATA_DIR: path.join(repoRoot, E2E.dataDir),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      EVM_RPC_URL: E2E.chainUrl,
      EVM_NETWORK_CODE: 'local_evm',
      // The stack's server seeds, runs the worker and the development identity provider.
      SEED_DEMO: 'false',
      WORKER_MODE: 'off',
      SSO_ENABLED: 'false',
      RATE_LIMIT_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
      ...settings,
    },
    stdio: ['ignore', logFile, logFile],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The configured app exited with code ${child.exitCode}; see ${E2E.dataDir}-server-${port}.log`);
    if (Date.now() > deadline) throw new Error('The configured app did not become healthy within 120 s');
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    async close() {
      child.kill('SIGINT');
      await exited;
    },
  };
}
