import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_VERSIONS, CURRENT_API_VERSION } from '@rampart/shared/api-versions';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { accountWithMember } from '../../../test/accounts-helper.ts';
import { contractChecker, expectValidOpenApi31, type OpenApiDocument } from '../../../test/openapi-contract.ts';
import { REQUEST_ID_PATTERN } from './request-id.ts';

let t: TestApp;
let document: OpenApiDocument;
let answers: ReturnType<typeof contractChecker>;
beforeAll(async () => {
  t = await startTestApp();
  document = (await (await fetch(`${t.baseUrl}/v1/openapi.json`)).json()) as OpenApiDocument;
  answers = contractChecker(document);
});
afterAll(async () => {
  await t.close();
});

const KEYS = 'query($a: ID!, $l: Boolean!) { apiKeys(accountId: $a, liveMode: $l) { id type secret } }';
const CREATE_KEY =
  'mutation($a: ID!, $l: Boolean!, $name: String!, $r: [ApiKeyRestrictionInput!]) { createApiKey(accountId: $a, liveMode: $l, name: $name, restrictions: $r) { secret } }';

async function partner() {
  const member = await accountWithMember(t, { verified: true });
  const secretOf = async (liveMode: boolean) =>
    ((await member.client.ok(KEYS, { a: member.accountId, l: liveMode })).apiKeys as Array<{ type: string; secret: string }>).find(
      (key) => key.type === 'secret',
    )!.secret;
  return { ...member, test: await secretOf(false), live: await secretOf(true) };
}

