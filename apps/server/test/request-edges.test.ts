/**
 * What a client gets when a request is refused before any resolver runs: the request rate limit, a body over the
 * limit, values the schema cannot coerce, and text no column can hold in the CSV export's parameters. And how answers
 * travel: compressed when large and accepted.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_INDUSTRIES, COUNTRY_CODES, EXPECTED_MONTHLY_VOLUMES, PRODUCT_INTERESTS } from '@rampart/shared/onboarding';
import { startTestApp, type TestApp, useTestApp } from './harness.ts';
import { accountWithMember } from './accounts-helper.ts';

const t = useTestApp();

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${t.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true', ...headers }, body });

const VALID_ONBOARDING = {
  accountName: 'Renamed',
  legalName: 'Renamed Ltd',
  country: COUNTRY_CODES[0],
  industry: BUSINESS_INDUSTRIES[0],
  websiteUrls: ['https://acme.example'],
  productInterests: [PRODUCT_INTERESTS[0]],
  expectedMonthlyVolume: EXPECTED_MONTHLY_VOLUMES[0],
};

describe('values the schema cannot coerce', () => {
  const AUDIT = 'query($a: ID!, $from: DateTime) { accountAuditEvents(accountId: $a, from: $from) { totalCount } }';

  it('a malformed DateTime variable is BAD_USER_INPUT naming the variable and the format, on first and compiled runs, even anonymously', async () => {
    const member = await accountWithMember(t);
    const visitor = t.client();
    // The same document twice: graphql-js coerces the first run, the JIT-compiled query the next ones.
    for (const client of [member.client, member.client, visitor, visitor]) {
      const result = await client.gql(AUDIT, { a: member.accountId, from: 'yesterday' });
      expect(result.status).toBe(200);
      expect(result.errors).toHaveLength(1);
      expect(result.errors![0]!.extensions).toEqual({ code: 'BAD_USER_INPUT', fields: { from: expect.stringContaining('ISO-8601') } });
      expect(result.errors![0]!.message).toBe('Variable "$from": DateTime values are ISO-8601 date-times with an offset, such as "2026-01-31T00:00:00Z".');
    }
  });

  it('a malformed literal names its argument; a malformed Decimal too', async () => {
    const member = await accountWithMember(t);
    const literal = await member.client.gql(
      `query { transactions(accountId: "${member.accountId}", liveMode: false, minCreatedAt: "2024-13-45") { totalCount } }`,
    );
    expect(literal.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', fields: { minCreatedAt: expect.stringContaining('ISO-8601') } });
    expect(literal.errors?.[0]?.message).toMatch(/^Argument "minCreatedAt": DateTime values/);
    const decimal = await member.client.gql(
      'query($a: ID!, $minAmount: Decimal) { transactions(accountId: $a, liveMode: false, minAmount: $minAmount) { totalCount } }',
      {
        a: member.accountId,
        minAmount: '1e5',
      },
    );
    expect(decimal.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', fields: { minAmount: expect.stringContaining('no exponent') } });
  });

  it('featureFlags with an accountId that is not an id is BAD_USER_INPUT', async () => {
    const member = await accountWithMember(t);
    const result = await member.client.gql('query { featureFlags(accountId: "nope") { key } }');
    expect(result.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', fields: { accountId: 'accountId is not an account id.' } });
  });

  it('NUL or an unpaired surrogate deep inside an input is refused naming its path, and nothing is written', async () => {
    const member = await accountWithMember(t);
    const before = await t.database.pool.query(`select count(*)::int as n from audit_events where actor_user_id = $1`, [member.userId]);
    const result = await member.client.gql('mutation($a: ID!, $input: OnboardingInfoInput!) { updateOnboardingInfo(accountId: $a, input: $input) { id } }', {
      a: member.accountId,
      input: { ...VALID_ONBOARDING, websiteUrls: ['https://acme.example', 'https://acme.example/\ud800'] },
    });
    expect(result.errors?.[0]?.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      fields: { 'input.websiteUrls[1]': expect.stringContaining('unpaired surrogates') },
    });
    expect(result.errors?.[0]?.message).toBe('input.websiteUrls[1] cannot contain NUL characters or unpaired surrogates.');
    const nul = await member.client.gql('mutation($a: ID!, $input: OnboardingInfoInput!) { updateOnboardingInfo(accountId: $a, input: $input) { id } }', {
      a: member.accountId,
      input: { ...VALID_ONBOARDING, useCase: 'Payouts\u0000' },
    });
    expect(nul.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', fields: { 'input.useCase': expect.stringContaining('NUL') } });
    const after = await t.database.pool.query(`select count(*)::int as n from audit_events where actor_user_id = $1`, [member.userId]);
    expect(after.rows[0].n).toBe(before.rows[0].n);
    const account = await t.database.pool.query(`select name from accounts where id = $1`, [member.accountId]);
    expect(account.rows[0].name).toBe('Test Account');
    // The same input without the bad character goes through: only that character was refused.
    await member.client.ok('mutation($a: ID!, $input: OnboardingInfoInput!) { updateOnboardingInfo(accountId: $a, input: $input) { id } }', {
      a: member.accountId,
      input: VALID_ONBOARDING,
    });
    expect((await t.database.pool.query(`select name from accounts where id = $1`, [member.accountId])).rows[0].name).toBe('Renamed');
  });
});

describe('the CSV export', () => {
  it('refuses a parameter with NUL with a 400 naming it', async () => {
    const member = await accountWithMember(t);
    const response = await fetch(`${t.baseUrl}/exports/transactions.csv?accountId=${member.accountId}&liveMode=false&kind=buy&searchString=a%00b`, {
      headers: { cookie: member.client.cookie!, 'x-csrf-token': member.client.csrfToken },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: Array<{ message: string; extensions: { code: string; fields: Record<string, string> } }> };
    expect(body.errors[0]!.extensions.code).toBe('BAD_USER_INPUT');
    expect(Object.keys(body.errors[0]!.extensions.fields)).toEqual(['searchString']);
  });
});

describe('a body over the limit', () => {
  const huge = JSON.stringify({ query: '{ health }', variables: { padding: 'x'.repeat(1_100_000) } });

  it('is 413 with a JSON error on /graphql', async () => {
    const response = await post('/graphql', huge);
    expect(response.status).toBe(413);
    const body = (await response.json()) as { errors: Array<{ message: string; extensions: { code: string } }> };
    expect(body.errors[0]).toEqual({ message: 'The request body is larger than the 1 MiB limit.', extensions: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('is 413 with a JSON error on /v1', async () => {
    const member = await accountWithMember(t);
    const keys = (await member.client.ok('query($a: ID!) { apiKeys(accountId: $a, liveMode: false) { type secret } }', { a: member.accountId }))
      .apiKeys as Array<{ type: string; secret: string }>;
    const secret = keys.find((key) => key.type === 'secret')!.secret;
    const response = await post('/v1/transactions', huge, { authorization: `Api-Key ${secret}` });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'body_too_large',
        message: 'The request body is larger than the 1 MiB limit.',
        request_id: response.headers.get('request-id'),
      },
    });
  });
});

describe('the request rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('answers /graphql with HTTP 429, Retry-After and RATE_LIMITED with the seconds to wait', async () => {
    const client = limited.client('10.20.30.40');
    for (let i = 0; i < 3; i += 1) expect((await client.gql('{ health }')).status).toBe(200);
    const response = await fetch(`${limited.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true', 'x-forwarded-for': '10.20.30.40' },
      body: JSON.stringify({ query: '{ health }' }),
    });
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    const body = (await response.json()) as { errors: Array<{ message: string; extensions: { code: string; retryAfterSeconds: number } }> };
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]!.extensions).toEqual({ code: 'RATE_LIMITED', retryAfterSeconds: retryAfter });
    expect(body.errors[0]!.message).toBe(`Too many requests. Try again in ${retryAfter} seconds.`);
    // Another client is not held back.
    expect((await limited.client('10.20.30.41').gql('{ health }')).status).toBe(200);
  });
});

describe('GraphQL answers on the wire', () => {
  const AUDIT = 'query($a: ID!, $take: Int) { accountAuditEvents(accountId: $a, take: $take) { totalCount items { id operation changes } } }';

  /** The raw bytes and headers (fetch would decompress them). */
  function rawPost(body: string, headers: Record<string, string>): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const request = http.request(
        `${t.baseUrl}/graphql`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true', ...headers } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  it('are brotli or gzip as the client accepts from 1 KB, on the event loop or off it, and the same JSON once decoded', async () => {
    const member = await accountWithMember(t);
    // 200 audit rows of about 600 bytes each: 5 of them make a small answer, 200 one over 64 KB (compressed off the event loop).
    await t.database.pool.query(
      `insert into audit_events (account_id, operation, kind, outcome, changes)
       select $1, 'updateAccount', 'mutation', 'success', jsonb_build_object('note', repeat('Lorem ipsum dolor sit amet ', 20) || i) from generate_series(1, 200) i`,
      [member.accountId],
    );
    const session = { 'x-csrf-token': member.client.csrfToken, cookie: member.client.cookie! };
    for (const take of [5, 200]) {
      const body = JSON.stringify({ query: AUDIT, variables: { a: member.accountId, take } });
      const plain = await rawPost(body, session);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const answer = JSON.parse(plain.body.toString('utf8')) as { data: { accountAuditEvents: { items: unknown[] } } };
      expect(answer.data.accountAuditEvents.items).toHaveLength(take);
      expect(plain.body.length).toBeGreaterThan(take === 5 ? 1024 : 64 * 1024);

      const br = await rawPost(body, { ...session, 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(br.body.length).toBeLessThan(plain.body.length / 3);
      expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString('utf8'))).toEqual(answer);

      const gzip = await rawPost(body, { ...session, 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(zlib.gunzipSync(gzip.body).toString('utf8'))).toEqual(answer);

      const refused = await rawPost(body, { ...session, 'accept-encoding': 'br;q=0, gzip;q=0' });
      expect(refused.headers['content-encoding']).toBeUndefined();
    }
  });

  it('stay as they are below 1 KB', async () => {
    const small = await rawPost(JSON.stringify({ query: '{ health }' }), { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8'))).toEqual({ data: { health: expect.any(String) } });
  });

  it("carry the headers that protect JSON, not the page's policy: nothing loads from an answer or frames it", async () => {
    const answer = await rawPost(JSON.stringify({ query: '{ health }' }), {});
    expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['strict-transport-security']).toMatch(/^max-age=/);
    expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    for (const pageOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-xss-protection'])
      expect(answer.headers[pageOnly], pageOnly).toBeUndefined();
    // The rest of the app keeps the page's policy.
    expect((await fetch(`${t.baseUrl}/healthz`)).headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});
