/** Waiting out a failover (failover.ts), shared with the read pool (replica.ts) without an import cycle. */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `attempt` again while it fails with an error `retryable` accepts, for up to `waitMs` (backing off 100 ms → 1 s). */
export async function retryDuringFailover<T>(waitMs: number, attempt: () => Promise<T>, retryable: (error: unknown) => boolean): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (let pause = 100; ; pause = Math.min(pause * 2, 1000)) {
    try {
      return await attempt();
    } catch (error) {
      if (!retryable(error) || Date.now() + pause > deadline) throw error;
      await sleep(pause);
    }
  }
}
