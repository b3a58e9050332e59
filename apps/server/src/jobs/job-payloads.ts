import { z } from 'zod';

/** Every task's payload schema, checked when a job is added and again when it runs. */
export const JOB_PAYLOADS = {
  purge_api_key: z.object({ apiKeyId: z.uuid() }),
  /** Webhooks: tells the account's administrators that an endpoint failing for days was disabled (retried until sent). */
  webhook_disabled_notice: z.object({ webhookId: z.uuid() }),
  /** Test mode: the next simulated status change of a transaction on its way to `target` (modules/widget/test-processing.ts). */
  test_mode_step: z.object({ transactionId: z.uuid(), target: z.string().min(1).max(64), failureReason: z.string().max(64).nullish() }),
  /** Billing: the dunning period after a failed payment ended; a subscription still past due returns to Free. */
  billing_dunning_end: z.object({ organizationId: z.uuid() }),
  /** CRM: the organization and its owner, added to Pipedrive after onboarding (accounts/pipedrive-crm.ts). */
  crm_sign_up: z.object({ userId: z.uuid(), organizationId: z.uuid() }),
  /** Hourly (CRONTAB): deletes Idempotency-Key rows older than 24 hours. Cron runs carry graphile-worker's `_cron` field. */
  api_idempotency_key_retention: z.looseObject({}),
  /** Daily (CRONTAB): live customers whose 30-day volume crossed EDD_VOLUME_THRESHOLD_USD join the EDD queue. */
  edd_volume_scan: z.looseObject({}),
} as const;

export type JobName = keyof typeof JOB_PAYLOADS;
