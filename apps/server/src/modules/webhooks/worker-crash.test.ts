import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { accountWithMember } from '../../../test/accounts-helper.ts';
import { startWebhookReceiver } from '../../../test/webhook-receiver.ts';
import { emitWebhookEvent } from './outbox.ts';

// No worker in this process: only the worker processes started below deliver.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' });
});
afterAll(async () => {
  await t.close();
});

const CREATE = `mutation($a: ID!, $u: String!, $l: Boolean!, $e: [String!]!) { createWebhook(accountId: $a, url: $u, liveMode: $l, events: $e) { id } }`;

describe('a worker killed mid-run', () => {
  it('loses no event: after SIGKILL and a restart every event is delivered at least once', async () => {
    const member = await accountWithMember(t);
    const receiver = await startWebhookReceiver(() => ({ status: 200, delayMs: 150 }));
    await member.client.ok(CREATE, { a: member.accountId, u: receiver.url, l: false, e: [] });
    const env = { ...process.env, DATABASE_URL: inject('databaseUrl'), WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true', WEBHOOK_STALL_SECONDS: '2', WORKER_CONCURRENCY: '8', LOG_LEVEL: 'silent', SEED_DEMO: 'false' };
    const workerEntry = path.resolve(import.meta.dirname, '../../worker-main.ts');
    const eventIds: string[] = [];
    for (let i = 0; i < 60; i += 1) {
      eventIds.push(await emitWebhookEvent(t.database.db, { accountId: member.accountId, liveMode: false, type: 'transaction_updated', data: { n: i } }));
    }
    const first = spawn(process.execPath, ['--import', 'tsx', workerEntry], { env, stdio: 'ignore' });
    await receiver.waitFor((all) => all.length >= 5, 30_000);
    first.kill('SIGKILL');
    const beforeKill = receiver.received.length;
    await new Promise((resolve) => first.once('exit', resolve));
    const second = spawn(process.execPath, ['--import', 'tsx', workerEntry], { env, stdio: 'ignore' });
    try {
      await receiver.waitFor((all) => eventIds.every((id) => all.some((r) => r.headers['webhook-id'] === `msg_${id}`)), 60_000);
      expect(beforeKill).toBeLessThan(eventIds.length);
      const delivered = new Set(receiver.received.map((r) => r.headers['webhook-id']));
      expect(eventIds.filter((id) => !delivered.has(`msg_${id}`))).toEqual([]);
      // Deliveries the killed worker sent but never recorded are swept up and settled by the new worker.
      await expect
        .poll(
          async () =>
            (await t.database.pool.query(`select count(*)::int as n from webhook_deliveries d join webhook_events e on e.id = d.event_id where e.account_id = $1 and d.status <> 'succeeded'`, [member.accountId]))
              .rows[0].n,
          { timeout: 30_000 },
        )
        .toBe(0);
    } finally {
      second.kill('SIGTERM');
    }
    await receiver.close();
  }, 120_000);
});
