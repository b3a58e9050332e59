import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { accountWithMember } from '../../../test/accounts-helper.ts';
import { accessForRoute } from '@rampart/shared/api-keys';
import { PUBLIC_ROUTES, publicApiRoutes } from './public-api.routes.ts';
import { documentedAnswers } from '../../../test/openapi-contract.ts';
import { SAMPLE_CURRENCIES_AND_AMOUNTS, SAMPLE_FEES_AND_RATES, SAMPLE_WALLET_ADDRESS } from '../../lib/sample-transaction.ts';

let t: TestApp;
/** Every /v1 answer a test provokes is checked against the OpenAPI document. */
let expectAnswerDocumented: ReturnType<typeof documentedAnswers>;
beforeAll(async () => {
  t = await startTestApp();
  expectAnswerDocumented = documentedAnswers(`${t.baseUrl}/v1/openapi.json`);
});
afterAll(async () => {
  await t.close();
});

const KEYS = 'query($a: ID!, $l: Boolean!) { apiKeys(accountId: $a, liveMode: $l) { id type secret } }';

async function partner(options: { verified?: boolean } = {}) {
  const member = await accountWithMember(t, { verified: options.verified ?? true });
  const keys = async (liveMode: boolean) =>
    (await member.client.ok(KEYS, { a: member.accountId, l: liveMode })).apiKeys as Array<{ id: string; type: string; secret: string }>;
  const test = await keys(false);
  const live = options.verified === false ? [] : await keys(true);
  const secret = (list: typeof test) => list.find((key) => key.type === 'secret')!;
  const publishable = (list: typeof test) => list.find((key) => key.type === 'publishable')!;
  return { ...member, testSecret: secret(test), liveSecret: live.length ? secret(live) : null, testPublishable: publishable(test) };
}

async function transaction(accountId: string, liveMode: boolean, externalTransactionId: string, externalCustomerId = 'cust-rest', daysAgo = 0) {
  return t.app.services.transactions.createTransaction({
    kind: 'buy',
    accountId,
    liveMode,
    ...SAMPLE_CURRENCIES_AND_AMOUNTS,
    ...SAMPLE_FEES_AND_RATES,
    paymentMethod: 'sepa',
    country: 'DE',
    externalTransactionId,
    externalCustomerId,
    walletAddress: SAMPLE_WALLET_ADDRESS,
    createdAt: new Date(Date.now() - daysAgo * 86_400_000),
  });
}

async function get(path: string, key?: string) {
  const response = await fetch(`${t.baseUrl}${path}`, { headers: key ? { authorization: `Api-Key ${key}` } : {} });
  await expectAnswerDocumented('GET', path, response);
  return response;
}

