import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, inject } from 'vitest';
import { parseEnv, type Env } from '../src/config/env.ts';
import { connectDatabase } from '../src/db/client.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { buildApp } from '../src/app.ts';
import { startSmtpCapture } from './smtp-capture.ts';
import { currentStep, totpCode } from '../src/modules/identity/totp.ts';
import { startWorker, type RunningWorker } from '../src/jobs/worker.ts';
import { LOCAL_CHAIN_DEV_PRIVATE_KEY } from '../src/lib/chain/local-chain.ts';

export type GraphQLResult<T = Record<string, unknown>> = {
  status: number;
  data: T | null;
  errors?: Array<{ message: string; extensions?: { code?: string; fields?: Record<string, string>; [key: string]: unknown } }>;
};

/** A browser-like client: keeps the session cookie and the CSRF token the API hands out. */
export class ApiClient {
  cookie: string | null = null;
  csrfToken = '';
  constructor(
    readonly baseUrl: string,
    readonly ip = '127.0.0.1',
  ) {}

  async gql<T = Record<string, unknown>>(
    query: string,
    variables: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ): Promise<GraphQLResult<T>> {
    const response = await fetch(`${this.baseUrl}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'apollo-require-preflight': 'true',
        'x-csrf-token': this.csrfToken,
        'x-forwarded-for': this.ip,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: JSON.stringify({ query, variables }),
    });
    const setCookie = response.headers.getSetCookie();
    for (const line of setCookie) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=');
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookie = null;
      else this.cookie = `${name}=${value}`;
    }
    const body = (await response.json()) as Omit<GraphQLResult<T>, 'status'>;
    return { status: response.status, ...body };
  }

  /**
   * An operation with files, as a browser's multipart request (the GraphQL multipart request spec): each file is the
   * variable of its name.
   */
  async upload<T = any>(
    query: string,
    variables: Record<string, unknown>,
    files: Record<string, { bytes: Uint8Array; name: string; type?: string }>,
  ): Promise<GraphQLResult<T>> {
    const form = new FormData();
    const names = Object.keys(files);
    form.append('operations', JSON.stringify({ query, variables: { ...variables, ...Object.fromEntries(names.map((name) => [name, null])) } }));
    form.append('map', JSON.stringify(Object.fromEntries(names.map((name, index) => [String(index), [`variables.${name}`]]))));
    names.forEach((name, index) => {
      const file = files[name]!;
      form.append(String(index), new Blob([new Uint8Array(file.bytes)], file.type ? { type: file.type } : {}), file.name);
    });
    const response = await fetch(`${this.baseUrl}/graphql`, {
      method: 'POST',
      headers: {
        'apollo-require-preflight': 'true',
        'x-csrf-token': this.csrfToken,
        'x-forwarded-for': this.ip,
        ...(this.cookie ? { cookie: this.cookie } : {}),
      },
      body: form,
    });
    return { status: response.status, ...((await response.json()) as object) } as GraphQLResult<T>;
  }

  /** Runs an operation that must succeed and returns its data. */
  async ok<T = Record<string, any>>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const result = await this.gql<T>(query, variables);
    if (result.errors?.length || !result.data) throw new Error(`GraphQL failed: ${JSON.stringify(result.errors)}`);
    return result.data;
  }

  async login(email: string, password: string, otpToken?: string) {
    const data = await this.ok<{ login: { csrfToken: string | null; preAuthenticated: boolean } }>(
      'mutation($email: String!, $password: String!, $otpToken: String) { login(email: $email, password: $password, otpToken: $otpToken) { csrfToken preAuthenticated } }',
      { email, password, otpToken },
    );
    if (data.login.csrfToken) this.csrfToken = data.login.csrfToken;
    return data.login;
  }
}

export function errorCode(result: GraphQLResult<unknown>): string | undefined {
  return result.errors?.[0]?.extensions?.code;
}

let counter = 0;
/** A port free on 127.0.0.1 right now, for a server a test starts itself (e.g. the development identity provider). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as AddressInfo | null;
      server.close(() => resolve(address?.port ?? 0));
    });
  });
}

export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now()}-${counter}@example.com`;
}

export function totpNow(secret: string, offsetSteps = 0): string {
  return totpCode(secret, currentStep() + offsetSteps);
}

export const STRONG_PASSWORD = 'correct-horse-battery-staple-42';

/**
 * The TOTP secret of the fixtures' staff users: staff act only with two-factor authentication on (issue 32), so a
 * staff user written directly has it on with this secret (`totpNow(STAFF_TOTP_SECRET)` signs one in).
 */
export const STAFF_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** Builds the real app on the run's PostgreSQL, with a real SMTP server receiving its mail, listening on loopback. */
export async function startTestApp(overrides: Partial<Record<keyof Env, string>> = {}, options: { worker?: boolean; webRoot?: string } = {}) {
  const smtp = await startSmtpCapture();
  const config = parseEnv({
    DATABASE_URL: inject('databaseUrl'),
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    TRUST_PROXY: 'true',
    PUBLIC_URL: 'http://localhost:3000',
    // The run's anvil (test/global-setup.ts) as a configured node, deploying with its development account #0.
    EVM_RPC_URL: inject('evmRpcUrl'),
    EVM_NETWORK_CODE: 'local_evm',
    EVM_DEPLOYER_PRIVATE_KEY: LOCAL_CHAIN_DEV_PRIVATE_KEY,
    ...overrides,
  });
  const database = connectDatabase({
    url: config.DATABASE_URL!,
    readUrl: config.READ_DATABASE_URL,
    directUrl: config.DIRECT_DATABASE_URL,
    pooling: config.DATABASE_POOLING,
    poolSize: 5,
    replicaMaxLagSeconds: config.REPLICA_MAX_LAG_SECONDS,
  });
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, mailDir: '/nonexistent' });
  // The run's databases are copies of a seeded template (test/global-setup.ts): no seeding per app.
  const app = await buildApp({ config, database, mailer, webRoot: options.webRoot ?? null, seedReferenceData: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  let worker: RunningWorker | null = null;
  if (options.worker) {
    worker = await startWorker({ pool: database.pool, services: app.services, concurrency: config.WORKER_CONCURRENCY, log: app.log });
  }
  return {
    app,
    config,
    database,
    mailer,
    smtp,
    baseUrl,
    client: (ip?: string) => new ApiClient(baseUrl, ip),
    async close() {
      await worker?.stop();
      await app.close();
      await database.close();
      await smtp.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/**
 * One app for the whole test file: started before its first test (beforeAll) and closed after its last (afterAll).
 * The handle reads the started app, so `const t = useTestApp()` at the top of a file replaces the hand-written
 * `let t; beforeAll(start); afterAll(close)`; later `beforeAll` hooks run after it and may use `t`.
 */
export function useTestApp(...args: Parameters<typeof startTestApp>): TestApp {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp(...args);
  });
  afterAll(async () => {
    await started?.close();
  });
  return new Proxy({} as TestApp, {
    get(_, key) {
      if (!started) throw new Error('The test app starts in beforeAll: read it inside a test or a hook.');
      return Reflect.get(started, key);
    },
  });
}
