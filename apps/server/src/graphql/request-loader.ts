import { createBatcher } from '../lib/batcher.ts';
import type { GraphQLContext } from './context.ts';

/**
 * Loads values by key for the fields of one request: every key asked for in the same turn of the event loop is read
 * in one query, and nothing is shared between requests (each caller's rights were checked on its own root field).
 */
export function requestLoader<Value>(loadMany: (context: GraphQLContext, keys: string[]) => Promise<Map<string, Value>>) {
  const perRequest = new WeakMap<GraphQLContext, (key: string) => Promise<Value | undefined>>();
  return (context: GraphQLContext, key: string): Promise<Value | undefined> => {
    let load = perRequest.get(context);
    if (!load) {
      load = createBatcher(async (keys: string[]) => {
        const values = await loadMany(context, [...new Set(keys)]);
        return keys.map((wanted) => values.get(wanted));
      });
      perRequest.set(context, load);
    }
    return load(key);
  };
}
