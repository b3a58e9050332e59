import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { CrashScreen } from '@/components/crash-screen';
import { NotFound } from '@/components/not-found';
import { reportError } from '@/lib/error-reporting';

/** The router's errorElement: 404 responses show the not-found page, anything else the crash screen. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (!notFound) reportError(error);
  }, [error, notFound]);
  if (notFound) {
    return (
      <main className="min-h-screen bg-background px-4">
        <NotFound />
      </main>
    );
  }
  return <CrashScreen />;
}
