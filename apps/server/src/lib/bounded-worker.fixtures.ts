// Functions for bounded-worker.test.ts to run in a worker: an answer, a refusal, a parse that never ends, a memory hog.
import { badInput } from '../graphql/errors.ts';

export function byteSum(input: Uint8Array): number {
  return input.reduce((sum, byte) => sum + byte, 0);
}

export function refuse(input: { field: string }): never {
  throw badInput({ [input.field]: 'This file is not one we read.' });
}

/** A parse stuck in a loop on its input (a hostile file's usual effect). */
export function spin(): never {
  for (;;) {
    // Nothing: the loop itself is the work.
  }
}

export function hog(): number {
  const kept: number[][] = [];
  for (;;) kept.push(new Array<number>(1_000_000).fill(kept.length));
}
