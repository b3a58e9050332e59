import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase } from './client.ts';
import { neverReachedDatabase } from './failover.ts';
import { outsideUnitOfWork, runUnitOfWork } from './unit-of-work.ts';
import { createObservability } from '../lib/observability/metrics.ts';
import { freePort } from '../../test/harness.ts';

/**
 * The primary's address while a failover is under way: HAProxy accepts the connection and closes it at once (no node
 * passes GET /primary yet). This stand-in closes the first `closing` connections, then forwards to the run's database.
 */
async function switchingPrimary(closing: number) {
  const target = new URL(inject('databaseUrl'));
  let refused = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    if (refused < closing) {
      refused += 1;
      socket.destroy();
      return;
    }
    // The run's database: on a Unix socket (?host=<directory>) or TCP.
    const socketDirectory = target.searchParams.get('host');
    const upstream = socketDirectory
      ? net.connect({ path: `${socketDirectory}/.s.PGSQL.${target.port || 5432}` })
      : net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(upstream);
    socket.pipe(upstream).pipe(socket);
    const close = () => {
      socket.destroy();
      upstream.destroy();
    };
    socket.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = new URL(target);
  url.searchParams.delete('host');
  url.host = `127.0.0.1:${port}`;
  return {
    url: url.toString(),
    refused: () => refused,
    /** The primary dies: every connection through here closes, and new ones are refused. */
    cut: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The socket of the run's database (a Unix socket directory in ?host=, or TCP). */
function connectToDatabase(): net.Socket {
  const target = new URL(inject('databaseUrl'));
  const socketDirectory = target.searchParams.get('host');
  return socketDirectory
    ? net.connect({ path: `${socketDirectory}/.s.PGSQL.${target.port || 5432}` })
    : net.connect(Number(target.port || 5432), target.hostname);
}

/**
 * PgBouncer in transaction mode while the primary changes: it accepts the client's connection (login and password are
 * its own), and refuses the first statement when it cannot get a server connection for it — an ErrorResponse, then it
 * closes the connection. This stand-in relays the login to the run's database and answers the first statement of the
 * first `refusing` connections like that (the message and code PgBouncer 1.18 sends); the rest are relayed.
 */
async function refusingPooler(refusing: number) {
  let refused = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = connectToDatabase();
    sockets.add(client).add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
    upstream.pipe(client);
    const refuse = refused < refusing;
    if (refuse) refused += 1;
    // The client's messages: the startup message (no type byte), then type + length + body.
    let buffered = Buffer.alloc(0);
    let started = false;
    client.on('data', (chunk: Buffer) => {
      if (!refuse) {
        upstream.write(chunk);
        return;
      }
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        const header = started ? 5 : 4;
        if (buffered.length < header) return;
        const length = buffered.readUInt32BE(started ? 1 : 0) + (started ? 1 : 0);
        if (buffered.length < length) return;
        const type = started ? String.fromCharCode(buffered[0]!) : '';
        if (type === 'Q' || type === 'P') {
          const fields = ['SFATAL', 'VFATAL', 'C08P01', 'Mserver login has been failing, try again later (server_login_retry)'];
          const body = Buffer.concat([...fields.map((field) => Buffer.from(`${field}\0`)), Buffer.from([0])]);
          const error = Buffer.alloc(5);
          error.write('E');
          error.writeUInt32BE(body.length + 4, 1);
          client.end(Buffer.concat([error, body]));
          upstream.destroy();
          return;
        }
        upstream.write(buffered.subarray(0, length));
        buffered = buffered.subarray(length);
        started = true;
      }
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = new URL(inject('databaseUrl'));
  url.searchParams.delete('host');
  url.host = `127.0.0.1:${port}`;
  return {
    url: url.toString(),
    refused: () => refused,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('waiting out a failover (DATABASE_FAILOVER_WAIT_SECONDS)', () => {
  let primary: Awaited<ReturnType<typeof switchingPrimary>>;
  beforeAll(async () => {
    primary = await switchingPrimary(2);
  });
  afterAll(async () => {
    await primary.close();
  });

  it('a statement and a unit of work arriving while the primary changes wait for it instead of failing', async () => {
    const database = connectDatabase({ url: primary.url, poolSize: 2, failoverWaitMs: 10_000 });
    try {
      const { rows } = await database.pool.query<{ one: number }>('select 1 as one');
      expect(rows[0]!.one).toBe(1);
      expect(primary.refused()).toBe(2);
      const { result } = await runUnitOfWork(database.pool, async () => (await database.db.execute<{ two: number }>('select 2 as two')).rows[0]!.two);
      expect(result).toBe(2);
    } finally {
      await database.close();
    }
  });

  it("a transaction of its own outside the unit of work (sign-in's failure counter) waits when PgBouncer refuses its BEGIN, runs once, and keeps no connection", async () => {
    const pooler = await refusingPooler(2);
    const database = connectDatabase({ url: pooler.url, poolSize: 2, failoverWaitMs: 10_000 });
    try {
      let runs = 0;
      const [first, second] = await outsideUnitOfWork(() =>
        database.db.transaction(async (tx) => {
          runs += 1;
          const once = (await tx.execute<{ id: string }>(sql`select txid_current()::text as id`)).rows[0]!.id;
          const again = (await tx.execute<{ id: string }>(sql`select txid_current()::text as id`)).rows[0]!.id;
          return [once, again];
        }),
      );
      // One transaction, on the third connection: the two refused BEGINs were sent again, the callback was not.
      expect(first).toBe(second);
      expect(runs).toBe(1);
      expect(pooler.refused()).toBe(2);
      // The refused connections were dropped and the used one returned: nothing stays checked out of the pool.
      expect(database.pool.totalCount - database.pool.idleCount).toBe(0);
    } finally {
      await database.close();
      await pooler.close();
    }
  });

  it('fails at once with the wait off', async () => {
    const refusing = await switchingPrimary(1);
    const database = connectDatabase({ url: refusing.url, poolSize: 1, failoverWaitMs: 0 });
    try {
      await expect(database.pool.query('select 1')).rejects.toThrow();
      expect(refusing.refused()).toBe(1);
    } finally {
      await database.close();
      await refusing.close();
    }
  });

  it('keeps /readyz ready through an outage shorter than the wait (every process sees it; HAProxy would answer 503)', async () => {
    const dying = await switchingPrimary(0);
    const waiting = connectDatabase({ url: dying.url, poolSize: 1, failoverWaitMs: 10_000 });
    const failing = connectDatabase({ url: dying.url, poolSize: 1, failoverWaitMs: 0 });
    try {
      // The default second: the first check opens a connection, which took over 100 ms on a loaded machine.
      const options = { defaultMetrics: false, readinessTimeoutMs: 1_000, readinessRecentMs: 0 };
      const observed = createObservability({ database: waiting, ...options });
      const unobserved = createObservability({ database: failing, ...options });
      expect(await observed.readiness()).toEqual({ ready: true });
      expect(await unobserved.readiness()).toEqual({ ready: true });
      await dying.cut();
      expect(await observed.readiness()).toEqual({ ready: true });
      expect(await unobserved.readiness()).toEqual({ ready: false, reason: 'the database is unreachable' });
    } finally {
      await Promise.all([waiting.close().catch(() => {}), failing.close().catch(() => {})]);
    }
  });

  it('sends again only what never reached PostgreSQL', () => {
    expect(neverReachedDatabase(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(neverReachedDatabase(Object.assign(new Error('server login has been failing, try again later (server_login_retry)'), { code: '08P01' }))).toBe(true);
    expect(neverReachedDatabase(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
    // A statement whose connection broke while it ran may have committed: never sent again.
    expect(neverReachedDatabase(new Error('Connection terminated unexpectedly'))).toBe(false);
    expect(neverReachedDatabase(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(false);
  });
});
