import { zodResolver } from '@hookform/resolvers/zod';
import { usePublicMutation } from '@/lib/public-graphql';
import { emailSchema } from '@rampart/shared/identity-schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Form } from '@/components/ui/form';
import { ROUTES } from '@/config/routes';
import { TriggerPasswordResetMutation } from '@/features/auth/api/password-reset';
import { AuthCard } from '@/components/auth-card';
import { ErrorAlert, SuccessAlert } from '@/components/form-alert';
import { TextLink } from '@/features/auth/components/text-link';
import { useServerSubmit } from '@/hooks/use-server-submit';
import { InputField } from '@/components/form/input-field';
import { SubmitButton } from '@/components/form/submit-button';

const schema = z.object({ email: emailSchema });

export const PASSWORD_RESET_SENT_MESSAGE =
  'If an account exists for that address, we sent a link to reset your password. The link expires soon and works once.';

export function ResetPasswordForm() {
  const [trigger] = usePublicMutation(TriggerPasswordResetMutation);
  const [sent, setSent] = useState(false);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { email: '' } });

  const { onSubmit, generalError } = useServerSubmit(form, { email: 'email' }, async (values) => {
    await trigger({ variables: values });
    setSent(true);
  });

  return (
    <AuthCard
      title="Reset your password"
      description="Enter the e-mail you sign in with and we will send you a reset link."
      footer={
        <p>
          Remembered it? <TextLink to={ROUTES.login}>Back to sign in</TextLink>
        </p>
      }
    >
      {sent ? (
        <SuccessAlert title="Check your inbox">{PASSWORD_RESET_SENT_MESSAGE}</SuccessAlert>
      ) : (
        <Form {...form}>
          <form noValidate className="flex flex-col gap-4" onSubmit={onSubmit}>
            <ErrorAlert message={generalError} />
            <InputField control={form.control} name="email" label="E-mail" type="email" autoComplete="email" placeholder="you@company.com" />
            <SubmitButton pendingLabel="Sending">Send reset link</SubmitButton>
          </form>
        </Form>
      )}
    </AuthCard>
  );
}
