import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { WEBHOOK_DELIVERIES_CHANNEL } from './outbox.ts';
import type { WebhooksService } from './webhooks.service.ts';

export interface WebhookDispatcher {
  stop(): Promise<void>;
}

/**
 * The delivery worker. Pending rows of webhook_deliveries are the queue: the dispatcher claims due ones in batches
 * (one statement for up to `concurrency` deliveries), sends them concurrently, and records the attempts in batches.
 * It wakes on the NOTIFY sent when an event commits, keeps claiming while claims return work, and otherwise looks
 * for due deliveries (retries) every `pollMs`. Several dispatchers in
 * several processes share the queue; a delivery claimed by a process that dies is claimed again when its lease ends.
 */
export async function startWebhookDispatcher(deps: {
  pool: pg.Pool;
  webhooks: WebhooksService;
  concurrency: number;
  pollMs?: number;
  coalesceMs?: number;
  log: FastifyBaseLogger;
}): Promise<WebhookDispatcher> {
  const { webhooks, concurrency, log } = deps;
  const pollMs = deps.pollMs ?? 250;
  const coalesceMs = deps.coalesceMs ?? 10;
  let stopped = false;
  let inFlight = 0;
  let claiming = false;
  // Set when there may be due deliveries that were not claimed yet (a full batch, or a wake-up while busy).
  let moreWaiting = false;
  let claimTimer: NodeJS.Timeout | null = null;
  const idle = new Set<() => void>();

  /** Wake-ups within `coalesceMs` share one claim, so a burst of events costs one query, not one each. */
  function requestClaim() {
    if (stopped || claimTimer) return;
    claimTimer = setTimeout(() => {
      claimTimer = null;
      void claim();
    }, coalesceMs);
  }

  async function claim(): Promise<void> {
    if (stopped) return;
    const room = concurrency - inFlight;
    if (claiming || room <= 0) {
      moreWaiting = true;
      return;
    }
    claiming = true;
    moreWaiting = false;
    try {
      const batch = await webhooks.claimDueDeliveries(room);
      if (batch.length === room) moreWaiting = true;
      for (const work of batch) {
        inFlight += 1;
        webhooks
          .attemptDelivery(work)
          .catch((error: unknown) => log.error({ err: error, deliveryId: work.id }, 'webhook delivery attempt failed; it is retried when its claim ends'))
          .finally(() => {
            inFlight -= 1;
            if (inFlight === 0) for (const resolve of idle) resolve();
            if (moreWaiting) requestClaim();
          });
      }
    } catch (error) {
      log.error({ err: error }, 'claiming webhook deliveries failed');
    } finally {
      claiming = false;
    }
    if (moreWaiting && inFlight < concurrency) requestClaim();
  }

  // A connection held for LISTEN, re-established if it drops (the poll covers the gap). Released exactly once.
  let dropListener: ((error?: Error) => void) | null = null;
  let listener: pg.PoolClient | null = null;
  const onNotification = () => requestClaim();
  async function listen(): Promise<void> {
    if (stopped) return;
    let client: pg.PoolClient;
    try {
      client = await deps.pool.connect();
    } catch (error) {
      log.warn({ err: error }, 'the webhook dispatcher could not LISTEN; retrying');
      if (!stopped) setTimeout(() => void listen(), 1000);
      return;
    }
    let released = false;
    const drop = (error?: Error) => {
      if (released) return;
      released = true;
      if (listener === client) {
        listener = null;
        dropListener = null;
      }
      client.off('notification', onNotification);
      client.release(error);
      if (error && !stopped) setTimeout(() => void listen(), 1000);
    };
    client.on('notification', onNotification);
    // Stays attached after release: a late error on this connection must not crash the process.
    client.on('error', (error) => drop(error));
    try {
      await client.query(`listen ${WEBHOOK_DELIVERIES_CHANNEL}`);
      listener = client;
      dropListener = drop;
    } catch (error) {
      drop(error as Error);
    }
  }
  await listen();
  const poll = setInterval(() => void claim(), pollMs);
  poll.unref();
  void claim();

  return {
    async stop() {
      stopped = true;
      clearInterval(poll);
      if (claimTimer) clearTimeout(claimTimer);
      if (listener && dropListener) {
        const held = listener;
        const drop = dropListener;
        await held.query(`unlisten ${WEBHOOK_DELIVERIES_CHANNEL}`).then(
          () => drop(),
          (error: Error) => drop(error),
        );
      }
      if (inFlight > 0) await new Promise<void>((resolve) => idle.add(resolve));
    },
  };
}
