import { zodResolver } from '@hookform/resolvers/zod';
import { usePublicMutation, usePublicQuery } from '@/lib/public-graphql';
import { JOB_TITLES } from '@rampart/shared/enums';
import { signupInputSchema } from '@rampart/shared/identity-schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { ROUTES } from '@/config/routes';
import { JobTitlesQuery, SignupMutation } from '@/features/auth/api/signup';
import { AuthCard } from '@/components/auth-card';
import { ErrorAlert } from '@/components/form-alert';
import { PasswordInput } from '@/components/password-input';
import { TextLink } from '@/features/auth/components/text-link';
import { applyServerErrors } from '@/lib/form-errors';

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
  const [generalError, setGeneralError] = useState<string | null>(null);

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

  const onSubmit = form.handleSubmit(async (values) => {
    setGeneralError(null);
    try {
      const { data } = await signup({
        variables: { ...values, referralLink: values.referralLink ? values.referralLink : null },
      });
      const email = data?.signup.email ?? values.email;
      void navigate(`${ROUTES.signupComplete}?email=${encodeURIComponent(email)}`);
    } catch (error) {
      setGeneralError(applyServerErrors(form, error, FIELDS));
    }
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
            <FormField
              control={form.control}
              name="firstName"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>First name</FormLabel>
                  <FormControl>
                    <Input {...field} autoComplete="given-name" />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="lastName"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Last name</FormLabel>
                  <FormControl>
                    <Input {...field} autoComplete="family-name" />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          </div>
          <FormField
            control={form.control}
            name="jobTitle"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Job title</FormLabel>
                <Select value={field.value ?? ''} onValueChange={field.onChange} name={field.name}>
                  <FormControl>
                    <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                      <SelectValue placeholder="Choose your job title" />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    {jobTitles.map((title) => (
                      <SelectItem key={title} value={title}>
                        {title}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="email"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Work e-mail</FormLabel>
                <FormControl>
                  <Input {...field} type="email" autoComplete="email" placeholder="you@company.com" />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="password"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Password</FormLabel>
                <FormControl>
                  <PasswordInput {...field} autoComplete="new-password" />
                </FormControl>
                <FormDescription>At least 12 characters. Avoid common passwords.</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="referralLink"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Referral link (optional)</FormLabel>
                <FormControl>
                  <Input {...field} value={field.value ?? ''} autoComplete="off" />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <p className="text-xs text-muted-foreground">
            By creating an account you agree to our <TextLink to={ROUTES.terms}>terms of service</TextLink>.
          </p>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting && <Spinner label="Creating your account" />}
            Create account
          </Button>
        </form>
      </Form>
    </AuthCard>
  );
}
