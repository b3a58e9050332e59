import { z } from 'zod';

/** Every task's payload schema, checked when a job is added and again when it runs. */
export const JOB_PAYLOADS = {
  purge_api_key: z.object({ apiKeyId: z.uuid() }),
} as const;

export type JobName = keyof typeof JOB_PAYLOADS;
