import { resetSignedInData, usePublicMutation } from '@/lib/public-graphql';
import { useState, type ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { Form } from '@/components/ui/form';
import { DEV_MAILBOX_PATH, getRuntimeConfig } from '@/config/runtime-config';
import { ROUTES } from '@/config/routes';
import { LoginMutation } from '@/features/auth/api/login';
import { AuthCard } from '@/components/auth-card';
import { ErrorAlert } from '@/components/form-alert';
import { TwoFactorCodeCard, type SecondFactor } from '@/components/two-factor-code-card';
import { toastRecoveryCodesLeft } from '@/components/recovery-codes-list';
import { TextLink } from '@/features/auth/components/text-link';
import { applyServerErrors } from '@/lib/form-errors';
import { returnPathFrom } from '@/lib/return-path';
import { storeCsrfToken } from '@/lib/session';
import { InputField } from '@/components/form/input-field';
import { PasswordField } from '@/components/form/password-field';
import { SubmitButton } from '@/components/form/submit-button';

interface Credentials {
  email: string;
  password: string;
}

// The rules (shared with the server's loginInputSchema) load on the first check, so zod is not on the sign-in
// page's start; the same resolver, so the same messages.
const loadValidation = () => import('@/features/auth/lib/login-validation');
const credentialsResolver: Resolver<Credentials> = async (values, context, options) => (await loadValidation()).credentialsResolver(values, context, options);
const preloadValidation = () => void loadValidation().catch(() => {});

interface LoginFormProps {
  /** Other ways to sign in (the SSO button), shown under the form. */
  alternatives?: ReactNode;
}

export function LoginForm({ alternatives }: LoginFormProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [login] = usePublicMutation(LoginMutation);
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const { devMailbox } = getRuntimeConfig();

  const credentialsForm = useForm<Credentials>({
    resolver: credentialsResolver,
    defaultValues: { email: '', password: '' },
  });

  /** Signs in, or moves to the code step when the password was right but the code is still needed; throws API errors. */
  async function submit(values: Credentials, secondFactor?: SecondFactor) {
    const otpToken = secondFactor && 'otpToken' in secondFactor ? secondFactor.otpToken : null;
    const recoveryCode = secondFactor && 'recoveryCode' in secondFactor ? secondFactor.recoveryCode : null;
    const { data } = await login({ variables: { ...values, otpToken, recoveryCode } });
    const result = data?.login;
    if (!result) throw new Error('Empty login response');
    if (result.preAuthenticated && !result.user) {
      setCredentials(values);
      return;
    }
    if (!result.csrfToken) throw new Error('The server did not return a session token');
    await resetSignedInData();
    storeCsrfToken(result.csrfToken);
    toastRecoveryCodesLeft(result.recoveryCodesRemaining);
    void navigate(returnPathFrom(location.state, location.search), { replace: true });
  }

  async function signIn(values: Credentials) {
    setGeneralError(null);
    try {
      await submit(values);
    } catch (error) {
      setGeneralError(applyServerErrors(credentialsForm, error, { email: 'email', password: 'password' }));
    }
  }

  const footer = (
    <>
      <p>
        New to Rampart? <TextLink to={ROUTES.signup}>Create an account</TextLink>
      </p>
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        <TextLink to={ROUTES.resetPassword}>Forgot your password?</TextLink>
        <TextLink to={ROUTES.reset2fa}>Lost your authenticator?</TextLink>
      </p>
      {devMailbox && (
        <p>
          Development mailbox:{' '}
          <a className="font-medium text-primary underline-offset-4 hover:underline" href={DEV_MAILBOX_PATH}>
            open the dev mailbox
          </a>
        </p>
      )}
    </>
  );

  if (credentials) {
    return (
      <TwoFactorCodeCard
        footer={footer}
        onVerify={(secondFactor) => submit(credentials, secondFactor)}
        onCancel={() => {
          setCredentials(null);
          setGeneralError(null);
        }}
      />
    );
  }

  return (
    <AuthCard title="Sign in to Rampart" description="Welcome back. Enter your e-mail and password." footer={footer}>
      <Form {...credentialsForm}>
        <form
          key="credentials"
          noValidate
          className="flex flex-col gap-4"
          onFocus={preloadValidation}
          onSubmit={credentialsForm.handleSubmit((values) => signIn(values))}
        >
          <ErrorAlert message={generalError} title="Could not sign in" />
          <InputField control={credentialsForm.control} name="email" label="E-mail" type="email" autoComplete="email" placeholder="you@company.com" />
          <PasswordField control={credentialsForm.control} name="password" label="Password" autoComplete="current-password" />
          <SubmitButton pendingLabel="Signing in">Sign in</SubmitButton>
        </form>
      </Form>
      {alternatives}
    </AuthCard>
  );
}
