import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { users } from './schema/identity.ts';
import { connectDatabase, type DatabaseHandle } from './client.ts';
import net from 'node:net';
import path from 'node:path';
import {
  createLagTracker,
  formatLsn,
  isConnectionError,
  parseLsn,
  readingAsRequest,
  readingFromPrimary,
  RoutingPool,
  runWithReadRouting,
  startReplicaMonitor,
  statusAfterFailedPoll,
} from './replica.ts';
import { freePort, startTestApp, STRONG_PASSWORD, uniqueEmail, type TestApp } from '../../test/harness.ts';
import { hashPassword } from '../lib/password-policy.ts';
import { accountWithMember } from '../../test/accounts-helper.ts';
import { READ_AFTER_COOKIE, readAfterOf } from '../graphql/plugin.ts';

/** The run's database under another application_name: which pool served a statement shows in current_setting. */
function named(url: string, applicationName: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('application_name', applicationName);
  return parsed.toString();
}

const servedBy = async (pool: pg.Pool) => (await pool.query<{ name: string }>(`select current_setting('application_name') as name`)).rows[0]!.name;

async function preparedStatements(client: pg.PoolClient | pg.Pool): Promise<string[]> {
  const result = await client.query<{ name: string }>('select name from pg_prepared_statements order by name');
  return result.rows.map((row) => row.name);
}

describe('DATABASE_POOLING=transaction: no named prepared statements', () => {
  const url = () => inject('databaseUrl');

  async function namedStatementsRun(database: DatabaseHandle) {
    const pool = database.pool;
    await pool.query({ name: 'b_named_pool_query', text: 'select 1 as one' });
    const client = await pool.connect();
    try {
      await client.query({ name: 'b_named_client_query', text: 'select $1::int as two', values: [2] });
    } finally {
      client.release();
    }
    const byId = database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .limit(1)
      .prepare('b_drizzle_prepared');
    await byId.execute({ id: '00000000-0000-0000-0000-000000000000' });
    await database.readDb.execute(sql`select 1`);
    const readById = database.readDb
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare('b_drizzle_read_prepared');
    await readById.execute({ id: '00000000-0000-0000-0000-000000000000' });
    // One connection per pool: the statements above all ran on the one this looks at.
    return preparedStatements(pool);
  }

  it('strips statement names from pool.query, pool.connect() clients and drizzle .prepare() in transaction mode', async () => {
    const database = connectDatabase({ url: url(), pooling: 'transaction', poolSize: 1 });
    try {
      expect(await namedStatementsRun(database)).toEqual([]);
      // The results are the same as with names.
      expect((await database.pool.query({ name: 'b_again', text: 'select $1::text as v', values: ['x'] })).rows).toEqual([{ v: 'x' }]);
    } finally {
      await database.close();
    }
  });

  it('keeps them prepared in session mode', async () => {
    const database = connectDatabase({ url: url(), pooling: 'session', poolSize: 1 });
    try {
      expect(await namedStatementsRun(database)).toEqual(['b_drizzle_prepared', 'b_drizzle_read_prepared', 'b_named_client_query', 'b_named_pool_query']);
    } finally {
      await database.close();
    }
  });

  it('strips them on the replica pool too', async () => {
    const database = connectDatabase({
      url: named(url(), 'b-primary'),
      readUrl: named(url(), 'b-replica'),
      pooling: 'transaction',
      poolSize: 1,
      replicaPollMs: 50,
    });
    try {
      await database.replica!.refresh();
      await readingAsRequest(async () => {
        await database.readPool.query({ name: 'b_named_on_replica', text: 'select 1' });
        await database.readDb
          .select({ id: users.id })
          .from(users)
          .where(eq(users.id, sql.placeholder('id')))
          .prepare('b_replica_prepared')
          .execute({ id: '00000000-0000-0000-0000-000000000000' });
        const seen = await database.readPool.query<{ name: string; app: string }>(
          `select name, current_setting('application_name') as app from pg_prepared_statements`,
        );
        expect(seen.rows).toEqual([]);
        expect(await servedBy(database.readPool)).toBe('b-replica');
      });
    } finally {
      await database.close();
    }
  });
});

