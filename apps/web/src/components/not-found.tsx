import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ROUTES } from '@/config/routes';
import { hasCsrfToken } from '@/lib/session';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** The error page for an unmatched path (404) with a way back. */
export function NotFound() {
  useDocumentTitle('Page not found · Rampart');
  const signedIn = hasCsrfToken();
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-20 text-center">
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 className="text-3xl font-semibold tracking-tight">Page not found</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild>
        <Link to={signedIn ? ROUTES.dashboard : ROUTES.login}>{signedIn ? 'Back to your dashboard' : 'Back to sign in'}</Link>
      </Button>
    </div>
  );
}
