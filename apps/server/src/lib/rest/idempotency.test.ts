import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { accountWithMember } from '../../../test/accounts-helper.ts';
import { CRONTAB } from '../../jobs/worker.ts';
import { passProjectApiKeys, passProjects } from '../../db/schema/passes.ts';
import { documentedAnswers } from '../../../test/openapi-contract.ts';
import { canonicalJson, IDEMPOTENCY_ABANDONED_AFTER_SECONDS, registerIdempotency, requestFingerprint } from './idempotency.ts';

let t: TestApp;
/** Every answer of the two APIs a test provokes is checked against their OpenAPI documents. */
let documented: { v1: ReturnType<typeof documentedAnswers>; passes: ReturnType<typeof documentedAnswers> };
beforeAll(async () => {
  // The worker runs the retention job (api_idempotency_key_retention) for the expiry test.
  t = await startTestApp({}, { worker: true });
  documented = { v1: documentedAnswers(`${t.baseUrl}/v1/openapi.json`), passes: documentedAnswers(`${t.baseUrl}/passes-api/v1/openapi.json`) };
});
afterAll(async () => {
  await t.close();
});

const KEYS = 'query($a: ID!, $l: Boolean!) { apiKeys(accountId: $a, liveMode: $l) { id type secret } }';

async function partner() {
  const member = await accountWithMember(t, { verified: true });
  const keys = async (liveMode: boolean) =>
    (await member.client.ok(KEYS, { a: member.accountId, l: liveMode })).apiKeys as Array<{ id: string; type: string; secret: string }>;
  const secret = (list: Array<{ id: string; type: string; secret: string }>) => list.find((key) => key.type === 'secret')!;
  return { ...member, test: secret(await keys(false)), live: secret(await keys(true)) };
}

interface Answer {
  status: number;
  text: string;
  json: { error?: { type: string; code: string; message: string; param?: string; request_id?: string } } & Record<string, unknown>;
  replayed: string | null;
  headers: Headers;
}

async function post(path: string, secret: string, body: unknown, idempotencyKey?: string, rawBody?: string): Promise<Answer> {
  const response = await fetch(`${t.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Api-Key ${secret}`,
      'content-type': 'application/json',
      ...(idempotencyKey !== undefined ? { 'idempotency-key': idempotencyKey } : {}),
    },
    body: rawBody ?? JSON.stringify(body),
  });
  await documented.v1('POST', path, response);
  const text = await response.text();
  return {
    status: response.status,
    text,
    json: text ? JSON.parse(text) : {},
    replayed: response.headers.get('idempotent-replayed'),
    headers: response.headers,
  };
}

async function testTransactions(accountId: string): Promise<number> {
  const { rows } = await t.database.pool.query<{ count: string }>('select count(*) from transactions where account_id = $1 and live_mode = false', [accountId]);
  return Number(rows[0]!.count);
}

const BODY = { kind: 'buy', cryptoCurrencyCode: 'eth', fiatCurrencyCode: 'eur', amount: '100', externalTransactionId: 'order-1' };

