import crypto from 'node:crypto';
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { WEBHOOK_DELIVERIES_CHANNEL } from './outbox.ts';
import type { DeliveryAttemptResult, WebhooksService } from './webhooks.service.ts';

export interface WebhookDispatcher {
  stop(): Promise<void>;
}

/**
 * Told of every attempt the dispatcher finishes (metrics: lib/observability): what the attempt came to, or `null` when
 * it threw (the delivery is then retried when its claim ends). Must not throw.
 */
export type DeliveryAttemptObserver = (result: DeliveryAttemptResult | null) => void;

/**
 * The delivery worker. Pending rows of webhook_deliveries are the queue: the dispatcher claims due ones in batches
 * (one statement for up to `concurrency` deliveries), sends them concurrently, and records the attempts in batches.
 * While it has deliveries in flight it claims again as each one finishes, so it needs no wake-up; when a claim finds
 * nothing and nothing is in flight it lists itself in webhook_idle_dispatchers, which makes committing events NOTIFY
 * it (decision 0006), and looks once more for events committed just before. It also looks for due deliveries
 * (retries) every `pollMs`. Several dispatchers in several processes share the queue. Each is a worker with a heartbeat
 * (a row in workers, beaten every few seconds, which also renews the leases of deliveries it has held for long): a
 * delivery claimed by a worker that died is claimed again once its heartbeat is WORKER_HEARTBEAT_TIMEOUT_SECONDS old,
 * while a live worker keeps its claims however long its requests take.
 *
 * One tenant's slow endpoint must not hold every slot: an endpoint gets at most `max(2, concurrency / 8)` requests at
 * once unless its answers show it is fast (on average under `slowEndpointMs`); beyond that its due deliveries are
 * spread over the next seconds at the pace it answers, without counting an attempt, so other endpoints' go first.
 */
