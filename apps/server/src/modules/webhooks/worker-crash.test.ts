import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { accountWithMember } from '../../../test/accounts-helper.ts';
import { startWebhookReceiver } from '../../../test/webhook-receiver.ts';
import { startIsolatedTestApp } from '../../../test/isolated-database.ts';
import { emitWebhookEvent } from './outbox.ts';
import { startWebhookDispatcher } from './webhook-dispatcher.ts';

// No worker in this process: only the worker processes started below deliver.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' });
});
afterAll(async () => {
  await t.close();
});

const workerEntry = path.resolve(import.meta.dirname, '../../worker-main.ts');
/** A worker process's environment on `databaseUrl`: the local chain, webhooks to loopback allowed, quiet, no demo data. */
function workerEnv(databaseUrl: string, settings: Record<string, string>, inherited: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return {
    ...inherited,
    DATABASE_URL: databaseUrl,
    EVM_RPC_URL: inject('evmRpcUrl'),
    EVM_NETWORK_CODE: 'local_evm',
    WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ...settings,
  };
}
const startWorker = (env: NodeJS.ProcessEnv) => spawn(process.execPath, ['--import', 'tsx', workerEntry], { env, stdio: 'ignore' });
const exited = (child: ReturnType<typeof spawn>) =>
  new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));

/** `count` events for the account's test mode, written to the outbox as a change would; their ids, in order. */
async function emitEvents(app: TestApp, accountId: string, count: number): Promise<string[]> {
  const eventIds: string[] = [];
  for (let i = 0; i < count; i += 1) {
    eventIds.push(await emitWebhookEvent(app.database.db, { accountId, liveMode: false, type: 'transaction_updated', data: { n: i } }));
  }
  return eventIds;
}

async function unsettledDeliveries(app: TestApp, accountId: string): Promise<number> {
  const result = await app.database.pool.query(
    `select count(*)::int as n from webhook_deliveries d join webhook_events e on e.id = d.event_id where e.account_id = $1 and d.status <> 'succeeded'`,
    [accountId],
  );
  return result.rows[0].n;
}

const CREATE = `mutation($a: ID!, $u: String!, $l: Boolean!, $e: [String!]!) { createWebhook(accountId: $a, url: $u, liveMode: $l, events: $e) { id } }`;

