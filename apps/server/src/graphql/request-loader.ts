import type { GraphQLContext } from './context.ts';

/**
 * Loads values by key for the fields of one request: every key asked for in the same tick is read in one query, and
 * nothing is shared between requests (each caller's rights were checked on its own root field).
 */
export function requestLoader<Value>(loadMany: (context: GraphQLContext, keys: string[]) => Promise<Map<string, Value>>) {
  const perRequest = new WeakMap<GraphQLContext, (key: string) => Promise<Value | undefined>>();
  return (context: GraphQLContext, key: string): Promise<Value | undefined> => {
    let load = perRequest.get(context);
    if (!load) {
      type Waiters = Map<string, Array<{ resolve: (value: Value | undefined) => void; reject: (error: unknown) => void }>>;
      let pending: Waiters | null = null;
      load = (wanted: string) =>
        new Promise((resolve, reject) => {
          if (!pending) {
            const batch: Waiters = new Map();
            pending = batch;
            queueMicrotask(() => {
              pending = null;
              loadMany(context, [...batch.keys()]).then(
                (values) => {
                  for (const [batchKey, waiters] of batch) for (const waiter of waiters) waiter.resolve(values.get(batchKey));
                },
                (error: unknown) => {
                  for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
                },
              );
            });
          }
          const waiters = pending.get(wanted) ?? [];
          waiters.push({ resolve, reject });
          pending.set(wanted, waiters);
        });
      perRequest.set(context, load);
    }
    return load(key);
  };
}