describe('read routing', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    // The run's database stands in for a replica that is caught up (a primary answers as one that was promoted).
    database = connectDatabase({
      url: named(inject('databaseUrl'), 'b-primary'),
      readUrl: named(inject('databaseUrl'), 'b-replica'),
      poolSize: 4,
      replicaPollMs: 50,
    });
    await database.replica!.refresh();
  });
  afterAll(() => database.close());

  it("is a pg.Pool (drizzle checks instanceof) and serves a request's reads from the replica while it is usable", async () => {
    expect(database.readPool).toBeInstanceOf(pg.Pool);
    expect(database.readPool).not.toBe(database.pool);
    expect(database.replica!.status()).toEqual({ lagSeconds: 0, lagBytes: 0, usable: true });
    await readingAsRequest(async () => {
      expect(await servedBy(database.readPool)).toBe('b-replica');
      const rows = await database.readDb.execute<{ name: string }>(sql`select current_setting('application_name') as name`);
      expect(rows.rows[0]!.name).toBe('b-replica');
    });
    expect(await servedBy(database.pool)).toBe('b-primary');
  });

  it('reads the primary outside a request (jobs of an embedded worker run right after the change that queued them)', async () => {
    expect(await servedBy(database.readPool)).toBe('b-primary');
    expect((await database.readDb.execute<{ name: string }>(sql`select current_setting('application_name') as name`)).rows[0]!.name).toBe('b-primary');
  });

  it('reads from the primary for a request that must (a mutation), and for its read-after position until replayed', async () => {
    expect(await readingFromPrimary(() => servedBy(database.readPool))).toBe('b-primary');
    const client = await readingFromPrimary(() => database.readPool.connect());
    try {
      expect((await client.query<{ name: string }>(`select current_setting('application_name') as name`)).rows[0]!.name).toBe('b-primary');
    } finally {
      client.release();
    }
    const replayed = database.replica!.replayLsn()!;
    expect(replayed).toBeGreaterThan(0n);
    // A position the replica has not reached: the primary. One it has: the replica.
    expect(await runWithReadRouting({ primary: false, readAfter: replayed + 1_000_000_000n }, () => servedBy(database.readPool))).toBe('b-primary');
    expect(await runWithReadRouting({ primary: false, readAfter: replayed }, () => servedBy(database.readPool))).toBe('b-replica');
    // Callback style answers the same way.
    const viaCallback = await readingFromPrimary(
      () =>
        new Promise<string>((resolve, reject) =>
          database.readPool.query(`select current_setting('application_name') as name`, (error: Error | undefined, result: pg.QueryResult<{ name: string }>) =>
            error ? reject(error) : resolve(result.rows[0]!.name),
          ),
        ),
    );
    expect(viaCallback).toBe('b-primary');
  });

  it('retries a read on the primary when the replica connection is terminated mid-query, but not a failing statement', async () => {
    const slow = readingAsRequest(() => database.readPool.query<{ name: string }>(`select current_setting('application_name') as name, pg_sleep(1.5)`));
    // Terminated by the server, as in a replica restart (57P01).
    let terminated = 0;
    for (let attempt = 0; attempt < 50 && terminated === 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const result = await database.pool.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'b-replica' and query like '%pg_sleep(1.5)%' and pid <> pg_backend_pid()`,
      );
      terminated = result.rowCount ?? 0;
    }
    expect(terminated).toBe(1);
    expect((await slow).rows[0]!.name).toBe('b-primary');
    await expect(readingAsRequest(() => database.readPool.query('select * from no_such_table'))).rejects.toMatchObject({ code: '42P01' });
    // The replica serves again afterwards.
    await database.replica!.refresh();
    expect(await readingAsRequest(() => servedBy(database.readPool))).toBe('b-replica');
  });
});

describe('a read the primary loses mid-query (it died: a failover)', () => {
  it('is sent again once the primary answers, within DATABASE_FAILOVER_WAIT_SECONDS; a failing statement is not', async () => {
    const database = connectDatabase({
      url: named(inject('databaseUrl'), 'f-primary'),
      readUrl: named(inject('databaseUrl'), 'f-replica'),
      poolSize: 2,
      replicaPollMs: 50,
      failoverWaitMs: 10_000,
    });
    try {
      await database.replica!.refresh();
      // A mutation's read (or one past the replica's position) goes to the primary.
      const slow = readingFromPrimary(() => database.readPool.query<{ name: string }>(`select current_setting('application_name') as name, pg_sleep(1.2)`));
      // Terminated under it, as when the primary's postmaster dies (the statement never answers).
      let terminated = 0;
      for (let attempt = 0; attempt < 50 && terminated === 0; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const result = await database.pool.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'f-primary' and query like '%pg_sleep(1.2)%' and pid <> pg_backend_pid()`,
        );
        terminated = result.rowCount ?? 0;
      }
      expect(terminated).toBe(1);
      expect((await slow).rows[0]!.name).toBe('f-primary');
      await expect(readingFromPrimary(() => database.readPool.query('select * from no_such_table'))).rejects.toMatchObject({ code: '42P01' });
    } finally {
      await database.close();
    }
  });
});

