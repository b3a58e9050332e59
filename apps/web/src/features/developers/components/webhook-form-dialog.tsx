import { DialogSubmitFooter } from '@/components/dialog-form-footer';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { InputField, UrlField } from '@/components/form/input-field';
import { FormDialog } from '@/components/form/form-dialog';
import { Checkbox } from '@/components/ui/checkbox';
import { FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { CreateWebhookMutation, UpdateWebhookMutation } from '@/features/developers/api/webhooks';
import { eventLabel, groupEventTypes } from '@/features/developers/lib/format';
import type { Developers_WebhookFragment } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { useServerSubmit } from '@/hooks/use-server-submit';
import { useUnsavedChanges } from '@/hooks/use-unsaved-changes';
import { cn } from '@/lib/utils';

const webhookSchema = z
  .object({
    url: z.string().trim().min(1, 'Enter the endpoint URL').max(2048, 'At most 2048 characters'),
    description: z.string().trim().max(500, 'At most 500 characters'),
    scope: z.enum(['all', 'chosen']),
    events: z.array(z.string()),
  })
  .refine((values) => values.scope === 'all' || values.events.length > 0, { path: ['events'], message: 'Choose at least one event, or take all events.' });
type WebhookValues = z.infer<typeof webhookSchema>;

/** Adds an endpoint, or edits `webhook` when given. */
export function WebhookFormDialog({
  open,
  onOpenChange,
  accountId,
  liveMode,
  eventTypes,
  webhook,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accountId: string;
  liveMode: boolean;
  eventTypes: readonly string[];
  webhook: Developers_WebhookFragment | null;
  onSaved: (webhook: Developers_WebhookFragment) => void;
}) {
  const [create] = useMutation(CreateWebhookMutation);
  const [update] = useMutation(UpdateWebhookMutation);
  const form = useForm<WebhookValues>({ resolver: zodResolver(webhookSchema), defaultValues: { url: '', description: '', scope: 'all', events: [] } });
  useUnsavedChanges(open && form.formState.isDirty);

  const submission = useServerSubmit(form, { url: 'url', events: 'events', description: 'description' }, async (values) => {
    const events = values.scope === 'all' ? [] : values.events;
    const saved = webhook
      ? (await update({ variables: { id: webhook.id, url: values.url, events, description: values.description } })).data?.updateWebhook
      : (await create({ variables: { accountId, liveMode, url: values.url, events, description: values.description || null } })).data?.createWebhook;
    if (saved) onSaved(saved);
    toast({ title: webhook ? 'Endpoint saved' : 'Endpoint added', description: values.url });
    onOpenChange(false);
  });

  const { setGeneralError } = submission;
  useEffect(() => {
    if (!open) return;
    setGeneralError(null);
    form.reset({
      url: webhook?.url ?? '',
      description: webhook?.description ?? '',
      scope: webhook && webhook.events.length > 0 ? 'chosen' : 'all',
      events: webhook ? [...webhook.events] : [],
    });
  }, [open, webhook, form, setGeneralError]);

  const scope = form.watch('scope');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-h-[90vh] overflow-y-auto sm:max-w-xl"
      title={webhook ? 'Edit endpoint' : `Add a ${liveMode ? 'live' : 'test'} endpoint`}
      description="We POST signed JSON events to this URL and retry for about three days until it answers 2xx within 5 seconds."
      {...submission}
      errorTitle="Could not save the endpoint"
    >
      <UrlField
        control={form.control}
        name="url"
        label="Endpoint URL"
        description={liveMode ? 'Live endpoints must use https.' : 'Test endpoints may use http.'}
        type="url"
        placeholder="https://api.example.com/webhooks/rampart"
        autoFocus
      />
      <InputField control={form.control} name="description" label="Description (optional)" placeholder="Order service, production" />
      <FormField
        control={form.control}
        name="scope"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Events</FormLabel>
            <div role="radiogroup" aria-label="Events to send" className="grid gap-2 sm:grid-cols-2">
              {(['all', 'chosen'] as const).map((value) => (
                <label
                  key={value}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded-md border p-2.5 text-sm',
                    field.value === value && 'border-primary bg-accent/40',
                  )}
                >
                  <input
                    type="radio"
                    name="webhook-scope"
                    className="size-4 accent-primary"
                    checked={field.value === value}
                    onChange={() => field.onChange(value)}
                  />
                  {value === 'all' ? 'All events' : 'Chosen events'}
                </label>
              ))}
            </div>
          </FormItem>
        )}
      />
      {scope === 'chosen' && (
        <FormField
          control={form.control}
          name="events"
          render={({ field }) => (
            <FormItem>
              <div className="flex max-h-72 flex-col gap-4 overflow-y-auto rounded-md border p-3">
                {groupEventTypes(eventTypes).map((group) => (
                  <fieldset key={group.label} className="flex flex-col gap-1.5">
                    <legend className="mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{group.label}</legend>
                    {group.types.map((type) => (
                      <label key={type} className="flex items-center gap-2 text-sm">
                        <Checkbox
                          checked={field.value.includes(type)}
                          onCheckedChange={(checked) =>
                            field.onChange(checked === true ? [...field.value, type] : field.value.filter((value) => value !== type))
                          }
                          aria-label={type}
                        />
                        <span className="font-mono text-xs">{type}</span>
                        <span className="sr-only">{eventLabel(type)}</span>
                      </label>
                    ))}
                  </fieldset>
                ))}
              </div>
              <FormDescription>{field.value.length} chosen</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
      )}
      <DialogSubmitFooter onCancel={() => onOpenChange(false)} pendingLabel="Saving">
        {webhook ? 'Save endpoint' : 'Add endpoint'}
      </DialogSubmitFooter>
    </FormDialog>
  );
}
