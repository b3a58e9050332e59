/**
 * Everything the API does through PgBouncer in transaction mode (DATABASE_POOLING=transaction: statements go unnamed,
 * no session state across statements), through HAProxy: sign-in (the session load is a named statement on a plain
 * pool), lists and details (drizzle .prepare() and named statements on the replica pool), a mutation that adds a
 * graphile-worker job in its unit of work, staff status changes (a unit of work with row locks, history and rollups), the
 * widget quote (the ramp_quote_context named statement) and the CSV export (COPY on the replica). Each at least 20
 * times, so that many server connections of PgBouncer's pools are used by different client connections: with named
 * statements this fails ("prepared statement … does not exist" / "already exists").
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../apps/server/src/lib/password-policy.ts';
import { clusterUnderTest, GraphQLSession, STAFF_TOTP_SECRET, staffTotpNow } from './test-helpers.ts';

const cluster = clusterUnderTest();
const DEMO = { email: 'demo@rampart.dev', password: 'rampart-demo-2026!' };
const TIMES = 20;

let primary: pg.Client;
let accountId: string;
let demo: GraphQLSession;

beforeAll(async () => {
  primary = new pg.Client({ connectionString: cluster.primaryUrl });
  await primary.connect();
  accountId = (await primary.query<{ id: string }>(`select id from accounts where name = 'Demo Payments' order by created_at limit 1`)).rows[0]!.id;
  demo = new GraphQLSession(cluster.url);
  await demo.login(DEMO.email, DEMO.password);
});

afterAll(async () => {
  await primary?.end();
});

/** Runs `request` TIMES times, `parallel` at once (several client connections of each API process at a time). */
async function repeatedly(request: (i: number) => Promise<void>, parallel = 4) {
  for (let i = 0; i < TIMES; i += parallel) await Promise.all(Array.from({ length: Math.min(parallel, TIMES - i) }, (_, j) => request(i + j)));
}

