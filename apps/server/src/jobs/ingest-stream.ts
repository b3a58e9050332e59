import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { connect, credsAuthenticator, type NatsConnection } from '@nats-io/transport-node';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, JetStreamApiError, type Consumer, type JsMsg } from '@nats-io/jetstream';
import type { Env } from '../config/env.ts';

/** One event's outcome, as the ingestion service answers it (the same words as the HTTP endpoints' results). */
export interface StreamEventResult {
  status: 'accepted' | 'duplicate' | 'stale' | 'refused';
  /** refused: the field at fault and why. */
  error?: { field: string; message: string } | undefined;
}

/**
 * Ingests a batch in one database transaction and answers one result per event, in order. Whatever it answers is final
 * (committed, or refused for good); it throws only when nothing was committed (the database is unreachable, ...).
 */
export type IngestBatch = (events: unknown[]) => Promise<StreamEventResult[]>;

export interface IngestStreamOptions {
  servers: string[];
  stream: string;
  consumer: string;
  batch: number;
  credsFile?: string | undefined;
  user?: string | undefined;
  password?: string | undefined;
  token?: string | undefined;
  /** How long a pull waits for messages before asking again, in ms (the client's minimum is 1,000). */
  pullExpiresMs?: number;
  /** How long an event may stay unacknowledged before NATS delivers it again (a consumer Rampart creates). */
  ackWaitSeconds?: number;
  ingest: IngestBatch;
  log: FastifyBaseLogger;
  /** Told after each batch is settled (committed and acknowledged): metrics and tests. */
  onBatch?: (outcome: { size: number; results: StreamEventResult[] }) => void;
}

export interface RunningIngestStream {
  /** Why the consumer is not running, or null while it runs: /readyz. */
  notRunningReason(): string | null;
  /** Finishes the batch in hand (commit, acknowledge), then closes the connection. */
  stop(): Promise<void>;
}

/** A message NATS will deliver again after this long without an acknowledgement (a consumer Rampart creates). */
const DEFAULT_ACK_WAIT_SECONDS = 60;
/** Back-off before a batch whose ingestion failed (nothing committed) is delivered again. */
const RETRY_DELAY_MS = 5000;

/** The options of the worker's consumer from the settings, or null when INGEST_NATS_URL is not set. */
export function ingestStreamSettings(config: Env): Omit<IngestStreamOptions, 'ingest' | 'log'> | null {
  if (!config.INGEST_NATS_URL) return null;
  return {
    servers: config.INGEST_NATS_URL,
    stream: config.INGEST_NATS_STREAM,
    consumer: config.INGEST_NATS_CONSUMER,
    batch: config.INGEST_NATS_BATCH,
    credsFile: config.INGEST_NATS_CREDS_FILE,
    user: config.INGEST_NATS_USER,
    password: config.INGEST_NATS_PASSWORD,
    token: config.INGEST_NATS_TOKEN,
  };
}

/**
 * The ingestion stream's consumer (issue 34): a durable pull consumer on the provider's JetStream. Each pull is ingested
 * in one transaction and only then acknowledged, so a crash between the commit and the acknowledgement delivers the
 * batch again and the ingestion's idempotency (source + id) answers `duplicate` for each event: nothing changes twice.
 * An event refused (invalid, or for an unknown account) is terminated: its refusal is final and recorded by the
 * ingestion, so NATS never delivers it again. A batch whose ingestion failed (nothing committed) is delivered again
 * after a back-off.
 */
