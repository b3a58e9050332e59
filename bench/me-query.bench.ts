/**
 * The `me` query through the full stack, three ways on one Fastify app (same plugins: helmet, rate limit,
 * cookies, logger), so the only difference between them is what turns the request into the answer:
 *  - Mercurius: the real app from `buildApp`, POST /graphql;
 *  - Apollo Server 5: the same SDL, resolvers, validation rules and context factory, POST /bench/apollo;
 *  - plain: a hand-written route running the same SQL (session + user, then memberships), GET /bench/me.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import type { AddressInfo } from 'node:net';
import type { Result } from 'autocannon';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { fastifyApolloHandler } from '@as-integrations/fastify';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
// Brings request.cookies into the Fastify types (the app registers the plugin).
import type {} from '@fastify/cookie';
import { parseEnv, type Env } from '../apps/server/src/config/env.ts';
import { startInfrastructure, type Infrastructure } from '../apps/server/src/boot.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { workersPrewarmed } from '../apps/server/src/lib/bounded-worker.ts';
import { seedDemo } from '../apps/server/src/db/seed-demo.ts';
import type { GraphQLContext } from '../apps/server/src/graphql/context.ts';
import { buildValidationRules, createContextFactory, GRAPHQL_LIMITS, sessionCookieName } from '../apps/server/src/graphql/plugin.ts';
import { buildResolvers, loadTypeDefs } from '../apps/server/src/graphql/schema.ts';
import { trimGraphQLAnswerHeaders } from '../apps/server/src/graphql/answer-headers.ts';
import { loadSession, tokensMatch } from '../apps/server/src/modules/identity/session-store.ts';
import type { LoadRequest } from './load-generator.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

type RampartApp = Awaited<ReturnType<typeof buildApp>>;

export const ME_QUERY = 'query Bench_Me { me { id name email isOtpEnabled preferredCurrencyCode memberships { id role account { id name isVerified } } } }';

export const TARGETS = { minTimesApollo: 1.5, minShareOfPlain: 0.85, maxP99Ms: 20 } as const;

export type TargetName = 'mercurius' | 'apollo' | 'plain';

export interface Measurement {
  target: TargetName;
  label: string;
  requestsPerSecond: number;
  /** Median CPU time the Node server process spent per request (PostgreSQL's share is the same for all three). */
  serverCpuMicrosPerRequest: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  mismatches: number;
  rounds: Array<{ requestsPerSecond: number; p99: number; serverCpuMicrosPerRequest: number }>;
}

export interface BenchOptions {
  connections: number;
  /** Each target runs this many times, taking turns; the figures are medians. */
  rounds: number;
  warmupSeconds: number;
  durationSeconds: number;
  /** Measure only these (for profiling one server); the comparison needs all three. */
  only?: TargetName[];
}

const LABELS: Record<TargetName, string> = {
  mercurius: 'Mercurius (the app)',
  apollo: 'Apollo Server 5 (same schema)',
  plain: 'Plain Fastify route (same SQL)',
};

function benchConfig(): Env {
  return parseEnv({
    ...process.env,
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
    DATA_DIR: process.env.BENCH_DATA_DIR ?? '.data/bench',
    EMBEDDED_POSTGRES_PORT: process.env.BENCH_POSTGRES_PORT ?? '5496',
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://127.0.0.1',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000000',
    SEED_DEMO: 'true',
    SMTP_URL: undefined,
  });
}

/** graphql-tools (under Apollo Server) takes a union's `__resolveType` only; the plain `resolveType` is Mercurius's spelling. */
function forGraphqlTools(resolvers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(resolvers).map(([type, fields]) => {
      if (fields && typeof fields === 'object' && '__resolveType' in fields && 'resolveType' in fields) {
        const { resolveType: _mercuriusSpelling, ...rest } = fields as Record<string, unknown>;
        return [type, rest];
      }
      return [type, fields];
    }),
  );
}

/** The Apollo Server equivalent of `registerGraphQL`: same SDL, resolvers, limits and context. */
async function registerApollo(app: RampartApp, deps: { config: Env; infrastructure: Infrastructure }) {
  const { config, infrastructure } = deps;
  const apollo = new ApolloServer<GraphQLContext>({
    typeDefs: loadTypeDefs(),
    resolvers: forGraphqlTools(buildResolvers(app.services)) as never, // graphql-tools' resolver map type is looser than codegen's Resolvers
    introspection: config.GRAPHQL_INTROSPECTION,
    // Mercurius applies the depth limit through its queryDepth option; Apollo gets the equivalent rule.
    validationRules: [...buildValidationRules(config), maxDepthRule({ n: GRAPHQL_LIMITS.depth })],
    includeStacktraceInErrorResponses: false,
    allowBatchedHttpRequests: false,
    plugins: [ApolloServerPluginLandingPageDisabled()],
  });
  await apollo.start();
  const createContext = createContextFactory({ config, services: app.services, pool: infrastructure.database.pool });
  app.post('/bench/apollo', fastifyApolloHandler(apollo, { context: createContext }));
  return apollo;
}

