import { zodResolver } from '@hookform/resolvers/zod';
import { usePublicMutation, usePublicQuery } from '@/lib/public-graphql';
import { JOB_TITLES } from '@rampart/shared/enums';
import { signupInputSchema } from '@rampart/shared/identity-schemas';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Form } from '@/components/ui/form';
import { ROUTES } from '@/config/routes';
import { JobTitlesQuery, SignupMutation } from '@/features/auth/api/signup';
import { AuthCard } from '@/components/auth-card';
import { ErrorAlert } from '@/components/form-alert';
import { TextLink } from '@/features/auth/components/text-link';
import { useServerSubmit } from '@/hooks/use-server-submit';
import { InputField } from '@/components/form/input-field';
import { NEW_PASSWORD_HINT, PasswordField } from '@/components/form/password-field';
import { SelectField } from '@/components/form/select-field';
import { SubmitButton } from '@/components/form/submit-button';

interface SignupFormProps {
  referralLink: string | null;
}

const FIELDS = {
  firstName: 'firstName',
  lastName: 'lastName',
  jobTitle: 'jobTitle',
  email: 'email',
  password: 'password',
  referralLink: 'referralLink',
} as const;

export function SignupForm({ referralLink }: SignupFormProps) {
  const navigate = useNavigate();
  const [signup] = usePublicMutation(SignupMutation);
  const { data: jobTitlesData } = usePublicQuery(JobTitlesQuery);
  const jobTitles = jobTitlesData?.jobTitles ?? JOB_TITLES;

  const form = useForm({
    resolver: zodResolver(signupInputSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      jobTitle: undefined,
      email: '',
      password: '',
      referralLink: referralLink ?? '',
    },
  });

  const { onSubmit, generalError } = useServerSubmit(form, FIELDS, async (values) => {
    const { data } = await signup({
      variables: { ...values, referralLink: values.referralLink ? values.referralLink : null },
    });
    const email = data?.signup.email ?? values.email;
    void navigate(`${ROUTES.signupComplete}?email=${encodeURIComponent(email)}`);
  });

  return (
    <AuthCard
      title="Create your Rampart account"
      description="Start accepting crypto and fiat payments. It takes a minute."
      footer={
        <p>
          Already have an account? <TextLink to={ROUTES.login}>Sign in</TextLink>
        </p>
      }
    >
      <Form {...form}>
        <form noValidate className="flex flex-col gap-4" onSubmit={onSubmit}>
          <ErrorAlert message={generalError} title="Could not create your account" />
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField control={form.control} name="firstName" label="First name" autoComplete="given-name" />
            <InputField control={form.control} name="lastName" label="Last name" autoComplete="family-name" />
          </div>
          <SelectField control={form.control} name="jobTitle" label="Job title" options={jobTitles} placeholder="Choose your job title" />
          <InputField control={form.control} name="email" label="Work e-mail" type="email" autoComplete="email" placeholder="you@company.com" />
          <PasswordField control={form.control} name="password" label="Password" autoComplete="new-password" description={NEW_PASSWORD_HINT} />
          <InputField control={form.control} name="referralLink" label="Referral link (optional)" autoComplete="off" />
          <p className="text-xs text-muted-foreground">
            By creating an account you agree to our <TextLink to={ROUTES.terms}>terms of service</TextLink>.
          </p>
          <SubmitButton pendingLabel="Creating your account">Create account</SubmitButton>
        </form>
      </Form>
    </AuthCard>
  );
}
