import { zodResolver } from '@hookform/resolvers/zod';
import { usePublicMutation } from '@/lib/public-graphql';
import { newPasswordSchema } from '@rampart/shared/identity-schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Form } from '@/components/ui/form';
import { ROUTES } from '@/config/routes';
import { ResetPasswordMutation } from '@/features/auth/api/password-reset';
import { AuthCard } from '@/components/auth-card';
import { ErrorAlert, SuccessAlert } from '@/components/form-alert';
import { TextLink } from '@/features/auth/components/text-link';
import { applyServerErrors } from '@/lib/form-errors';
import { NEW_PASSWORD_HINT, PasswordField } from '@/components/form/password-field';
import { SubmitButton } from '@/components/form/submit-button';

const schema = z.object({ password: newPasswordSchema, confirmation: z.string() }).refine((values) => values.password === values.confirmation, {
  path: ['confirmation'],
  message: 'The two passwords do not match',
});

export function SetNewPasswordForm({ token }: { token: string | null }) {
  const [resetPassword] = usePublicMutation(ResetPasswordMutation);
  const [done, setDone] = useState(false);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { password: '', confirmation: '' } });

  const footer = (
    <p>
      <TextLink to={ROUTES.login}>Back to sign in</TextLink>
    </p>
  );

  if (!token) {
    return (
      <AuthCard title="Choose a new password" footer={footer}>
        <ErrorAlert title="This link is not valid" message="The reset link is missing its token. Open the link from the e-mail again, or ask for a new one." />
        <TextLink to={ROUTES.resetPassword}>Request a new reset link</TextLink>
      </AuthCard>
    );
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setGeneralError(null);
    try {
      await resetPassword({ variables: { token, password: values.password } });
      setDone(true);
    } catch (error) {
      setGeneralError(applyServerErrors(form, error, { password: 'password' }));
    }
  });

  return (
    <AuthCard title="Choose a new password" description="Your new password signs you out everywhere else." footer={footer}>
      {done ? (
        <>
          <SuccessAlert title="Password changed">Your password was changed. Sign in with your new password.</SuccessAlert>
          <TextLink to={ROUTES.login}>Sign in</TextLink>
        </>
      ) : (
        <Form {...form}>
          <form noValidate className="flex flex-col gap-4" onSubmit={onSubmit}>
            <ErrorAlert message={generalError} title="Could not change your password" />
            <PasswordField control={form.control} name="password" label="New password" autoComplete="new-password" description={NEW_PASSWORD_HINT} />
            <PasswordField control={form.control} name="confirmation" label="Confirm new password" autoComplete="new-password" />
            <SubmitButton pendingLabel="Saving">Set new password</SubmitButton>
          </form>
        </Form>
      )}
    </AuthCard>
  );
}
