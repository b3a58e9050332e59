import { lazy, Suspense, useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { createRouter } from '@/app/router';
import { ConsentBanner } from '@/components/consent-banner';
import { RootErrorBoundary } from '@/components/error-boundary';
import { useToast } from '@/hooks/use-toast';

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
  // After the app's own sign-out, an SSO session also ends at the identity provider. Loaded after start-up: the SSO
  // code (and the schema library it validates with) is not needed for the first paint.
  useEffect(() => {
    let active = true;
    let unregister: (() => void) | undefined;
    import('@/features/sso/lib/sso-flow')
      .then(({ registerSsoSignOut }) => {
        if (active) unregister = registerSsoSignOut();
      })
      .catch((error: unknown) => console.info('Could not load single sign-on sign-out', error));
    return () => {
      active = false;
      unregister?.();
    };
  }, []);

  return (
    <RootErrorBoundary>
      <RouterProvider router={router} />
      <LazyToaster />
      <ConsentBanner />
    </RootErrorBoundary>
  );
}