/** What a REST endpoint without GraphQL would do: the same two queries, the same JSON. */
function registerPlainRoute(app: RampartApp, deps: { config: Env; infrastructure: Infrastructure }) {
  const cookieName = sessionCookieName(deps.config);
  const pool = deps.infrastructure.database.pool;
  app.get('/bench/me', async (request, reply) => {
    const cookieValue = request.cookies[cookieName];
    const header = request.headers['x-csrf-token'];
    const session = cookieValue && cookieValue.length <= 100 ? await loadSession(pool, cookieValue) : null;
    if (!session || !tokensMatch(session.csrfToken, typeof header === 'string' ? header : undefined)) {
      return reply.code(401).send({ errors: [{ message: 'You are not signed in.', extensions: { code: 'UNAUTHENTICATED' } }] });
    }
    const { user } = session;
    const memberships = await app.services.accounts.membershipsOfUser(user.id, 100);
    return {
      data: {
        me: {
          id: user.id,
          name: `${user.firstName} ${user.lastName}`.trim(),
          email: user.email,
          isOtpEnabled: user.isOtpEnabled,
          preferredCurrencyCode: user.preferredCurrencyCode,
          memberships: memberships.map(({ id, role, account }) => {
            if (!account) throw new Error('membershipsOfUser returns each membership with its account');
            return { id, role, account: { id: account.id, name: account.name, isVerified: account.isVerified } };
          }),
        },
      },
    };
  });
}

interface PreparedTarget {
  name: TargetName;
  request: Omit<LoadRequest, 'title' | 'connections' | 'durationSeconds' | 'expectBody'>;
}

async function login(baseUrl: string): Promise<{ cookie: string; csrfToken: string }> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
    body: JSON.stringify({
      query: 'mutation Bench_Login($email: String!, $password: String!) { login(email: $email, password: $password) { csrfToken } }',
      variables: { email: 'demo@rampart.dev', password: 'rampart-demo-2026!' },
    }),
  });
  const body = (await response.json()) as { data?: { login?: { csrfToken?: string | null } } };
  const csrfToken = body.data?.login?.csrfToken;
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!csrfToken || !cookie) throw new Error(`The benchmark could not sign in: ${JSON.stringify(body)}`);
  return { cookie, csrfToken };
}

