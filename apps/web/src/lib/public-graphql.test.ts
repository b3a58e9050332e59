import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeApiError } from '@/lib/graphql-errors';
import { requestGraphQL } from '@/lib/public-graphql';
import { getCsrfToken, storeCsrfToken } from '@/lib/session';

const LoginDocument = parse('mutation Test_Login($email: String!) { login(email: $email) { csrfToken } }') as TypedDocumentNode<
  { login: { csrfToken: string } },
  { email: string }
>;

function answer(status: number, body: unknown) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('requestGraphQL (the public screens’ client)', () => {
  it('posts the printed document with the csrf and preflight headers and answers the data', async () => {
    storeCsrfToken('token-1');
    const fetchMock = vi.fn(async () => answer(200, { data: { login: { csrfToken: 'next' } } }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(requestGraphQL(LoginDocument, { email: 'a@b.co' })).resolves.toEqual({ login: { csrfToken: 'next' } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/graphql');
    expect(init.headers).toMatchObject({ 'X-CSRF-TOKEN': 'token-1', 'apollo-require-preflight': 'true', 'content-type': 'application/json' });
    const body = JSON.parse(init.body as string) as { query: string; variables: unknown };
    expect(body.query).toContain('mutation Test_Login($email: String!)');
    expect(body.variables).toEqual({ email: 'a@b.co' });
  });

  it('throws GraphQL errors as Apollo does, so forms show the same field messages', async () => {
    const errors = [{ message: 'Invalid input', extensions: { code: 'BAD_USER_INPUT', fields: { email: 'Enter a valid e-mail.' } } }];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, { data: null, errors })),
    );
    const error = await requestGraphQL(LoginDocument, { email: 'x' }).catch((caught: unknown) => caught);
    expect(CombinedGraphQLErrors.is(error)).toBe(true);
    expect(describeApiError(error)).toEqual({ code: 'BAD_USER_INPUT', message: 'Invalid input', fields: { email: 'Enter a valid e-mail.' } });
  });

  it('reads the errors of a non-2xx answer (rate limit) through ServerError', async () => {
    const errors = [{ message: 'Too many requests', extensions: { code: 'RATE_LIMITED' } }];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(429, { errors })),
    );
    const error = await requestGraphQL(LoginDocument, { email: 'x' }).catch((caught: unknown) => caught);
    expect(ServerError.is(error)).toBe(true);
    expect(describeApiError(error).message).toBe('Too many attempts. Wait a minute and try again.');
  });

  it('forgets the csrf token on UNAUTHENTICATED', async () => {
    storeCsrfToken('stale');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, { data: null, errors: [{ message: 'Sign in', extensions: { code: 'UNAUTHENTICATED' } }] })),
    );
    await expect(requestGraphQL(LoginDocument, { email: 'x' })).rejects.toBeTruthy();
    expect(getCsrfToken()).toBe('');
  });

  it('drops FORBIDDEN errors that come with data', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, { data: { login: { csrfToken: 't' } }, errors: [{ message: 'No', extensions: { code: 'FORBIDDEN_ERROR' } }] })),
    );
    await expect(requestGraphQL(LoginDocument, { email: 'x' })).resolves.toEqual({ login: { csrfToken: 't' } });
  });

  it('retries when no answer came back, then reports the network failure', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    const settled = requestGraphQL(LoginDocument, { email: 'x' }).catch((caught: unknown) => caught);
    await vi.runAllTimersAsync();
    const error = await settled;
    expect(fetchMock).toHaveBeenCalledTimes(5);
    expect(describeApiError(error).message).toBe('We could not reach the server. Check your connection and try again.');
  });
});