describe('a replica restart', () => {
  it('fails no read: idle replica connections the server dropped are retried on the primary', async () => {
    const database = connectDatabase({
      url: named(inject('databaseUrl'), 'b-primary'),
      readUrl: named(inject('databaseUrl'), 'b-restarting'),
      poolSize: 6,
      replicaPollMs: 50,
    });
    try {
      await database.replica!.refresh();
      // Six idle replica connections in the pool.
      await readingAsRequest(() => Promise.all(Array.from({ length: 6 }, () => database.readPool.query('select pg_sleep(0.05)'))));
      expect(database.readPool.idleCount).toBe(6);
      // What a restart does to them (57P01 terminating connection due to administrator command), then reads at once.
      const killed = await database.pool.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'b-restarting' and pid <> pg_backend_pid()`,
      );
      // (and the monitor's own connection to the replica)
      expect(killed.rowCount).toBeGreaterThanOrEqual(6);
      const served = await readingAsRequest(() => Promise.all(Array.from({ length: 12 }, () => servedBy(database.readPool))));
      expect(served).toHaveLength(12);
      expect(served.every((name) => name === 'b-primary' || name === 'b-restarting')).toBe(true);
      // And the replica serves again once it answers.
      await database.replica!.refresh();
      expect(await readingAsRequest(() => servedBy(database.readPool))).toBe('b-restarting');
    } finally {
      await database.close();
    }
  });
});

describe('an unreachable replica', () => {
  it('is unusable: reads go to the primary, and a replica connection that fails is retried there', async () => {
    const closedPort = await freePort();
    const replicaUrl = `postgres://rampart@127.0.0.1:${closedPort}/postgres`;
    const database = connectDatabase({ url: named(inject('databaseUrl'), 'b-primary'), readUrl: replicaUrl, poolSize: 2, replicaPollMs: 50 });
    try {
      const status = await database.replica!.refresh();
      expect(status.usable).toBe(false);
      expect(database.replica!.replayLsn()).toBeNull();
      expect(await readingAsRequest(() => servedBy(database.readPool))).toBe('b-primary');
      // Routed to the replica anyway (as when the monitor has not noticed yet): the refused connection is retried on the primary.
      const routing = new RoutingPool({ connectionString: replicaUrl, max: 1 }, database.pool, () => false);
      routing.on('error', () => {});
      try {
        expect(await servedBy(routing)).toBe('b-primary');
        const client = await routing.connect();
        client.release();
        await expect(
          new RoutingPool({ connectionString: replicaUrl, max: 1 }, database.pool, () => false).query('select * from no_such_table'),
        ).rejects.toMatchObject({ code: '42P01' });
      } finally {
        await routing.end();
      }
    } finally {
      await database.close();
    }
  });
});

describe('replica lag', () => {
  const T = 1_700_000_000_000;
  it('is 0 while the replica has replayed what the primary wrote, however old the last commit (an idle primary)', () => {
    const lag = createLagTracker();
    expect(lag.observe(1000n, 1000n, T, 3600)).toEqual({ lagSeconds: 0, lagBytes: 0 });
    expect(lag.observe(1000n, 1000n, T + 60_000, 3660)).toEqual({ lagSeconds: 0, lagBytes: 0 });
  });

  it('counts seconds from when the primary first passed what the replica has replayed', () => {
    const lag = createLagTracker();
    expect(lag.observe(1000n, 1000n, T)).toEqual({ lagSeconds: 0, lagBytes: 0 });
    // An hour idle, then a write the replica has not replayed yet: a moment behind, not an hour.
    expect(lag.observe(1500n, 1000n, T + 3_600_000, 3600)).toEqual({ lagSeconds: 0, lagBytes: 500 });
    expect(lag.observe(1600n, 1000n, T + 3_602_000, 3602)).toEqual({ lagSeconds: 2, lagBytes: 600 });
    // Replayed past the first unreplayed position: behind only since the next one.
    expect(lag.observe(1700n, 1550n, T + 3_603_000, 1)).toEqual({ lagSeconds: 1, lagBytes: 150 });
    expect(lag.observe(1700n, 1700n, T + 3_603_250)).toEqual({ lagSeconds: 0, lagBytes: 0 });
  });

  it('uses the age of the last replayed commit for a replica already behind when observing started, after a second', () => {
    const lag = createLagTracker();
    expect(lag.observe(9000n, 1000n, T, 600)).toEqual({ lagSeconds: 0, lagBytes: 8000 });
    expect(lag.observe(9000n, 1000n, T + 500, 600.5)).toEqual({ lagSeconds: 0.5, lagBytes: 8000 });
    expect(lag.observe(9000n, 1000n, T + 1_000, 601)).toEqual({ lagSeconds: 601, lagBytes: 8000 });
    // Caught up with where the primary was at the start: measured from samples again.
    expect(lag.observe(9500n, 9000n, T + 1_250, 0.1)).toEqual({ lagSeconds: 0, lagBytes: 500 });
  });
});

describe('a poll that fails', () => {
  const T = 1_700_000_000_000;
  const slow = new Error('Query read timeout');
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
  const previous = { lagSeconds: 2, lagBytes: 300, usable: true };

  it('after a slow answer keeps the replica usable while its last lag plus the time since stays under the limit', () => {
    expect(statusAfterFailedPoll(slow, previous, { lagSeconds: 2, lagBytes: 300, at: T }, T + 1_500, 30)).toEqual({
      lagSeconds: 3.5,
      lagBytes: 300,
      usable: true,
      keepReplayLsn: true,
    });
    expect(statusAfterFailedPoll(slow, previous, { lagSeconds: 2, lagBytes: 300, at: T }, T + 28_500, 30).usable).toBe(false);
    expect(statusAfterFailedPoll(slow, previous, { lagSeconds: 2, lagBytes: 300, at: T }, T + 28_500, 30).keepReplayLsn).toBe(false);
  });

  it('makes it unusable at once when refused, or when it never answered', () => {
    expect(statusAfterFailedPoll(refused, previous, { lagSeconds: 0, lagBytes: 0, at: T }, T + 250, 30)).toEqual({
      ...previous,
      usable: false,
      keepReplayLsn: false,
    });
    expect(statusAfterFailedPoll(slow, { lagSeconds: null, lagBytes: null, usable: false }, null, T, 30).usable).toBe(false);
  });

  /** A TCP proxy to the run's database that can stop passing bytes (a busy server) or refuse connections (a down one). */
  async function faultyProxy(target: URL) {
    const sockets = new Set<net.Socket>();
    let stalled = false;
    // The run's database may be reached over a Unix socket (the embedded one: ?host=<directory>).
    const socketDirectory = target.searchParams.get('host');
    const server = net.createServer((client) => {
      const upstream = socketDirectory
        ? net.connect(path.join(socketDirectory, `.s.PGSQL.${target.port || 5432}`))
        : net.connect(Number(target.port || 5432), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('error', () => {});
      }
      client.on('data', (chunk) => void (stalled || upstream.write(chunk)));
      upstream.on('data', (chunk) => void (stalled || client.write(chunk)));
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = new URL(target.toString());
    url.searchParams.delete('host');
    url.hostname = '127.0.0.1';
    url.port = String((server.address() as net.AddressInfo).port);
    return {
      url: url.toString(),
      stall: () => void (stalled = true),
      refuse: async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          for (const socket of sockets) socket.destroy();
        });
      },
    };
  }

  it('on a real connection: a stalled answer keeps it usable and its replay position; a refused connection does not', async () => {
    const primaryUrl = named(inject('databaseUrl'), 'b-primary');
    const proxy = await faultyProxy(new URL(named(inject('databaseUrl'), 'b-replica')));
    const monitor = startReplicaMonitor({ primaryUrl, replicaUrl: proxy.url, maxLagSeconds: 30, intervalMs: 60_000 });
    try {
      expect(await monitor.refresh()).toEqual({ lagSeconds: 0, lagBytes: 0, usable: true });
      const replayed = monitor.replayLsn();
      expect(replayed).not.toBeNull();
      proxy.stall();
      const afterStall = await monitor.refresh();
      expect(afterStall.usable).toBe(true);
      // The bound: the last lag (0) plus at least the poll's 1 s timeout.
      expect(afterStall.lagSeconds).toBeGreaterThanOrEqual(1);
      expect(monitor.replayLsn()).toBe(replayed);
      await proxy.refuse();
      const afterRefusal = await monitor.refresh();
      expect(afterRefusal.usable).toBe(false);
      expect(monitor.replayLsn()).toBeNull();
    } finally {
      await monitor.close();
    }
  });
});

