import { zodResolver } from '@hookform/resolvers/zod';
import { resetSignedInData, usePublicMutation } from '@/lib/public-graphql';
import { confirmationCodeSchema, emailSchema } from '@rampart/shared/identity-schemas';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { ROUTES } from '@/config/routes';
import { ConfirmSignupEmailMutation, ResendSignupEmailMutation } from '@/features/auth/api/signup';
import { AuthCard } from '@/components/auth-card';
import { ErrorAlert } from '@/components/form-alert';
import { TextLink } from '@/features/auth/components/text-link';
import { useServerSubmit } from '@/hooks/use-server-submit';
import { toast } from '@/hooks/use-toast';
import { describeApiError } from '@/lib/graphql-errors';
import { storeCsrfToken } from '@/lib/session';
import { CodeField } from '@/components/form/code-field';
import { InputField } from '@/components/form/input-field';
import { SubmitButton } from '@/components/form/submit-button';

const schema = z.object({ email: emailSchema, confirmationCode: confirmationCodeSchema });

export function SignupCompleteForm({ email }: { email: string | null }) {
  const navigate = useNavigate();
  const [confirm] = usePublicMutation(ConfirmSignupEmailMutation);
  const [resend, { loading: resending }] = usePublicMutation(ResendSignupEmailMutation);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { email: email ?? '', confirmationCode: '' },
  });

  const { onSubmit, generalError } = useServerSubmit(form, { email: 'email', confirmationCode: 'confirmationCode' }, async (values) => {
    const { data } = await confirm({ variables: values });
    const token = data?.confirmSignupEmail.csrfToken;
    if (!token) throw new Error('The server did not return a session token');
    await resetSignedInData();
    storeCsrfToken(token);
    void navigate(ROUTES.dashboard, { replace: true });
  });

  async function onResend() {
    const valid = await form.trigger('email');
    if (!valid) return;
    try {
      await resend({ variables: { email: form.getValues('email') } });
      toast({ title: 'Code sent', description: 'We sent a new confirmation code. Check your inbox.' });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Could not resend the code', description: describeApiError(error).message });
    }
  }

  return (
    <AuthCard
      title="Confirm your e-mail"
      description={
        email ? (
          <>
            We sent a 6-digit code to <strong className="font-medium text-foreground">{email}</strong>. Enter it below.
          </>
        ) : (
          'Enter your e-mail and the 6-digit code we sent you.'
        )
      }
      footer={
        <p>
          Wrong address? <TextLink to={ROUTES.signup}>Sign up again</TextLink>
        </p>
      }
    >
      <Form {...form}>
        <form noValidate className="flex flex-col gap-4" onSubmit={onSubmit}>
          <ErrorAlert message={generalError} title="Could not confirm your e-mail" />
          <InputField
            control={form.control}
            name="email"
            label="E-mail"
            itemClassName={email ? 'sr-only' : undefined}
            type="email"
            autoComplete="email"
            readOnly={!!email}
            tabIndex={email ? -1 : undefined}
          />
          <CodeField control={form.control} name="confirmationCode" label="Confirmation code" />
          <SubmitButton pendingLabel="Confirming">Confirm e-mail</SubmitButton>
          <Button type="button" variant="outline" onClick={onResend} disabled={resending}>
            {resending && <Spinner label="Sending" />}
            Resend code
          </Button>
        </form>
      </Form>
    </AuthCard>
  );
}