describe('through PgBouncer in transaction mode', () => {
  it('the API processes use PgBouncer in transaction mode for the primary and the replica', async () => {
    const admin = new pg.Client({ connectionString: cluster.pgbouncerUrl.replace(/\/[^/?]*(\?|$)/, '/pgbouncer$1') });
    await admin.connect();
    try {
      const databases = (await admin.query<{ name: string; pool_mode: string | null }>('show databases')).rows;
      const mode = (await admin.query<{ key: string; value: string }>('show config')).rows.find((row) => row.key === 'pool_mode')?.value;
      expect(mode).toBe('transaction');
      expect(databases.map((row) => row.name)).toEqual(expect.arrayContaining(['rampart', 'rampart_replica']));
      for (const row of databases.filter((each) => each.name.startsWith('rampart'))) expect(row.pool_mode ?? mode).toBe('transaction');
      // Clients of both pools came from the API processes.
      const used = new Set((await admin.query<{ database: string }>('show clients')).rows.map((row) => row.database));
      expect(used.has('rampart') && used.has('rampart_replica')).toBe(true);
    } finally {
      await admin.end();
    }
  });

  it(`signs in ${TIMES} times and loads each session on the next request`, async () => {
    await repeatedly(async () => {
      const session = new GraphQLSession(cluster.url);
      await session.login(DEMO.email, DEMO.password);
      const me = await session.ok<{ me: { email: string } }>('{ me { email } }');
      expect(me.me.email).toBe(DEMO.email);
    });
  });

  it(`lists and opens transactions ${TIMES} times each (prepared statements on the replica pool)`, async () => {
    const ids: string[] = [];
    await repeatedly(async (i) => {
      const data = await demo.ok<{ transactions: { totalCount: number; items: Array<{ id: string; customer: { id: string } | null }> } }>(
        'query($a: ID!, $skip: Int) { transactions(accountId: $a, liveMode: false, skip: $skip, take: 10) { totalCount items { id customer { id } } } }',
        { a: accountId, skip: i * 10 },
      );
      expect(data.transactions.items).toHaveLength(10);
      ids.push(data.transactions.items[0]!.id);
    });
    await repeatedly(async (i) => {
      const data = await demo.ok<{ transaction: { id: string; status: string } }>('query($id: ID!) { transaction(id: $id) { id status } }', { id: ids[i]! });
      expect(data.transaction.id).toBe(ids[i]);
    });
    const customers = await demo.ok<{ customers: { items: Array<{ id: string }> } }>(
      'query($a: ID!) { customers(accountId: $a, liveMode: false, take: 5) { items { id } } }',
      { a: accountId },
    );
    expect(customers.customers.items.length).toBeGreaterThan(0);
  });

  it(`adds a job in a mutation's unit of work ${TIMES} times (restricted API keys created and deleted)`, async () => {
    const deleted: string[] = [];
    await repeatedly(async (i) => {
      const created = await demo.ok<{ createApiKey: { id: string } }>(
        'mutation($a: ID!, $n: String!) { createApiKey(accountId: $a, liveMode: false, name: $n, restrictions: [{ resource: "transactions", access: read }]) { id } }',
        { a: accountId, n: `pgbouncer test ${i}` },
      );
      const gone = await demo.ok<{ deleteApiKey: boolean }>('mutation($id: ID!) { deleteApiKey(id: $id) }', { id: created.createApiKey.id });
      expect(gone.deleteApiKey).toBe(true);
      deleted.push(created.createApiKey.id);
    }, 2);
    const jobs = await primary.query<{ n: number }>(
      `select count(*)::int as n from graphile_worker.jobs where task_identifier = 'purge_api_key' and key = any($1::text[])`,
      [deleted.map((id) => `purge_api_key:${id}`)],
    );
    expect(jobs.rows[0]!.n).toBe(TIMES);
  });

  it(`changes transaction statuses as staff ${TIMES * 2} times (row locks, history, rollups in one unit of work)`, async () => {
    const email = `staff-${crypto.randomBytes(4).toString('hex')}@example.com`;
    await primary.query(
      `insert into users (email, first_name, last_name, is_email_verified, admin_role, password_hash, otp_secret, is_otp_enabled) values ($1, 'Sam', 'Staff', true, 'FraudManager', $2, $3, true)`,
      [email, await hashPassword('correct-horse-battery-staple-42'), STAFF_TOTP_SECRET],
    );
    const staff = new GraphQLSession(cluster.url);
    await staff.login(email, 'correct-horse-battery-staple-42', staffTotpNow());
    // Four sell transactions in progress, each frozen and released again five times, four at once.
    const candidates = await primary.query<{ id: string }>(
      `select id from transactions where account_id = $1 and kind = 'sell' and status in ('pending', 'waitingForDeposit') order by created_at limit 4`,
      [accountId],
    );
    expect(candidates.rows).toHaveLength(4);
    await Promise.all(
      candidates.rows.map(async ({ id }) => {
        for (let round = 0; round < TIMES / 4; round += 1) {
          const frozen = await staff.ok<{ freezeSellTransaction: { status: string } }>(
            'mutation($id: ID!) { freezeSellTransaction(id: $id, reason: "pgbouncer test") { status } }',
            { id },
          );
          expect(frozen.freezeSellTransaction.status).toBe('frozen');
          const released = await staff.ok<{ approveSellTransaction: { status: string } }>(
            'mutation($id: ID!) { approveSellTransaction(id: $id, reason: "pgbouncer test") { status } }',
            { id },
          );
          expect(released.approveSellTransaction.status).toBe('pending');
        }
      }),
    );
    const history = await primary.query<{ n: number }>(
      `select count(*)::int as n from transactions t, jsonb_array_elements(t.status_history) h where t.id = any($1::uuid[]) and h->>'reason' = 'pgbouncer test'`,
      [candidates.rows.map((row) => row.id)],
    );
    expect(history.rows[0]!.n).toBe(TIMES * 2);
  });

  it(`quotes in the widget ${TIMES} times (the ramp_quote_context statement)`, async () => {
    const keys = await demo.ok<{ apiKeys: Array<{ type: string; secret: string }> }>(
      'query($a: ID!) { apiKeys(accountId: $a, liveMode: false) { type secret } }',
      { a: accountId },
    );
    const publishable = keys.apiKeys.find((key) => key.type === 'publishable')!.secret;
    const page = await fetch(`${cluster.url}/widget/buy?apiKey=${publishable}`);
    expect(page.status).toBe(200);
    const token = JSON.parse(/window\.__RAMPART_WIDGET__ = (.*?)<\/script>/s.exec(await page.text())![1]!).sessionToken as string;
    await repeatedly(async () => {
      const response = await fetch(`${cluster.url}/widget-api/quote`, {
        method: 'POST',
        headers: { authorization: `Widget ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ cryptoCurrencyCode: 'eth', fiatCurrencyCode: 'usd', amount: '100', paymentMethod: 'creditCard', country: 'US' }),
      });
      const body = (await response.json()) as { quote?: { transactionType: string }; error?: unknown };
      expect(response.status, JSON.stringify(body)).toBe(200);
      expect(body.quote?.transactionType).toBe('buy');
    });
  });

  it('exports transactions as CSV (COPY on the replica through PgBouncer)', async () => {
    await repeatedly(async () => {
      const response = await fetch(`${cluster.url}/exports/transactions.csv?accountId=${accountId}&kind=sell&liveMode=false`, {
        headers: { cookie: demo.cookieHeader(), 'x-csrf-token': demo.csrfToken },
      });
      const text = await response.text();
      expect(response.status, text.slice(0, 200)).toBe(200);
      expect(text.split('\n').length).toBeGreaterThan(100);
    }, 2);
  });
});
