import { useMutation } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ROUTES } from '@/config/routes';
import { ConfirmEmailAddressMutation } from '@/features/auth/api/confirm-email';
import { AuthCard } from '@/components/auth-card';
import { ErrorAlert, SuccessAlert } from '@/components/form-alert';
import { TextLink } from '@/features/auth/components/text-link';
import { describeApiError } from '@/lib/graphql-errors';

/** Confirms an e-mail change with the code from the link (?code=). */
export function ConfirmEmail({ code }: { code: string | null }) {
  const [confirm, { data }] = useMutation(ConfirmEmailAddressMutation);
  const [error, setError] = useState<string | null>(code ? null : 'The confirmation link is missing its code.');
  const started = useRef(false);

  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    confirm({ variables: { confirmationCode: code } }).catch((caught: unknown) => setError(describeApiError(caught).message));
  }, [code, confirm]);

  const email = data?.confirmEmailAddress.email;
  return (
    <AuthCard title="Confirm your new e-mail">
      {email ? (
        <SuccessAlert title="E-mail confirmed">
          You now sign in with <strong className="font-medium">{email}</strong>.
        </SuccessAlert>
      ) : error ? (
        <ErrorAlert title="Could not confirm your e-mail" message={error} />
      ) : (
        <div className="flex items-center gap-3 text-sm text-muted-foreground">
          <Spinner label="Confirming your e-mail" /> Confirming your e-mail…
        </div>
      )}
      <Button asChild variant="outline">
        <TextLink to={ROUTES.dashboard} className="text-foreground hover:no-underline">
          Go to your dashboard
        </TextLink>
      </Button>
    </AuthCard>
  );
}
