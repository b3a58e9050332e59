import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { createRouter } from '@/app/router';
import { ConsentBanner } from '@/components/consent-banner';
import { RootErrorBoundary } from '@/components/error-boundary';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { isPublicPath, ROUTES } from '@/config/routes';
import { createApolloClient } from '@/lib/apollo-client';
import { registerSsoSignOut } from '@/features/sso/lib/sso-flow';

const router = createRouter();

function onUnauthenticated() {
  const { pathname, search, hash } = router.state.location;
  // Public screens answer their own errors; only a signed-in area bounces to /login.
  if (isPublicPath(pathname)) return;
  const from = `${pathname}${search}${hash}`;
  void router.navigate(`${ROUTES.login}?from=${encodeURIComponent(from)}`, { replace: true, state: { from } });
}

export function App() {
  const [client, setClient] = useState<ApolloClient | null>(null);

  useEffect(() => {
    setClient(createApolloClient({ onUnauthenticated }));
  }, []);
  // After the app's own sign-out, an SSO session also ends at the identity provider.
  useEffect(() => registerSsoSignOut(), []);

  return (
    <RootErrorBoundary>
      {client ? (
        <ApolloProvider client={client}>
          <TooltipProvider delayDuration={300}>
            <RouterProvider router={router} />
            <Toaster />
            <ConsentBanner />
          </TooltipProvider>
        </ApolloProvider>
      ) : (
        <div role="status" className="flex min-h-screen items-center justify-center text-sm text-muted-foreground">
          Loading...
        </div>
      )}
    </RootErrorBoundary>
  );
}