describe('a worker killed mid-run', () => {
  it('loses no event: after SIGKILL and a restart every event is delivered at least once', async () => {
    const member = await accountWithMember(t);
    const receiver = await startWebhookReceiver(() => ({ status: 200, delayMs: 150 }));
    await member.client.ok(CREATE, { a: member.accountId, u: receiver.url, l: false, e: [] });
    const env = workerEnv(inject('databaseUrl'), {
      WEBHOOK_STALL_SECONDS: '2',
      // The killed worker's claims are free once its heartbeat is this old, not 15 s (the default).
      WORKER_HEARTBEAT_TIMEOUT_SECONDS: '0.5',
      WORKER_CONCURRENCY: '8',
    });
    const eventIds = await emitEvents(t, member.accountId, 60);
    const first = startWorker(env);
    await receiver.waitFor((all) => all.length >= 5, 30_000);
    first.kill('SIGKILL');
    const beforeKill = receiver.received.length;
    await new Promise((resolve) => first.once('exit', resolve));
    const second = startWorker(env);
    try {
      await receiver.waitFor((all) => eventIds.every((id) => all.some((r) => r.headers['webhook-id'] === `msg_${id}`)), 60_000);
      expect(beforeKill).toBeLessThan(eventIds.length);
      const delivered = new Set(receiver.received.map((r) => r.headers['webhook-id']));
      expect(eventIds.filter((id) => !delivered.has(`msg_${id}`))).toEqual([]);
      // Deliveries the killed worker sent but never recorded are swept up and settled by the new worker.
      await expect
        .poll(
          async () =>
            (
              await t.database.pool.query(
                `select count(*)::int as n from webhook_deliveries d join webhook_events e on e.id = d.event_id where e.account_id = $1 and d.status <> 'succeeded'`,
                [member.accountId],
              )
            ).rows[0].n,
          { timeout: 30_000 },
        )
        .toBe(0);
    } finally {
      second.kill('SIGTERM');
    }
    await receiver.close();
  }, 120_000);

  it('hands the deliveries a killed worker held to another worker once its heartbeat is stale (0.5 s here, 15 s by default), long before their 120 s lease, each once', async () => {
    // Its own database: the other files' workers (shorter leases) would claim these deliveries too.
    const own = await startIsolatedTestApp('heartbeat_crash', { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' });
    const member = await accountWithMember(own);
    // The first worker's requests get no answer: it dies holding them.
    let killed = false;
    const never = new Promise(() => {});
    const receiver = await startWebhookReceiver(() => (killed ? { status: 200 } : { status: 200, after: never }));
    await member.client.ok(CREATE, { a: member.accountId, u: receiver.url, l: false, e: [] });
    // The default 120 s lease; a 0.5 s heartbeat timeout instead of the default 15 s, so the test does not wait on it.
    const { WEBHOOK_STALL_SECONDS: _lease, ...inherited } = process.env;
    const env = workerEnv(own.config.DATABASE_URL!, { WORKER_HEARTBEAT_TIMEOUT_SECONDS: '0.5' }, inherited);
    const eventIds = await emitEvents(own, member.accountId, 10);
    const first = startWorker(env);
    let second: ReturnType<typeof spawn> | null = null;
    try {
      await receiver.waitFor((all) => all.length >= eventIds.length, 30_000);
      const claims = await own.database.pool.query(
        `select d.claimed_by, extract(epoch from d.locked_until - now())::float8 as lease_left
         from webhook_deliveries d join webhook_events e on e.id = d.event_id where e.account_id = $1`,
        [member.accountId],
      );
      expect(claims.rows).toHaveLength(eventIds.length);
      expect(new Set(claims.rows.map((row) => row.claimed_by)).size).toBe(1);
      expect(Math.min(...claims.rows.map((row) => row.lease_left))).toBeGreaterThan(90);

      first.kill('SIGKILL');
      await exited(first);
      killed = true;
      const heldBefore = receiver.received.length;
      second = startWorker(env);
      const resent = () => receiver.received.slice(heldBefore).map((r) => r.headers['webhook-id']);
      await receiver.waitFor(() => eventIds.every((id) => resent().includes(`msg_${id}`)), 25_000);
      await expect.poll(() => unsettledDeliveries(own, member.accountId), { timeout: 10_000 }).toBe(0);
      expect(resent().sort()).toEqual(eventIds.map((id) => `msg_${id}`).sort());
    } finally {
      first.kill('SIGKILL');
      second?.kill('SIGTERM');
      await exited(first);
      if (second) await exited(second);
      await receiver.close();
      await own.close();
    }
  }, 90_000);
});

describe('a live worker whose requests outlast its lease', () => {
  let slow: TestApp;
  beforeAll(async () => {
    slow = await startIsolatedTestApp('heartbeat_slow', {
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
      WEBHOOK_STALL_SECONDS: '0.6',
      WORKER_HEARTBEAT_TIMEOUT_SECONDS: '0.6',
    });
  });
  afterAll(async () => {
    await slow.close();
  });

  it('keeps its claims while its heartbeat is fresh: a second worker sends none of them again', async () => {
    const member = await accountWithMember(slow);
    // Each answer takes 1 s: longer than the 0.6 s lease (the second worker claims every 250 ms in between), within the 5 s request timeout.
    const receiver = await startWebhookReceiver(() => ({ status: 200, delayMs: 1000 }));
    await member.client.ok(CREATE, { a: member.accountId, u: receiver.url, l: false, e: [] });
    const dispatcher = () => startWebhookDispatcher({ pool: slow.database.pool, webhooks: slow.app.services.webhooks, concurrency: 96, log: slow.app.log });
    const first = await dispatcher();
    const eventIds = await emitEvents(slow, member.accountId, 8);
    await receiver.waitFor((all) => all.length >= eventIds.length, 10_000);
    const second = await dispatcher();
    try {
      await expect.poll(() => unsettledDeliveries(slow, member.accountId), { timeout: 20_000 }).toBe(0);
      expect(receiver.received.map((r) => r.headers['webhook-id']).sort()).toEqual(eventIds.map((id) => `msg_${id}`).sort());
    } finally {
      await second.stop();
      await first.stop();
      await receiver.close();
    }
  }, 60_000);
});