describe('the public REST API', () => {
  it('lists and reads transactions of the key’s account and mode only', async () => {
    const a = await partner();
    const b = await partner();
    const mine = await transaction(a.accountId, false, 'order-a-1');
    await transaction(a.accountId, false, 'order-a-2', 'cust-other', 3);
    const live = await transaction(a.accountId, true, 'order-a-live');
    const theirs = await transaction(b.accountId, false, 'order-b-1');

    const list = await get('/v1/transactions', a.testSecret.secret);
    expect(list.status).toBe(200);
    const body = (await list.json()) as { data: Array<{ id: string; externalTransactionId: string; baseCurrencyAmount: string }>; liveMode: boolean };
    expect(body.liveMode).toBe(false);
    expect(body.data.map((row) => row.externalTransactionId).sort()).toEqual(['order-a-1', 'order-a-2']);
    expect(body.data[0]!.baseCurrencyAmount).toBe('150.00');

    const byExternal = (await (await get('/v1/transactions?externalTransactionId=order-a-1', a.testSecret.secret)).json()) as { data: Array<{ id: string }> };
    expect(byExternal.data.map((row) => row.id)).toEqual([mine.id]);
    const byCustomer = (await (await get('/v1/transactions?externalCustomerId=cust-other', a.testSecret.secret)).json()) as { data: unknown[] };
    expect(byCustomer.data).toHaveLength(1);
    const recent = (await (
      await get(`/v1/transactions?createdAfter=${encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString())}`, a.testSecret.secret)
    ).json()) as { data: unknown[] };
    expect(recent.data).toHaveLength(1);

    expect((await get(`/v1/transactions/${mine.id}`, a.testSecret.secret)).status).toBe(200);
    // Another account's transaction, and this account's live one, do not exist for a test key.
    expect((await get(`/v1/transactions/${theirs.id}`, a.testSecret.secret)).status).toBe(404);
    expect((await get(`/v1/transactions/${live.id}`, a.testSecret.secret)).status).toBe(404);
    expect((await get(`/v1/transactions/${live.id}`, a.liveSecret!.secret)).status).toBe(200);
    const theirList = (await (await get('/v1/transactions?externalTransactionId=order-a-1', b.testSecret.secret)).json()) as { data: unknown[] };
    expect(theirList.data).toEqual([]);
  });

  it('finds a customer by id or external id, within the key’s account', async () => {
    const a = await partner();
    const b = await partner();
    const customer = await t.database.pool.query<{ id: string }>(
      `insert into customers (account_id, live_mode, external_customer_id, email) values ($1, false, 'ext-cust-7', 'c7@example.com') returning id`,
      [a.accountId],
    );
    const id = customer.rows[0]!.id;
    const byId = await get(`/v1/customers/${id}`, a.testSecret.secret);
    expect(byId.status).toBe(200);
    expect(((await byId.json()) as { externalCustomerId: string }).externalCustomerId).toBe('ext-cust-7');
    expect((await get('/v1/customers?externalCustomerId=ext-cust-7', a.testSecret.secret)).status).toBe(200);
    expect((await get(`/v1/customers/${id}`, b.testSecret.secret)).status).toBe(404);
    expect((await get('/v1/customers?externalCustomerId=ext-cust-7', b.testSecret.secret)).status).toBe(404);
  });

  it('refuses missing, malformed, publishable and unknown keys, and bad parameters, with JSON errors', async () => {
    const a = await partner();
    const missing = await get('/v1/transactions');
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as { error: { type: string } }).error.type).toBe('authentication_error');
    const publishable = await get('/v1/transactions', a.testPublishable.secret);
    expect(publishable.status).toBe(401);
    expect(((await publishable.json()) as { error: { message: string } }).error.message).toMatch(/Publishable keys cannot call the API/);
    expect((await get('/v1/transactions', 'sk_test_000000000000000000000000000000000')).status).toBe(401);
    const bad = await get('/v1/transactions?limit=1000&createdAfter=yesterday&type=teleport', a.testSecret.secret);
    expect(bad.status).toBe(400);
    const details = ((await bad.json()) as { error: { details: Record<string, string> } }).error.details;
    expect(Object.keys(details).sort()).toEqual(['createdAfter', 'limit', 'type']);
    expect((await get('/v1/nothing-here', a.testSecret.secret)).status).toBe(404);
  });

  it('stops a rolled key at once, or after its grace period', async () => {
    const a = await partner();
    const ROLL = 'mutation($id: ID!, $now: Boolean!) { rollApiKey(id: $id, deleteOldKeyNow: $now) { id secret isWaitingDeletion } }';
    const immediate = (await a.client.ok(ROLL, { id: a.testSecret.id, now: true })).rollApiKey;
    expect(immediate.secret).toMatch(/^sk_test_/);
    expect((await get('/v1/transactions', a.testSecret.secret)).status).toBe(401);
    expect((await get('/v1/transactions', immediate.secret)).status).toBe(200);

    const graceful = (await a.client.ok(ROLL, { id: immediate.id, now: false })).rollApiKey;
    expect((await get('/v1/transactions', immediate.secret)).status).toBe(200);
    expect((await get('/v1/transactions', graceful.secret)).status).toBe(200);
    const keys = (
      await a.client.ok('query($a: ID!) { apiKeys(accountId: $a, liveMode: false) { id type isWaitingDeletion secondsUntilDeletion secret } }', {
        a: a.accountId,
      })
    ).apiKeys;
    const waiting = keys.find((key: { id: string }) => key.id === immediate.id);
    expect(waiting.isWaitingDeletion).toBe(true);
    expect(waiting.secondsUntilDeletion).toBeGreaterThan(11.9 * 3600);
    expect(waiting.secret).not.toBe(immediate.secret);
    expect(waiting.secret).toContain('•');
    // The twelve hours pass.
    await t.database.pool.query(`update api_keys set deleted_at = now() - interval '1 second' where id = $1`, [immediate.id]);
    expect((await get('/v1/transactions', immediate.secret)).status).toBe(401);
    expect((await get('/v1/transactions', graceful.secret)).status).toBe(200);
    const job = await t.database.pool.query(`select run_at from graphile_worker.jobs where key = $1`, [`purge_api_key:${immediate.id}`]);
    expect(new Date(job.rows[0].run_at).getTime() - Date.now()).toBeGreaterThan(11.9 * 3_600_000);
  });

  it('refuses text no column can hold and malformed ids in what it reads with a 400 naming the parameter, never a 500', async () => {
    const a = await partner();
    await transaction(a.accountId, false, 'order-nul-1');
    for (const [path, parameter] of [
      ['/v1/transactions?externalCustomerId=%00', 'externalCustomerId'],
      ['/v1/transactions?externalTransactionId=order%00', 'externalTransactionId'],
      ['/v1/customers?externalCustomerId=cust%00', 'externalCustomerId'],
      ['/v1/transactions?externalCustomerId=a&externalCustomerId=b', 'externalCustomerId'],
    ] as const) {
      const response = await get(path, a.testSecret.secret);
      expect(response.status, path).toBe(400);
      const { error } = (await response.json()) as { error: { type: string; message: string; details: Record<string, string> } };
      expect(error.type).toBe('invalid_request_error');
      expect(error.message).toContain(parameter);
      expect(Object.keys(error.details)).toEqual([parameter]);
    }
    // A lone surrogate cannot travel in a URL (it is not UTF-8): its bytes arrive as replacement characters, which are plain text.
    expect((await get('/v1/transactions?externalCustomerId=%ED%A0%80', a.testSecret.secret)).status).toBe(200);
    for (const path of ['/v1/transactions/not-a-uuid', '/v1/transactions/%00', '/v1/customers/%00']) {
      const response = await get(path, a.testSecret.secret);
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as { error: { type: string } }).error.type).toBe('not_found');
    }
  });

  it('rate limits per key', async () => {
    const a = await partner();
    const b = await partner();
    let limited: Response | null = null;
    for (let i = 0; i < 310 && !limited; i += 1) {
      const response = await get('/v1/transactions?limit=1', a.testSecret.secret);
      if (response.status === 429) limited = response;
    }
    expect(limited).not.toBeNull();
    expect(((await limited!.json()) as { error: { type: string } }).error.type).toBe('rate_limit_error');
    // The same key written another way (the header's case and spacing) is the same bucket.
    for (const authorization of [`api-key  ${a.testSecret.secret}`, `API-KEY\t${a.testSecret.secret}`]) {
      expect((await fetch(`${t.baseUrl}/v1/transactions?limit=1`, { headers: { authorization } })).status, authorization).toBe(429);
    }
    // A refused request after authentication is in the request log too (written after the response).
    await expect
      .poll(
        async () =>
          (await t.database.pool.query(`select count(*)::int as n from api_request_log where account_id = $1 and status = 429`, [a.accountId])).rows[0].n,
      )
      .toBeGreaterThanOrEqual(1);
    expect((await get('/v1/transactions?limit=1', b.testSecret.secret)).status).toBe(200);
  });
});

