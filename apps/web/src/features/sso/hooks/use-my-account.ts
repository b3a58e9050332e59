import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { SsoConfig } from '@/features/sso/lib/okta-auth';
import { loadMyAccountClient, type MyAccountClient } from '@/features/sso/lib/my-account';
import { MISSING_ACCESS_TOKEN, MyAccountError, toMyAccountError } from '@/features/sso/lib/my-account-errors';

/** The account-management client of the configured provider (okta-auth-js loads on first use). */
export function useMyAccountClient(config: SsoConfig): { client: MyAccountClient | null; error: MyAccountError | null } {
  const [state, setState] = useState<{ client: MyAccountClient | null; error: MyAccountError | null }>({ client: null, error: null });
  const { issuer, clientId, authorizeUrl, tokenUrl, revokeUrl, logoutUrl } = config;
  const configRef = useRef(config);
  useLayoutEffect(() => {
    configRef.current = config;
  });

  useEffect(() => {
    let active = true;
    loadMyAccountClient(configRef.current)
      // Without tokens every card would fail alike: one "Sign in again" says it for the page.
      .then((client) => active && setState({ client, error: client.hasTokens() ? null : new MyAccountError('missing-token', MISSING_ACCESS_TOKEN) }))
      .catch((caught: unknown) => active && setState({ client: null, error: toMyAccountError(caught, new URL(issuer).host) }));
    return () => {
      active = false;
    };
  }, [issuer, clientId, authorizeUrl, tokenUrl, revokeUrl, logoutUrl]);
  return state;
}

/**
 * Turns a failed call into a MyAccountError and, when the provider asks for a more recent sign-in, leaves for it
 * (step-up) so the user comes back to this screen. The error is answered either way, to be shown meanwhile.
 */
export function useMyAccountFailure(client: MyAccountClient): (caught: unknown) => MyAccountError {
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  return useCallback(
    (caught: unknown) => {
      const error = toMyAccountError(caught, client.host);
      if (error.kind === 'step-up') {
        client.signInAgain(returnTo, error).catch((failure: unknown) => console.info('Could not start the step-up sign-in', failure));
      }
      return error;
    },
    [client, returnTo],
  );
}

export interface MyAccountResource<T> {
  data: T | undefined;
  error: MyAccountError | null;
  loading: boolean;
  /** Loads again (after a change), keeping what is shown until the answer arrives. */
  reload: () => Promise<void>;
  /** Replaces what is shown with a value a change answered. */
  set: (value: T) => void;
}

/** One resource of the account-management API, loaded when the client is ready. */
export function useMyAccountResource<T>(client: MyAccountClient, load: (client: MyAccountClient) => Promise<T>): MyAccountResource<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<MyAccountError | null>(null);
  const [loading, setLoading] = useState(true);
  const loadRef = useRef(load);
  useLayoutEffect(() => {
    loadRef.current = load;
  });
  const generation = useRef(0);

  const reload = useCallback(async () => {
    const current = ++generation.current;
    setLoading(true);
    try {
      const value = await loadRef.current(client);
      if (current !== generation.current) return;
      setData(value);
      setError(null);
    } catch (caught) {
      if (current !== generation.current) return;
      setError(toMyAccountError(caught, client.host));
    } finally {
      if (current === generation.current) setLoading(false);
    }
  }, [client]);

  useEffect(() => {
    void reload();
    return () => {
      generation.current += 1;
    };
  }, [reload]);

  const set = useCallback((value: T) => {
    generation.current += 1;
    setData(value);
    setError(null);
    setLoading(false);
  }, []);

  return { data, error, loading, reload, set };
}
