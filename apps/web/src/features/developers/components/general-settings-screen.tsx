import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { checkHttpsUrl, checkOrigin, MAX_IFRAME_ANCESTORS } from '@rampart/shared/developer-settings';
import { PlusIcon, XIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useFieldArray, useForm, type Path } from 'react-hook-form';
import { z } from 'zod';
import { CardSaveFooter } from '@/components/form/submit-button';
import { UrlField } from '@/components/form/input-field';
import { ErrorAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { GeneralSettingsQuery, UpdateAccountSettingsMutation } from '@/features/developers/api/settings';
import { CopyButton } from '@/components/copy-button';
import { DevelopersFrame, ValueBox } from '@/features/developers/components/developers-frame';
import { useAccountSettings } from '@/features/developers/lib/scope';
import { toast } from '@/hooks/use-toast';
import { useServerSubmit } from '@/hooks/use-server-submit';
import { useUnsavedChanges } from '@/hooks/use-unsaved-changes';

const settingsSchema = z.object({
  origins: z
    .array(
      z.object({
        value: z.string().superRefine((value, ctx) => {
          const checked = checkOrigin(value);
          if ('problem' in checked) ctx.addIssue({ code: 'custom', message: checked.problem });
        }),
      }),
    )
    .max(MAX_IFRAME_ANCESTORS, `At most ${MAX_IFRAME_ANCESTORS} origins`),
  customerDataWebhookUrl: z.string().superRefine((value, ctx) => {
    if (!value.trim()) return;
    const checked = checkHttpsUrl(value);
    if ('problem' in checked) ctx.addIssue({ code: 'custom', message: checked.problem });
  }),
});
type SettingsValues = z.infer<typeof settingsSchema>;

/** The server names an origin by its index in the list it was sent. */
const SERVER_FIELDS: Partial<Record<string, Path<SettingsValues>>> = {
  customerDataWebhookUrl: 'customerDataWebhookUrl',
  allowedIframeAncestorUrls: 'origins',
  ...Object.fromEntries(
    Array.from({ length: MAX_IFRAME_ANCESTORS }, (_, index): [string, Path<SettingsValues>] => [
      `allowedIframeAncestorUrls.${index}`,
      `origins.${index}.value`,
    ]),
  ),
};

function SettingsForm({
  accountId,
  origins,
  webhookUrl,
  canManage,
}: {
  accountId: string;
  origins: readonly string[];
  webhookUrl: string | null;
  canManage: boolean;
}) {
  const [save] = useMutation(UpdateAccountSettingsMutation);
  const form = useForm<SettingsValues>({
    resolver: zodResolver(settingsSchema),
    defaultValues: { origins: origins.map((value) => ({ value })), customerDataWebhookUrl: webhookUrl ?? '' },
  });
  const list = useFieldArray({ control: form.control, name: 'origins' });
  useUnsavedChanges(canManage && form.formState.isDirty);

  useEffect(() => {
    form.reset({ origins: origins.map((value) => ({ value })), customerDataWebhookUrl: webhookUrl ?? '' });
  }, [origins, webhookUrl, form]);

  const { onSubmit, generalError } = useServerSubmit(form, SERVER_FIELDS, async (values) => {
    const sent = { origins: values.origins.map((origin) => ({ value: origin.value.trim() })), customerDataWebhookUrl: values.customerDataWebhookUrl.trim() };
    await save({
      variables: {
        accountId,
        allowedIframeAncestorUrls: sent.origins.map((origin) => origin.value),
        customerDataWebhookUrl: sent.customerDataWebhookUrl || null,
      },
    });
    // Saved: nothing left to lose (the server's answer resets the form again where it differs).
    form.reset(sent);
    toast({ title: 'Settings saved' });
  });

  return (
    <Form {...form}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Allowed iframe ancestors</CardTitle>
            <CardDescription>
              Origins allowed to embed the widget in an iframe (its frame-ancestors). An origin is scheme, host and optional port, such as
              https://shop.example.com; http only for localhost.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <ErrorAlert message={generalError} title="Could not save the settings" />
            {list.fields.length === 0 && <p className="text-sm text-muted-foreground">No origin yet: the widget cannot be embedded in an iframe.</p>}
            <ul className="flex flex-col gap-2" aria-label="Allowed iframe ancestors">
              {list.fields.map((item, index) => (
                <li key={item.id}>
                  <FormField
                    control={form.control}
                    name={`origins.${index}.value`}
                    render={({ field }) => (
                      <FormItem>
                        <FormLabel className="sr-only">Origin {index + 1}</FormLabel>
                        <div className="flex gap-2">
                          <FormControl>
                            <Input {...field} placeholder="https://shop.example.com" readOnly={!canManage} inputMode="url" autoComplete="off" />
                          </FormControl>
                          {canManage && (
                            <Button type="button" variant="ghost" size="icon" aria-label={`Remove origin ${index + 1}`} onClick={() => list.remove(index)}>
                              <XIcon aria-hidden />
                            </Button>
                          )}
                        </div>
                        <FormMessage />
                      </FormItem>
                    )}
                  />
                </li>
              ))}
            </ul>
            {canManage && (
              <div>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={list.fields.length >= MAX_IFRAME_ANCESTORS}
                  onClick={() => list.append({ value: '' })}
                >
                  <PlusIcon aria-hidden /> Add origin
                </Button>
              </div>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Customer data webhook</CardTitle>
            <CardDescription>Where we send customer data you asked to receive. Must be an https URL.</CardDescription>
          </CardHeader>
          <CardContent>
            <UrlField
              control={form.control}
              name="customerDataWebhookUrl"
              label="Customer data webhook URL"
              description="Leave empty to send none."
              placeholder="https://api.example.com/customer-data"
              readOnly={!canManage}
            />
          </CardContent>
          <CardSaveFooter shown={canManage}>Save settings</CardSaveFooter>
        </Card>
      </form>
    </Form>
  );
}

/** Account id, allowed iframe ancestors and the customer data webhook of the selected account. */
export function GeneralSettingsScreen() {
  const { accountId, canManage, data, loading } = useAccountSettings(GeneralSettingsQuery);
  const account = data?.account;
  return (
    <DevelopersFrame title="General" description="Your account id and where the widget may be embedded.">
      <Card>
        <CardHeader>
          <CardTitle>Account id</CardTitle>
          <CardDescription>Quote it when you contact support; some API calls take it.</CardDescription>
        </CardHeader>
        <CardContent>
          {accountId ? (
            <ValueBox value={accountId} label="Account id">
              <CopyButton value={accountId} label="Copy account id" />
            </ValueBox>
          ) : (
            <p className="text-sm text-muted-foreground">Choose an account first.</p>
          )}
        </CardContent>
      </Card>
      {loading && !data ? (
        <Skeleton className="h-64 w-full" />
      ) : (
        account &&
        accountId && (
          <SettingsForm
            key={accountId}
            accountId={accountId}
            origins={account.allowedIframeAncestorUrls}
            webhookUrl={account.customerDataWebhookUrl ?? null}
            canManage={canManage}
          />
        )
      )}
    </DevelopersFrame>
  );
}
