/**
 * What a client gets when a request is refused before any resolver runs: the request rate limit, a body over the
 * limit, values the schema cannot coerce, and text no column can hold in the CSV export's parameters.
 */
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
