import crypto from 'node:crypto';
import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from '@rampart/shared/enums';
import { PASS_WEBHOOK_EVENT_TYPES } from '@rampart/shared/passes';
import type { Env } from '../../config/env.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { AppError, badInput } from '../../graphql/errors.ts';
import type { AccountsRepository } from '../accounts/accounts.repository.ts';
import { canUseLiveMode, LIVE_WEBHOOKS_NEED_VERIFICATION } from '../../lib/live-mode.ts';
import { parseInput } from '../../graphql/validate.ts';
import type { DevelopersService } from '../developers/developers.service.ts';
import { isPrivateHost } from '../../lib/outbound-address.ts';
import type { HttpSender } from './http-sender.ts';
import { samplePassEventData, sampleEventData } from './samples.ts';
import { newSigningSecret, signedHeaders } from './signatures.ts';
import type { DeliveryWork, WebhooksRepository } from './webhooks.repository.ts';

/** Delay before each attempt: at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h — about three days. */
export const RETRY_SCHEDULE_SECONDS = [0, 5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400] as const;
export const DISABLE_AFTER_FAILING_DAYS = 5;
const FAILING_DAYS_REASON = `Deliveries failed for ${DISABLE_AFTER_FAILING_DAYS} days.`;

/**
 * What one attempt of a delivery came to: sent and acknowledged, sent and to be retried, sent and given up on (out of
 * retries, or 410 Gone), or not sent because its endpoint was disabled. `statusCode` is null when no answer came.
 */
export interface DeliveryAttemptResult {
  outcome: 'succeeded' | 'retry' | 'failed' | 'abandoned';
  statusCode: number | null;
}

/** The delay before attempt `attemptNumber + 1`, with ±10 % jitter so retries of many events spread out. */
export function retryDelaySeconds(attemptNumber: number, random = Math.random): number | null {
  const base = RETRY_SCHEDULE_SECONDS[attemptNumber];
  if (base === undefined) return null;
  return base * (0.9 + random() * 0.2);
}

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { message: 'Unknown event type: pass events (pass.*) go to a pass project’s endpoints' }))
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((events) => [...new Set(events)]);

/** A pass project's endpoint takes only pass events. */
const passEventsSchema = z
  .array(z.enum(PASS_WEBHOOK_EVENT_TYPES, { message: `A pass project’s endpoint takes only pass events: ${PASS_WEBHOOK_EVENT_TYPES.join(', ')}` }))
  .max(PASS_WEBHOOK_EVENT_TYPES.length)
  .transform((events) => [...new Set(events)]);

/** At most this many endpoints per account and mode, and per pass project. */
const MAX_ENDPOINTS = 16;

function checkUrl(url: string, liveMode: boolean, allowPrivate: boolean): string {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw badInput({ url: 'Enter a full URL, such as https://example.com/webhooks.' });
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw badInput({ url: 'Only http and https URLs can receive webhooks.' });
  if (liveMode && parsed.protocol !== 'https:') throw badInput({ url: 'Live-mode endpoints must use https.' });
  if (parsed.username || parsed.password) throw badInput({ url: 'Put credentials in the endpoint itself, not in the URL.' });
  if (parsed.toString().length > 2048) throw badInput({ url: 'A URL has at most 2048 characters.' });
  if (!allowPrivate && isPrivateHost(parsed.hostname)) {
    throw badInput({ url: 'This URL points to a private or local address, which webhooks cannot reach.' });
  }
  return parsed.toString();
}

