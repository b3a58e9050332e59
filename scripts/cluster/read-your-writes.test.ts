/**
 * Read-your-writes with a lagging replica: replay paused on the replica, a staff user freezes a sell transaction
 * through HAProxy; the same browser session's list shows it at once (its rampart_read_after cookie sends its reads to
 * the primary, on whichever API process), another session's list still shows the replica's old state, and every API
 * process reports the lag in /metrics. Once replay resumes both see the change. Patroni is in maintenance mode
 * meanwhile: it would resume a paused replay at once.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../apps/server/src/lib/password-policy.ts';
import { startReplicaMonitor } from '../../apps/server/src/db/replica.ts';
import { attachCluster } from './cluster.ts';
import { clusterUnderTest, GraphQLSession, STAFF_TOTP_SECRET, staffTotpNow } from './test-helpers.ts';

const cluster = clusterUnderTest();
const DEMO = { email: 'demo@rampart.dev', password: 'rampart-demo-2026!' };
const STAFF_PASSWORD = 'correct-horse-battery-staple-42';

const LIST = `query($a: ID!, $live: Boolean!, $s: String) {
  sellTransactions(accountId: $a, liveMode: $live, searchString: $s, take: 5) { items { id status } }
}`;
const DETAIL = 'query($id: ID!) { sellTransaction(id: $id) { id status } }';
const FREEZE = 'mutation($id: ID!, $reason: String) { freezeSellTransaction(id: $id, reason: $reason) { id status } }';

let primary: pg.Client;
let replica: pg.Client;
let accountId: string;
let transaction: { id: string; live_mode: boolean; status: string };
let staffEmail: string;

async function replayPaused(): Promise<boolean> {
  const result = await replica.query<{ state: string }>('select pg_get_wal_replay_pause_state() as state');
  return result.rows[0]!.state === 'paused';
}

async function replayed(): Promise<string> {
  return (await replica.query<{ lsn: string }>('select pg_last_wal_replay_lsn()::text as lsn')).rows[0]!.lsn;
}

/** The replica has replayed everything the primary has written so far. */
async function replicaCaughtUp() {
  const target = (await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0]!.lsn;
  await expect
    .poll(async () => (await replica.query<{ done: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [target])).rows[0]!.done, {
      timeout: 20_000,
      interval: 100,
    })
    .toBe(true);
}

async function statusIn(session: GraphQLSession): Promise<string | undefined> {
  const data = await session.ok<{ sellTransactions: { items: Array<{ id: string; status: string }> } }>(LIST, {
    a: accountId,
    live: transaction.live_mode,
    s: transaction.id,
  });
  return data.sellTransactions.items.find((item) => item.id === transaction.id)?.status;
}

/** A replica gauge (rampart_replica_lag_bytes, …) of one API process's /metrics (null when absent). */
async function gaugeOf(url: string, name: string): Promise<number | null> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split('\n').find((each) => each.startsWith(`${name}{`) || each.startsWith(`${name} `));
  return line ? Number(line.split(' ').at(-1)) : null;
}
const lagBytesOf = (url: string) => gaugeOf(url, 'rampart_replica_lag_bytes');

/** Another session still reads the replica's old state; when not, the message says how each API process saw the replica. */
async function expectOtherReadsReplica(other: GraphQLSession) {
  const status = await statusIn(other);
  if (status === transaction.status) return;
  const gauges = await Promise.all(
    cluster.apis.map(async (api) => ({
      api: api.url,
      usable: await gaugeOf(api.url, 'rampart_replica_usable'),
      lagSeconds: await gaugeOf(api.url, 'rampart_replica_lag_seconds'),
      lagBytes: await lagBytesOf(api.url),
    })),
  );
  expect(status, `another session read ${status}; the API processes' replica gauges now: ${JSON.stringify(gauges)}`).toBe(transaction.status);
}

beforeAll(async () => {
  await attachCluster(cluster.dir).database.maintenance(true);
  primary = new pg.Client({ connectionString: cluster.primaryUrl });
  replica = new pg.Client({ connectionString: cluster.replicaUrl });
  await Promise.all([primary.connect(), replica.connect()]);
  accountId = (await primary.query<{ id: string }>(`select id from accounts where name = 'Demo Payments' order by created_at limit 1`)).rows[0]!.id;
  const found = await primary.query<{ id: string; live_mode: boolean; status: string }>(
    `select id, live_mode, status from transactions where account_id = $1 and kind = 'sell' and status in ('pending', 'waitingForDeposit') order by created_at desc limit 1`,
    [accountId],
  );
  transaction = found.rows[0]!;
  expect(transaction).toBeDefined();
  // A staff user who may freeze sell transactions (docs: FraudManager).
  staffEmail = `staff-${crypto.randomBytes(4).toString('hex')}@example.com`;
  await primary.query(
    `insert into users (email, first_name, last_name, is_email_verified, admin_role, password_hash, otp_secret, is_otp_enabled) values ($1, 'Sam', 'Staff', true, 'FraudManager', $2, $3, true)`,
    [staffEmail, await hashPassword(STAFF_PASSWORD), STAFF_TOTP_SECRET],
  );
});

