import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SqlExecutor } from '../db/executor.ts';
import { JOB_PAYLOADS, type JobName } from './job-payloads.ts';

export interface AddJobOptions {
  runAt?: Date;
  /** A job with the same key replaces the queued one instead of adding a second. */
  jobKey?: string;
  maxAttempts?: number;
}

/**
 * Adds jobs to graphile-worker's queue in PostgreSQL, validating each payload against its task's schema. `db` joins the
 * current unit of work, so a job (and graphile-worker's NOTIFY) exists only once the change that added it commits.
 */
export function createJobQueue(db: SqlExecutor) {
  return {
    async add<N extends JobName>(name: N, payload: z.infer<(typeof JOB_PAYLOADS)[N]>, options: AddJobOptions = {}, executor: SqlExecutor = db): Promise<void> {
      const parsed = JOB_PAYLOADS[name].parse(payload);
      const args = [name, JSON.stringify(parsed), options.runAt?.toISOString() ?? null, options.maxAttempts ?? 10, options.jobKey ?? null];
      await executor.execute(
        sql`select graphile_worker.add_job(${args[0]}, ${args[1]}::json, run_at => ${args[2]}::timestamptz, max_attempts => ${args[3]}, job_key => ${args[4]})`,
      );
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
