import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { accountWithMember } from '../../../test/accounts-helper.ts';
import { startIsolatedTestApp } from '../../../test/isolated-database.ts';
import { freePort, startServer, untilRunning, type ServerProcess } from '../../../test/server-process.ts';
import { rebuildRollups } from '../transactions/rollups.ts';

// Issue 34: kill -9 of the API while a provider's core streams batches into it over HTTP. The API runs as `npm start`
// does, in a process of its own; this process only reads the database. Its own database: at most two credentials are
// active at once, and other files make theirs in the shared one.
let t: TestApp;
beforeAll(async () => {
  t = await startIsolatedTestApp('ingest_api_crash');
});
afterAll(async () => {
  await t?.close();
});

const SOURCE = '/core/payments-eu';

/**
 * A TCP relay between the sender and the API that can hold back the API's answers: what a network that loses a response
 * does to a core. Holding, bytes from the API are kept (and lost if the API dies); the requests always go through.
 */
async function relay(target: () => number) {
  let holding = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target(), '127.0.0.1');
    sockets.add(client).add(upstream);
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => {
      if (!holding) client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    hold: (on: boolean) => (holding = on),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('kill -9 of the API mid-stream', () => {
  it('the core sends again every batch it got no answer for, with the same ids: every event is in exactly once', async () => {
    const { accountId } = await accountWithMember(t, { verified: true, name: 'Ingest crash' });
    const { secret } = await t.app.services.ingestion.createCredential({ name: 'Core', createdBy: 'test' });
    // The partner's live endpoint (no worker runs here: its deliveries stay pending, one per webhook event).
    await t.app.services.webhooks.create(accountId, { url: 'https://hooks.example.com/rampart', liveMode: true, events: [] });

    // 10 customers, then 60 buys, each created, then pending, then completed (every 4th failed), in batches of 30.
    const customers = Array.from({ length: 10 }, () => crypto.randomUUID());
    const buys = Array.from({ length: 60 }, () => crypto.randomUUID());
    const finalStatus = (n: number) => (n % 4 === 0 ? 'failed' : 'completed');
    const event = (type: string, data: Record<string, unknown>) => ({ specversion: '1.0', id: crypto.randomUUID(), source: SOURCE, type, data });
    const events = [
      ...customers.map((id, n) =>
        event('rampart.customer.created', {
          id,
          version: 1,
          accountId,
          externalCustomerId: `cust-${n}`,
          country: 'DE',
          identityCheck: { level: 'Basic', status: 'Clear', result: 'clear' },
          createdAt: '2026-11-20T09:00:00.000Z',
        }),
      ),
      ...buys.map((id, n) =>
        event('rampart.buy_transaction.created', {
          id,
          version: 1,
          accountId,
          customerId: customers[n % customers.length],
          status: 'waitingPayment',
          createdAt: `2026-11-2${n % 3}T10:00:00.000Z`,
          baseCurrencyCode: 'eur',
          baseCurrencyAmount: `${100 + n}.00`,
          quoteCurrencyCode: 'btc',
          quoteCurrencyAmount: '0.00150000',
          feeAmount: '1.50',
          usdRate: '1.08',
          eurRate: '1',
          gbpRate: '0.85',
          paymentMethod: 'creditCard',
          country: 'DE',
        }),
      ),
      ...buys.map((id) => event('rampart.transaction.status_changed', { id, version: 2, status: 'pending' })),
      ...buys.map((id, n) =>
        event('rampart.transaction.status_changed', {
          id,
          version: 3,
          status: finalStatus(n),
          ...(finalStatus(n) === 'failed' ? { failureReason: 'cardDeclined' } : {}),
        }),
      ),
    ];
    const batches: Array<typeof events> = [];
    for (let i = 0; i < events.length; i += 30) batches.push(events.slice(i, i + 30));
    // The batch whose answer is lost: the API commits it, then dies before the answer reaches the core.
    const lostAnswer = 3;

    const env = {
      DATABASE_URL: t.config.DATABASE_URL!,
      EVM_RPC_URL: inject('evmRpcUrl'),
      EVM_NETWORK_CODE: 'local_evm',
      WORKER_MODE: 'off',
      SSO_ENABLED: 'false',
    };
    const port = await freePort();
    const settings = { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` };
    // After the kill the core's retries reach the API again on the same database: here the test's own API process
    // (already running; a second start of the killed one would add ~10 s to the test and prove no more).
    const apiAfterCrash = Number(new URL(t.baseUrl).port);
    let target = port;
    const network = await relay(() => target);
    const api: ServerProcess = startServer(settings);
    let switchOver!: () => void;
    const backUp = new Promise<void>((resolve) => (switchOver = resolve));
    try {
      await untilRunning(api);
      const inInbox = async (batch: typeof events) =>
        Number(
          (
            await t.database.pool.query<{ n: string }>(`select count(*) as n from ingestion_inbox where source = $1 and event_id = any($2::text[])`, [
              SOURCE,
              batch.map((e) => e.id),
            ])
          ).rows[0]!.n,
        );
      const answers: Array<Array<{ status: string }>> = [];
      const failedAttempts: number[] = [];
      for (let n = 0; n < batches.length; n += 1) {
        for (;;) {
          if (n === lostAnswer && failedAttempts.length === 0) {
            network.hold(true);
            // Once the batch is committed (its events in the inbox), kill -9 the API; its answer never arrives.
            void (async () => {
              await expect.poll(() => inInbox(batches[n]!), { timeout: 30_000, interval: 5 }).toBe(batches[n]!.length);
              api.child.kill('SIGKILL');
              await api.exit;
              network.hold(false);
              target = apiAfterCrash;
              switchOver();
            })();
          }
          try {
            const response = await fetch(`${network.url}/provider/v1/events/batch`, {
              method: 'POST',
              headers: { 'content-type': 'application/cloudevents-batch+json', authorization: `Bearer ${secret}` },
              body: JSON.stringify(batches[n]),
            });
            expect(response.status).toBe(200);
            answers[n] = ((await response.json()) as { results: Array<{ status: string }> }).results;
            break;
          } catch (error) {
            if (!(error instanceof TypeError)) throw error;
            // No answer (the connection dropped): send the same batch again once the API is back.
            failedAttempts.push(n);
            await backUp;
          }
        }
      }

      // The lost answer's batch was committed before the kill: sent again, every event is a duplicate; all others accepted.
      expect(failedAttempts[0]).toBe(lostAnswer);
      expect(answers[lostAnswer]!.map((r) => r.status)).toEqual(batches[lostAnswer]!.map(() => 'duplicate'));
      expect(answers.flatMap((a, n) => (n === lostAnswer ? [] : a)).filter((r) => r.status !== 'accepted')).toEqual([]);

      const pool = t.database.pool;
      const rows = await pool.query<{ id: string; version: number; status: string; history: number }>(
        `select id, version, status, jsonb_array_length(status_history) as history from transactions where account_id = $1 order by id`,
        [accountId],
      );
      expect(rows.rows).toEqual(buys.map((id, n) => ({ id, version: 3, status: finalStatus(n), history: 3 })).sort((x, y) => (x.id < y.id ? -1 : 1)));
      expect(Number((await pool.query(`select count(*) as n from customers where account_id = $1`, [accountId])).rows[0].n)).toBe(customers.length);
      const inbox = await pool.query<{ event_id: string; outcome: string }>(`select event_id, outcome from ingestion_inbox where source = $1`, [SOURCE]);
      expect(inbox.rows.map((r) => r.event_id).sort()).toEqual(events.map((e) => e.id).sort());
      expect(inbox.rows.every((r) => r.outcome === 'accepted')).toBe(true);

      // One webhook event per change a partner sees (as replaying the stream once would send), one delivery each.
      const transactions = t.app.services.transactions;
      const expected = buys.flatMap((id, n) =>
        [
          [transactions.webhookEventFor('buy', null, 'waitingPayment'), 'waitingPayment'],
          [transactions.webhookEventFor('buy', 'waitingPayment', 'pending'), 'pending'],
          [transactions.webhookEventFor('buy', 'pending', finalStatus(n)), finalStatus(n)],
        ]
          .filter(([type]) => type !== null)
          .map(([type, status]) => `${type} ${id} ${status}`),
      );
      const webhookEvents = await pool.query<{ event: string; deliveries: number }>(
        `select e.type || ' ' || (e.data->>'id') || ' ' || (e.data->>'status') as event, (select count(*)::int from webhook_deliveries d where d.event_id = e.id) as deliveries
         from webhook_events e where e.account_id = $1`,
        [accountId],
      );
      expect(webhookEvents.rows.map((r) => r.event).sort()).toEqual(expected.sort());
      expect(webhookEvents.rows.every((r) => r.deliveries === 1)).toBe(true);

      // The rollups count each transaction once, in its final status: equal to a recount from the rows.
      const totals = async () =>
        (
          await pool.query(
            `select kind, day::text, status, tx_count, trim_scale(volume_eur)::text as eur, trim_scale(fee_eur)::text as fee
             from transaction_rollups where account_id = $1 and tx_count <> 0 order by 1, 2, 3`,
            [accountId],
          )
        ).rows;
      const incremental = await totals();
      expect(incremental.reduce((sum, r) => sum + Number(r.tx_count), 0)).toBe(buys.length);
      await rebuildRollups(pool, accountId);
      expect(incremental).toEqual(await totals());
    } finally {
      api.child.kill('SIGKILL');
      await network.close();
    }
  }, 120_000);
});