export async function startWebhookDispatcher(deps: {
  pool: pg.Pool;
  webhooks: WebhooksService;
  concurrency: number;
  pollMs?: number;
  coalesceMs?: number;
  heartbeatMs?: number;
  slowEndpointMs?: number;
  maxPostponeMs?: number;
  log: FastifyBaseLogger;
  onAttempt?: DeliveryAttemptObserver;
}): Promise<WebhookDispatcher> {
  const { webhooks, concurrency, log, pool } = deps;
  const pollMs = deps.pollMs ?? 250;
  const coalesceMs = deps.coalesceMs ?? 10;
  const heartbeatMs = deps.heartbeatMs ?? 60_000;
  const slowEndpointMs = deps.slowEndpointMs ?? 1000;
  const maxPostponeMs = deps.maxPostponeMs ?? 60_000;
  const endpointShare = Math.max(2, Math.floor(concurrency / 8));
  const observeAttempt = (result: DeliveryAttemptResult | null) => {
    try {
      deps.onAttempt?.(result);
    } catch (error) {
      log.warn({ err: error }, 'the webhook attempt observer failed');
    }
  };
  // Also its worker id: the id its claims and its heartbeat carry.
  const dispatcherId = crypto.randomUUID();
  const workerHeartbeat = webhooks.workerHeartbeat;
  // Deliveries in hand and when their lease was last set: a beat renews those whose lease would otherwise run out
  // within three beats (with the default 120 s lease, none held less than 105 s, so beats rarely write to them).
  const held = new Map<string, number>();
  let beating: Promise<void> | null = null;
  // Whether this dispatcher's row is in webhook_idle_dispatchers (so committing events NOTIFY it).
  let listedIdle = false;
  let lastHeartbeat = 0;
  let stopped = false;
  // Claimed deliveries not finished yet (being sent, or their attempt being recorded), and those being sent: at most
  // `concurrency` requests at once, and at most `4 × concurrency` deliveries in hand.
  let inFlight = 0;
  let sending = 0;
  let claiming = false;
  // Set when there may be due deliveries that were not claimed yet (a full batch, or a wake-up while busy).
  let moreWaiting = false;
  let claimTimer: NodeJS.Timeout | null = null;
  const idle = new Set<() => void>();
  // What this dispatcher knows of each endpoint it sent to: requests in flight and how fast it answers (a moving
  // average, kept for ten minutes after its last answer so a fast endpoint is not held back at each new burst).
  const endpoints = new Map<string, { inFlight: number; latencyMs: number | null; answeredAt: number }>();
  let prunedAt = Date.now();

  /** An endpoint at its share that has not shown yet that it answers fast. */
  function overShare(webhookId: string): boolean {
    const load = endpoints.get(webhookId);
    return !!load && load.inFlight >= endpointShare && (load.latencyMs === null || load.latencyMs >= slowEndpointMs);
  }

  /** Seconds between an over-share endpoint's next deliveries: its share per answer time (50 ms while unknown). */
  function paceSeconds(webhookId: string): number {
    return Math.max(50, endpoints.get(webhookId)?.latencyMs ?? 0) / 1000 / endpointShare;
  }

  function trackSent(webhookId: string): () => void {
    let load = endpoints.get(webhookId);
    if (!load) endpoints.set(webhookId, (load = { inFlight: 0, latencyMs: null, answeredAt: 0 }));
    load.inFlight += 1;
    const sentAt = Date.now();
    return () => {
      load.answeredAt = Date.now();
      const latency = load.answeredAt - sentAt;
      load.latencyMs = load.latencyMs === null ? latency : load.latencyMs * 0.8 + latency * 0.2;
      load.inFlight -= 1;
    };
  }

  function pruneEndpoints(now: number) {
    if (now - prunedAt < 60_000) return;
    prunedAt = now;
    for (const [webhookId, load] of endpoints) if (load.inFlight === 0 && now - load.answeredAt > 600_000) endpoints.delete(webhookId);
  }

  /** Wake-ups within `coalesceMs` share one claim, so a burst of events costs one query, not one each. */
  function requestClaim() {
    if (stopped || claimTimer) return;
    claimTimer = setTimeout(() => {
      claimTimer = null;
      void runClaim();
    }, coalesceMs);
  }

  let currentClaim: Promise<void> = Promise.resolve();
  function runClaim(): Promise<void> {
    if (claiming) {
      moreWaiting = true;
      return currentClaim;
    }
    currentClaim = claim();
    return currentClaim;
  }

  async function claim(): Promise<void> {
    if (stopped) return;
    const room = Math.min(concurrency - sending, concurrency * 4 - inFlight);
    if (room <= 0) {
      moreWaiting = true;
      return;
    }
    claiming = true;
    moreWaiting = false;
    let claimed = 0;
    let failed = false;
    try {
      const batch = await webhooks.claimDueDeliveries(room, dispatcherId);
      const claimedAt = Date.now();
      claimed = batch.length;
      if (batch.length === room) moreWaiting = true;
      pruneEndpoints(Date.now());
      const postponed = new Map<string, string[]>();
      for (const work of batch) {
        if (overShare(work.webhookId)) {
          postponed.set(work.webhookId, [...(postponed.get(work.webhookId) ?? []), work.id]);
          continue;
        }
        inFlight += 1;
        sending += 1;
        held.set(work.id, claimedAt);
        const untrack = trackSent(work.webhookId);
        let answered = false;
        const onAnswered = () => {
          if (answered) return;
          answered = true;
          sending -= 1;
          untrack();
          // Busy dispatchers are not notified: each answered request is the cue to look for more.
          requestClaim();
        };
        webhooks
          .attemptDelivery(work, onAnswered)
          .then(
            (result) => observeAttempt(result),
            (error: unknown) => {
              log.error({ err: error, deliveryId: work.id }, 'webhook delivery attempt failed; it is retried when its claim ends');
              observeAttempt(null);
            },
          )
          .finally(() => {
            onAnswered();
            held.delete(work.id);
            inFlight -= 1;
            if (inFlight === 0) for (const resolve of idle) resolve();
            requestClaim();
          });
      }
      for (const [webhookId, ids] of postponed) {
        await webhooks.postponeEndpointBacklog(webhookId, ids, paceSeconds(webhookId), maxPostponeMs / 1000);
      }
      if (claimed > 0 && listedIdle) await setListedIdle(false);
      else if (claimed === 0 && inFlight === 0 && !listedIdle && !stopped) {
        await setListedIdle(true);
        // An event that committed after the claim above but read the list before this row was there sent no NOTIFY.
        moreWaiting = true;
      } else if (Date.now() - lastHeartbeat > heartbeatMs) await heartbeat();
    } catch (error) {
      failed = true;
      log.error({ err: error }, 'claiming webhook deliveries failed');
    } finally {
      claiming = false;
    }
    if (!failed && moreWaiting && sending < concurrency) requestClaim();
  }

  /** Lists or unlists this dispatcher as waiting for work. */
  async function setListedIdle(waiting: boolean): Promise<void> {
    if (waiting) {
      await pool.query(`insert into webhook_idle_dispatchers (dispatcher_id) values ($1) on conflict (dispatcher_id) do update set heartbeat_at = now()`, [
        dispatcherId,
      ]);
      lastHeartbeat = Date.now();
    } else {
      await pool.query(`delete from webhook_idle_dispatchers where dispatcher_id = $1`, [dispatcherId]);
    }
    listedIdle = waiting;
  }

  /** Keeps an idle dispatcher's row fresh and removes rows of dispatchers that died without unlisting. */
  async function heartbeat(): Promise<void> {
    lastHeartbeat = Date.now();
    await pool.query(`update webhook_idle_dispatchers set heartbeat_at = now() where dispatcher_id = $1`, [dispatcherId]);
    await removeStaleEntries();
  }
  function removeStaleEntries() {
    return pool.query(`delete from webhook_idle_dispatchers where heartbeat_at < now() - make_interval(secs => $1)`, [(heartbeatMs * 5) / 1000]);
  }

  /** The worker heartbeat: one statement, skipped while the previous one is still running. */
  function beat(): Promise<void> {
    if (beating) return beating;
    const now = Date.now();
    const renewIds: string[] = [];
    for (const [id, leasedAt] of held) {
      if (now - leasedAt >= workerHeartbeat.leaseMs - 3 * workerHeartbeat.intervalMs) {
        renewIds.push(id);
        held.set(id, now);
      }
    }
    const running = workerHeartbeat.beat(dispatcherId, renewIds).finally(() => {
      beating = null;
    });
    beating = running;
    return running;
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
  // Registered before its first claim, so no other worker takes what it claims.
  await beat();
  const beats = setInterval(
    () => void beat().catch((error: unknown) => log.warn({ err: error }, 'the webhook dispatcher could not record its heartbeat')),
    workerHeartbeat.intervalMs,
  );
  beats.unref();
  await listen();
  await removeStaleEntries().catch((error: unknown) => log.warn({ err: error }, 'the webhook dispatcher could not remove stale idle entries'));
  const poll = setInterval(() => void runClaim(), pollMs);
  poll.unref();
  void runClaim();

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
      await currentClaim;
      clearInterval(beats);
      await beating?.catch(() => {});
      await setListedIdle(false).catch(() => {});
      await workerHeartbeat.remove(dispatcherId).catch((error: unknown) => log.warn({ err: error }, 'the webhook dispatcher could not remove its worker row'));
    },
  };
}
