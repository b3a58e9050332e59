import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { LOCAL_EVM_CHAIN_ID } from '@rampart/shared/passes';
import { StartupError } from '../startup-error.ts';

/**
 * Rampart's built-in development chain: the anvil binary of the @foundry-rs/anvil-<platform> npm package, on loopback,
 * chain id 31337, its state kept in a file so collections and tokens survive a restart. Used by `npm start` when
 * EVM_RPC_URL is not set, by the server tests (one per run) and by the browser tests. Its tokens have no value.
 */
export interface RunningLocalChain {
  rpcUrl: string;
  port: number;
  stop(): Promise<void>;
}

/** Anvil's well-known development account #0 (mnemonic "test test … junk"): publicly known, for the local chain only. */
export const LOCAL_CHAIN_DEV_PRIVATE_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' as const;
export const LOCAL_CHAIN_DEV_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const;

const PLATFORM_PACKAGES: Record<string, string> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
  'win32-x64': '@foundry-rs/anvil-win32-amd64',
};

/** The anvil executable for this platform, from its npm package (resolved like any dependency). */
export function anvilBinary(): string {
  const key = `${process.platform}-${process.arch}`;
  const name = PLATFORM_PACKAGES[key];
  if (!name) throw new StartupError(`The built-in local chain (anvil) has no build for ${key}. Set EVM_RPC_URL to a JSON-RPC node instead.`);
  const require = createRequire(import.meta.url);
  let packageJson: string;
  try {
    packageJson = require.resolve(`${name}/package.json`);
  } catch {
    throw new StartupError(
      `The built-in local chain needs the npm package ${name} (an optional dependency of @foundry-rs/anvil); run npm install, or set EVM_RPC_URL.`,
    );
  }
  const binary = path.join(path.dirname(packageJson), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
  if (!fs.existsSync(binary)) throw new StartupError(`The anvil binary is missing at ${binary}; reinstall ${name}, or set EVM_RPC_URL.`);
  return binary;
}

function portIsFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

async function chainIdAt(rpcUrl: string): Promise<number | null> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1000),
    });
    const body = (await response.json()) as { result?: string };
    return body.result ? Number.parseInt(body.result, 16) : null;
  } catch {
    return null;
  }
}

function isAnvilProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const command = fs.existsSync(`/proc/${pid}`)
      ? fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      : execFileSync('ps', ['-p', String(pid), '-o', 'command='], { encoding: 'utf8' });
    return /anvil/.test(command);
  } catch {
    return false;
  }
}

/** Stops an anvil an earlier, killed Rampart left running on the same state file (its pid is kept beside it). */
async function stopLeftoverChain(pidFile: string, log: (message: string) => void): Promise<boolean> {
  let pid: number;
  try {
    pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').trim(), 10);
  } catch {
    return false;
  }
  let stopped = false;
  if (Number.isInteger(pid) && pid > 0 && isAnvilProcess(pid)) {
    log(`Stopping the local chain (anvil, pid ${pid}) that an earlier run left running...`);
    stopped = true;
    process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + 10_000;
    while (isAnvilProcess(pid)) {
      if (Date.now() > deadline) {
        process.kill(pid, 'SIGKILL');
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  fs.rmSync(pidFile, { force: true });
  return stopped;
}

/**
 * Starts anvil on 127.0.0.1:`port`. `stateFile` (optional) is loaded when it exists and written on stop and every few
 * seconds; without it the chain starts empty (tests). Resolves once eth_chainId answers.
 */
export async function startLocalChain(options: {
  port: number;
  stateFile?: string;
  log?: (message: string) => void;
  timeoutMs?: number;
}): Promise<RunningLocalChain> {
  const host = '127.0.0.1';
  const { port } = options;
  const log = options.log ?? (() => {});
  const pidFile = options.stateFile ? path.join(path.dirname(options.stateFile), 'anvil.pid') : null;
  const stoppedLeftover = pidFile ? await stopLeftoverChain(pidFile, log) : false;
  // An exiting process loses its command line (how it is recognised) before the kernel closes its sockets: after
  // stopping a leftover chain, give its port a moment to be released.
  let free = await portIsFree(port, host);
  for (const deadline = Date.now() + 5_000; !free && stoppedLeftover && Date.now() < deadline; free = await portIsFree(port, host)) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!free) {
    throw new StartupError(
      `The built-in local chain cannot listen on ${host}:${port}: the port is taken (another Rampart, or a node of your own). ` +
        `Stop it, choose another EVM_LOCAL_PORT, or point EVM_RPC_URL at that node.`,
    );
  }
  const binary = anvilBinary();
  const args = ['--host', host, '--port', String(port), '--chain-id', String(LOCAL_EVM_CHAIN_ID), '--silent'];
  if (options.stateFile) {
    fs.mkdirSync(path.dirname(options.stateFile), { recursive: true });
    // --state loads the file when present and dumps on exit; the interval keeps it after a crash too.
    args.push('--state', options.stateFile, '--state-interval', '5');
  }
  log(`Starting the built-in local chain (anvil) on ${host}:${port}${options.stateFile ? `, state in ${options.stateFile}` : ''}...`);
  const child: ChildProcess = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  if (pidFile && child.pid) fs.writeFileSync(pidFile, String(child.pid));
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  let exited: number | null | undefined;
  let spawnError: Error | null = null;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exited = code;
      resolve();
    }),
  );
  child.once('error', (error) => {
    spawnError = error;
  });

  const rpcUrl = `http://${host}:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    if (spawnError) throw new StartupError(`The built-in local chain (anvil) did not start: ${(spawnError as Error).message}`);
    if (exited !== undefined) throw new StartupError(`The built-in local chain (anvil) exited with code ${exited} at start:\n${output.trim()}`);
    const id = await chainIdAt(rpcUrl);
    if (id === LOCAL_EVM_CHAIN_ID) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new StartupError(
        `The built-in local chain (anvil) did not answer on ${rpcUrl} within ${Math.round((options.timeoutMs ?? 30_000) / 1000)} s:\n${output.trim()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  let stopping: Promise<void> | null = null;
  return {
    rpcUrl,
    port,
    stop() {
      stopping ??= (async () => {
        if (exited !== undefined) return;
        // SIGTERM: anvil writes its state file, then exits.
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exit;
        clearTimeout(timer);
        if (pidFile) fs.rmSync(pidFile, { force: true });
      })();
      return stopping;
    },
  };
}
