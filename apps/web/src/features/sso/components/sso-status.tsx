import type { ReactNode } from 'react';

import { Link } from 'react-router';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ROUTES } from '@/config/routes';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** What the SSO pages show: a loading element while the flow runs, or "Error: message" with a way back. */
export function SsoStatus({ title, error, children }: { title: string; error: string | null; children?: ReactNode }) {
  useDocumentTitle(`${title} · Rampart`);
  return (
    <Card className="w-full max-w-md gap-5 shadow-md">
      <CardHeader>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {error ? (
          <>
            <p role="alert" className="text-sm text-destructive">
              Error: {error}
            </p>
            <Link to={ROUTES.login} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
              Back to sign-in
            </Link>
          </>
        ) : (
          <div className="flex items-center gap-3 text-sm text-muted-foreground">
            <Spinner className="size-5" label="Signing you in" />
            {children ?? 'Signing you in…'}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