describe('WAL positions and the read-after cookie', () => {
  it('parses X/X and ignores anything else', () => {
    expect(parseLsn('0/0')).toBe(0n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) | 0xb374d848n);
    expect(parseLsn('ffffffff/FFFFFFFF')).toBe(0xffffffffffffffffn);
    expect(formatLsn(parseLsn('16/B374D848')!)).toBe('16/B374D848');
    for (const garbage of [undefined, null, '', '16', '16/', '/1', '1/2/3', 'G/1', '123456789/1', ' 1/2', '1/2 ', '-1/2', '0x1/2', '1/2;x', 42, {}, ['1/2']]) {
      expect(readAfterOf(garbage)).toBeNull();
    }
  });

  it('tells connection failures from statement errors', () => {
    for (const code of ['08006', '08001', '08P01', '57P01', '57P02', '57P03', '58030', 'ECONNREFUSED', 'ECONNRESET', '40001'])
      expect(isConnectionError(Object.assign(new Error('x'), { code }))).toBe(true);
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionError(new Error('timeout exceeded when trying to connect'))).toBe(true);
    for (const code of ['42P01', '23505', '22P02', '25006', '57014']) expect(isConnectionError(Object.assign(new Error('x'), { code }))).toBe(false);
    expect(isConnectionError(null)).toBe(false);
  });
});

