import { zodResolver } from '@hookform/resolvers/zod';
import { usePublicMutation } from '@/lib/public-graphql';
import { emailSchema, loginInputSchema } from '@rampart/shared/identity-schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { ROUTES } from '@/config/routes';
import { RequestResetTwoFactorAuthMutation, ResetTwoFactorAuthMutation } from '@/features/auth/api/two-factor';
import { AuthCard } from '@/components/auth-card';
import { ErrorAlert, SuccessAlert } from '@/components/form-alert';
import { TextLink } from '@/features/auth/components/text-link';
import { useServerSubmit } from '@/hooks/use-server-submit';
import { describeApiError } from '@/lib/graphql-errors';
import { InputField } from '@/components/form/input-field';
import { PasswordField } from '@/components/form/password-field';
import { SubmitButton } from '@/components/form/submit-button';

const schema = z.object({ email: emailSchema, password: loginInputSchema.shape.password });

export const RESET_2FA_SENT_MESSAGE = 'If the e-mail and password match an account, we sent a link to turn off two-factor authentication.';

const footer = (
  <p>
    <TextLink to={ROUTES.login}>Back to sign in</TextLink>
  </p>
);

/** Without a token: ask for e-mail and password and e-mail a reset link. */
export function RequestResetTwoFactorForm() {
  const [request] = usePublicMutation(RequestResetTwoFactorAuthMutation);
  const [sent, setSent] = useState(false);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { email: '', password: '' } });

  const { onSubmit, generalError } = useServerSubmit(form, { email: 'email', password: 'password' }, async (values) => {
    await request({ variables: values });
    setSent(true);
  });

  return (
    <AuthCard
      title="Lost your authenticator?"
      description="Confirm your e-mail and password. We will e-mail you a link that turns off two-factor authentication."
      footer={footer}
    >
      {sent ? (
        <SuccessAlert title="Check your inbox">{RESET_2FA_SENT_MESSAGE}</SuccessAlert>
      ) : (
        <Form {...form}>
          <form noValidate className="flex flex-col gap-4" onSubmit={onSubmit}>
            <ErrorAlert message={generalError} />
            <InputField control={form.control} name="email" label="E-mail" type="email" autoComplete="email" />
            <PasswordField control={form.control} name="password" label="Password" autoComplete="current-password" />
            <SubmitButton pendingLabel="Sending">Send reset link</SubmitButton>
          </form>
        </Form>
      )}
    </AuthCard>
  );
}

/** With the e-mailed token: one button that turns two-factor authentication off. */
export function ConfirmResetTwoFactor({ token }: { token: string }) {
  const [reset, { loading }] = usePublicMutation(ResetTwoFactorAuthMutation);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onConfirm() {
    setError(null);
    try {
      await reset({ variables: { token } });
      setDone(true);
    } catch (caught) {
      setError(describeApiError(caught).message);
    }
  }

  return (
    <AuthCard title="Turn off two-factor authentication" footer={footer}>
      {done ? (
        <>
          <SuccessAlert title="Two-factor authentication is off">
            Sign in with your e-mail and password. You can set up a new authenticator afterwards.
          </SuccessAlert>
          <Button asChild>
            <TextLink to={ROUTES.login} className="text-primary-foreground hover:no-underline">
              Sign in
            </TextLink>
          </Button>
        </>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            Confirm to remove the authenticator from your account. You will sign in with your password only until you set up a new one.
          </p>
          <ErrorAlert message={error} title="Could not turn off two-factor authentication" />
          <Button onClick={onConfirm} disabled={loading}>
            {loading && <Spinner label="Working" />}
            Turn off two-factor authentication
          </Button>
        </>
      )}
    </AuthCard>
  );
}