describe('Idempotency-Key on /v1 POSTs', () => {
  it('replays the first response for a retry with the same body: same status and body, Idempotent-Replayed, nothing created', async () => {
    const p = await partner();
    const first = await post('/v1/test/transactions', p.test.secret, BODY, 'retry-1');
    expect(first.status).toBe(201);
    expect(first.replayed).toBeNull();
    expect(await testTransactions(p.accountId)).toBe(1);

    const again = await post('/v1/test/transactions', p.test.secret, BODY, 'retry-1');
    expect(again.status).toBe(201);
    expect(again.replayed).toBe('true');
    expect(again.text).toBe(first.text);
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    // The same body with its keys in another order and other spacing is the same request.
    const reordered = `{ "externalTransactionId": "order-1", "amount": "100",\n "fiatCurrencyCode": "eur", "cryptoCurrencyCode": "eth", "kind": "buy" }`;
    const third = await post('/v1/test/transactions', p.test.secret, null, 'retry-1', reordered);
    expect([third.status, third.replayed, third.text]).toEqual([201, 'true', first.text]);
    expect(await testTransactions(p.accountId)).toBe(1);

    // Without a key, or with another key, each request runs.
    expect((await post('/v1/test/transactions', p.test.secret, BODY)).status).toBe(201);
    expect((await post('/v1/test/transactions', p.test.secret, BODY, 'retry-2')).replayed).toBeNull();
    expect(await testTransactions(p.accountId)).toBe(3);
  });

  it('refuses the key for another body, path or method with idempotency_key_reused, and keeps the first response', async () => {
    const p = await partner();
    const first = await post('/v1/test/transactions', p.test.secret, BODY, 'order-key');
    expect(first.status).toBe(201);

    const other = await post('/v1/test/transactions', p.test.secret, { ...BODY, amount: '200' }, 'order-key');
    expect(other.status).toBe(400);
    expect(other.json.error).toMatchObject({ type: 'idempotency_error', code: 'idempotency_key_reused', param: 'Idempotency-Key' });
    expect(other.json.error!.message).toMatch(/another request body/);
    expect(other.json.error!.request_id).toEqual(expect.any(String));
    expect(other.replayed).toBeNull();

    const id = (first.json as { id: string }).id;
    const elsewhere = await post(`/v1/test/transactions/${id}/status`, p.test.secret, { status: 'completed' }, 'order-key');
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.json.error).toMatchObject({ type: 'idempotency_error', code: 'idempotency_key_reused', param: 'Idempotency-Key' });
    expect(elsewhere.json.error!.message).toContain(`POST /v1/test/transactions`);

    expect(await testTransactions(p.accountId)).toBe(1);
    expect((await post('/v1/test/transactions', p.test.secret, BODY, 'order-key')).text).toBe(first.text);
  });

  it('runs ten concurrent requests with one key once, and all of them answer the same (or 409 in use)', async () => {
    const p = await partner();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post('/v1/test/transactions', p.test.secret, BODY, 'concurrent-key')));
    expect(await testTransactions(p.accountId)).toBe(1);
    const ran = answers.filter((answer) => answer.status === 201 && answer.replayed === null);
    expect(ran).toHaveLength(1);
    for (const answer of answers) {
      if (answer.status === 409)
        expect(answer.json.error).toMatchObject({ type: 'idempotency_error', code: 'idempotency_key_in_use', param: 'Idempotency-Key' });
      else expect([answer.status, answer.text]).toEqual([201, ran[0]!.text]);
    }
    // Well within the 10 s wait: every one of them waited and replayed.
    expect(answers.filter((answer) => answer.replayed === 'true')).toHaveLength(9);
  });

  it('keeps keys per secret key: another key’s identical Idempotency-Key runs on its own and sees nothing of the first', async () => {
    const a = await partner();
    const b = await partner();
    const first = await post('/v1/test/transactions', a.test.secret, BODY, 'shared-key');
    const theirs = await post('/v1/test/transactions', b.test.secret, BODY, 'shared-key');
    expect([theirs.status, theirs.replayed]).toEqual([201, null]);
    expect((theirs.json as { id: string }).id).not.toBe((first.json as { id: string }).id);
    // Another body under the same key is fine for b: its key space is its own.
    expect((await post('/v1/test/transactions', b.test.secret, { ...BODY, amount: '5' }, 'other-shared')).status).toBe(201);
    expect((await post('/v1/test/transactions', a.test.secret, { ...BODY, amount: '7' }, 'other-shared')).replayed).toBeNull();
    expect(await testTransactions(a.accountId)).toBe(2);
    expect(await testTransactions(b.accountId)).toBe(2);
    expect((await post('/v1/test/transactions', a.test.secret, BODY, 'shared-key')).text).toBe(first.text);
  });

  it('stores 4xx answers of a request that ran (a retry gets the same refusal), not refusals before it ran', async () => {
    const p = await partner();
    // The handler looks the transaction up: 404, stored.
    const missing = '/v1/test/transactions/00000000-0000-4000-8000-000000000000/status';
    const refused = await post(missing, p.test.secret, { status: 'completed' }, 'missing-key');
    expect(refused.status).toBe(404);
    const again = await post(missing, p.test.secret, { status: 'completed' }, 'missing-key');
    expect([again.status, again.replayed, again.text]).toEqual([404, 'true', refused.text]);
    // A live key is refused before the handler runs (the route's key check): nothing stored, the key stays free.
    const live = await post('/v1/test/transactions', p.live.secret, BODY, 'live-key');
    expect(live.status).toBe(403);
    expect((await post('/v1/test/transactions', p.live.secret, BODY, 'live-key')).replayed).toBeNull();
    const { rows } = await t.database.pool.query('select key from api_idempotency_keys where api_key_id = $1', [p.live.id]);
    expect(rows).toEqual([]);
  });

  it('refuses an Idempotency-Key that is not 1–255 printable ASCII characters, naming the header', async () => {
    const p = await partner();
    for (const bad of ['', 'x'.repeat(256), 'tab\there', 'caf\u00e9']) {
      const answer = await post('/v1/test/transactions', p.test.secret, BODY, bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.json.error).toMatchObject({ type: 'invalid_request_error', code: 'idempotency_key_invalid', param: 'Idempotency-Key' });
    }
    expect(await testTransactions(p.accountId)).toBe(0);
    expect((await post('/v1/test/transactions', p.test.secret, BODY, 'x'.repeat(255))).status).toBe(201);
    expect((await post('/v1/test/transactions', p.test.secret, BODY, 'with spaces and ~!@#$%^&*()')).status).toBe(201);
  });

  it('forgets keys after 24 hours: the retention job deletes them, and the key runs again', async () => {
    const p = await partner();
    const first = await post('/v1/test/transactions', p.test.secret, BODY, 'day-old');
    const recent = await post('/v1/test/transactions', p.test.secret, BODY, 'recent');
    await t.database.pool.query(`update api_idempotency_keys set created_at = now() - interval '25 hours' where api_key_id = $1 and key = 'day-old'`, [
      p.test.id,
    ]);

    expect(CRONTAB).toMatch(/^\S+ \S+ \S+ \S+ \S+ api_idempotency_key_retention/m);
    await t.app.services.jobs.add('api_idempotency_key_retention', {});
    const keys = async () =>
      (await t.database.pool.query<{ key: string }>('select key from api_idempotency_keys where api_key_id = $1 order by key', [p.test.id])).rows.map(
        (row) => row.key,
      );
    const deadline = Date.now() + 15_000;
    while ((await keys()).includes('day-old') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await keys()).toEqual(['recent']);

    const later = await post('/v1/test/transactions', p.test.secret, { ...BODY, amount: '300' }, 'day-old');
    expect([later.status, later.replayed]).toEqual([201, null]);
    expect(later.text).not.toBe(first.text);
    expect((await post('/v1/test/transactions', p.test.secret, BODY, 'recent')).text).toBe(recent.text);

    // A key past its lifetime that the job has not reached yet is free too.
    await t.database.pool.query(`update api_idempotency_keys set created_at = now() - interval '25 hours' where api_key_id = $1 and key = 'recent'`, [
      p.test.id,
    ]);
    const rerun = await post('/v1/test/transactions', p.test.secret, { ...BODY, amount: '250' }, 'recent');
    expect([rerun.status, rerun.replayed]).toEqual([201, null]);
    expect(await testTransactions(p.accountId)).toBe(4);
  });
});