describe('read-your-writes cookie', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ READ_DATABASE_URL: named(inject('databaseUrl'), 'b-app-replica') });
  });
  afterAll(() => t?.close());

  async function post(query: string, variables: Record<string, unknown>, cookie = '', csrf = '') {
    return fetch(`${t.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true', 'x-csrf-token': csrf, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ query, variables }),
    });
  }

  it('is set after a mutation (HttpOnly, Lax, short-lived), not after a query; garbage in it is ignored', async () => {
    const email = uniqueEmail('b-ryw');
    await t.database.pool.query(`insert into users (email, first_name, last_name, is_email_verified, password_hash) values ($1, 'Read', 'Writes', true, $2)`, [
      email,
      await hashPassword(STRONG_PASSWORD),
    ]);
    const login = await post('mutation($email: String!, $password: String!) { login(email: $email, password: $password) { csrfToken } }', {
      email,
      password: STRONG_PASSWORD,
    });
    expect(login.status).toBe(200);
    const cookies = login.headers.getSetCookie();
    expect(cookies.some((line) => line.startsWith('rampart_session='))).toBe(true);
    const readAfter = cookies.find((line) => line.startsWith(`${READ_AFTER_COOKIE}=`));
    expect(readAfter).toMatch(new RegExp(`^${READ_AFTER_COOKIE}=[0-9A-F]{1,8}/[0-9A-F]{1,8}; Max-Age=60; Path=/; HttpOnly; SameSite=Lax$`));
    // At or past what the replica (here: the same database) has replayed once the change committed.
    const lsn = parseLsn(readAfter!.split(';')[0]!.split('=')[1])!;
    await t.database.replica!.refresh();
    expect(t.database.replica!.replayLsn()! >= lsn).toBe(true);
    const query = await post('{ __typename }', {}, `${READ_AFTER_COOKIE}=0/1`);
    expect(query.status).toBe(200);
    expect(query.headers.getSetCookie().some((line) => line.startsWith(READ_AFTER_COOKIE))).toBe(false);
    for (const garbage of ['zzz', '1/2/3', '%00', 'FFFFFFFF/FFFFFFFF', 'x'.repeat(4000)]) {
      const response = await post('{ __typename }', {}, `${READ_AFTER_COOKIE}=${garbage}`);
      expect(response.status).toBe(200);
    }
    // A refused mutation (wrong password) sets none.
    const refused = await post('mutation($email: String!, $password: String!) { login(email: $email, password: $password) { csrfToken } }', {
      email,
      password: 'wrong-password-123456',
    });
    expect(refused.headers.getSetCookie().some((line) => line.startsWith(READ_AFTER_COOKIE))).toBe(false);
  });

  it("routes a request's reads by its cookie: to the primary until the replica has replayed the position", async () => {
    const member = await accountWithMember(t);
    const list = JSON.stringify({
      query: 'query($a: ID!) { transactions(accountId: $a, liveMode: true) { totalCount items { id } } }',
      variables: { a: member.accountId },
    });
    let replicaUses = 0;
    const count = () => (replicaUses += 1);
    t.database.readPool.on('acquire', count);
    try {
      const read = async (readAfter?: string) => {
        const before = replicaUses;
        const response = await fetch(`${t.baseUrl}/graphql`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'apollo-require-preflight': 'true',
            'x-csrf-token': member.client.csrfToken,
            cookie: [member.client.cookie, readAfter && `${READ_AFTER_COOKIE}=${readAfter}`].filter(Boolean).join('; '),
          },
          body: list,
        });
        const body = (await response.json()) as { data?: { transactions: { totalCount: number } }; errors?: unknown };
        expect(body.errors).toBeUndefined();
        expect(body.data!.transactions.totalCount).toBe(0);
        return replicaUses - before;
      };
      expect(await read()).toBeGreaterThan(0);
      // Ahead of anything the replica has replayed: every read on the primary.
      expect(await read('FFFFFFFF/FFFFFFFF')).toBe(0);
      // Replayed already (and garbage): the replica.
      expect(await read('0/1')).toBeGreaterThan(0);
      expect(await read('not-a-position')).toBeGreaterThan(0);
    } finally {
      t.database.readPool.off('acquire', count);
    }
  });
});