describe('restricted keys on every method', () => {
  const CREATE = `mutation($a: ID!, $name: String!, $r: [ApiKeyRestrictionInput!]) { createApiKey(accountId: $a, liveMode: false, name: $name, restrictions: $r) { secret } }`;
  const restricted = async (member: Awaited<ReturnType<typeof partner>>, resource: string, access = 'read') =>
    (await member.client.ok(CREATE, { a: member.accountId, name: `Only ${resource}`, r: [{ resource, access }] })).createApiKey.secret as string;

  it('HEAD is refused like GET to a restricted key without the scope: no 200-or-404 answer tells whether a customer exists', async () => {
    const a = await partner();
    const customer = await t.database.pool.query<{ id: string }>(
      `insert into customers (account_id, live_mode, external_customer_id) values ($1, false, 'ext-head') returning id`,
      [a.accountId],
    );
    const key = await restricted(a, 'transactions');
    for (const id of [customer.rows[0]!.id, '00000000-0000-4000-8000-000000000000']) {
      const got = await fetch(`${t.baseUrl}/v1/customers/${id}`, { headers: { authorization: `Api-Key ${key}` } });
      const head = await fetch(`${t.baseUrl}/v1/customers/${id}`, { method: 'HEAD', headers: { authorization: `Api-Key ${key}` } });
      expect(got.status).toBe(403);
      expect(head.status).toBe(403);
      expect(head.headers.get('content-length')).toBe(got.headers.get('content-length'));
    }
    // With the scope, HEAD answers as GET does.
    const reader = await restricted(a, 'customers');
    const head = await fetch(`${t.baseUrl}/v1/customers/${customer.rows[0]!.id}`, { method: 'HEAD', headers: { authorization: `Api-Key ${reader}` } });
    expect(head.status).toBe(200);
  });

  it('every route and method under /v1 is in the scope table or explicitly public, and a key without its resource is refused', async () => {
    const routes = publicApiRoutes(t.app);
    expect(routes).toContain('HEAD /v1/customers/:id');
    expect(routes).toContain('POST /v1/test/transactions');
    const a = await partner();
    const keyFor = { transactions: await restricted(a, 'customers'), customers: await restricted(a, 'transactions', 'write') };
    for (const route of routes) {
      const [method, url] = route.split(' ') as [string, string];
      if (PUBLIC_ROUTES.includes(route)) continue;
      const needed = accessForRoute(method, url);
      expect(needed, `${route} is neither in the scope table (packages/shared/src/api-keys.ts) nor public`).not.toBeNull();
      const key = keyFor[needed!.resource.id as keyof typeof keyFor];
      const path = url.replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000');
      const response = await fetch(`${t.baseUrl}${path}`, {
        method,
        headers: { authorization: `Api-Key ${key}`, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
        body: method === 'POST' ? '{}' : undefined,
      });
      expect(response.status, route).toBe(403);
    }
  });
});

describe('integration URLs', () => {
  it('never create (and so never hide) the secret key', async () => {
    const member = await accountWithMember(t);
    const url = (await member.client.ok('query($a: ID!) { integrationUrl(accountId: $a, type: OnRamp) }', { a: member.accountId })).integrationUrl as string;
    // The widgets are served by Rampart itself at PUBLIC_URL/widget/{buy|sell|swap|nft}.
    expect(url).toMatch(/^http:\/\/localhost:3000\/widget\/buy\?apiKey=pk_test_/);
    const nft = (await member.client.ok('query($a: ID!) { integrationUrl(accountId: $a, type: NftCheckout) }', { a: member.accountId }))
      .integrationUrl as string;
    expect(nft).toMatch(/^http:\/\/localhost:3000\/widget\/nft\?apiKey=pk_test_/);
    const secrets = await t.database.pool.query(`select count(*)::int as n from api_keys where account_id = $1 and type = 'secret'`, [member.accountId]);
    expect(secrets.rows[0].n).toBe(0);
    const keys = (await member.client.ok(KEYS, { a: member.accountId, l: false })).apiKeys;
    expect(keys.find((key: { type: string }) => key.type === 'secret').secret).toMatch(/^sk_test_[A-Za-z0-9]{32}$/);
    expect(keys.find((key: { type: string }) => key.type === 'publishable').secret).toBe(new URL(url).searchParams.get('apiKey'));
  });
});
