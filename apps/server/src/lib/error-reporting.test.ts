import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestApp, type TestApp } from '../../test/harness.ts';
import { accountWithMember } from '../../test/accounts-helper.ts';
import { createIsolatedDatabase } from '../../test/isolated-database.ts';
import { startFakeSentry } from '../../test/fakes/fake-sentry.ts';

// Unexpected errors reach Sentry's ingest endpoint (a fake on loopback) as envelopes, with the user and account and
// without secrets. The fault is real: a table the operations read is renamed away on a database of this file's own.

let sentry: Awaited<ReturnType<typeof startFakeSentry>>;
let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
let reported: TestApp;
let unreported: TestApp;

beforeAll(async () => {
  sentry = await startFakeSentry();
  database = await createIsolatedDatabase('sentry');
  reported = await startTestApp({ DATABASE_URL: database.url, SENTRY_SERVER_DSN: sentry.dsn(1) });
  unreported = await startTestApp({ DATABASE_URL: database.url });
});
afterAll(async () => {
  await reported?.close();
  await unreported?.close();
  await database?.drop();
  await sentry?.close();
});

const API_KEYS = 'query($accountId: ID!) { apiKeys(accountId: $accountId, liveMode: false) { id } }';
const SECRET_KEY = 'sk_test_Zq8bT3vL1mN5pR7sU9wY2aC4eG6iK0oQ';

async function withApiKeysGone<T>(run: () => Promise<T>): Promise<T> {
  await reported.database.pool.query('alter table api_keys rename to api_keys_gone');
  try {
    return await run();
  } finally {
    await reported.database.pool.query('alter table api_keys_gone rename to api_keys');
  }
}

describe('server errors reported to Sentry (SENTRY_SERVER_DSN)', () => {
  it('a resolver’s unexpected error arrives as an envelope with the exception, the user and account, and no secrets', async () => {
    const partner = await accountWithMember(reported);
    const result = await withApiKeysGone(() =>
      partner.client.gql(API_KEYS, { accountId: partner.accountId }, { authorization: `Bearer ${SECRET_KEY}`, 'x-api-key': SECRET_KEY }),
    );
    expect(errorCode(result)).toBe('INTERNAL_SERVER_ERROR');
    const requestId = result.errors![0]!.extensions!.requestId as string;
    expect(result.errors![0]!.message).toBe(`Something went wrong on our side and the team has been notified. Reference: ${requestId}.`);

    const { envelope, event } = await sentry.nextEvent((candidate) => candidate.tags?.['request.id'] === requestId);
    expect(envelope.path).toBe('/api/1/envelope/');
    expect(envelope.sentryKey).toBe('publickey');
    expect(event.environment).toBe('development');
    const messages = event.exception!.values.map((value) => value.value);
    expect(messages.some((message) => message.includes('relation "api_keys" does not exist'))).toBe(true);
    // Drizzle's message ends in the query's bound values: they are cut.
    const failedQuery = messages.find((message) => message.startsWith('Failed query:'));
    expect(failedQuery).toMatch(/\nparams: \[Filtered\]$/);
    expect(event.user).toEqual({ id: partner.userId });
    expect(event.contexts?.account).toEqual({ id: partner.accountId });
    expect(event.tags?.['account.id']).toBe(partner.accountId);
    expect(event.request).toMatchObject({ method: 'POST', url: '/graphql' });
    expect(event.request!.headers!['user-agent']).toBeDefined();
    for (const name of ['cookie', 'authorization', 'x-csrf-token', 'x-api-key']) expect(event.request!.headers![name]).toBe('[Filtered]');
    expect(event.request!.cookies).toBeUndefined();
    expect(event.request!.data).toBeUndefined();
    // Nowhere in the bytes sent: the session cookie, the CSRF token, the secret key.
    const sessionValue = partner.client.cookie!.split('=')[1]!;
    for (const secret of [sessionValue, partner.client.csrfToken, SECRET_KEY]) expect(envelope.raw).not.toContain(secret);
    expect(envelope.raw).not.toContain(partner.email);
  });

  it('a REST request’s masked 500 is reported without its API key or signed query parameters', async () => {
    const response = await withApiKeysGone(() =>
      fetch(`${reported.baseUrl}/v1/transactions?limit=5&signature=${SECRET_KEY}`, { headers: { authorization: `Api-Key ${SECRET_KEY}` } }),
    );
    expect(response.status).toBe(500);
    const requestId = response.headers.get('request-id')!;
    expect(requestId).toBeTruthy();
    const { envelope, event } = await sentry.nextEvent((candidate) => candidate.tags?.['request.id'] === requestId);
    expect(event.request).toMatchObject({ method: 'GET', url: '/v1/transactions' });
    expect(new URLSearchParams(event.request!.query_string).get('limit')).toBe('5');
    expect(new URLSearchParams(event.request!.query_string).get('signature')).toBe('[Filtered]');
    expect(event.request!.headers!.authorization).toBe('[Filtered]');
    expect(envelope.raw).not.toContain(SECRET_KEY);
  });

  it('unconfigured: nothing is reported and the message does not claim the team was notified', async () => {
    expect(unreported.app.errorReporter.configured).toBe(false);
    const partner = await accountWithMember(unreported);
    const before = sentry.envelopes.length;
    const result = await withApiKeysGone(() => partner.client.gql(API_KEYS, { accountId: partner.accountId }));
    expect(errorCode(result)).toBe('INTERNAL_SERVER_ERROR');
    const requestId = result.errors![0]!.extensions!.requestId as string;
    expect(result.errors![0]!.message).toBe(`Something went wrong on our side. Reference: ${requestId}.`);
    // The reporting app's next error arrives alone: the unconfigured app's never did.
    const other = await accountWithMember(reported);
    const marker = await withApiKeysGone(() => other.client.gql(API_KEYS, { accountId: other.accountId }));
    const markerId = marker.errors![0]!.extensions!.requestId as string;
    await sentry.nextEvent((candidate) => candidate.tags?.['request.id'] === markerId);
    const since = sentry.envelopes.slice(before).flatMap((envelope) => envelope.items.map((item) => item.payload as { tags?: Record<string, string> }));
    expect(since.map((event) => event.tags?.['request.id'])).not.toContain(requestId);
  });
});
