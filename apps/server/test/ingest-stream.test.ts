import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import { parseEnv } from '../src/config/env.ts';
import { ingestStreamOf } from '../src/jobs/worker.ts';
import { startIngestStream, type RunningIngestStream, type StreamEventResult } from '../src/jobs/ingest-stream.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { accountWithMember } from './accounts-helper.ts';
import { startNatsServer, type NatsServer } from './nats-server.ts';

// Issue 34, the stream transport: a real nats-server with JetStream, the worker's consumer, the real ingestion service.
let t: TestApp;
let nats: NatsServer;
let nc: NatsConnection;
let js: JetStreamClient;
let jsm: JetStreamManager;
let accountId: string;
const STREAM = 'PROVIDER_EVENTS';
const source = `urn:test:core:${crypto.randomUUID()}`;

function buyCreated(id: string, version = 1, status = 'waitingPayment') {
  return {
    specversion: '1.0',
    id: crypto.randomUUID(),
    source,
    type: 'rampart.buy_transaction.created',
    data: {
      id,
      version,
      accountId,
      status,
      createdAt: new Date().toISOString(),
      baseCurrencyCode: 'eur',
      baseCurrencyAmount: '100.00',
      quoteCurrencyCode: 'btc',
      quoteCurrencyAmount: '0.00150000',
      usdRate: '1.08',
      eurRate: '1',
      gbpRate: '0.85',
    },
  };
}

function statusChanged(id: string, version: number, status: string) {
  return { specversion: '1.0', id: crypto.randomUUID(), source, type: 'rampart.transaction.status_changed', data: { id, version, status } };
}

async function publish(events: unknown[]) {
  for (const event of events) await js.publish('provider.events.tx', typeof event === 'string' ? event : JSON.stringify(event));
}

