import { describe, expect, it } from 'vitest';
import { AppError } from '../graphql/errors.ts';
import { runInWorker, WorkerLimitExceeded } from './bounded-worker.ts';

const fixtures = new URL('./bounded-worker.fixtures.ts', import.meta.url);

describe('runInWorker', () => {
  it('runs a function in a worker thread and answers its result; an AppError it throws stays one, with its fields', async () => {
    expect(await runInWorker(fixtures, 'byteSum', Buffer.from([1, 2, 3, 250]), { timeoutMs: 5_000 })).toBe(256);
    const refused = await runInWorker(fixtures, 'refuse', { field: 'certificate' }, { timeoutMs: 5_000 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { fields: { certificate: 'This file is not one we read.' } } });
  });

  it('stops a parse that runs past its time limit with a clear error (the limit is a timer of this thread: it fires only because the loop is free)', async () => {
    const stopped = await runInWorker(fixtures, 'spin', null, { timeoutMs: 200 }).catch((error: unknown) => error);
    expect(stopped).toBeInstanceOf(WorkerLimitExceeded);
    expect(stopped).toMatchObject({ limit: 'time', message: 'spin ran longer than 200 ms and was stopped.' });
  });

  it('stops a parse that outgrows its memory limit', async () => {
    const stopped = await runInWorker(fixtures, 'hog', null, { timeoutMs: 20_000, resourceLimits: { maxOldGenerationSizeMb: 32 } }).catch(
      (error: unknown) => error,
    );
    expect(stopped).toBeInstanceOf(WorkerLimitExceeded);
    expect(stopped).toMatchObject({ limit: 'memory', message: 'hog needed more memory than its limit and was stopped.' });
  });
});