/** Calls a target once and checks it answers exactly like the others; returns the exact body to expect. */
async function verify(target: PreparedTarget, expected: unknown): Promise<string> {
  const { url, method, headers, body } = target.request;
  const response = await fetch(url, { method, headers, ...(body === undefined ? {} : { body }) });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${LABELS[target.name]} answered ${response.status}: ${text}`);
  const parsed: unknown = JSON.parse(text);
  if (expected !== undefined && !isDeepStrictEqual(parsed, expected)) {
    throw new Error(`${LABELS[target.name]} answered differently:\n${text}\nexpected\n${JSON.stringify(expected)}`);
  }
  return text;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

interface Round {
  result: Result;
  /** CPU time of the server process (this one) divided by the requests answered: immune to load from elsewhere. */
  cpuPerRequest: number;
}

/** Medians over the rounds for speed and latency; failures are summed, since a single one matters. */
function summarise(target: TargetName, rounds: Round[]): Measurement {
  const results = rounds.map((round) => round.result);
  const sum = (pick: (result: Result) => number) => results.reduce((total, result) => total + pick(result), 0);
  return {
    target,
    label: LABELS[target],
    requestsPerSecond: median(results.map((result) => result.requests.average)),
    serverCpuMicrosPerRequest: median(rounds.map((round) => round.cpuPerRequest)),
    latencyMs: {
      p50: median(results.map((result) => result.latency.p50)),
      p90: median(results.map((result) => result.latency.p90)),
      p99: median(results.map((result) => result.latency.p99)),
      max: Math.max(...results.map((result) => result.latency.max)),
    },
    requests: sum((result) => result.requests.total),
    errors: sum((result) => result.errors),
    timeouts: sum((result) => result.timeouts),
    non2xx: sum((result) => result.non2xx),
    mismatches: sum((result) => result.mismatches),
    rounds: rounds.map(({ result, cpuPerRequest }) => ({
      requestsPerSecond: result.requests.average,
      p99: result.latency.p99,
      serverCpuMicrosPerRequest: cpuPerRequest,
    })),
  };
}

/** One autocannon load in its own process (load-generator.ts). */
export function runLoad(request: LoadRequest): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(here, 'load-generator.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let settled = false;
    child.once('message', (message: { result?: Result; error?: string }) => {
      settled = true;
      if (message.result) resolve(message.result);
      else reject(new Error(message.error ?? 'the load generator failed'));
    });
    child.once('exit', (code) => {
      if (!settled) reject(new Error(`the load generator exited with ${code}`));
    });
    child.send(request);
  });
}

export async function runMeQueryBench(options: BenchOptions, log: (line: string) => void): Promise<Measurement[]> {
  const config = benchConfig();
  log('Starting PostgreSQL and the app...');
  const infrastructure = await startInfrastructure(config);
  try {
    await seedDemo(infrastructure.database.db);
    const app = await buildApp({ config, database: infrastructure.database, mailer: infrastructure.mailer, chain: infrastructure.chain, webRoot: null });
    const apollo = await registerApollo(app, { config, infrastructure });
    registerPlainRoute(app, { config, infrastructure });
    // The headers /graphql's answers carry, on the two routes it is compared with.
    trimGraphQLAnswerHeaders(app, ['/bench/apollo', '/bench/me']);
    // The upload parsers' worker starts in the background (most of a second of CPU): not part of any request's cost.
    await workersPrewarmed();
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const { cookie, csrfToken } = await login(baseUrl);
      const graphqlHeaders = { 'content-type': 'application/json', 'apollo-require-preflight': 'true', 'x-csrf-token': csrfToken, cookie };
      const graphqlBody = JSON.stringify({ query: ME_QUERY, operationName: 'Bench_Me' });
      const targets: PreparedTarget[] = [
        { name: 'mercurius', request: { url: `${baseUrl}/graphql`, method: 'POST', headers: graphqlHeaders, body: graphqlBody } },
        { name: 'apollo', request: { url: `${baseUrl}/bench/apollo`, method: 'POST', headers: graphqlHeaders, body: graphqlBody } },
        { name: 'plain', request: { url: `${baseUrl}/bench/me`, method: 'GET', headers: { 'x-csrf-token': csrfToken, cookie } } },
      ];

      const expectedBodies = new Map<TargetName, string>();
      let reference: unknown;
      for (const target of targets) {
        const text = await verify(target, reference);
        reference ??= JSON.parse(text);
        expectedBodies.set(target.name, text);
      }
      log(`All three answer the same: ${JSON.stringify(reference)}`);

      // One target at a time: the machine is small, and concurrent loads would measure each other. The targets
      // take turns over several short rounds, so a burst of other work on the machine lands on every target
      // rather than on whichever happened to run at that moment; ratios are taken within a round.
      const selected = targets.filter((candidate) => !options.only || options.only.includes(candidate.name));
      const load = (target: PreparedTarget, durationSeconds: number): LoadRequest => ({
        ...target.request,
        title: target.name,
        expectBody: expectedBodies.get(target.name)!,
        connections: options.connections,
        durationSeconds,
      });
      for (const target of selected) {
        log(`${LABELS[target.name]}: warm-up ${options.warmupSeconds} s...`);
        await runLoad(load(target, options.warmupSeconds));
      }
      const results = new Map<TargetName, Round[]>(selected.map((target) => [target.name, []]));
      for (let round = 1; round <= options.rounds; round += 1) {
        // Rotate who goes first, so no target always runs right after the same neighbour.
        const order = selected.map((_, index) => selected[(index + round - 1) % selected.length]!);
        for (const target of order) {
          const cpuBefore = process.cpuUsage();
          const result = await runLoad(load(target, options.durationSeconds));
          const cpu = process.cpuUsage(cpuBefore);
          const cpuPerRequest = (cpu.user + cpu.system) / Math.max(result.requests.total, 1);
          results.get(target.name)!.push({ result, cpuPerRequest });
          log(
            `  round ${round}/${options.rounds} ${LABELS[target.name]}: ${Math.round(result.requests.average)} requests/s, p99 ${result.latency.p99} ms, ${Math.round(cpuPerRequest)} µs server CPU per request`,
          );
        }
      }
      return selected.map((target) => summarise(target.name, results.get(target.name)!));
    } finally {
      await app.close();
      await apollo.stop();
    }
  } finally {
    // pg-pool's end() resolves before its clients have finished closing, so stopping PostgreSQL right after
    // can make a closing client report "terminating connection"; at this point that is expected, not a failure.
    infrastructure.database.pool.on('error', () => {});
    await infrastructure.close();
  }
}
