import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PAGE_VIEW_EXCLUDED_PATHS } from '@/config/routes';
import { UnsavedChangesProvider } from '@/hooks/use-unsaved-changes';
import { trackPageView } from '@/lib/analytics';

/** Router root: scroll to the top and send a page view on every path change (spec §2); screens with unsaved edits ask before they are left. */
export function RootRoute() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
    const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    if (!PAGE_VIEW_EXCLUDED_PATHS.includes(normalized)) trackPageView(normalized);
  }, [pathname]);
  return (
    <UnsavedChangesProvider>
      <Outlet />
    </UnsavedChangesProvider>
  );
}
