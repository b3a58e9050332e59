import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { parseEnv } from '../src/config/env.ts';
import { connectDatabase } from '../src/db/client.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { buildApp } from '../src/app.ts';
import { repoRoot, serverRoot } from '../src/lib/paths.ts';
import { ApiClient, freePort } from './harness.ts';
import { createIsolatedDatabase } from './isolated-database.ts';
import { startSmtpCapture } from './smtp-capture.ts';

// RAMPART_ENV=production as an operator runs it: the real entry points in their own processes, with a clean
// environment (only what each case sets, and PATH for npm).

const EVERY_PRODUCTION_SETTING = [
  'DATABASE_URL',
  'SMTP_URL',
  'OIDC_ISSUER or SSO_ENABLED',
  'USER_HASH_SECRET',
  'KEY_ENCRYPTION_KEY',
  'FILE_LINK_SECRET',
  'METRICS_TOKEN',
  'PUBLIC_URL',
  'EVM_RPC_URL',
  'STRIPE_SECRET_KEY',
  'HELIO_API_KEY',
  'SUPPORT_EMAIL',
];

interface Run {
  code: number | null;
  output: string;
}

interface Started {
  output: () => string;
  exit: Promise<Run>;
  kill: (signal: NodeJS.Signals) => void;
}

function start(command: string, args: string[], env: Record<string, string>, cwd = serverRoot): Started {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exit = new Promise<Run>((resolve) => child.once('exit', (code) => resolve({ code, output })));
  return { output: () => output, exit, kill: (signal) => child.kill(signal) };
}

const node = (file: string, env: Record<string, string>) => start(process.execPath, ['--import', 'tsx', file], env);