/** The worker's consumer as `npm run worker` starts it from INGEST_NATS_* (the durable `consumer`), results collected. */
async function consumer(
  name: string,
  options: {
    ackWaitSeconds?: number;
    ingest?: (real: (events: unknown[]) => Promise<StreamEventResult[]>, events: unknown[]) => Promise<StreamEventResult[]>;
  } = {},
) {
  const config = parseEnv({ INGEST_NATS_URL: nats.url, INGEST_NATS_STREAM: STREAM, INGEST_NATS_CONSUMER: name, INGEST_NATS_BATCH: '50' });
  const settings = ingestStreamOf(t.app, config)!;
  const results: StreamEventResult[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const stream: RunningIngestStream = await startIngestStream({
    ...settings,
    pullExpiresMs: 1000,
    ackWaitSeconds: options.ackWaitSeconds ?? 60,
    log: t.app.log,
    ingest: options.ingest ? (events) => options.ingest!(settings.ingest, events) : settings.ingest,
    onBatch: (batch) => {
      results.push(...batch.results);
      for (const waiter of waiters.filter((w) => results.length >= w.count)) waiter.resolve();
    },
  });
  return {
    stream,
    results,
    /** Resolves once `count` results in all were settled (committed and acknowledged). */
    settled: (count: number) => new Promise<void>((resolve) => (results.length >= count ? resolve() : waiters.push({ count, resolve }))),
  };
}

const transaction = async (id: string) =>
  (await t.database.pool.query<{ version: number; status: string }>(`select version, status from transactions where id = $1`, [id])).rows[0];
const webhookEventsOf = async (id: string) =>
  Number((await t.database.pool.query<{ n: string }>(`select count(*) as n from webhook_events where data->>'id' = $1`, [id])).rows[0]!.n);

beforeAll(async () => {
  nats = await startNatsServer();
  t = await startTestApp();
  ({ accountId } = await accountWithMember(t));
  nc = await connect({ servers: nats.url });
  js = jetstream(nc);
  jsm = await jetstreamManager(nc);
  await jsm.streams.add({ name: STREAM, subjects: ['provider.events.>'] });
});

afterAll(async () => {
  await nc?.close();
  await t?.close();
  await nats?.stop();
});

describe('the ingestion stream (NATS JetStream)', () => {
  it('events published to the stream become rows, in version order, each acknowledged', async () => {
    await jsm.streams.purge(STREAM);
    const id = crypto.randomUUID();
    const reader = await consumer('rows');
    try {
      await publish([buyCreated(id), statusChanged(id, 2, 'pending'), statusChanged(id, 3, 'completed')]);
      await reader.settled(3);
      expect(reader.results.map((r) => r.status)).toEqual(['accepted', 'accepted', 'accepted']);
      expect(await transaction(id)).toEqual({ version: 3, status: 'completed' });
      const info = await jsm.consumers.info(STREAM, 'rows');
      expect({ pending: info.num_pending, unacknowledged: info.num_ack_pending }).toEqual({ pending: 0, unacknowledged: 0 });
    } finally {
      await reader.stream.stop();
    }
  });

  it('a worker that dies between the commit and the acknowledgement: the batch comes again, answered duplicate, nothing changes twice', async () => {
    await jsm.streams.purge(STREAM);
    const id = crypto.randomUUID();
    let release!: () => void;
    const dead = new Promise<void>((resolve) => (release = resolve));
    let committed!: () => void;
    const commit = new Promise<void>((resolve) => (committed = resolve));
    // Both events are in the stream before the first worker pulls, so they come as one batch: published while it
    // pulled, they could straddle two of its 1 s fetches (a loaded CI split them: the batch held only the first).
    await publish([buyCreated(id), statusChanged(id, 2, 'failed')]);
    // The first worker commits, then never acknowledges (as if killed right after the commit).
    const first = await consumer('crash', {
      ackWaitSeconds: 1,
      ingest: async (real, events) => {
        await real(events);
        committed();
        await dead;
        throw new Error('the worker died');
      },
    });
    await commit;
    expect(await transaction(id)).toEqual({ version: 2, status: 'failed' });
    const webhooksBefore = await webhookEventsOf(id);
    expect(webhooksBefore).toBeGreaterThan(0);
    // Another worker on the same durable consumer gets the unacknowledged batch once its acknowledgement time is up.
    const second = await consumer('crash');
    try {
      await second.settled(2);
      expect(second.results.map((r) => r.status)).toEqual(['duplicate', 'duplicate']);
      expect(await transaction(id)).toEqual({ version: 2, status: 'failed' });
      expect(await webhookEventsOf(id)).toBe(webhooksBefore);
      const info = await jsm.consumers.info(STREAM, 'crash');
      expect(info.num_ack_pending).toBe(0);
    } finally {
      release();
      await first.stream.stop();
      await second.stream.stop();
    }
  });

  it('an invalid event is refused naming the field and terminated, never delivered again; the valid ones beside it commit', async () => {
    await jsm.streams.purge(STREAM);
    const id = crypto.randomUUID();
    const invalid = buyCreated(crypto.randomUUID());
    delete (invalid.data as Partial<typeof invalid.data>).baseCurrencyAmount;
    const reader = await consumer('refusals');
    try {
      await publish([invalid, 'not json', buyCreated(id)]);
      await reader.settled(3);
      expect(reader.results.map((r) => [r.status, r.error?.field])).toEqual([
        ['refused', 'data.baseCurrencyAmount'],
        ['refused', 'event'],
        ['accepted', undefined],
      ]);
      expect(await transaction(id)).toEqual({ version: 1, status: 'waitingPayment' });
      // Terminated and acknowledged count alike: nothing outstanding, the acknowledgement floor past the last message.
      const info = await jsm.consumers.info(STREAM, 'refusals');
      const stream = await jsm.streams.info(STREAM);
      expect({ unacknowledged: info.num_ack_pending, floor: info.ack_floor.stream_seq }).toEqual({ unacknowledged: 0, floor: stream.state.last_seq });
    } finally {
      await reader.stream.stop();
    }
  });
});
