/**
 * A replica restart fails no read: lists and details keep answering through HAProxy while the replica goes down and
 * comes back (pg_ctl restart -m fast), each API process reading from the primary meanwhile (its replica monitor marks
 * the replica unusable; a read whose replica connection breaks is retried on the primary), and from the replica again
 * afterwards.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachCluster } from './cluster.ts';
import { clusterUnderTest, GraphQLSession } from './test-helpers.ts';

const cluster = clusterUnderTest();
const DEMO = { email: 'demo@rampart.dev', password: 'rampart-demo-2026!' };
const LIST =
  'query($a: ID!, $skip: Int) { transactions(accountId: $a, liveMode: false, skip: $skip, take: 10) { totalCount items { id status customer { id } } } }';

let accountId: string;
let session: GraphQLSession;

beforeAll(async () => {
  const primary = new pg.Client({ connectionString: cluster.primaryUrl });
  await primary.connect();
  try {
    accountId = (await primary.query<{ id: string }>(`select id from accounts where name = 'Demo Payments' order by created_at limit 1`)).rows[0]!.id;
  } finally {
    await primary.end();
  }
  session = new GraphQLSession(cluster.url);
  await session.login(DEMO.email, DEMO.password);
});

async function usableOn(url: string): Promise<number | null> {
  const line = (await (await fetch(`${url}/metrics`)).text()).split('\n').find((each) => each.startsWith('rampart_replica_usable'));
  return line ? Number(line.split(' ').at(-1)) : null;
}

afterAll(async () => {
  // The next file needs the replica back and usable.
  const until = Date.now() + 30_000;
  for (const api of cluster.apis)
    while ((await usableOn(api.url).catch(() => null)) !== 1 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 200));
});

describe('a replica restart under reads', () => {
  it('fails no list request', async () => {
    const control = attachCluster(cluster.dir);
    let running = true;
    const failures: string[] = [];
    let answered = 0;
    let sawUnusable = false;
    const reader = async (worker: number) => {
      for (let i = 0; running; i += 1) {
        const result = await session
          .gql<{ transactions: { items: Array<{ id: string }> } }>(LIST, { a: accountId, skip: ((worker * 7 + i) % 50) * 10 })
          .catch((error: unknown) => ({ status: 0, errors: [{ message: String(error) }], data: undefined }));
        if (result.status !== 200 || result.errors?.length || result.data?.transactions.items.length !== 10)
          failures.push(`${result.status} ${JSON.stringify(result.errors)}`);
        else answered += 1;
      }
    };
    const readers = [0, 1, 2, 3].map(reader);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const before = answered;
    // The replica stays down until the first API's monitor has marked it unusable (a fast restart can otherwise fall
    // between two of its polls), so the reads below are the ones served by the primary meanwhile.
    await control.restartReplica(async () => {
      const until = Date.now() + 20_000;
      while (!sawUnusable && Date.now() < until) {
        if ((await usableOn(cluster.apis[0]!.url).catch(() => null)) === 0) sawUnusable = true;
        else await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    // Reads keep going while the replica catches up and the monitors see it again.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    running = false;
    await Promise.all(readers);
    console.log(
      `replica restart: ${answered} lists answered (${answered - before} from the restart on), ${failures.length} failed; monitor saw the replica unusable: ${sawUnusable}`,
    );
    expect(failures).toEqual([]);
    expect(before).toBeGreaterThan(0);
    expect(answered - before).toBeGreaterThan(10);
    expect(sawUnusable).toBe(true);
  });
});
