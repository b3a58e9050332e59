import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { UnsavedChangesProvider } from '@/hooks/use-unsaved-changes';
import { pageViewPath, trackPageView } from '@/lib/analytics';

/** Router root: scroll to the top and send a page view on every path change (spec §2); screens with unsaved edits ask before they are left. */
export function RootRoute() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
    // Every path, the reset routes too: lib/analytics.ts skips those itself and keeps gtag.js away while one is open.
    trackPageView(pageViewPath(pathname));
  }, [pathname]);
  return (
    <UnsavedChangesProvider>
      <Outlet />
    </UnsavedChangesProvider>
  );
}
