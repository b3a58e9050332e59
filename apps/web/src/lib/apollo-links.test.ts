import { ApolloClient, ApolloLink, InMemoryCache, gql } from '@apollo/client';
import { ServerError } from '@apollo/client/errors';
import { firstValueFrom, Observable, of, throwError } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { createCsrfLink, createErrorPolicyLink } from '@/lib/apollo-links';

const query = gql`
  query Test_Query {
    health
  }
`;
const client = new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.empty() });

function run(link: ApolloLink) {
  return firstValueFrom(ApolloLink.execute(link, { query }, { client }));
}

describe('createCsrfLink', () => {
  it('sends the stored token and the preflight header', async () => {
    let headers: Record<string, string> | undefined;
    const terminating = new ApolloLink((operation) => {
      headers = (operation.getContext() as { headers?: Record<string, string> }).headers;
      return of({ data: { health: 'ok' } });
    });
    await run(ApolloLink.from([createCsrfLink(() => 'token-123'), terminating]));
    expect(headers).toEqual({ 'X-CSRF-TOKEN': 'token-123', 'apollo-require-preflight': 'true' });
  });

  it('sends an empty token when none is stored', async () => {
    let headers: Record<string, string> | undefined;
    const terminating = new ApolloLink((operation) => {
      headers = (operation.getContext() as { headers?: Record<string, string> }).headers;
      return of({ data: { health: 'ok' } });
    });
    await run(ApolloLink.from([createCsrfLink(() => ''), terminating]));
    expect(headers?.['X-CSRF-TOKEN']).toBe('');
  });
});

describe('createErrorPolicyLink', () => {
  const forbidden = { message: 'No', extensions: { code: 'FORBIDDEN_ERROR' } };

  it('discards errors that are all FORBIDDEN_ERROR when data is present', async () => {
    const onUnauthenticated = vi.fn();
    const terminating = new ApolloLink(() => of({ data: { health: 'ok' }, errors: [forbidden, forbidden] }));
    const result = await run(ApolloLink.from([createErrorPolicyLink({ onUnauthenticated }), terminating]));
    expect(result).toEqual({ data: { health: 'ok' } });
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it('keeps FORBIDDEN_ERROR errors when there is no data', async () => {
    const terminating = new ApolloLink(() => of({ data: null, errors: [forbidden] }));
    const result = await run(ApolloLink.from([createErrorPolicyLink({ onUnauthenticated: vi.fn() }), terminating]));
    expect(result.errors).toHaveLength(1);
  });

  it('keeps mixed errors even with data', async () => {
    const other = { message: 'Bad', extensions: { code: 'BAD_USER_INPUT' } };
    const terminating = new ApolloLink(() => of({ data: { health: 'ok' }, errors: [forbidden, other] }));
    const result = await run(ApolloLink.from([createErrorPolicyLink({ onUnauthenticated: vi.fn() }), terminating]));
    expect(result.errors).toHaveLength(2);
  });

  it('calls onUnauthenticated on an UNAUTHENTICATED error in a result', async () => {
    const onUnauthenticated = vi.fn();
    const terminating = new ApolloLink(() => of({ data: null, errors: [{ message: 'Sign in', extensions: { code: 'UNAUTHENTICATED' } }] }));
    await run(ApolloLink.from([createErrorPolicyLink({ onUnauthenticated }), terminating]));
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('calls onUnauthenticated when a non-2xx answer carries UNAUTHENTICATED', async () => {
    const onUnauthenticated = vi.fn();
    const bodyText = JSON.stringify({ errors: [{ message: 'Sign in', extensions: { code: 'UNAUTHENTICATED' } }] });
    const response = new Response(bodyText, { status: 401 });
    const terminating = new ApolloLink(() => throwError(() => new ServerError('401', { response, bodyText })) as Observable<ApolloLink.Result>);
    await expect(run(ApolloLink.from([createErrorPolicyLink({ onUnauthenticated }), terminating]))).rejects.toThrow();
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('leaves other errors alone', async () => {
    const onUnauthenticated = vi.fn();
    const terminating = new ApolloLink(() => of({ data: null, errors: [{ message: 'Bad', extensions: { code: 'BAD_USER_INPUT' } }] }));
    const result = await run(ApolloLink.from([createErrorPolicyLink({ onUnauthenticated }), terminating]));
    expect(result.errors).toHaveLength(1);
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });
});
