import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@apollo/client/react';
import { GlobeIcon, SmartphoneIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SelectField } from '@/components/form/select-field';
import { InputField } from '@/components/form/input-field';
import { ErrorAlert } from '@/components/form-alert';
import { AlertDialogAction, AlertDialogFrame } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { CreateIntegrationMutation, DeleteIntegrationMutation, IntegrationsQuery } from '@/features/ramp/api/integrations';
import type { IntegrationType, Ramp_IntegrationFragment } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { formatDate } from '@/lib/format';
import { applyServerErrors, serverFieldMap } from '@/lib/form-errors';
import { describeApiError } from '@/lib/graphql-errors';
import { QueryBoundary } from '@/components/query-boundary';

const TYPE_COPY: Record<IntegrationType, { label: string; field: string; placeholder: string; pattern: RegExp; problem: string }> = {
  web: {
    label: 'Website',
    field: 'Domain',
    placeholder: 'shop.example.com',
    pattern: /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i,
    problem: 'Enter a domain such as shop.example.com (no https:// or path).',
  },
  ios: {
    label: 'iOS app',
    field: 'Bundle id',
    placeholder: 'com.example.wallet',
    pattern: /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i,
    problem: 'Enter a bundle id such as com.example.wallet.',
  },
  android: {
    label: 'Android app',
    field: 'Package name',
    placeholder: 'com.example.wallet',
    pattern: /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/i,
    problem: 'Enter a package name such as com.example.wallet.',
  },
};

const schema = z
  .object({ type: z.enum(['web', 'ios', 'android']), value: z.string().trim().min(1, 'Enter where you embed the widget.') })
  .superRefine((values, ctx) => {
    if (values.value && !TYPE_COPY[values.type].pattern.test(values.value))
      ctx.addIssue({ code: 'custom', path: ['value'], message: TYPE_COPY[values.type].problem });
  });
type Values = z.infer<typeof schema>;

/** The web domains and mobile apps where the partner embeds the widget. */
export function IntegrationsCard({ accountId, canManage }: { accountId: string; canManage: boolean }) {
  const { data, loading, error, refetch } = useQuery(IntegrationsQuery, { variables: { accountId } });
  const [create] = useMutation(CreateIntegrationMutation, { refetchQueries: ['Ramp_Integrations'], awaitRefetchQueries: true });
  const [remove, removing] = useMutation(DeleteIntegrationMutation, { refetchQueries: ['Ramp_Integrations'], awaitRefetchQueries: true });
  const [deleting, setDeleting] = useState<Ramp_IntegrationFragment | null>(null);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { type: 'web', value: '' } });
  const type = form.watch('type');

  const submit = form.handleSubmit(async (values) => {
    setGeneralError(null);
    try {
      await create({ variables: { accountId, input: { type: values.type, value: values.value.trim() } } });
      form.reset({ type: values.type, value: '' });
      toast({ title: `${TYPE_COPY[values.type].label} added` });
    } catch (caught) {
      setGeneralError(applyServerErrors(form, caught, serverFieldMap<Values>('value', 'type')));
    }
  });

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove({ variables: { id: deleting.id } });
      toast({ title: `${deleting.value} removed` });
    } catch (caught) {
      toast({ variant: 'destructive', title: 'Could not remove it', description: describeApiError(caught).message });
    } finally {
      setDeleting(null);
    }
  }

  const items = data?.integrations ?? [];
  return (
    <Card role="region" aria-label="Integrations">
      <CardHeader>
        <CardTitle className="text-base">Where you embed the widget</CardTitle>
        <CardDescription>The websites and apps your customers open the widget from. The provider reviews them before you go live.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <QueryBoundary query={{ data, loading, error, refetch }} errorTitle="Could not load the integrations" skeleton={<Skeleton className="h-20 w-full" />}>
          {() =>
            items.length === 0 ? (
              <p className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">No website or app recorded yet.</p>
            ) : (
              <ul className="flex flex-col divide-y rounded-md border" aria-label="Recorded integrations">
                {items.map((item) => (
                  <li key={item.id} className="flex items-center gap-3 px-3 py-2">
                    {item.type === 'web' ? (
                      <GlobeIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                    ) : (
                      <SmartphoneIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                    )}
                    <div className="flex min-w-0 flex-1 flex-col">
                      <span className="truncate font-mono text-sm">{item.value}</span>
                      <span className="text-xs text-muted-foreground">Added {formatDate(item.createdAt)}</span>
                    </div>
                    <Badge variant="outline">{TYPE_COPY[item.type].label}</Badge>
                    {canManage && (
                      <Button variant="ghost" size="icon" aria-label={`Remove ${item.value}`} onClick={() => setDeleting(item)}>
                        <Trash2Icon aria-hidden />
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )
          }
        </QueryBoundary>
        {canManage && (
          <Form {...form}>
            <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
              <ErrorAlert title="Could not add it" message={generalError} />
              <div className="grid gap-3 sm:grid-cols-[11rem_1fr_auto] sm:items-start">
                <SelectField
                  control={form.control}
                  name="type"
                  label="Kind"
                  options={(Object.keys(TYPE_COPY) as IntegrationType[]).map((key) => ({ value: key, label: TYPE_COPY[key].label }))}
                  triggerClassName="w-full"
                />
                <InputField
                  control={form.control}
                  name="value"
                  label={TYPE_COPY[type].field}
                  placeholder={TYPE_COPY[type].placeholder}
                  autoComplete="off"
                  autoCapitalize="off"
                  spellCheck={false}
                />
                <div className="sm:pt-[1.375rem]">
                  <Button type="submit" disabled={form.formState.isSubmitting} className="w-full sm:w-auto">
                    {form.formState.isSubmitting && <Spinner label="Adding" />}
                    Add
                  </Button>
                </div>
              </div>
            </form>
          </Form>
        )}
      </CardContent>
      <AlertDialogFrame
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={<>Remove {deleting?.value}?</>}
        description="It is no longer listed as a place where you embed the widget. You can add it again later."
        action={
          <AlertDialogAction
            onClick={(event) => {
              event.preventDefault();
              void confirmDelete();
            }}
            disabled={removing.loading}
          >
            {removing.loading && <Spinner label="Removing" />}
            Remove
          </AlertDialogAction>
        }
      />
    </Card>
  );
}