describe('Idempotency-Key on the passes API', () => {
  it('replays POST /passes-api/v1/nonces per project key, apart from secret keys with the same Idempotency-Key', async () => {
    const p = await partner();
    const [project] = await t.database.db
      .insert(passProjects)
      .values({ accountId: p.accountId, name: `Project ${crypto.randomUUID().slice(0, 8)}` })
      .returning();
    const key = `pass_sk_${crypto.randomBytes(24).toString('base64url')}`;
    await t.database.db
      .insert(passProjectApiKeys)
      .values({ projectId: project!.id, name: 'Server', keyPrefix: key.slice(0, 14), keyHash: crypto.createHash('sha256').update(key).digest('hex') });
    const nonce = async (idempotencyKey: string) => {
      const response = await fetch(`${t.baseUrl}/passes-api/v1/nonces`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'idempotency-key': idempotencyKey },
      });
      await documented.passes('POST', '/passes-api/v1/nonces', response);
      return {
        status: response.status,
        replayed: response.headers.get('idempotent-replayed'),
        body: (await response.json()) as { nonce?: string; error?: { code: string; param?: string } },
      };
    };
    const first = await nonce('nonce-1');
    expect([first.status, first.replayed]).toEqual([201, null]);
    const again = await nonce('nonce-1');
    expect([again.status, again.replayed, again.body.nonce]).toEqual([201, 'true', first.body.nonce]);
    expect((await nonce('nonce-2')).body.nonce).not.toBe(first.body.nonce);
    expect((await nonce('x'.repeat(256))).body.error).toMatchObject({ code: 'idempotency_key_invalid', param: 'Idempotency-Key' });
    // The same Idempotency-Key on /v1 with the account's secret key is another key.
    expect((await post('/v1/test/transactions', p.test.secret, BODY, 'nonce-1')).status).toBe(201);
  });
});

