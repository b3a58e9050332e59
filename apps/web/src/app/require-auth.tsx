import { Navigate, Outlet, useLocation } from 'react-router';
import { ROUTES } from '@/config/routes';
import { hasCsrfToken } from '@/lib/session';

/** Protected routes need a csrfToken; otherwise go to /login remembering where the visitor was going. */
export function RequireAuth() {
  const location = useLocation();
  if (hasCsrfToken()) return <Outlet />;
  const from = `${location.pathname}${location.search}${location.hash}`;
  return <Navigate to={`${ROUTES.login}?from=${encodeURIComponent(from)}`} state={{ from }} replace />;
}
