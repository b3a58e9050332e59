import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { otpCodeSchema } from '@rampart/shared/identity-schemas';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { ShieldAlertIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { z } from 'zod';
import { Form } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { ROUTES } from '@/config/routes';
import { InitializeOtpMutation, RegisterOtpMutation } from '@/features/auth/api/two-factor';
import { AuthCard } from '@/components/auth-card';
import { ErrorAlert } from '@/components/form-alert';
import { useServerSubmit } from '@/hooks/use-server-submit';
import { toast } from '@/hooks/use-toast';
import { describeApiError } from '@/lib/graphql-errors';
import { CodeField } from '@/components/form/code-field';
import { RecoveryCodesList } from '@/components/recovery-codes-list';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/form/submit-button';

const schema = z.object({ otpToken: otpCodeSchema });

export function SetupTwoFactor() {
  const navigate = useNavigate();
  // The shell sends staff here before their first staff screen (?reason=staff).
  const [params] = useSearchParams();
  const forStaff = params.get('reason') === 'staff';
  const [initialize, { data: setupData, loading: initializing }] = useMutation(InitializeOtpMutation);
  const [register] = useMutation(RegisterOtpMutation);
  const [setupError, setSetupError] = useState<string | null>(null);
  // Shown once, right after two-factor authentication is on: the server never returns them again.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const started = useRef(false);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { otpToken: '' } });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    initialize().catch((error: unknown) => setSetupError(describeApiError(error).message));
  }, [initialize]);

  const { onSubmit, generalError } = useServerSubmit(form, { otpToken: 'otpToken' }, async (values) => {
    const { data } = await register({ variables: values });
    setRecoveryCodes(data?.registerOtp.recoveryCodes ?? []);
  });

  if (recoveryCodes) {
    return (
      <AuthCard
        title="Save your recovery codes"
        description="Two-factor authentication is on. If you lose your authenticator, each of these codes signs you in once instead of its code. Keep them somewhere safe: they are not shown again."
        className="max-w-lg"
      >
        <RecoveryCodesList codes={recoveryCodes} />
        <Button
          type="button"
          onClick={() => {
            toast({ title: 'Two-factor authentication is on', description: 'You will be asked for a code when you sign in.' });
            void navigate(ROUTES.dashboard, { replace: true });
          }}
        >
          I have saved my recovery codes
        </Button>
      </AuthCard>
    );
  }

  const setup = setupData?.initializeOtp;

  return (
    <AuthCard
      title="Set up two-factor authentication"
      description="Scan the QR code with an authenticator app (1Password, Google Authenticator, Authy…), then enter the 6-digit code it shows."
      className="max-w-lg"
    >
      {forStaff && (
        <Alert>
          <ShieldAlertIcon aria-hidden />
          <AlertTitle>Staff screens need two-factor authentication</AlertTitle>
          <AlertDescription>
            You have a Rampart staff role. Turn on two-factor authentication here first: until then, every staff action is refused.
          </AlertDescription>
        </Alert>
      )}
      <ErrorAlert message={setupError} title="Could not start the set-up" />
      {initializing || (!setup && !setupError) ? (
        <div className="flex flex-col items-center gap-3">
          <Skeleton className="size-48" />
          <Skeleton className="h-5 w-64" />
        </div>
      ) : setup ? (
        <div className="flex flex-col items-center gap-3">
          <img src={setup.qrCodeUrl} alt="QR code for your authenticator app" className="size-48 rounded-lg border bg-white p-2" />
          <div className="flex w-full flex-col items-center gap-1 text-center">
            <span className="text-xs text-muted-foreground">Can&apos;t scan it? Enter this secret instead:</span>
            <code className="rounded-md bg-muted px-3 py-1.5 font-mono text-sm break-all" aria-label="Secret key">
              {setup.secret}
            </code>
          </div>
        </div>
      ) : null}
      <Form {...form}>
        <form noValidate className="flex flex-col gap-4" onSubmit={onSubmit}>
          <ErrorAlert message={generalError} title="Could not turn on two-factor authentication" />
          <CodeField control={form.control} name="otpToken" label="Authentication code" />
          <SubmitButton pendingLabel="Verifying" disabled={!setup}>
            Turn on two-factor authentication
          </SubmitButton>
        </form>
      </Form>
    </AuthCard>
  );
}
