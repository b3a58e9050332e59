import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@apollo/client/react';
import { preferredCurrencySchema } from '@rampart/shared/identity-schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormCard } from '@/components/form/form-card';
import { z } from 'zod';
import { ErrorAlert } from '@/components/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { SsoPreferredCurrencyQuery, SsoUpdatePreferredCurrencyMutation } from '@/features/sso/api/account';
import { toast } from '@/hooks/use-toast';
import { applyServerErrors } from '@/lib/form-errors';
import { CurrencyField } from '@/components/form/currency-field';
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
    <FormCard
      form={form}
      onSubmit={submit}
      label="Preferred currency"
      title="Preferred currency"
      description="Kept by Rampart, not your identity provider."
      submitLabel="Save currency"
      changesOnly
    >
      <ErrorAlert message={generalError} title="Could not save your preferred currency" />
      <CurrencyField
        control={form.control}
        name="preferredCurrencyCode"
        label="Preferred currency"
        itemClassName="sm:max-w-sm"
        description="Amounts in dashboards are shown in this currency."
      />
    </FormCard>
  );
}

/** Preferred currency for an SSO user: Rampart's own setting, saved with updateUser as for everyone. */
export function PreferredCurrencyCard() {
  const { data, error, refetch } = useQuery(SsoPreferredCurrencyQuery);
  if (error && !data) return <QueryErrorAlert title="Could not load your preferred currency" error={error} onRetry={refetch} />;
  if (!data) return <Skeleton className="h-48 w-full" />;
  return <CurrencyForm key={data.me.id} value={data.me.preferredCurrencyCode} />;
}
