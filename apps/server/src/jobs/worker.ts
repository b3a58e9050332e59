import type pg from 'pg';
import { Logger, run, type Runner, type TaskList } from 'graphile-worker';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services.ts';
import { JOB_PAYLOADS } from './job-payloads.ts';
import { DELIVER_WEBHOOK_TASK } from '../modules/webhooks/outbox.ts';

export interface RunningWorker {
  runner: Runner;
  stop(): Promise<void>;
}

/** The job runner: graphile-worker over the same PostgreSQL, woken by LISTEN/NOTIFY; plus the stalled-delivery sweep. */
export async function startWorker(deps: { pool: pg.Pool; services: Services; concurrency: number; stallSeconds: number; log: FastifyBaseLogger }): Promise<RunningWorker> {
  const { services, log } = deps;
  const taskList: TaskList = {
    [DELIVER_WEBHOOK_TASK]: async (payload) => {
      const { deliveryId } = JOB_PAYLOADS.deliver_webhook.parse(payload);
      await services.webhooks.attemptDelivery(deliveryId);
    },
    purge_api_key: async (payload) => {
      const { apiKeyId } = JOB_PAYLOADS.purge_api_key.parse(payload);
      await services.developers.purgeExpiredKey(apiKeyId);
    },
  };
  const logger = new Logger((scope) => (level, message, meta) => {
    if (level === 'error') log.error({ scope, meta }, message);
    else if (level === 'warning') log.warn({ scope, meta }, message);
  });
  const runner = await run({ pgPool: deps.pool, concurrency: deps.concurrency, taskList, noHandleSignals: true, pollInterval: 1000, logger });
  const sweepEvery = Math.max(1, Math.min(30, Math.floor(deps.stallSeconds / 2))) * 1000;
  const sweep = setInterval(() => {
    services.webhooks.requeueStalled().catch((error: unknown) => log.error({ err: error }, 'requeueing stalled webhook deliveries failed'));
  }, sweepEvery);
  sweep.unref();
  return {
    runner,
    async stop() {
      clearInterval(sweep);
      await runner.stop();
    },
  };
}
