import { CircleAlertIcon, KeyRoundIcon, LogInIcon } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { MyAccountClient } from '@/features/sso/lib/my-account';
import type { MyAccountError } from '@/features/sso/lib/my-account-errors';

/**
 * An account-management failure in words: a missing access token with "Sign in again" (single sign-on returning
 * here), a step-up on its way to the provider, or the provider's own summary.
 */
export function MyAccountAlert({ error, client, title }: { error: MyAccountError | null; client: MyAccountClient | null; title: string }) {
  const location = useLocation();
  const [leaving, setLeaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!error) return null;

  async function signInAgain() {
    if (!client) return;
    setLeaving(true);
    setFailure(null);
    try {
      await client.signInAgain(`${location.pathname}${location.search}`);
    } catch (caught) {
      setLeaving(false);
      setFailure(caught instanceof Error ? caught.message : 'Could not start single sign-on.');
    }
  }

  if (error.kind === 'step-up') {
    return (
      <Alert>
        <KeyRoundIcon aria-hidden />
        <AlertTitle>Confirm it’s you</AlertTitle>
        <AlertDescription>
          <p>{error.message}</p>
          <p className="flex items-center gap-2">
            <Spinner label="Redirecting to your identity provider" /> Taking you to your identity provider ({client?.host}) to sign in again; you come back here
            afterwards.
          </p>
        </AlertDescription>
      </Alert>
    );
  }

  const missingToken = error.kind === 'missing-token';
  return (
    <Alert variant="destructive">
      <CircleAlertIcon aria-hidden />
      <AlertTitle>{missingToken ? 'Sign in to your identity provider again' : title}</AlertTitle>
      <AlertDescription>
        <p>{error.message}</p>
        {missingToken && (
          <>
            <p className="text-muted-foreground">
              Your single sign-on has ended on this device, so {client?.host ?? 'your identity provider'} cannot be asked for your account.
            </p>
            <Button type="button" variant="outline" size="sm" className="mt-1" disabled={!client || leaving} onClick={() => void signInAgain()}>
              {leaving ? <Spinner label="Redirecting to your identity provider" /> : <LogInIcon aria-hidden />}
              Sign in again
            </Button>
            {failure && <p>Error: {failure}</p>}
          </>
        )}
      </AlertDescription>
    </Alert>
  );
}
