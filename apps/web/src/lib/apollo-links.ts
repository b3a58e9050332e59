import { ApolloLink } from '@apollo/client';
import type { GraphQLFormattedError } from 'graphql';
import { Observable } from 'rxjs';
import { errorCode, graphQLErrorsOf } from '@/lib/graphql-errors';

// The link logic of spec §7/§8, kept pure (no window, no router) so it can be unit-tested.

import { CSRF_HEADER, PREFLIGHT_HEADER } from '@/lib/apollo-link-headers';

export { CSRF_HEADER, PREFLIGHT_HEADER };

/** Adds the CSRF token (empty when missing) and the preflight-forcing header to every request. */
export function createCsrfLink(getToken: () => string): ApolloLink {
  return new ApolloLink((operation, forward) => {
    operation.setContext((previous: { headers?: Record<string, string> }) => ({
      headers: {
        ...previous.headers,
        [CSRF_HEADER]: getToken(),
        [PREFLIGHT_HEADER]: 'true',
      },
    }));
    return forward(operation);
  });
}

function isUnauthenticated(errors: readonly GraphQLFormattedError[] | undefined): boolean {
  return !!errors?.some((error) => errorCode(error) === 'UNAUTHENTICATED');
}

function allForbidden(errors: readonly GraphQLFormattedError[]): boolean {
  return errors.length > 0 && errors.every((error) => errorCode(error) === 'FORBIDDEN_ERROR');
}

export interface ErrorPolicyOptions {
  /** Called on any UNAUTHENTICATED error: remove the csrf token and go to /login. */
  onUnauthenticated: () => void;
}

/**
 * - any UNAUTHENTICATED error (in a result, or in a non-2xx body) → onUnauthenticated();
 * - a result whose errors are all FORBIDDEN_ERROR and that has data → the errors are discarded.
 */
export function createErrorPolicyLink({ onUnauthenticated }: ErrorPolicyOptions): ApolloLink {
  return new ApolloLink(
    (operation, forward) =>
      new Observable<ApolloLink.Result>((observer) => {
        const subscription = forward(operation).subscribe({
          next(result) {
            const errors = 'errors' in result ? result.errors : undefined;
            if (isUnauthenticated(errors)) onUnauthenticated();
            const data = 'data' in result ? result.data : undefined;
            if (errors && allForbidden(errors) && data !== null && data !== undefined) {
              const { errors: _discarded, ...rest } = result as ApolloLink.Result & { errors?: unknown };
              observer.next(rest as ApolloLink.Result);
              return;
            }
            observer.next(result);
          },
          error(error: unknown) {
            if (isUnauthenticated(graphQLErrorsOf(error))) onUnauthenticated();
            observer.error(error);
          },
          complete() {
            observer.complete();
          },
        });
        return () => subscription.unsubscribe();
      }),
  );
}
