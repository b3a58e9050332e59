/**
 * Collects calls made in the same turn of the event loop and runs them as one batch: many concurrent jobs then cost
 * one database round trip instead of one each. `run` answers the inputs in order.
 */
export function createBatcher<Input, Output>(run: (inputs: Input[]) => Promise<Output[]>, options: { maxBatchSize?: number } = {}) {
  const maxBatchSize = options.maxBatchSize ?? 500;
  const pending: Array<{ input: Input; resolve: (value: Output) => void; reject: (error: unknown) => void }> = [];
  let scheduled = false;

  function flush() {
    scheduled = false;
    while (pending.length) {
      const batch = pending.splice(0, maxBatchSize);
      run(batch.map((entry) => entry.input)).then(
        (outputs) => batch.forEach((entry, index) => entry.resolve(outputs[index]!)),
        (error: unknown) => batch.forEach((entry) => entry.reject(error)),
      );
    }
  }

  return (input: Input): Promise<Output> =>
    new Promise<Output>((resolve, reject) => {
      pending.push({ input, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}
