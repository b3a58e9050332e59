import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.ts';

describe('createBatcher', () => {
  it('answers calls made in the same turn with one batch, each caller getting its own answer', async () => {
    const batches: number[][] = [];
    const double = createBatcher(async (inputs: number[]) => {
      batches.push(inputs);
      return inputs.map((n) => n * 2);
    });
    expect(await Promise.all([double(1), double(2), double(3)])).toEqual([2, 4, 6]);
    expect(await double(4)).toBe(8);
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  it('splits a large turn into batches of at most maxBatchSize', async () => {
    const sizes: number[] = [];
    const echo = createBatcher(
      async (inputs: number[]) => {
        sizes.push(inputs.length);
        return inputs;
      },
      { maxBatchSize: 4 },
    );
    expect(await Promise.all(Array.from({ length: 10 }, (_, i) => echo(i)))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(sizes).toEqual([4, 4, 2]);
  });

  it('rejects every call of a failed batch and keeps working afterwards', async () => {
    let fail = true;
    const run = createBatcher(async (inputs: string[]) => {
      if (fail) throw new Error('database unavailable');
      return inputs.map((s) => s.toUpperCase());
    });
    const results = await Promise.allSettled([run('a'), run('b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await run('c')).toBe('C');
  });
});
