import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { startIsolatedTestApp } from '../../../test/isolated-database.ts';
import { startWebhookReceiver } from '../../../test/webhook-receiver.ts';
import { emitWebhookEvent, WEBHOOK_DELIVERIES_CHANNEL } from './outbox.ts';
import { startWebhookDispatcher, type WebhookDispatcher } from './webhook-dispatcher.ts';

// The dispatchers here never poll (an hour between looks), so whatever arrives was claimed because of a NOTIFY or
// because a busy dispatcher kept claiming. Their own database: the other files' workers would deliver these events too.
const NEVER = 3_600_000;
let t: TestApp;
let listener: pg.Client;
let notifications = 0;

beforeAll(async () => {
  t = await startIsolatedTestApp('dispatcher', { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' });
  listener = new pg.Client({ connectionString: t.config.DATABASE_URL });
  await listener.connect();
  listener.on('notification', () => (notifications += 1));
  await listener.query(`listen ${WEBHOOK_DELIVERIES_CHANNEL}`);
});
afterAll(async () => {
  await listener.end();
  await t.close();
});

async function accountWithEndpoint(url: string) {
  const pool = t.database.pool;
  const owner = await pool.query<{ id: string }>(`insert into users (email, first_name, last_name) values ($1, 'Dispatch', 'Owner') returning id`, [
    `dispatch-${Date.now()}-${Math.random()}@example.com`,
  ]);
  const org = await pool.query<{ id: string }>(`insert into organizations (name, owner_id) values ('Dispatch Ltd', $1) returning id`, [owner.rows[0]!.id]);
  const account = await pool.query<{ id: string }>(`insert into accounts (organization_id, name) values ($1, 'Dispatch') returning id`, [org.rows[0]!.id]);
  const accountId = account.rows[0]!.id;
  await t.app.services.webhooks.create(accountId, { url, liveMode: false, events: [] });
  return accountId;
}

async function idleDispatchers(): Promise<string[]> {
  const result = await t.database.pool.query<{ dispatcher_id: string }>(`select dispatcher_id from webhook_idle_dispatchers`);
  return result.rows.map((row) => row.dispatcher_id);
}

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function startDispatcher(concurrency = 4, options: { pollMs?: number; slowEndpointMs?: number; maxPostponeMs?: number } = {}): Promise<WebhookDispatcher> {
  return startWebhookDispatcher({ pool: t.database.pool, webhooks: t.app.services.webhooks, concurrency, pollMs: NEVER, log: t.app.log, ...options });
}

const emit = (accountId: string, n: number) => emitWebhookEvent(t.database.db, { accountId, liveMode: false, type: 'transaction_updated', data: { n } });

describe('the webhook dispatcher', () => {
  it('removes idle entries of dispatchers that died, and unlists itself when stopped', async () => {
    await t.database.pool.query(`insert into webhook_idle_dispatchers (dispatcher_id, heartbeat_at) values (gen_random_uuid(), now() - interval '1 hour')`);
    const dispatcher = await startDispatcher();
    await until(async () => (await idleDispatchers()).length === 1, 'only the new dispatcher is listed as idle');
    await dispatcher.stop();
    expect(await idleDispatchers()).toEqual([]);
  });

  it('sends no NOTIFY while no dispatcher waits for work', async () => {
    const receiver = await startWebhookReceiver();
    const accountId = await accountWithEndpoint(receiver.url);
    const before = notifications;
    await emit(accountId, 1);
    // A NOTIFY would have arrived on the listening connection by the time a second round trip completes.
    await t.database.pool.query('select 1');
    await listener.query('select 1');
    expect(notifications).toBe(before);
    await t.database.pool.query(`update webhook_deliveries set status = 'abandoned' where status = 'pending'`);
    await receiver.close();
  });

  it('wakes an idle dispatcher with the NOTIFY of the commit, and a busy one keeps claiming without it', async () => {
    // Each answer takes a while, so the dispatcher is busy while the next events commit.
    const receiver = await startWebhookReceiver(() => ({ status: 200, delayMs: 1000 }));
    const accountId = await accountWithEndpoint(receiver.url);
    const dispatcher = await startDispatcher();
    await until(async () => (await idleDispatchers()).length === 1, 'the dispatcher lists itself as idle');

    const before = notifications;
    const first = await emit(accountId, 0);
    await until(async () => notifications > before, 'the commit notifies the idle dispatcher');
    await until(async () => (await idleDispatchers()).length === 0, 'the busy dispatcher unlists itself');

    const notifiedBeforeBurst = notifications;
    const burst: string[] = [];
    for (let n = 1; n <= 10; n += 1) burst.push(await emit(accountId, n));
    await listener.query('select 1');
    expect(notifications).toBe(notifiedBeforeBurst);

    await receiver.waitFor((all) => all.length === 11);
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(new Set(ids)).toEqual(new Set([first, ...burst].map((id) => `msg_${id}`)));
    // Idle again once everything is answered and recorded: the next event will be announced.
    await until(async () => (await idleDispatchers()).length === 1, 'the dispatcher is idle again');
    const settled = await t.database.pool.query(
      `select count(*)::int as n from webhook_deliveries d join webhook_events e on e.id = d.event_id where e.account_id = $1 and d.status <> 'succeeded'`,
      [accountId],
    );
    expect(settled.rows[0].n).toBe(0);
    await dispatcher.stop();
    await receiver.close();
  });

  it("lets another account's deliveries past an endpoint that answers slowly, and still delivers the slow one's, each once", async () => {
    // The slow endpoint holds its first requests until the other account's events have arrived.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = await startWebhookReceiver(() => ({ status: 200, after: held }));
    const fast = await startWebhookReceiver();
    const slowAccount = await accountWithEndpoint(slow.url);
    const fastAccount = await accountWithEndpoint(fast.url);
    // Four requests at once, so an endpoint that has not shown it is fast gets two.
    const dispatcher = await startDispatcher(4, { pollMs: 100, slowEndpointMs: 300, maxPostponeMs: 1000 });
    await until(async () => (await idleDispatchers()).length === 1, 'the dispatcher is idle');

    const slowEvents: string[] = [];
    for (let n = 0; n < 12; n += 1) slowEvents.push(await emit(slowAccount, n));
    await slow.waitFor((all) => all.length === 2);
    const fastEvents = [await emit(fastAccount, 100), await emit(fastAccount, 101), await emit(fastAccount, 102)];

    await fast.waitFor((all) => all.length === 3);
    expect(fast.received.map((r) => r.headers['webhook-id']).sort()).toEqual(fastEvents.map((id) => `msg_${id}`).sort());
    // The slow endpoint never got more than its share while its first two were unanswered.
    expect(slow.received).toHaveLength(2);
    const waiting = await t.database.pool.query<{ attempts: number; n: number }>(
      `select d.attempt_count as attempts, count(*)::int as n from webhook_deliveries d join webhook_events e on e.id = d.event_id
       where e.account_id = $1 and d.status = 'pending' group by d.attempt_count`,
      [slowAccount],
    );
    expect(waiting.rows).toEqual([{ attempts: 0, n: 12 }]);

    release();
    await slow.waitFor((all) => all.length === 12, 20_000);
    expect(slow.received.map((r) => r.headers['webhook-id']).sort()).toEqual(slowEvents.map((id) => `msg_${id}`).sort());
    // Waiting behind its own slow requests cost the deliveries no attempt: each succeeded at its first.
    await until(async () => {
      const settled = await t.database.pool.query<{ n: number }>(
        `select count(*)::int as n from webhook_deliveries d join webhook_events e on e.id = d.event_id
         where e.account_id = $1 and d.status = 'succeeded' and d.attempt_count = 1`,
        [slowAccount],
      );
      return settled.rows[0]!.n === 12;
    }, 'every slow delivery succeeded at its first attempt');
    await dispatcher.stop();
    await Promise.all([slow.close(), fast.close()]);
  });
});
