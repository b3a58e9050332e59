/**
 * Collects calls made in the same turn of the event loop and runs them as one batch: many concurrent jobs then cost
 * one database round trip instead of one each. `run` answers the inputs in order.
 *
 * `maxConcurrentBatches` (default: no limit) bounds how many batches run at once; calls made while the limit is
 * reached wait and form the next batch when one finishes, so under load batches grow with the rate instead of the
 * statements multiplying (group commit), and a quiet moment still answers at once.
 */
export function createBatcher<Input, Output>(
  run: (inputs: Input[]) => Promise<Output[]>,
  options: { maxBatchSize?: number; maxConcurrentBatches?: number } = {},
) {
  const maxBatchSize = options.maxBatchSize ?? 500;
  const maxConcurrentBatches = options.maxConcurrentBatches ?? Number.POSITIVE_INFINITY;
  const pending: Array<{ input: Input; resolve: (value: Output) => void; reject: (error: unknown) => void }> = [];
  let scheduled = false;
  let running = 0;

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  }

  function flush() {
    scheduled = false;
    while (pending.length && running < maxConcurrentBatches) {
      const batch = pending.splice(0, maxBatchSize);
      running += 1;
      run(batch.map((entry) => entry.input))
        .then(
          (outputs) => batch.forEach((entry, index) => entry.resolve(outputs[index]!)),
          (error: unknown) => batch.forEach((entry) => entry.reject(error)),
        )
        .finally(() => {
          running -= 1;
          if (pending.length) schedule();
        });
    }
  }

  return (input: Input): Promise<Output> =>
    new Promise<Output>((resolve, reject) => {
      pending.push({ input, resolve, reject });
      schedule();
    });
}
