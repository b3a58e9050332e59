import type pg from 'pg';
import { Logger, run, type Runner, type TaskList } from 'graphile-worker';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services.ts';
import type { Env } from '../config/env.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { RampartApp } from '../app.ts';
import type { JobContext } from '../modules/module.ts';
import { drizzle } from 'drizzle-orm/node-postgres';
import { modules } from '../modules/index.ts';
import { startWebhookDispatcher, type DeliveryAttemptObserver } from '../modules/webhooks/webhook-dispatcher.ts';
import { startNftTransferWatcher } from '../modules/passes/nft-transfer-watcher.ts';
import { ingestStreamSettings, startIngestStream, type IngestStreamOptions } from './ingest-stream.ts';

/** Recurring jobs, each module's `crontab`; `fill=1d` catches up a run missed while no worker was up. */
export const CRONTAB = modules.flatMap((module) => module.crontab ?? []).join('\n');

/** Every module's jobs as graphile-worker tasks; a task name declared twice is a programming error. */
function moduleTasks(context: JobContext): TaskList {
  const tasks: TaskList = {};
  for (const module of modules) {
    for (const [name, task] of Object.entries(module.jobs ?? {})) {
      if (name in tasks) throw new Error(`The job ${name} is declared twice (module ${module.name})`);
      tasks[name] = (payload) => task(payload, context);
    }
  }
  return tasks;
}

export interface RunningWorker {
  runner: Runner;
  /** Why the worker is not running (stopped, or graphile-worker's loop ended), or null while it runs: /readyz. */
  notRunningReason(): string | null;
  stop(): Promise<void>;
}

/**
 * The background worker: graphile-worker for scheduled jobs (key purges, ...) and the webhook dispatcher, which works the
 * outbox's delivery queue directly (docs/decisions/0006-webhook-delivery-queue.md). Both wake by LISTEN/NOTIFY.
 */
/**
 * `webhookDispatcher: false` runs the jobs only (tests whose files share a database with webhook tests). The NFT transfer
 * watcher (passes) checks the chain every `nftWatchIntervalSeconds` (PASSES_NFT_WATCH_INTERVAL_SECONDS; 0: off).
 */
export async function startWorker(deps: {
  pool: pg.Pool;
  services: Services;
  concurrency: number;
  log: FastifyBaseLogger;
  webhookDispatcher?: boolean;
  nftWatchIntervalSeconds?: number;
  /** Told of each webhook delivery attempt (metrics: Observability.recordDeliveryAttempt). */
  onDeliveryAttempt?: DeliveryAttemptObserver;
  /** The provider's NATS JetStream to ingest from (INGEST_NATS_URL); none when unset. */
  ingestStream?: Omit<IngestStreamOptions, 'log'> | null;
}): Promise<RunningWorker> {
  const { services, log } = deps;
  const taskList = moduleTasks({ services, log, pool: deps.pool });
  const logger = new Logger((scope) => (level, message, meta) => {
    // LogLevel is an ambient const enum, which isolated modules cannot read: compare its string values.
    const name: string = level;
    if (name === 'error') log.error({ scope, meta }, message);
    else if (name === 'warning') log.warn({ scope, meta }, message);
  });
  const runner = await run({
    pgPool: deps.pool,
    // Its jobs are few and short (key purges, test-mode steps); each of its workers polls on its own, so more would only cost queries.
    concurrency: 2,
    taskList,
    crontab: CRONTAB,
    noHandleSignals: true,
    pollInterval: 1000,
    logger,
  });
  let loopEnded: string | null = null;
  runner.promise.then(
    () => (loopEnded ??= 'the job runner stopped'),
    () => (loopEnded ??= 'the job runner failed'),
  );
  const dispatcher =
    deps.webhookDispatcher === false
      ? null
      : await startWebhookDispatcher({ pool: deps.pool, webhooks: services.webhooks, concurrency: deps.concurrency, log, onAttempt: deps.onDeliveryAttempt });
  const nftWatchInterval = deps.nftWatchIntervalSeconds ?? 3;
  const nftWatcher =
    nftWatchInterval > 0 ? startNftTransferWatcher({ db: drizzle(deps.pool), chain: services.chain, intervalSeconds: nftWatchInterval, log }) : null;
  const ingestStream = deps.ingestStream ? await startIngestStream({ ...deps.ingestStream, log }) : null;
  let stopping = false;
  return {
    runner,
    notRunningReason: () => (stopping ? 'the worker is stopping' : (loopEnded ?? ingestStream?.notRunningReason() ?? null)),
    async stop() {
      stopping = true;
      // First: the batch in hand is committed and acknowledged before the database goes.
      await ingestStream?.stop();
      await nftWatcher?.stop();
      await dispatcher?.stop();
      await runner.stop();
    },
  };
}

/** The worker of an app built by buildApp (the API's embedded one or `npm run worker`): its services, LISTEN on the direct pool, its metrics. */
export function startAppWorker(app: RampartApp, database: DatabaseHandle, config: Env): Promise<RunningWorker> {
  return startWorker({
    pool: database.directPool,
    services: app.services,
    concurrency: config.WORKER_CONCURRENCY,
    nftWatchIntervalSeconds: config.PASSES_NFT_WATCH_INTERVAL_SECONDS,
    log: app.log,
    onDeliveryAttempt: (result) => app.observability.recordDeliveryAttempt(result),
    ingestStream: ingestStreamOf(app, config),
  });
}

/** The ingestion stream's consumer of an app, when INGEST_NATS_URL is set: each pull goes to the ingestion service. */
export function ingestStreamOf(app: Pick<RampartApp, 'services'>, config: Env): Omit<IngestStreamOptions, 'log'> | null {
  const settings = ingestStreamSettings(config);
  if (!settings) return null;
  return { ...settings, ingest: (events) => app.services.ingestion.ingestEvents(events, { credentialId: null, transport: 'jetstream' }) };
}
