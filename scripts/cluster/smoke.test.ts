/**
 * The cluster's smoke test: the demo user through HAProxy, a webhook delivered by a worker process to a loopback
 * receiver and verified with the standardwebhooks package, /metrics /healthz /readyz of every process, the replica
 * streaming, and every recorded pid alive (global-setup.ts checks they are all gone after the stop).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachCluster } from './cluster.ts';
import { clusterUnderTest, GraphQLSession } from './test-helpers.ts';

const cluster = clusterUnderTest();
const DEMO = { email: 'demo@rampart.dev', password: 'rampart-demo-2026!' };

let primary: pg.Client;
let demoAccountId: string;
beforeAll(async () => {
  primary = new pg.Client({ connectionString: cluster.primaryUrl });
  await primary.connect();
  demoAccountId = (await primary.query<{ id: string }>(`select id from accounts where name = 'Demo Payments' order by created_at limit 1`)).rows[0]!.id;
});
afterAll(async () => {
  await primary.end();
});

/** How many times HAProxy chose each API process (lbtot), from its stats page as CSV. */
async function haproxyServerRequests(): Promise<Map<string, number>> {
  const csv = await (await fetch(`http://127.0.0.1:${Number(new URL(cluster.url).port) + 1}/;csv`)).text();
  const [header, ...lines] = csv.trim().split('\n');
  const lbtot = header!.replace(/^# /, '').split(',').indexOf('lbtot');
  const totals = new Map<string, number>();
  for (const line of lines) {
    const cells = line.split(',');
    if (cells[0] === 'api' && cells[1]?.startsWith('api')) totals.set(cells[1], Number(cells[lbtot]));
  }
  return totals;
}

describe('the cluster', () => {
  it('started with the replica streaming from the primary', async () => {
    console.log(`The cluster started in ${(cluster.startedInMs / 1000).toFixed(1)} s.`);
    const replication = await primary.query<{ state: string }>('select state from pg_stat_replication');
    expect(replication.rows.map((row) => row.state)).toEqual(['streaming']);
    const replica = new pg.Client({ connectionString: cluster.replicaUrl });
    await replica.connect();
    try {
      expect((await replica.query<{ standby: boolean }>('select pg_is_in_recovery() as standby')).rows[0]!.standby).toBe(true);
      // The demo data reached the replica.
      expect(Number((await replica.query<{ n: string }>(`select count(*) as n from accounts where name = 'Demo Payments'`)).rows[0]!.n)).toBe(1);
    } finally {
      await replica.end();
    }
  });

  it('serves the demo user through HAProxy, PgBouncer and the replica, spread over every API process', async () => {
    const before = await haproxyServerRequests();
    const session = new GraphQLSession(cluster.url);
    await session.login(DEMO.email, DEMO.password);
    for (let i = 0; i < 6; i += 1) {
      const data = await session.ok<{ transactions: { totalCount: number; items: Array<{ id: string }> } }>(
        'query($a: ID!) { transactions(accountId: $a, liveMode: false, take: 5) { totalCount items { id } } }',
        { a: demoAccountId },
      );
      expect(data.transactions.items).toHaveLength(5);
      expect(data.transactions.totalCount).toBeGreaterThan(1000);
    }
    const after = await haproxyServerRequests();
    for (const api of cluster.apis) expect(after.get(api.name)! - (before.get(api.name) ?? 0), api.name).toBeGreaterThan(0);
  });

  it('delivers a webhook through a worker process, signed (standard webhooks)', async () => {
    const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
    const receiver = http.createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const port = (receiver.address() as AddressInfo).port;
      const session = new GraphQLSession(cluster.url);
      await session.login(DEMO.email, DEMO.password);
      const webhook = (
        await session.ok<{ createWebhook: { id: string; signingSecret: string } }>(
          'mutation($a: ID!, $u: String!) { createWebhook(accountId: $a, url: $u, liveMode: false, events: ["transaction_created"]) { id signingSecret } }',
          { a: demoAccountId, u: `http://127.0.0.1:${port}/hooks` },
        )
      ).createWebhook;
      const key = (
        await session.ok<{ createApiKey: { secret: string } }>(
          'mutation($a: ID!) { createApiKey(accountId: $a, liveMode: false, name: "Cluster smoke test", restrictions: [{ resource: "transactions", access: write }]) { secret } }',
          { a: demoAccountId },
        )
      ).createApiKey;
      // A test transaction through the public REST API: its transaction_created event goes through the outbox.
      const created = await fetch(`${cluster.url}/v1/test/transactions`, {
        method: 'POST',
        headers: { authorization: `Api-Key ${key.secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'buy', cryptoCurrencyCode: 'eth', amount: '100', fiatCurrencyCode: 'eur' }),
      });
      expect(created.status).toBe(201);
      const transaction = (await created.json()) as { id: string };

      const deadline = Date.now() + 20_000;
      while (!received.some((each) => each.body.includes(transaction.id)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      const delivery = received.find((each) => each.body.includes(transaction.id));
      expect(delivery, 'the webhook arrived').toBeDefined();
      const verified = new StandardWebhook(webhook.signingSecret).verify(delivery!.body, {
        'webhook-id': String(delivery!.headers['webhook-id']),
        'webhook-timestamp': String(delivery!.headers['webhook-timestamp']),
        'webhook-signature': String(delivery!.headers['webhook-signature']),
      }) as { type: string; data: { id: string } };
      expect(verified.type).toBe('transaction_created');
      expect(verified.data.id).toBe(transaction.id);

      // Sent by one of the worker processes (the API processes run with WORKER_MODE=off).
      // Recorded as sent (the worker writes attempts in batches, just after the request).
      let status = '';
      for (let attempt = 0; attempt < 100 && status !== 'succeeded'; attempt += 1) {
        const row = await primary.query<{ status: string; claimed_by: string | null }>(
          `select status, claimed_by from webhook_deliveries where webhook_id = $1`,
          [webhook.id],
        );
        status = row.rows[0]?.status ?? '';
        if (status !== 'succeeded') await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(status).toBe('succeeded');
      await session.ok('mutation($id: ID!) { deleteWebhook(id: $id) }', { id: webhook.id });
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it('answers /healthz, /readyz and /metrics on every API and worker process', async () => {
    for (const each of [...cluster.apis, ...cluster.workers]) {
      const health = await fetch(`${each.url}/healthz`);
      expect(health.status, `${each.name} /healthz`).toBe(200);
      const ready = await fetch(`${each.url}/readyz`);
      expect(ready.status, `${each.name} /readyz`).toBe(200);
      const metrics = await fetch(`${each.url}/metrics`);
      expect(metrics.status, `${each.name} /metrics`).toBe(200);
      expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/);
      const text = await metrics.text();
      expect(text).toMatch(/^# HELP /m);
      expect(text, each.name).toContain('process_cpu_seconds_total');
      expect(text, each.name).toContain('rampart_db_pool_connections');
      if (cluster.apis.includes(each)) {
        expect(text, each.name).toContain('rampart_http_request_duration_seconds');
        expect(text, each.name).toContain('rampart_replica_lag_seconds');
      } else {
        expect(text, each.name).toContain('rampart_job_queue_jobs');
      }
    }
  });

  it('takes an API process stopped with SIGTERM out of rotation without a failed request (drain)', async () => {
    const control = attachCluster(cluster.dir);
    const stopping = control.apis[1]!;
    const session = new GraphQLSession(cluster.url);
    await session.login(DEMO.email, DEMO.password);
    const list = 'query($a: ID!) { transactions(accountId: $a, liveMode: false, take: 5) { items { id } } }';
    let running = true;
    const failures: string[] = [];
    let answered = 0;
    // Four clients one request after another, like a dashboard's users, for as long as the process takes to go.
    const clients = Array.from({ length: 4 }, async () => {
      while (running) {
        const result = await session
          .gql<{ transactions: { items: unknown[] } }>(list, { a: demoAccountId })
          .catch((error: Error) => ({ status: 0, errors: [{ message: error.message }], data: undefined }));
        if (result.status !== 200 || result.errors?.length || result.data?.transactions.items.length !== 5)
          failures.push(`${result.status} ${JSON.stringify(result.errors ?? null)}`);
        else answered += 1;
      }
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      stopping.kill('SIGTERM');
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        try {
          process.kill(stopping.pid, 0);
        } catch {
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(() => process.kill(stopping.pid, 0), 'the process exited').toThrow();
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      running = false;
      await Promise.all(clients);
    }
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(10);
    await stopping.restart();
  }, 180_000);

  it('replays a query that was in flight on a killed API process on another one, but not a mutation (HAProxy retry-on)', async () => {
    const control = attachCluster(cluster.dir);
    const [victim, ...others] = control.apis;
    const session = new GraphQLSession(cluster.url);
    await session.login(DEMO.email, DEMO.password);
    // Only the victim takes requests, and it is frozen: the requests reach its socket and wait there.
    for (const other of others) await control.haproxy.setServerState(other.name, 'maint');
    victim!.kill('SIGSTOP');
    try {
      const query = session.gql<{ transactions: { totalCount: number } }>(
        'query($a: ID!) { transactions(accountId: $a, liveMode: false, take: 1) { totalCount } }',
        { a: demoAccountId },
      );
      const mutation = fetch(`${cluster.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
        body: JSON.stringify({ query: 'mutation { login(email: "nobody@example.com", password: "not-the-password-1") { csrfToken } }' }),
      }).then(
        (response) => String(response.status),
        // On a keep-alive connection HAProxy closes the connection instead of answering 502 (a client may retry then).
        () => 'connection closed',
      );
      // Both are with the victim (its current sessions, scur) before the others come back.
      const deadline = Date.now() + 10_000;
      const victimSessions = async () =>
        Number(
          (await control.haproxy.stats())
            .split('\n')
            .find((line) => line.startsWith(`api,${victim!.name},`))
            ?.split(',')[4] ?? 0,
        );
      while ((await victimSessions()) < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await victimSessions()).toBe(2);
      for (const other of others) await control.haproxy.setServerState(other.name, 'ready');
      // kill -9: the victim's connections close with nothing answered (HAProxy: empty-response).
      victim!.kill('SIGKILL');
      const answered = await query;
      expect(answered.status).toBe(200);
      expect(answered.data?.transactions.totalCount).toBeGreaterThan(1000);
      // The mutation may have run before the crash: HAProxy must not run it again; the client gets the error.
      expect(['502', 'connection closed']).toContain(await mutation);
    } finally {
      for (const other of others) await control.haproxy.setServerState(other.name, 'ready');
      await victim!.restart();
      const deadline = Date.now() + 10_000;
      while (
        !(await control.haproxy.stats()).split('\n').some((line) => line.startsWith(`api,${victim!.name},`) && line.split(',')[17] === 'UP') &&
        Date.now() < deadline
      ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }, 180_000); // the victim's restart: a Node process loading on a busy machine

  it('recorded every process it started, each still running', () => {
    const records = JSON.parse(fs.readFileSync(path.join(cluster.dir, 'pids.json'), 'utf8')) as Array<{ name: string; pid: number }>;
    const names = records.map((record) => record.name).sort();
    expect(names).toEqual(
      [
        'anvil',
        'haproxy',
        'pgbouncer',
        'etcd',
        'patroni-pg1',
        'patroni-pg2',
        'backup-scheduler',
        ...cluster.apis.map((api) => api.name),
        ...cluster.workers.map((worker) => worker.name),
      ].sort(),
    );
    for (const record of records) expect(() => process.kill(record.pid, 0), record.name).not.toThrow();
  });
});
