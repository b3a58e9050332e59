import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@apollo/client/react';
import { emailSchema, personNameSchema, preferredCurrencySchema } from '@rampart/shared/identity-schemas';
import { MailCheckIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormCard } from '@/components/form/form-card';
import { z } from 'zod';
import { ErrorAlert } from '@/components/form-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { ProfileMeQuery, ProfileUpdateUserMutation } from '@/features/profile/api/profile';
import type { Profile_UserFragment } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { applyServerErrors } from '@/lib/form-errors';
import { InputField } from '@/components/form/input-field';
import { PasswordField } from '@/components/form/password-field';
import { CurrencyField } from '@/components/form/currency-field';
import { QueryErrorAlert } from '@/components/query-boundary';

function profileSchema(currentEmail: string) {
  return z
    .object({
      name: personNameSchema,
      email: emailSchema,
      preferredCurrencyCode: preferredCurrencySchema,
      currentPassword: z.string().max(128),
    })
    .superRefine((values, ctx) => {
      if (values.email.toLowerCase() !== currentEmail.toLowerCase() && values.currentPassword === '') {
        ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: 'Enter your current password to change your e-mail' });
      }
    });
}

function GeneralForm({ user }: { user: Profile_UserFragment }) {
  const [update] = useMutation(ProfileUpdateUserMutation);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const schema = useMemo(() => profileSchema(user.email), [user.email]);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: user.name, email: user.email, preferredCurrencyCode: user.preferredCurrencyCode, currentPassword: '' },
  });
  const email = useWatch({ control: form.control, name: 'email' });
  const emailChanged = email.trim().toLowerCase() !== user.email.toLowerCase();

  const submit = form.handleSubmit(async (values) => {
    setGeneralError(null);
    const changingEmail = values.email.toLowerCase() !== user.email.toLowerCase();
    try {
      const { data } = await update({
        variables: {
          name: values.name !== user.name ? values.name : null,
          preferredCurrencyCode: values.preferredCurrencyCode,
          email: changingEmail ? values.email : null,
          currentPassword: changingEmail ? values.currentPassword : null,
        },
      });
      const updated = data?.updateUser;
      form.reset({
        name: updated?.name ?? values.name,
        email: updated?.email ?? user.email,
        preferredCurrencyCode: updated?.preferredCurrencyCode ?? values.preferredCurrencyCode,
        currentPassword: '',
      });
      toast(
        changingEmail
          ? { title: 'Check your new inbox', description: `We sent a confirmation link to ${values.email}. Your e-mail changes once you open it.` }
          : { title: 'Profile saved' },
      );
    } catch (error) {
      setGeneralError(
        applyServerErrors(form, error, { name: 'name', email: 'email', currentPassword: 'currentPassword', preferredCurrencyCode: 'preferredCurrencyCode' }),
      );
    }
  });

  return (
    <FormCard
      form={form}
      onSubmit={submit}
      title="Personal details"
      description="Your name and e-mail as your teammates see them."
      submitLabel="Save changes"
      changesOnly
    >
      <ErrorAlert message={generalError} title="Could not save your profile" />
      {user.pendingEmail && (
        <Alert>
          <MailCheckIcon aria-hidden />
          <AlertTitle>Pending confirmation: {user.pendingEmail}</AlertTitle>
          <AlertDescription>Open the link we sent to that address. Until then you sign in with {user.email}.</AlertDescription>
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField control={form.control} name="name" label="Full name" autoComplete="name" />
        <InputField
          control={form.control}
          name="email"
          label="E-mail"
          type="email"
          autoComplete="email"
          description="A new address takes effect after you confirm it."
        />
        {emailChanged && (
          <PasswordField
            control={form.control}
            name="currentPassword"
            label="Current password"
            autoComplete="current-password"
            description="Needed to change your e-mail."
          />
        )}
        <CurrencyField
          control={form.control}
          name="preferredCurrencyCode"
          label="Preferred currency"
          description="Amounts in dashboards are shown in this currency."
        />
      </div>
    </FormCard>
  );
}

export function GeneralSettings() {
  const { data, loading, error, refetch } = useQuery(ProfileMeQuery);
  if (error && !data) return <QueryErrorAlert title="Could not load your profile" error={error} onRetry={refetch} />;
  if (loading || !data) return <Skeleton className="h-80 w-full" />;
  return <GeneralForm key={data.me.id} user={data.me} />;
}
