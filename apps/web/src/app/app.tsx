import { lazy, Suspense, useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { createRouter } from '@/app/router';
import { RootErrorBoundary } from '@/components/error-boundary';
import { mayHaveSsoSession } from '@/features/sso/lib/sso-presence';
import { useToast } from '@/hooks/use-toast';
import { SIGNED_OUT_EVENT } from '@/lib/session';

const router = createRouter();
// Radix Toast arrives with the first toast, not with every page.
const Toaster = lazy(() => import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })));

function LazyToaster() {
  const { toasts } = useToast();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

// The Apollo client and the tooltip provider come with the signed-in routes (app/signed-in-data.tsx); public
// screens use lib/public-graphql.ts and never load them.
export function App() {
  // After the app's own sign-out, an SSO session also ends at the identity provider. The SSO code (okta-auth-js and the
  // schema library) loads after start-up only when this browser holds an SSO session; otherwise the sign-out event
  // checks again (a sign-in through SSO in this page load stored tokens since) and loads it then.
  useEffect(() => {
    let active = true;
    let unregister: (() => void) | undefined;
    const load = () => import('@/features/sso/lib/sso-flow');
    if (mayHaveSsoSession()) {
      load()
        .then(({ registerSsoSignOut }) => {
          if (active) unregister = registerSsoSignOut();
        })
        .catch((error: unknown) => console.info('Could not load single sign-on sign-out', error));
    } else {
      const onSignedOut = () => {
        if (!mayHaveSsoSession()) return;
        load()
          .then(({ signOutOfIdentityProvider }) => signOutOfIdentityProvider())
          .catch((error: unknown) => console.info('Signing out of the identity provider failed', error));
      };
      window.addEventListener(SIGNED_OUT_EVENT, onSignedOut);
      unregister = () => window.removeEventListener(SIGNED_OUT_EVENT, onSignedOut);
    }
    return () => {
      active = false;
      unregister?.();
    };
  }, []);

  return (
    <RootErrorBoundary>
      <RouterProvider router={router} />
      <LazyToaster />
    </RootErrorBoundary>
  );
}
