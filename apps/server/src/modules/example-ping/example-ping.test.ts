import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('examplePing', () => {
  it('answers pong from the database, to anyone', async () => {
    expect(await t.client().ok('{ examplePing }')).toEqual({ examplePing: 'pong' });
  });
});