export async function startIngestStream(options: IngestStreamOptions): Promise<RunningIngestStream> {
  const { log } = options;
  const nc = await connect({
    servers: options.servers,
    name: 'rampart-ingest',
    // Reconnect for ever: a NATS restart pauses ingestion, it does not stop the worker.
    maxReconnectAttempts: -1,
    ...(options.credsFile ? { authenticator: credsAuthenticator(fs.readFileSync(options.credsFile)) } : {}),
    ...(options.user ? { user: options.user, pass: options.password } : {}),
    ...(options.token ? { token: options.token } : {}),
  });
  let consumer: Consumer;
  try {
    consumer = await ensureConsumer(nc, options);
  } catch (error) {
    await nc.close();
    throw error;
  }
  let stopping = false;
  let failure: string | null = null;
  let pulling: { close(): Promise<void | Error> } | null = null;
  let pause: { timer: NodeJS.Timeout; wake: () => void } | null = null;
  const loop = (async () => {
    while (!stopping) {
      try {
        const messages = await consumer.fetch({ max_messages: options.batch, expires: options.pullExpiresMs ?? 5000 });
        pulling = messages;
        const batch: JsMsg[] = [];
        for await (const message of messages) batch.push(message);
        pulling = null;
        if (batch.length > 0) await settle(batch, options, nc);
        failure = null;
      } catch (error) {
        // NATS away (restarting, unreachable), or the consumer deleted: report it on /readyz and try again shortly.
        pulling = null;
        failure = 'the ingestion stream cannot pull from NATS';
        log.error({ err: error }, 'ingestion stream: pull failed; trying again');
        if (!stopping) await new Promise<void>((wake) => (pause = { timer: setTimeout(wake, RETRY_DELAY_MS), wake }));
        pause = null;
      }
    }
  })();
  log.info({ stream: options.stream, consumer: options.consumer }, 'ingestion stream: consuming');
  return {
    notRunningReason: () => (stopping ? 'the ingestion stream is stopping' : failure),
    async stop() {
      stopping = true;
      // The pull in progress ends now; messages it already holds are settled before the loop ends.
      await pulling?.close();
      const paused = pause;
      if (paused) {
        clearTimeout(paused.timer);
        paused.wake();
      }
      await loop;
      await nc.drain();
    },
  };
}

/** The durable consumer, created when the provider has not made it (explicit acknowledgement, every event from the start). */
async function ensureConsumer(nc: NatsConnection, options: IngestStreamOptions): Promise<Consumer> {
  const js = jetstream(nc);
  const jsm = await jetstreamManager(nc);
  try {
    await jsm.consumers.info(options.stream, options.consumer);
  } catch (error) {
    if (!(error instanceof JetStreamApiError) || error.status !== 404) throw error;
    await jsm.consumers.add(options.stream, {
      durable_name: options.consumer,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: (options.ackWaitSeconds ?? DEFAULT_ACK_WAIT_SECONDS) * 1_000_000_000,
      max_ack_pending: Math.max(options.batch * 2, 1000),
    });
  }
  return js.consumers.get(options.stream, options.consumer);
}

/** Ingests one pull, then acknowledges each message by its result; a failed ingestion leaves them all to come again. */
async function settle(batch: JsMsg[], options: IngestStreamOptions, nc: NatsConnection): Promise<void> {
  const events = batch.map((message) => {
    try {
      return message.json<unknown>();
    } catch {
      // Not JSON: handed on as text, which the ingestion refuses like any other invalid event (naming `event`).
      return message.string();
    }
  });
  let results: StreamEventResult[];
  try {
    results = await options.ingest(events);
    if (results.length !== batch.length) throw new Error(`the ingestion answered ${results.length} results for ${batch.length} events`);
  } catch (error) {
    options.log.error({ err: error, size: batch.length }, 'ingestion stream: the batch was not ingested; it will be delivered again');
    for (const message of batch) message.nak(RETRY_DELAY_MS);
    return;
  }
  batch.forEach((message, index) => {
    const result = results[index];
    if (result?.status === 'refused') {
      options.log.warn({ seq: message.seq, subject: message.subject, error: result.error }, 'ingestion stream: event refused');
      // No reason text: NATS before 2.10.4 (Debian's 2.9) does not read `+TERM <reason>` as a termination.
      message.term();
    } else message.ack();
  });
  // The acknowledgements are on their way; a round trip to the server confirms it has them before the next pull.
  await nc.flush();
  options.onBatch?.({ size: batch.length, results });
}