export function createWebhooksService(deps: {
  repository: WebhooksRepository;
  accounts: AccountsRepository;
  developers: DevelopersService;
  sender: HttpSender;
  mailer: Mailer;
  jobs: JobQueue;
  config: Env;
}) {
  const { repository, accounts, developers, sender, mailer, jobs, config } = deps;
  const allowPrivate = config.WEBHOOK_ALLOW_PRIVATE_ADDRESSES;
  const webhookKeys = new Map<string, { value: string; at: number }>();

  /** The mode's webhook key, cached briefly: it signs every delivery. */
  async function webhookKey(accountId: string, liveMode: boolean): Promise<string> {
    const cacheKey = `${accountId}:${liveMode}`;
    const cached = webhookKeys.get(cacheKey);
    if (cached && Date.now() - cached.at < 10_000) return cached.value;
    let value = await developers.webhookKey(accountId, liveMode);
    if (!value) value = (await developers.apiKeys(accountId, liveMode)).find((key) => key.type === 'webhook')!.displayValue;
    webhookKeys.set(cacheKey, { value, at: Date.now() });
    return value;
  }

  async function send(input: { url: string; accountId: string; liveMode: boolean; signingSecret: string; messageId: string; body: string }) {
    const headers = signedHeaders({
      webhookKey: await webhookKey(input.accountId, input.liveMode),
      signingSecret: input.signingSecret,
      messageId: input.messageId,
      rawBody: input.body,
    });
    return sender.post(input.url, input.body, headers);
  }

  return {
    accountOfWebhook: (id: string) => repository.accountOfWebhook(id),
    accountOfDelivery: (id: string) => repository.accountOfDelivery(id),
    list: (accountId: string, liveMode: boolean) => repository.list(accountId, liveMode),
    recentFailureCount: (id: string) => repository.recentFailureCount(id),
    attempts: (deliveryId: string) => repository.attempts(deliveryId),

    async create(accountId: string, input: { url: string; liveMode: boolean; events: string[]; description?: string | null }) {
      if (input.liveMode && !canUseLiveMode(await accounts.findAccount(accountId)))
        throw new AppError('CONFLICT', LIVE_WEBHOOKS_NEED_VERIFICATION, { reason: 'ACCOUNT_NOT_VERIFIED' });
      const url = checkUrl(input.url, input.liveMode, allowPrivate);
      const events = parseInput(eventsSchema, input.events);
      const description = parseInput(z.string().trim().max(200, 'At most 200 characters').nullish(), input.description);
      if ((await repository.list(accountId, input.liveMode)).length >= MAX_ENDPOINTS)
        throw new AppError('CONFLICT', `An account has at most ${MAX_ENDPOINTS} endpoints per mode.`);
      return repository.insert({ accountId, url, liveMode: input.liveMode, events, description: description ?? null, signingSecret: newSigningSecret() });
    },

    /** A pass project's endpoints, both modes. */
    listOfPassProject: (passProjectId: string) => repository.listOfPassProject(passProjectId),
    /** Keeps a pass project's endpoints in the project's mode when its credentials change it. */
    setPassProjectMode: (passProjectId: string, liveMode: boolean) => repository.setPassProjectMode(passProjectId, liveMode),

    /** An endpoint of a pass project: pass events only, in the project's mode (live once it uses the partner's credentials). */
    async createForPassProject(
      accountId: string,
      passProjectId: string,
      input: { url: string; liveMode: boolean; events: string[]; description?: string | null },
    ) {
      if (input.liveMode && !canUseLiveMode(await accounts.findAccount(accountId)))
        throw new AppError('CONFLICT', LIVE_WEBHOOKS_NEED_VERIFICATION, { reason: 'ACCOUNT_NOT_VERIFIED' });
      const url = checkUrl(input.url, input.liveMode, allowPrivate);
      const events = parseInput(z.object({ events: passEventsSchema }), { events: input.events }).events;
      const description = parseInput(z.object({ description: z.string().trim().max(200, 'At most 200 characters').nullish() }), {
        description: input.description,
      }).description;
      if ((await repository.listOfPassProject(passProjectId)).length >= MAX_ENDPOINTS)
        throw new AppError('CONFLICT', `A pass project has at most ${MAX_ENDPOINTS} endpoints.`);
      return repository.insert({
        accountId,
        passProjectId,
        url,
        liveMode: input.liveMode,
        events,
        description: description ?? null,
        signingSecret: newSigningSecret(),
      });
    },

    async update(id: string, input: { url?: string | null; events?: string[] | null; description?: string | null; isEnabled?: boolean | null }) {
      const existing = await repository.find(id);
      if (!existing) throw badInput({ id: 'This endpoint no longer exists.' });
      const values: Parameters<WebhooksRepository['update']>[1] = {};
      if (input.url != null) values.url = checkUrl(input.url, existing.liveMode, allowPrivate);
      if (input.events != null)
        values.events = existing.passProjectId
          ? parseInput(z.object({ events: passEventsSchema }), { events: input.events }).events
          : parseInput(eventsSchema, input.events);
      if (input.description !== undefined)
        values.description = parseInput(z.string().trim().max(200, 'At most 200 characters').nullish(), input.description) ?? null;
      if (input.isEnabled != null) {
        values.isEnabled = input.isEnabled;
        if (input.isEnabled) Object.assign(values, { disabledReason: null, failingSince: null });
      }
      return repository.update(id, values);
    },

    async remove(id: string) {
      await repository.remove(id);
      return true;
    },

    async deliveries(
      id: string,
      input: { eventType?: string | null; outcome?: 'pending' | 'succeeded' | 'failed' | null; skip?: number | null; take?: number | null },
    ) {
      const values = parseInput(
        z.object({
          eventType: z.enum([...WEBHOOK_EVENT_TYPES, ...PASS_WEBHOOK_EVENT_TYPES], { message: 'Unknown event type' }).nullish(),
          outcome: z.enum(['pending', 'succeeded', 'failed']).nullish(),
          skip: z.number().int().min(0, 'skip cannot be negative').max(1_000_000).default(0),
          take: z.number().int().min(1, 'take is at least 1').max(100, 'take is at most 100').default(25),
        }),
        input,
      );
      return repository.deliveries(id, values);
    },

    async resend(deliveryId: string) {
      await repository.requeue(deliveryId);
      return (await repository.deliveryById(deliveryId))!;
    },

    async triggerTest(id: string, event: string) {
      const webhook = await repository.find(id);
      if (!webhook) throw badInput({ id: 'This endpoint no longer exists.' });
      // A pass project's endpoint is tested with pass events; an account endpoint with the account's.
      const sample = webhook.passProjectId
        ? samplePassEventData(
            parseInput(z.object({ event: z.enum(PASS_WEBHOOK_EVENT_TYPES, { message: `Choose a pass event: ${PASS_WEBHOOK_EVENT_TYPES.join(', ')}` }) }), {
              event,
            }).event,
            webhook.passProjectId,
          )
        : sampleEventData(parseInput(z.enum(WEBHOOK_EVENT_TYPES, { message: 'Choose an event type from the list' }), event), webhook.liveMode);
      const type = event;
      const body = JSON.stringify({ type, data: sample.data, externalCustomerId: sample.externalCustomerId });
      const result = await send({
        url: webhook.url,
        accountId: webhook.accountId,
        liveMode: webhook.liveMode,
        signingSecret: webhook.signingSecret,
        messageId: `msg_test_${crypto.randomUUID()}`,
        body,
      });
      return { responseStatusCode: result.statusCode, responseBody: result.body, error: result.error, latencyMs: result.latencyMs };
    },

    /** Claims due deliveries for this worker (see the dispatcher). */
    claimDueDeliveries: (limit: number, workerId: string) =>
      repository.claimDue(limit, workerId, config.WEBHOOK_STALL_SECONDS, config.WORKER_HEARTBEAT_TIMEOUT_SECONDS),
    /**
     * The worker heartbeat the dispatcher keeps: a beat every third of the heartbeat timeout (and of the lease, which
     * beats renew for deliveries still in hand); rows of workers silent for an hour are removed.
     */
    workerHeartbeat: {
      intervalMs: (Math.min(config.WORKER_HEARTBEAT_TIMEOUT_SECONDS, config.WEBHOOK_STALL_SECONDS) * 1000) / 3,
      leaseMs: config.WEBHOOK_STALL_SECONDS * 1000,
      beat: (workerId: string, renewIds: string[]) => repository.beatWorker(workerId, renewIds, config.WEBHOOK_STALL_SECONDS, 3600),
      remove: (workerId: string) => repository.removeWorker(workerId),
    },
    /** Spreads a slow endpoint's due deliveries over time, releasing those this worker claimed (see the dispatcher). */
    postponeEndpointBacklog: (webhookId: string, claimedIds: string[], secondsEach: number, maxSeconds: number) =>
      repository.postponeBacklog(webhookId, claimedIds, secondsEach, maxSeconds),

    /**
     * One attempt of one claimed delivery. `onAnswered` is called as soon as the endpoint has answered (or failed to),
     * before the attempt is recorded: the dispatcher's sending slots are for requests, not for database writes.
     */
    async attemptDelivery(work: DeliveryWork, onAnswered: () => void = () => {}): Promise<DeliveryAttemptResult> {
      const deliveryId = work.id;
      if (!work.isEnabled) {
        onAnswered();
        await repository.markAbandoned(deliveryId);
        return { outcome: 'abandoned', statusCode: null };
      }
      const body = JSON.stringify({ type: work.eventType, data: work.data, externalCustomerId: work.externalCustomerId });
      let result: Awaited<ReturnType<typeof send>>;
      try {
        result = await send({
          url: work.url,
          accountId: work.accountId,
          liveMode: work.liveMode,
          signingSecret: work.signingSecret,
          messageId: `msg_${work.eventId}`,
          body,
        });
      } finally {
        onAnswered();
      }
      const attemptNumber = work.attemptCount + 1;
      const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
      const gone = result.statusCode === 410;
      const delay = ok || gone ? null : retryDelaySeconds(attemptNumber);
      const outcome = ok ? 'succeeded' : delay === null ? 'failed' : 'retry';
      await repository.recordAttempt({
        deliveryId,
        webhookId: work.webhookId,
        attemptNumber,
        statusCode: result.statusCode,
        latencyMs: result.latencyMs,
        responseBody: result.body,
        error: result.error,
        outcome,
        nextAttemptAt: delay === null ? null : new Date(Date.now() + delay * 1000),
      });
      if (gone) {
        await repository.disable(work.webhookId, 'The endpoint answered 410 Gone.');
        return { outcome, statusCode: result.statusCode };
      }
      if (!ok && work.failingSince && Date.now() - work.failingSince.getTime() > DISABLE_AFTER_FAILING_DAYS * 86_400_000) {
        await repository.disable(work.webhookId, FAILING_DAYS_REASON);
        // A job, retried until the mail goes out: sent here, a failed send was lost for good (the delivery's retry
        // finds the endpoint already disabled).
        await jobs.add('webhook_disabled_notice', { webhookId: work.webhookId }, { jobKey: `webhook_disabled_notice:${work.webhookId}` });
      }
      return { outcome, statusCode: result.statusCode };
    },

    /** The disabled-endpoint notice (job webhook_disabled_notice): to each administrator, while the endpoint stays disabled. */
    async sendDisabledNotice(webhookId: string): Promise<void> {
      const webhook = await repository.find(webhookId);
      if (!webhook || webhook.isEnabled || webhook.disabledReason !== FAILING_DAYS_REASON) return;
      for (const email of await repository.administratorsOf(webhook.accountId)) {
        await mailer.send({
          to: email,
          subject: 'A Rampart webhook endpoint was disabled',
          text: `Deliveries to ${webhook.url} have failed for ${DISABLE_AFTER_FAILING_DAYS} days, so the endpoint was disabled.\nFix the endpoint, then enable it again under Developers → Webhooks: ${new URL('/developers/webhooks', config.PUBLIC_URL).href}\n\n— Rampart`,
        });
      }
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