afterAll(async () => {
  // Never leave the replica paused for the next file.
  await replica?.query('select pg_wal_replay_resume()').catch(() => {});
  await Promise.all([primary?.end(), replica?.end()]);
  await attachCluster(cluster.dir).database.maintenance(false);
});

describe('read-your-writes with a lagging replica', () => {
  it('the session that made a change sees it at once; another sees it once the replica has replayed it; lag is a metric', async () => {
    const staff = new GraphQLSession(cluster.url);
    const other = new GraphQLSession(cluster.url);
    await staff.login(staffEmail, STAFF_PASSWORD, staffTotpNow());
    await other.login(DEMO.email, DEMO.password);
    // Signing in is this session's own write: its read-after cookie would send its reads to the primary until the API
    // process answering has polled a replay position past it, and a slow poll keeps the position from before (a flake
    // on the loaded machine). "Another session" here is one that changed nothing: without the cookie.
    other.cookies.delete('rampart_read_after');
    await replicaCaughtUp();
    expect(await statusIn(staff)).toBe(transaction.status);
    expect(await statusIn(other)).toBe(transaction.status);

    await replica.query('select pg_wal_replay_pause()');
    await expect.poll(replayPaused, { timeout: 10_000, interval: 50 }).toBe(true);
    const pausedAt = await replayed();
    try {
      const frozen = await staff.ok<{ freezeSellTransaction: { id: string; status: string } }>(FREEZE, { id: transaction.id, reason: 'read-your-writes test' });
      // The mutation's own answer comes from the primary.
      expect(frozen.freezeSellTransaction.status).toBe('frozen');
      expect(staff.cookies.get('rampart_read_after')).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
      // The replica has not replayed the change (nor anything after it).
      expect(await replayed()).toBe(pausedAt);
      expect((await replica.query<{ status: string }>('select status from transactions where id = $1', [transaction.id])).rows[0]!.status).toBe(
        transaction.status,
      );

      // Round robin over the three API processes: every one routes this session's reads to the primary.
      for (let i = 0; i < cluster.apis.length * 2; i += 1) {
        expect(await statusIn(staff)).toBe('frozen');
        expect((await staff.ok<{ sellTransaction: { status: string } }>(DETAIL, { id: transaction.id })).sellTransaction.status).toBe('frozen');
      }
      // Another session reads the replica, which is behind but within REPLICA_MAX_LAG_SECONDS.
      for (let i = 0; i < cluster.apis.length; i += 1) await expectOtherReadsReplica(other);

      // Every API process measures the lag (its monitor polls every 250 ms).
      for (const api of cluster.apis) await expect.poll(() => lagBytesOf(api.url), { timeout: 5_000, interval: 100 }).toBeGreaterThan(0);
      // Seconds count from when the primary first passed what the replica has replayed; still usable (under 30 s).
      await expect.poll(() => gaugeOf(cluster.apis[0]!.url, 'rampart_replica_lag_seconds'), { timeout: 5_000, interval: 100 }).toBeGreaterThan(0.5);
      expect(await gaugeOf(cluster.apis[0]!.url, 'rampart_replica_usable')).toBe(1);
      await expectOtherReadsReplica(other);
    } finally {
      await replica.query('select pg_wal_replay_resume()');
    }

    await expect.poll(() => statusIn(other), { timeout: 20_000, interval: 200 }).toBe('frozen');
    expect(await statusIn(staff)).toBe('frozen');
    // Caught up again (writes keep coming from the workers and sessions: a few kB in flight at most).
    for (const api of cluster.apis) await expect.poll(() => lagBytesOf(api.url), { timeout: 10_000, interval: 100 }).toBeLessThan(65_536);
  });

  it('a replica further behind than the limit is unusable, and usable again once caught up', async () => {
    // The API's monitor, with a 1 s limit, on the cluster's real primary and replica.
    const monitor = startReplicaMonitor({ primaryUrl: cluster.primaryUrl, replicaUrl: cluster.replicaUrl, maxLagSeconds: 1, intervalMs: 100 });
    try {
      await replicaCaughtUp();
      await expect.poll(async () => (await monitor.refresh()).usable, { timeout: 5_000, interval: 100 }).toBe(true);
      await replica.query('select pg_wal_replay_pause()');
      await expect.poll(replayPaused, { timeout: 10_000, interval: 50 }).toBe(true);
      try {
        await primary.query(`update accounts set name = name where id = $1`, [accountId]);
        await expect.poll(async () => (await monitor.refresh()).usable, { timeout: 5_000, interval: 100 }).toBe(false);
        const status = monitor.status();
        expect(status.lagSeconds).toBeGreaterThan(1);
        expect(status.lagBytes).toBeGreaterThan(0);
      } finally {
        await replica.query('select pg_wal_replay_resume()');
      }
      await expect.poll(async () => (await monitor.refresh()).usable, { timeout: 10_000, interval: 100 }).toBe(true);
      expect(monitor.status().lagSeconds).toBeLessThan(1);
    } finally {
      await monitor.close();
    }
  });
});