/** A request to the API; tests that are not the contract test check their answers against the document too. */
async function call(method: string, path: string, key: string | null, options: { body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${t.baseUrl}${path}`, {
    method,
    headers: {
      ...(key ? { authorization: `Api-Key ${key}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  await answers.expectAnswerDocumented(method, path, response);
  return response;
}

describe('the OpenAPI document', () => {
  it('is served at /v1/openapi.json without a key and is valid OpenAPI 3.1', async () => {
    const response = await fetch(`${t.baseUrl}/v1/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('request-id')).toMatch(REQUEST_ID_PATTERN);
    expect(response.headers.get('rampart-version')).toBe(CURRENT_API_VERSION);
    await expectValidOpenApi31(document);
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(['Transaction', 'Customer', 'Error', 'TransactionList']));
    expect(document.servers).toEqual([expect.objectContaining({ url: 'http://localhost:3000' })]);
    expect((document.components as { securitySchemes?: object }).securitySchemes).toHaveProperty('ApiKey');
  });

  it('describes every response of every operation: each operation called for a success and an error, each body valid against its status', async () => {
    const contract = contractChecker(document);
    async function expectDocumented(operationId: string, response: Response) {
      const body = await contract.expectDocumented(operationId, response);
      expect(API_VERSIONS).toContain(response.headers.get('rampart-version'));
      return body;
    }

    const a = await partner();
    const b = await partner();
    const restricted = (await a.client.ok(CREATE_KEY, { a: a.accountId, l: false, name: 'Reader', r: [{ resource: 'transactions', access: 'read' }] }))
      .createApiKey.secret as string;

    // Test helpers: the data the rest reads.
    const created = (await expectDocumented(
      'createTestTransaction',
      await call('POST', '/v1/test/transactions', a.test, {
        body: {
          kind: 'buy',
          cryptoCurrencyCode: 'eth',
          fiatCurrencyCode: 'eur',
          amount: '100',
          externalCustomerId: 'contract-cust',
          externalTransactionId: 'contract-1',
        },
      }),
    )) as { id: string };
    await call('POST', '/v1/test/transactions', a.test, { body: { kind: 'buy', cryptoCurrencyCode: 'eth', fiatCurrencyCode: 'eur', amount: '50' } });
    await expectDocumented(
      'createTestTransaction',
      await call('POST', '/v1/test/transactions', a.test, { body: { kind: 'teleport', cryptoCurrencyCode: 'eth' } }),
    );
    await expectDocumented('createTestTransaction', await call('POST', '/v1/test/transactions', a.live, { body: { kind: 'buy', cryptoCurrencyCode: 'eth' } }));
    await expectDocumented(
      'createTestTransaction',
      await call('POST', '/v1/test/transactions', restricted, { body: { kind: 'buy', cryptoCurrencyCode: 'eth' } }),
    );
    await expectDocumented('createTestTransaction', await call('POST', '/v1/test/transactions', null, { body: { kind: 'buy', cryptoCurrencyCode: 'eth' } }));
    // Idempotency-Key: the replay, and a key that is not one, are documented answers too.
    const once = { kind: 'buy', cryptoCurrencyCode: 'eth', fiatCurrencyCode: 'eur', amount: '25' };
    const replayedKey = { 'Idempotency-Key': `contract-${Date.now()}` };
    await expectDocumented('createTestTransaction', await call('POST', '/v1/test/transactions', a.test, { body: once, headers: replayedKey }));
    const replay = await call('POST', '/v1/test/transactions', a.test, { body: once, headers: replayedKey });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    await expectDocumented('createTestTransaction', replay);
    await expectDocumented(
      'createTestTransaction',
      await call('POST', '/v1/test/transactions', a.test, { body: once, headers: { 'Idempotency-Key': 'x'.repeat(300) } }),
    );
    const reused = await call('POST', '/v1/test/transactions', a.test, { body: { ...once, amount: '26' }, headers: replayedKey });
    expect(reused.status).toBe(400);
    expect(((await expectDocumented('createTestTransaction', reused)) as { error: object }).error).toMatchObject({ code: 'idempotency_key_reused' });
    // A body that is not JSON is refused before validation, in the documented shape.
    const notJson = await fetch(`${t.baseUrl}/v1/test/transactions`, {
      method: 'POST',
      headers: { authorization: `Api-Key ${a.test}`, 'content-type': 'application/xml' },
      body: '<kind>buy</kind>',
    });
    expect(notJson.status).toBe(415);
    expect(((await expectDocumented('createTestTransaction', notJson)) as { error: object }).error).toMatchObject({ code: 'unsupported_media_type' });

    await expectDocumented(
      'updateTestTransactionStatus',
      await call('POST', `/v1/test/transactions/${created.id}/status`, a.test, { body: { status: 'completed' } }),
    );
    await expectDocumented(
      'updateTestTransactionStatus',
      await call('POST', `/v1/test/transactions/${created.id}/status`, b.test, { body: { status: 'completed' } }),
    );
    await expectDocumented('updateTestTransactionStatus', await call('POST', `/v1/test/transactions/${created.id}/status`, a.test, { body: { status: '' } }));
    await expectDocumented(
      'updateTestTransactionStatus',
      await call('POST', `/v1/test/transactions/${created.id}/status`, a.test, { body: { status: 'waitingPayment' } }),
    );

    // Lists, in both versions, with cursors.
    const first = (await expectDocumented('listTransactions', await call('GET', '/v1/transactions?limit=1', a.test))) as {
      data: Array<{ id: string }>;
      next_cursor: string | null;
      has_more: boolean;
    };
    expect(first.has_more).toBe(true);
    const second = (await expectDocumented('listTransactions', await call('GET', `/v1/transactions?limit=1&starting_after=${first.next_cursor}`, a.test))) as {
      data: Array<{ id: string }>;
      previous_cursor: string | null;
    };
    expect(second.data[0]!.id).not.toBe(first.data[0]!.id);
    const back = (await expectDocumented(
      'listTransactions',
      await call('GET', `/v1/transactions?limit=1&ending_before=${second.previous_cursor}`, a.test),
    )) as { data: Array<{ id: string }> };
    expect(back.data.map((row) => row.id)).toEqual(first.data.map((row) => row.id));
    await expectDocumented('listTransactions', await call('GET', '/v1/transactions?limit=1&offset=1', a.test));
    await expectDocumented('listTransactions', await call('GET', '/v1/transactions', a.test, { headers: { 'Rampart-Version': '2026-06-01' } }));
    await expectDocumented('listTransactions', await call('GET', '/v1/transactions?limit=1000', a.test));
    await expectDocumented('listTransactions', await call('GET', '/v1/transactions?starting_after=not-a-cursor', a.test));
    await expectDocumented('listTransactions', await call('GET', `/v1/transactions?offset=2&starting_after=${first.next_cursor}`, a.test));
    await expectDocumented('listTransactions', await call('GET', '/v1/transactions', a.test, { headers: { 'Rampart-Version': '2020-01-01' } }));
    await expectDocumented('listTransactions', await call('GET', '/v1/transactions', 'sk_test_000000000000000000000000000000000'));

    await expectDocumented('getTransaction', await call('GET', `/v1/transactions/${created.id}`, a.test));
    await expectDocumented('getTransaction', await call('GET', `/v1/transactions/${created.id}`, b.test));
    await expectDocumented('getTransaction', await call('GET', '/v1/transactions/not-a-uuid', a.test));

    const customer = await t.database.pool.query<{ id: string }>(
      `insert into customers (account_id, live_mode, external_customer_id, email) values ($1, false, 'contract-ext', 'contract@example.com') returning id`,
      [a.accountId],
    );
    const customerId = customer.rows[0]!.id;
    await expectDocumented('getCustomer', await call('GET', `/v1/customers/${customerId}`, a.test));
    await expectDocumented('getCustomer', await call('GET', `/v1/customers/${customerId}`, b.test));
    await expectDocumented('getCustomer', await call('GET', `/v1/customers/${customerId}`, restricted));
    await expectDocumented('findCustomer', await call('GET', '/v1/customers?externalCustomerId=contract-ext', a.test));
    await expectDocumented('findCustomer', await call('GET', '/v1/customers?externalCustomerId=contract-ext', b.test));
    await expectDocumented('findCustomer', await call('GET', '/v1/customers', a.test));
    await expectDocumented('findCustomer', await call('GET', '/v1/customers?externalCustomerId=x', 'pk_test_abc'));

    // The per-key rate limit: a key's 301st request in a minute is refused in the documented shape.
    const c = await partner();
    for (let sent = 0; sent < 300; sent += 50) {
      const batch = await Promise.all(Array.from({ length: 50 }, () => call('GET', `/v1/customers/${customerId}`, c.test)));
      for (const response of batch) expect(response.status).toBe(404);
    }
    const limited = await call('GET', `/v1/customers/${customerId}`, c.test);
    expect(limited.status).toBe(429);
    const { error: rateError } = (await expectDocumented('getCustomer', limited)) as { error: { type: string; code: string } };
    expect(rateError).toMatchObject({ type: 'rate_limit_error', code: 'rate_limited' });

    // Every documented operation was called, with a success and an error.
    contract.expectEveryOperationCovered();
  });
});

describe('Rampart-Version', () => {
  it('pins a new account to the current version at its first request; a pinned 2026-06-01 account keeps the old list shape', async () => {
    const a = await partner();
    const pin = async () =>
      (await t.database.pool.query<{ api_version: string | null }>('select api_version from accounts where id = $1', [a.accountId])).rows[0]!.api_version;
    expect(await pin()).toBeNull();
    const first = await call('GET', '/v1/transactions', a.test);
    expect(first.headers.get('rampart-version')).toBe(CURRENT_API_VERSION);
    expect(Object.keys((await first.json()) as object).sort()).toEqual(['data', 'has_more', 'liveMode', 'next_cursor', 'object', 'previous_cursor', 'url']);
    expect(await pin()).toBe(CURRENT_API_VERSION);

    // An account pinned to the first version (as those that used /v1 before versions were) keeps its shape.
    await t.database.pool.query(`update accounts set api_version = '2026-06-01' where id = $1`, [a.accountId]);
    const old = await call('GET', '/v1/transactions?limit=5', a.test);
    expect(old.headers.get('rampart-version')).toBe('2026-06-01');
    expect((await old.json()) as object).toEqual({ data: [], limit: 5, offset: 0, liveMode: false });
    const refusedCursor = await call('GET', '/v1/transactions?starting_after=abc', a.test);
    expect(refusedCursor.status).toBe(400);
    expect(((await refusedCursor.json()) as { error: { param: string } }).error.param).toBe('starting_after');
    // The header chooses per request, and does not move the pin.
    const asked = await call('GET', '/v1/transactions', a.test, { headers: { 'Rampart-Version': CURRENT_API_VERSION } });
    expect(asked.headers.get('rampart-version')).toBe(CURRENT_API_VERSION);
    expect(((await asked.json()) as { object: string }).object).toBe('list');
    expect(await pin()).toBe('2026-06-01');

    const unknown = await call('GET', '/v1/transactions', a.test, { headers: { 'Rampart-Version': '2027-01-01' } });
    expect(unknown.status).toBe(400);
    const { error } = (await unknown.json()) as { error: { type: string; code: string; param: string; message: string } };
    expect(error).toMatchObject({ type: 'invalid_request_error', code: 'api_version_invalid', param: 'Rampart-Version' });
    expect(error.message).toContain(API_VERSIONS.join(', '));
  });

  it('writes each response’s Request-Id to the request log', async () => {
    const a = await partner();
    const response = await call('GET', '/v1/transactions/00000000-0000-4000-8000-000000000000', a.test);
    expect(response.status).toBe(404);
    const requestId = response.headers.get('request-id')!;
    expect(requestId).toMatch(REQUEST_ID_PATTERN);
    expect(((await response.json()) as { error: { request_id: string } }).error.request_id).toBe(requestId);
    await expect
      .poll(async () =>
        (await t.database.pool.query('select request_id from api_request_log where account_id = $1', [a.accountId])).rows.map((row) => row.request_id),
      )
      .toEqual([requestId]);
  });
});
