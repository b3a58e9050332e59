import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@apollo/client/react';
import { PREFERRED_CURRENCIES } from '@rampart/shared/enums';
import { emailSchema, personNameSchema, preferredCurrencySchema } from '@rampart/shared/identity-schemas';
import { MailCheckIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ErrorAlert } from '@/components/form-alert';
import { PasswordInput } from '@/components/password-input';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ProfileMeQuery, ProfileUpdateUserMutation } from '@/features/profile/api/profile';
import type { Profile_UserFragment } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { applyServerErrors } from '@/lib/form-errors';
import { QueryErrorAlert } from '@/components/query-boundary';

const CURRENCY_LABELS: Record<(typeof PREFERRED_CURRENCIES)[number], string> = {
  eur: 'Euro (EUR)',
  gbp: 'Pound sterling (GBP)',
  usd: 'US dollar (USD)',
};

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
    <Form {...form}>
      <form noValidate onSubmit={submit}>
        <Card className="gap-5">
          <CardHeader>
            <CardTitle className="text-base">Personal details</CardTitle>
            <CardDescription>Your name and e-mail as your teammates see them.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <ErrorAlert message={generalError} title="Could not save your profile" />
            {user.pendingEmail && (
              <Alert>
                <MailCheckIcon aria-hidden />
                <AlertTitle>Pending confirmation: {user.pendingEmail}</AlertTitle>
                <AlertDescription>Open the link we sent to that address. Until then you sign in with {user.email}.</AlertDescription>
              </Alert>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                control={form.control}
                name="name"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Full name</FormLabel>
                    <FormControl>
                      <Input {...field} autoComplete="name" />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="email"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>E-mail</FormLabel>
                    <FormControl>
                      <Input {...field} type="email" autoComplete="email" />
                    </FormControl>
                    <FormDescription>A new address takes effect after you confirm it.</FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
              {emailChanged && (
                <FormField
                  control={form.control}
                  name="currentPassword"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Current password</FormLabel>
                      <FormControl>
                        <PasswordInput {...field} autoComplete="current-password" />
                      </FormControl>
                      <FormDescription>Needed to change your e-mail.</FormDescription>
                      <FormMessage />
                    </FormItem>
                  )}
                />
              )}
              <FormField
                control={form.control}
                name="preferredCurrencyCode"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Preferred currency</FormLabel>
                    <Select value={field.value} onValueChange={field.onChange}>
                      <FormControl>
                        <SelectTrigger ref={field.ref}>
                          <SelectValue />
                        </SelectTrigger>
                      </FormControl>
                      <SelectContent>
                        {PREFERRED_CURRENCIES.map((code) => (
                          <SelectItem key={code} value={code}>
                            {CURRENCY_LABELS[code]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                    <FormDescription>Amounts in dashboards are shown in this currency.</FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
            </div>
          </CardContent>
          <CardFooter className="justify-end border-t pt-5">
            <Button type="submit" disabled={form.formState.isSubmitting || !form.formState.isDirty}>
              {form.formState.isSubmitting && <Spinner label="Saving" />}
              Save changes
            </Button>
          </CardFooter>
        </Card>
      </form>
    </Form>
  );
}

export function GeneralSettings() {
  const { data, loading, error, refetch } = useQuery(ProfileMeQuery);
  if (error && !data) return <QueryErrorAlert title="Could not load your profile" error={error} onRetry={refetch} />;
  if (loading || !data) return <Skeleton className="h-80 w-full" />;
  return <GeneralForm key={data.me.id} user={data.me} />;
}
