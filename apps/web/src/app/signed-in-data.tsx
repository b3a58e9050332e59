import { ApolloProvider } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { Outlet, useNavigate, type NavigateFunction } from 'react-router';
import { isPublicPath, ROUTES } from '@/config/routes';
import { createApolloClient } from '@/lib/apollo-client';
import { rememberSignedInClient, signedInClient } from '@/lib/signed-in-data';

// Loaded with the first signed-in screen: Apollo, its cache and links are not part of the public screens' download.

let navigate: NavigateFunction | null = null;

function onUnauthenticated() {
  const { pathname, search, hash } = window.location;
  // Public screens answer their own errors; only a signed-in area bounces to /login.
  if (isPublicPath(pathname) || !navigate) return;
  const from = `${pathname}${search}${hash}`;
  void navigate(`${ROUTES.login}?from=${encodeURIComponent(from)}`, { replace: true, state: { from } });
}

/** Provides the one Apollo client of the page to every signed-in route. */
export default function SignedInData() {
  const currentNavigate = useNavigate();
  // Handed to onUnauthenticated after render (a request can only fail after the first one was sent).
  useEffect(() => {
    navigate = currentNavigate;
  }, [currentNavigate]);
  const [client] = useState(() => signedInClient() ?? rememberSignedInClient(createApolloClient({ onUnauthenticated })));
  return (
    <ApolloProvider client={client}>
      <Outlet />
    </ApolloProvider>
  );
}