describe('registerIdempotency on its own scope (real PostgreSQL)', () => {
  let app: FastifyInstance;
  let base: string;
  let keyId: string;
  let runs = 0;
  let failuresLeft = 0;
  let gate: Promise<void> = Promise.resolve();

  beforeAll(async () => {
    keyId = (await partner()).test.id;
    app = Fastify();
    await app.register(async (scope) => {
      registerIdempotency(scope, { database: t.database, keyOf: () => keyId, waitMs: 300, abandonedAfterSeconds: 0.6 });
      scope.post('/work', async (_request, reply) => {
        runs++;
        await gate;
        if (failuresLeft > 0) {
          failuresLeft--;
          return reply.code(503).send({ error: { type: 'api_error', code: 'unavailable', message: 'try again' } });
        }
        if (failuresLeft < 0) throw new Error('boom');
        return reply.code(201).header('location', `/work/${runs}`).header('x-not-stored', 'yes').send({ run: runs });
      });
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
  });

  const call = async (key: string, body: unknown = { a: 1 }) => {
    const response = await fetch(`${base}/work`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown>, headers: response.headers };
  };
  const row = async (key: string) =>
    (await t.database.pool.query('select * from api_idempotency_keys where api_key_id = $1 and key = $2', [keyId, key])).rows[0];

  it('does not store a 5xx: the key is released and the retry runs', async () => {
    runs = 0;
    failuresLeft = 1;
    expect((await call('flaky')).status).toBe(503);
    expect(await row('flaky')).toBeUndefined();
    const retry = await call('flaky');
    expect([retry.status, retry.body, runs]).toEqual([201, { run: 2 }, 2]);
    // A thrown error (500 from the error handler) releases it too.
    failuresLeft = -1;
    expect((await call('thrown')).status).toBe(500);
    expect(await row('thrown')).toBeUndefined();
    failuresLeft = 0;
    expect((await call('thrown')).status).toBe(201);
  });

  it('stores only the chosen headers and plays them back', async () => {
    const first = await call('headers');
    const again = await call('headers');
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('x-not-stored')).toBeNull();
    expect((await row('headers')).response_headers).toEqual({ 'content-type': 'application/json; charset=utf-8', location: first.headers.get('location') });
  });

  it('answers 409 idempotency_key_in_use when the first request is still running after the wait', async () => {
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const slow = call('busy');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const waiting = await call('busy');
    expect(waiting.status).toBe(409);
    expect(waiting.body.error).toMatchObject({ type: 'idempotency_error', code: 'idempotency_key_in_use', param: 'Idempotency-Key' });
    open();
    gate = Promise.resolve();
    const done = await slow;
    expect(done.status).toBe(201);
    expect((await call('busy')).body).toEqual(done.body);
  });

  it(`takes over a key whose request died (no answer nor refresh after ${IDEMPOTENCY_ABANDONED_AFTER_SECONDS} s; 0.6 s here)`, async () => {
    const hash = requestFingerprint('POST', '/work', { a: 1 });
    await t.database.pool.query(
      `insert into api_idempotency_keys (key_source, api_key_id, key, method, path, request_hash, created_at) values ('api_key', $1, 'crashed', 'POST', '/work', $2, now() - interval '2 minutes')`,
      [keyId, hash],
    );
    const before = runs;
    const answer = await call('crashed');
    expect([answer.status, runs]).toEqual([201, before + 1]);
    expect((await row('crashed')).response_status).toBe(201);
    // Still running but recent: not abandoned, so the retry waits and gives up.
    await t.database.pool.query(
      `insert into api_idempotency_keys (key_source, api_key_id, key, method, path, request_hash, created_at) values ('api_key', $1, 'running', 'POST', '/work', $2, now())`,
      [keyId, hash],
    );
    expect((await call('running')).status).toBe(409);
  });

  it('keeps a slow request’s key by refreshing it: a retry after the abandon time waits instead of running again', async () => {
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const before = runs;
    const slow = call('slow');
    // Past the 0.6 s abandon time: only the claim's refreshes keep the key.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const retry = await call('slow');
    expect(retry.status).toBe(409);
    expect(runs).toBe(before + 1);
    open();
    gate = Promise.resolve();
    const done = await slow;
    expect(done.status).toBe(201);
    const replay = await call('slow');
    expect([replay.body, replay.headers.get('idempotent-replayed'), runs]).toEqual([done.body, 'true', before + 1]);
  });

  it('fingerprints the canonical body: key order does not matter, values do', () => {
    expect(canonicalJson({ b: [1, { d: 2, c: 3 }], a: null })).toBe('{"a":null,"b":[1,{"c":3,"d":2}]}');
    expect(requestFingerprint('POST', '/v1/x', { a: 1, b: 2 })).toBe(requestFingerprint('post', '/v1/x', { b: 2, a: 1 }));
    expect(requestFingerprint('POST', '/v1/x', { a: 1 })).not.toBe(requestFingerprint('POST', '/v1/x', { a: '1' }));
    expect(requestFingerprint('POST', '/v1/x', { a: 1 })).not.toBe(requestFingerprint('POST', '/v1/y', { a: 1 }));
  });
});
