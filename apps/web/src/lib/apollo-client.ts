import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { CombinedGraphQLErrors, CombinedProtocolErrors, ServerError, ServerParseError } from '@apollo/client/errors';
import { RetryLink } from '@apollo/client/link/retry';
import { createCsrfLink, createErrorPolicyLink } from '@/lib/apollo-links';
import { CUSTOMER_TYPE_POLICY, POSSIBLE_TYPES } from '@/lib/cache-policies';
import { selectedAccountIdVar, testModeVar } from '@/lib/local-state';
import { clearCsrfToken, getCsrfToken } from '@/lib/session';
import { createUploadHttpLink } from '@/lib/upload-link';

export const GRAPHQL_URI = '/graphql';

/** Retries only when the request never got an answer (spec §7: 300 ms exponential backoff, 5 attempts). */
function isNetworkFailure(error: unknown): boolean {
  return !(CombinedGraphQLErrors.is(error) || CombinedProtocolErrors.is(error) || ServerError.is(error) || ServerParseError.is(error));
}

export function createCache(): InMemoryCache {
  return new InMemoryCache({
    possibleTypes: POSSIBLE_TYPES,
    typePolicies: {
      Customer: CUSTOMER_TYPE_POLICY,
      // One per account, without an id: the theme editor reads its settings and its preview URL in two queries.
      ThemeEditorSettings: { merge: true },
      Query: {
        fields: {
          selectedAccountId: { read: () => selectedAccountIdVar() },
          testMode: { read: () => testModeVar() },
        },
      },
    },
  });
}

export interface CreateApolloClientOptions {
  /** Navigates to /login; called after the stored csrf token was removed. */
  onUnauthenticated: () => void;
}

export function createApolloClient({ onUnauthenticated }: CreateApolloClientOptions): ApolloClient {
  const link = ApolloLink.from([
    createErrorPolicyLink({
      onUnauthenticated: () => {
        clearCsrfToken();
        onUnauthenticated();
      },
    }),
    new RetryLink({
      delay: { initial: 300, max: Infinity, jitter: true },
      attempts: { max: 5, retryIf: (error) => isNetworkFailure(error) },
    }),
    createCsrfLink(getCsrfToken),
    createUploadHttpLink(GRAPHQL_URI),
  ]);
  // No LocalState: no document has an @client field. The client-only `selectedAccountId` and `testMode` (spec §3, §9)
  // are the Query type policies above, read from reactive variables; Apollo's @client resolver engine (about 2.5 KB
  // compressed) would serve no query.
  return new ApolloClient({ cache: createCache(), link });
}
