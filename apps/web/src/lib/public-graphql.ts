import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client/errors';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { GraphQLFormattedError } from 'graphql';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CSRF_HEADER, PREFLIGHT_HEADER } from '@/lib/apollo-link-headers';
import { errorCode } from '@/lib/graphql-errors';
import { clearCsrfToken, getCsrfToken } from '@/lib/session';
import { resetSignedInData } from '@/lib/signed-in-data';

// The public screens (sign-in, sign-up, password and 2FA reset, SSO, invitations) run a handful of operations and
// never read a cache: they use this small fetch client instead of Apollo, so a visitor never downloads Apollo.
// Behaviour matches the signed-in client (lib/apollo-client.ts): the same headers, errors thrown as Apollo's error
// classes (lib/graphql-errors.ts reads them), network failures retried, UNAUTHENTICATED forgets the csrf token.

const GRAPHQL_URI = '/graphql';
const RETRY = { attempts: 5, initialDelayMs: 300 } as const;
const printed = new WeakMap<object, string>();

/**
 * The operation's text. The build prints every document ahead (vite.config.ts, `__printed`), so the public screens
 * never download graphql's printer; unit tests and the dev server print here.
 */
async function queryText(document: TypedDocumentNode<unknown, never>): Promise<string> {
  const built = (document as { __printed?: unknown }).__printed;
  if (typeof built === 'string') return built;
  let text = printed.get(document);
  if (text === undefined) {
    const { print } = await import('graphql');
    text = print(document);
    printed.set(document, text);
  }
  return text;
}

/** Spec §7's retry: only when no answer came back, 300 ms doubling with jitter, 5 attempts in all. */
async function fetchWithRetry(body: string): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fetch(GRAPHQL_URI, {
        method: 'POST',
        credentials: 'same-origin',
        headers: {
          'content-type': 'application/json',
          accept: 'application/graphql-response+json, application/json',
          [CSRF_HEADER]: getCsrfToken(),
          [PREFLIGHT_HEADER]: 'true',
        },
        body,
      });
    } catch (error) {
      if (attempt >= RETRY.attempts) throw error;
      const delay = RETRY.initialDelayMs * 2 ** (attempt - 1);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * delay * 2));
    }
  }
}

/** Runs one operation; answers its data or throws what Apollo would (CombinedGraphQLErrors, ServerError, …). */
export async function requestGraphQL<TData, TVariables>(document: TypedDocumentNode<TData, TVariables>, variables?: TVariables): Promise<TData> {
  const response = await fetchWithRetry(JSON.stringify({ query: await queryText(document), variables: variables ?? {} }));
  const bodyText = await response.text();
  let result: { data?: TData | null; errors?: GraphQLFormattedError[]; extensions?: Record<string, unknown> };
  try {
    result = JSON.parse(bodyText) as typeof result;
  } catch (error) {
    if (!response.ok) throw new ServerError(`Response not successful: Received status code ${response.status}`, { response, bodyText });
    throw new ServerParseError(error, { response, bodyText });
  }
  const errors = result.errors ?? [];
  if (errors.some((error) => errorCode(error) === 'UNAUTHENTICATED')) clearCsrfToken();
  if (!response.ok && !(errors.length && 'data' in result))
    throw new ServerError(`Response not successful: Received status code ${response.status}`, { response, bodyText });
  // As the signed-in client: FORBIDDEN errors beside data are dropped (spec §8).
  const onlyForbidden = errors.length > 0 && errors.every((error) => errorCode(error) === 'FORBIDDEN_ERROR') && result.data != null;
  if (errors.length > 0 && !onlyForbidden) throw new CombinedGraphQLErrors({ data: result.data, errors, extensions: result.extensions }, errors);
  return result.data as TData;
}

interface MutationState<TData> {
  data: TData | undefined;
  loading: boolean;
  error: unknown;
}

/** Apollo's useMutation shape: `const [mutate, { loading }] = usePublicMutation(Doc)`; `await mutate({ variables })` answers `{ data }`. */
export function usePublicMutation<TData, TVariables>(document: TypedDocumentNode<TData, TVariables>) {
  const [state, setState] = useState<MutationState<TData>>({ data: undefined, loading: false, error: undefined });
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  const mutate = useCallback(
    async (options?: { variables?: TVariables }): Promise<{ data: TData }> => {
      setState((previous) => ({ ...previous, loading: true, error: undefined }));
      try {
        const data = await requestGraphQL(document, options?.variables);
        if (mounted.current) setState({ data, loading: false, error: undefined });
        return { data };
      } catch (error) {
        if (mounted.current) setState({ data: undefined, loading: false, error });
        throw error;
      }
    },
    [document],
  );
  return [mutate, state] as const;
}

/** Apollo's useQuery shape for a public screen: fetched once per variables, never cached. */
export function usePublicQuery<TData, TVariables>(document: TypedDocumentNode<TData, TVariables>, options: { variables?: TVariables; skip?: boolean } = {}) {
  const { variables, skip = false } = options;
  const key = JSON.stringify(variables ?? {});
  const [state, setState] = useState<{ key: string | null; data: TData | undefined; error: unknown }>({ key: null, data: undefined, error: undefined });
  useEffect(() => {
    if (skip) return;
    let active = true;
    requestGraphQL(document, JSON.parse(key) as TVariables).then(
      (data) => active && setState({ key, data, error: undefined }),
      (error: unknown) => active && setState({ key, data: undefined, error }),
    );
    return () => {
      active = false;
    };
  }, [document, key, skip]);
  const current = state.key === key;
  return { data: current ? state.data : undefined, error: current ? state.error : undefined, loading: !skip && !current };
}

export { resetSignedInData };