/** The production settings of docs/operations.md, pointing at this run's PostgreSQL, SMTP capture and chain. */
function productionSettings(values: { databaseUrl: string; smtpUrl: string; port: number; dataDir: string; devIdpPort: number }): Record<string, string> {
  return {
    RAMPART_ENV: 'production',
    DATABASE_URL: values.databaseUrl,
    SMTP_URL: values.smtpUrl,
    SSO_ENABLED: 'false',
    USER_HASH_SECRET: crypto.randomBytes(32).toString('hex'),
    KEY_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
    FILE_LINK_SECRET: crypto.randomBytes(32).toString('hex'),
    METRICS_TOKEN: crypto.randomBytes(32).toString('hex'),
    PUBLIC_URL: 'https://dashboard.provider.example',
    EVM_RPC_URL: inject('evmRpcUrl'),
    EVM_NETWORK_CODE: 'local_evm',
    // Never called while starting; loopback all the same.
    STRIPE_SECRET_KEY: 'sk_live_never_called_in_this_test',
    STRIPE_WEBHOOK_SECRET: 'whsec_never_called_in_this_test',
    STRIPE_API_BASE: 'http://127.0.0.1:9',
    HELIO_API_KEY: 'helio-key-never-called',
    HELIO_API_SECRET: 'helio-secret-never-called',
    HELIO_API_BASE: 'http://127.0.0.1:9',
    SUPPORT_EMAIL: 'support@provider.example',
    HOST: '127.0.0.1',
    PORT: String(values.port),
    DATA_DIR: values.dataDir,
    // Where the development identity provider would listen: nothing may.
    DEV_IDP_PORT: String(values.devIdpPort),
    LOG_LEVEL: 'warn',
  };
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** Its exit, or SIGINT after `ms` (a server that did not refuse must not outlive the test). */
async function exitWithin(started: Started, ms: number): Promise<Run> {
  const timer = setTimeout(() => started.kill('SIGINT'), ms);
  try {
    return await started.exit;
  } finally {
    clearTimeout(timer);
  }
}

describe('RAMPART_ENV=production with no other settings', () => {
  it('the server exits 1 naming every missing setting, without a stack trace', async () => {
    // Only where a server that wrongly started would run: its own ports and data directory.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-refused-'));
    const placement: Record<string, string> = { HOST: '127.0.0.1', DATA_DIR: dataDir };
    for (const name of ['PORT', 'EMBEDDED_POSTGRES_PORT', 'DEV_IDP_PORT', 'EVM_LOCAL_PORT']) placement[name] = String(await freePort());
    const run = await exitWithin(node('src/server.ts', { RAMPART_ENV: 'production', ...placement }), 40_000);
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(run.code).toBe(1);
    const lines = run.output.trim().split('\n');
    expect(lines[0]).toBe(`Rampart will not start in production (RAMPART_ENV=production): ${EVERY_PRODUCTION_SETTING.length} settings need changing.`);
    expect(lines.slice(1, -1).map((line) => line.slice(2, line.indexOf(': ')))).toEqual(EVERY_PRODUCTION_SETTING);
    expect(run.output).not.toMatch(/\n\s+at /);
    expect(run.output).not.toContain('Starting embedded PostgreSQL');
  }, 60_000);

  it('npm run doctor prints every check with the setting that fixes it, and exits 1', async () => {
    const run = await start('npm', ['run', '--silent', 'doctor'], { RAMPART_ENV: 'production', PATH: process.env.PATH ?? '' }, repoRoot).exit;
    expect(run.code).toBe(1);
    expect(run.output).toContain('Rampart doctor: RAMPART_ENV=production');
    for (const setting of EVERY_PRODUCTION_SETTING) expect(run.output).toMatch(new RegExp(`\\n  FAIL  ${setting} +\\S`));
    expect(run.output).toMatch(/\n {2}ok {4}GRAPHQL_IDE +the GraphQL IDE off\n/);
    expect(run.output).toContain(`Rampart will not start: ${EVERY_PRODUCTION_SETTING.length} settings need changing`);
  }, 60_000);

  it('doctor in development (the default) lists the same checks as advice and exits 0', async () => {
    const run = await node('src/doctor.ts', {}).exit;
    expect(run.code).toBe(0);
    expect(run.output).toMatch(/\n {2}warn {2}SMTP_URL +e-mail sent through an SMTP server/);
    expect(run.output).toContain('Rampart will start in development.');
  }, 60_000);
});

describe('RAMPART_ENV=production with the documented production settings', () => {
  let isolated: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let settings: Record<string, string>;
  let server: Started;
  let baseUrl: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-production-'));

  beforeAll(async () => {
    isolated = await createIsolatedDatabase('production');
    smtp = await startSmtpCapture();
    const port = await freePort();
    settings = productionSettings({ databaseUrl: isolated.url, smtpUrl: smtp.url, port, dataDir, devIdpPort: await freePort() });
    baseUrl = `http://127.0.0.1:${port}`;
    server = node('src/server.ts', settings);
    const deadline = Date.now() + 90_000;
    while (!server.output().includes('Rampart is running')) {
      const exited = await Promise.race([server.exit, new Promise<null>((resolve) => setTimeout(() => resolve(null), 100))]);
      if (exited) throw new Error(`the server exited with ${exited.code}:\n${exited.output}`);
      if (Date.now() > deadline) throw new Error(`the server did not start within 90 s:\n${server.output()}`);
    }
  }, 120_000);
  afterAll(async () => {
    server?.kill('SIGINT');
    await server?.exit;
    await smtp?.close();
    await isolated?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts with no demo data: no demo user, organization or generated transactions', async () => {
    expect(server.output()).toContain('Rampart is running on https://dashboard.provider.example (production)');
    expect(server.output()).not.toMatch(/Demo login|Development mailbox|Development SMS|Development identity provider|local EVM chain/);
    const client = new pg.Client({ connectionString: isolated.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ users: number; organizations: number; transactions: number }>(
        `select (select count(*)::int from users where email = 'demo@rampart.dev') as users,
                (select count(*)::int from organizations) as organizations,
                (select count(*)::int from transactions) as transactions`,
      );
      expect(rows[0]).toEqual({ users: 0, organizations: 0, transactions: 0 });
    } finally {
      await client.end();
    }
  });

  it('serves no development mailbox or SMS outbox, and /metrics asks for its token', async () => {
    for (const route of ['/dev/mailbox', '/dev/mailbox.json', '/dev/sms', '/dev/sms.json']) {
      expect((await fetch(`${baseUrl}${route}`)).status, route).toBe(404);
    }
    expect((await fetch(`${baseUrl}/metrics`)).status).toBe(401);
    expect((await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${settings.METRICS_TOKEN}` } })).status).toBe(200);
  });

  it('runs no development identity provider or GraphQL IDE: single sign-on off, introspection refused', async () => {
    expect(await refusesConnections(Number(settings.DEV_IDP_PORT))).toBe(true);
    const client = new ApiClient(baseUrl);
    const sso = await client.gql('{ ssoConfiguration { issuer } }');
    expect(sso.errors?.[0]?.message).toBe('Single sign-on is turned off on this server. Sign in with your e-mail and password.');
    const login = await client.gql('mutation { loginWithOkta(token: "eyJ.e30.x") { csrfToken } }');
    expect(login.errors?.[0]?.message).toContain('Single sign-on is turned off on this server.');
    const introspection = await client.gql('{ __schema { queryType { name } } }');
    expect(introspection.data).toBeNull();
    expect(introspection.errors?.[0]?.message).toMatch(/introspection/i);
    expect((await fetch(`${baseUrl}/graphiql`)).status).toBe(404);
  });

  it('doctor passes every check on the same settings and exits 0', async () => {
    const run = await node('src/doctor.ts', settings).exit;
    expect(run.code).toBe(0);
    expect(run.output).not.toMatch(/FAIL/);
    expect(run.output).toContain('production checks pass: Rampart will start.');
  }, 60_000);

  it('registers no development route in production, even given a development mailer', async () => {
    const config = parseEnv(settings);
    const database = connectDatabase({ url: isolated.url, pooling: 'session', poolSize: 2, replicaMaxLagSeconds: config.REPLICA_MAX_LAG_SECONDS });
    // A mailer without SMTP (files shown at /dev/mailbox in development).
    const mailer = createMailer({ from: config.MAIL_FROM, mailDir: path.join(dataDir, 'mail') });
    expect(mailer.usesDevelopmentMailbox).toBe(true);
    const app = await buildApp({ config, database, mailer, webRoot: null, seedReferenceData: false });
    try {
      for (const url of ['/dev/mailbox', '/dev/mailbox.json', '/dev/sms', '/dev/sms.json']) expect((await app.inject({ url })).statusCode, url).toBe(404);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
