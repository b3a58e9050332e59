import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@apollo/client/react';
import { PREFERRED_CURRENCIES } from '@rampart/shared/enums';
import { preferredCurrencySchema } from '@rampart/shared/identity-schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ErrorAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { SsoPreferredCurrencyQuery, SsoUpdatePreferredCurrencyMutation } from '@/features/sso/api/account';
import { toast } from '@/hooks/use-toast';
import { applyServerErrors } from '@/lib/form-errors';
import { PREFERRED_CURRENCY_LABEL } from '@/lib/labels';
import { QueryErrorAlert } from '@/components/query-boundary';

const schema = z.object({ preferredCurrencyCode: preferredCurrencySchema });

function CurrencyForm({ value }: { value: z.input<typeof schema>['preferredCurrencyCode'] }) {
  const [update] = useMutation(SsoUpdatePreferredCurrencyMutation);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { preferredCurrencyCode: value },
  });

  const submit = form.handleSubmit(async (values) => {
    setGeneralError(null);
    try {
      const { data } = await update({ variables: { preferredCurrencyCode: values.preferredCurrencyCode } });
      form.reset({ preferredCurrencyCode: data?.updateUser.preferredCurrencyCode ?? values.preferredCurrencyCode });
      toast({ title: 'Preferred currency saved' });
    } catch (error) {
      setGeneralError(applyServerErrors(form, error, { preferredCurrencyCode: 'preferredCurrencyCode' }));
    }
  });

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit} aria-label="Preferred currency">
        <Card className="gap-5">
          <CardHeader>
            <CardTitle className="text-base">Preferred currency</CardTitle>
            <CardDescription>Kept by Rampart, not your identity provider.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <ErrorAlert message={generalError} title="Could not save your preferred currency" />
            <FormField
              control={form.control}
              name="preferredCurrencyCode"
              render={({ field }) => (
                <FormItem className="sm:max-w-sm">
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
                          {PREFERRED_CURRENCY_LABEL[code]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <FormDescription>Amounts in dashboards are shown in this currency.</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
          </CardContent>
          <CardFooter className="justify-end border-t pt-5">
            <Button type="submit" disabled={form.formState.isSubmitting || !form.formState.isDirty}>
              {form.formState.isSubmitting && <Spinner label="Saving" />}
              Save currency
            </Button>
          </CardFooter>
        </Card>
      </form>
    </Form>
  );
}

/** Preferred currency for an SSO user: Rampart's own setting, saved with updateUser as for everyone. */
export function PreferredCurrencyCard() {
  const { data, error, refetch } = useQuery(SsoPreferredCurrencyQuery);
  if (error && !data) return <QueryErrorAlert title="Could not load your preferred currency" error={error} onRetry={refetch} />;
  if (!data) return <Skeleton className="h-48 w-full" />;
  return <CurrencyForm key={data.me.id} value={data.me.preferredCurrencyCode} />;
}
