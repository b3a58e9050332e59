import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { E2E } from './e2e-env.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** A real SMTP server for the app, with a tiny HTTP read API on loopback for the test workers. */
async function startMailCatcher() {
  const messages: Mail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^Subject: (.*)$/im.exec(raw)?.[1] ?? '';
        const body = raw
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join('\n\n')
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        for (const rcpt of session.envelope.rcptTo) messages.push({ to: rcpt.address.toLowerCase(), subject, text: body });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;
  const api = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const to = url.searchParams.get('to')?.toLowerCase();
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(messages.filter((mail) => !to || mail.to === to)));
  });
  await new Promise<void>((resolve) => api.listen(E2E.mailApiPort, '127.0.0.1', resolve));
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    close: () => Promise.all([new Promise((r) => smtp.close(() => r(null))), new Promise((r) => api.close(() => r(null)))]),
  };
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app exited with code ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The app did not become healthy within ${timeoutMs} ms`);
}

/** Fails fast, naming the port, when another run (or `npm start`) already listens there. */
async function assertPortFree(port: number, what: string) {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', () => reject(new Error(`Port ${port} (${what}) is in use — another e2e run? Set E2E_PORT_BASE / E2E_POSTGRES_PORT to move this one.`)));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/** Starts the real app (built web, API, embedded PostgreSQL, development identity provider) on a fresh data directory. */
export default async function globalSetup() {
  const dataDir = path.join(repoRoot, E2E.dataDir);
  for (const [port, what] of [
    [E2E.appPort, 'app'],
    [E2E.idpPort, 'identity provider'],
    [E2E.mailApiPort, 'mail API'],
    [E2E.chainPort, 'local chain'],
  ] as const)
    await assertPortFree(port, what);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const mail = await startMailCatcher();
  const logFile = fs.openSync(path.join(repoRoot, `${E2E.dataDir}-server.log`), 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(E2E.appPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: E2E.appUrl,
      DEV_IDP_PORT: String(E2E.idpPort),
      EMBEDDED_POSTGRES_PORT: String(E2E.postgresPort),
      // The built-in local chain (EVM_RPC_URL unset), under DATA_DIR/chain.
      EVM_RPC_URL: '',
      EVM_LOCAL_PORT: String(E2E.chainPort),
      SMTP_URL: mail.smtpUrl,
      SEED_DEMO: 'true',
      RATE_LIMIT_PER_MINUTE: '100000',
      // A test-mode purchase moves a step every 1.5 s by default; the widget flows wait for it, not for the clock.
      TEST_MODE_STEP_DELAY_MS: '200',
      // The developer specs' webhook receiver listens on loopback.
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', logFile, logFile],
  });
  await waitForHealth(`${E2E.appUrl}/healthz`, child, 120_000);
  return async () => {
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
    await mail.close();
  };
}
