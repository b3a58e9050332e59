import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@apollo/client/react';
import { PASS_WEBHOOK_EVENT_TYPES } from '@rampart/shared/passes';
import { ChevronDownIcon, WebhookIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CheckboxGroupField } from '@/components/form/checkbox-group-field';
import { RowIconButton } from '@/components/row-icon-button';
import { DialogFormFooter } from '@/components/dialog-form-footer';
import { FormDialog } from '@/components/form/form-dialog';
import { InputField } from '@/components/form/input-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { HeadedTable } from '@/components/data-table/headed-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { StatusBadge } from '@/components/status-badge';
import { CreatePassWebhookMutation, DeletePassWebhookMutation, PassWebhookDeliveriesQuery, PassWebhooksQuery } from '@/features/passes/api/passes';
import { MonoValue, ProjectListSection } from '@/features/passes/components/passes-frame';
import { labelOfPassWebhookEvent } from '@/features/passes/lib/labels';
import type { Passes_WebhookFragment } from '@/gql/graphql';
import { usePermission } from '@/hooks/use-permission';
import { toast } from '@/hooks/use-toast';
import { formatCount, formatDateTime } from '@/lib/format';
import { useServerSubmit } from '@/hooks/use-server-submit';
import { useUnsavedChanges } from '@/hooks/use-unsaved-changes';
import { labelOf, WEBHOOK_DELIVERY_STATUS_LABEL } from '@/lib/labels';
import { QueryErrorAlert } from '@/components/query-boundary';
import { ConfirmItemDialog } from '@/components/confirm-dialog';
import { useProjectQuery } from '@/features/passes/hooks/use-project-query';

const webhookSchema = z.object({
  url: z
    .string()
    .trim()
    .refine((value) => {
      try {
        return /^https?:$/.test(new URL(value).protocol);
      } catch {
        return false;
      }
    }, 'Enter the full address of your endpoint, such as https://example.com/webhooks/passes'),
  description: z.string(),
  events: z.array(z.string()),
});
type WebhookValues = z.infer<typeof webhookSchema>;

function CreateWebhookDialog({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const [create, { loading }] = useMutation(CreatePassWebhookMutation, { refetchQueries: [PassWebhooksQuery], awaitRefetchQueries: true });
  const form = useForm<WebhookValues>({ resolver: zodResolver(webhookSchema), defaultValues: { url: '', description: '', events: [] } });
  useUnsavedChanges(form.formState.isDirty);
  const submission = useServerSubmit(form, { url: 'url', description: 'description', events: 'events' }, async (values) => {
    await create({ variables: { projectId, url: values.url, events: values.events, description: values.description.trim() || null } });
    toast({ title: 'Endpoint added', description: values.url });
    onClose();
  });
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Add an endpoint"
      description="Rampart posts this project's pass events to it, signed (Standard Webhooks) and retried until it answers 2xx."
      {...submission}
      errorTitle="Could not add the endpoint"
    >
      <InputField control={form.control} name="url" label="Endpoint URL" type="url" placeholder="https://example.com/webhooks/passes" />
      <InputField control={form.control} name="description" label="Description (optional)" />
      <CheckboxGroupField
        control={form.control}
        name="events"
        label="Events"
        description="None ticked: every pass event."
        options={PASS_WEBHOOK_EVENT_TYPES.map((type) => ({
          value: type,
          label: (
            <>
              {labelOfPassWebhookEvent(type)} <code className="font-mono text-xs text-muted-foreground">{type}</code>
            </>
          ),
        }))}
      />
      <DialogFormFooter onCancel={onClose} busy={loading} pendingLabel="Adding">
        Add endpoint
      </DialogFormFooter>
    </FormDialog>
  );
}

function Deliveries({ webhookId }: { webhookId: string }) {
  const { data, loading, error } = useQuery(PassWebhookDeliveriesQuery, { variables: { id: webhookId, skip: 0, take: 10 }, fetchPolicy: 'cache-and-network' });
  const page = data?.webhookDeliveries;
  if (error) return <QueryErrorAlert title="Could not load the deliveries" error={error} />;
  if (loading && !page) return <Skeleton className="h-20 w-full" />;
  if (!page || page.items.length === 0)
    return <p className="text-sm text-muted-foreground">No deliveries yet. Each pass event this endpoint takes is listed here with its response.</p>;
  return (
    <div className="flex flex-col gap-2">
      <HeadedTable
        columns={['Event', 'Status', { heading: 'Attempts', className: 'hidden sm:table-cell' }, { heading: 'Created', className: 'hidden md:table-cell' }]}
      >
        {page.items.map((delivery) => (
          <TableRow key={delivery.id}>
            <TableCell className="text-sm">{labelOfPassWebhookEvent(delivery.eventType)}</TableCell>
            <TableCell>
              <StatusBadge meaning={delivery.status === 'succeeded' ? 'success' : delivery.status === 'pending' ? 'progress' : 'failed'}>
                {labelOf(WEBHOOK_DELIVERY_STATUS_LABEL, delivery.status)}
                {delivery.lastStatusCode != null && ` · ${delivery.lastStatusCode}`}
              </StatusBadge>
            </TableCell>
            <TableCell className="hidden tabular-nums sm:table-cell">{formatCount(delivery.attemptCount)}</TableCell>
            <TableCell className="hidden text-sm text-muted-foreground md:table-cell">{formatDateTime(delivery.createdAt)}</TableCell>
          </TableRow>
        ))}
      </HeadedTable>
      {page.totalCount > page.items.length && (
        <p className="text-xs text-muted-foreground">
          The latest {page.items.length} of {formatCount(page.totalCount)} deliveries.
        </p>
      )}
    </div>
  );
}

function EndpointCard({ webhook, canManage, onDelete }: { webhook: Passes_WebhookFragment; canManage: boolean; onDelete: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Card className="gap-3" data-testid="pass-webhook">
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <div className="min-w-0">
          <CardTitle className="font-mono text-sm break-all">{webhook.url}</CardTitle>
          {webhook.description && <p className="text-sm text-muted-foreground">{webhook.description}</p>}
        </div>
        <span className="flex shrink-0 items-center gap-1">
          <StatusBadge meaning={webhook.isEnabled ? (webhook.failingSince ? 'waiting' : 'success') : 'neutral'}>
            {webhook.isEnabled ? (webhook.failingSince ? 'Failing' : 'Enabled') : 'Disabled'}
          </StatusBadge>
          {canManage && <RowIconButton action="delete" label={`Delete the endpoint ${webhook.url}`} onClick={onDelete} />}
        </span>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-sm">
          <span className="text-muted-foreground">Events: </span>
          {webhook.events.length === 0 ? 'Every pass event' : webhook.events.map((type) => labelOfPassWebhookEvent(type)).join(', ')}
        </p>
        {canManage && (
          <p className="flex flex-wrap items-center gap-1 text-sm">
            <span className="text-muted-foreground">Signing secret:</span>
            <MonoValue value={webhook.signingSecret} label="Copy the signing secret">
              {webhook.signingSecret.slice(0, 10)}…
            </MonoValue>
          </p>
        )}
        {webhook.disabledReason && <p className="text-sm text-destructive">{webhook.disabledReason}</p>}
        <Button type="button" variant="ghost" size="sm" className="w-fit" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
          <ChevronDownIcon className={open ? 'rotate-180 transition-transform' : 'transition-transform'} aria-hidden />{' '}
          {open ? 'Hide deliveries' : 'Show deliveries'}
        </Button>
        {open && <Deliveries webhookId={webhook.id} />}
      </CardContent>
    </Card>
  );
}

/** The project's webhook endpoints for pass events. */
export function WebhooksScreen() {
  const { projectId, data, loading, error } = useProjectQuery(PassWebhooksQuery);
  const canManage = usePermission('webhooks:manage');
  const webhooks = data?.passProject.webhooks ?? [];
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Passes_WebhookFragment | null>(null);
  const [remove] = useMutation(DeletePassWebhookMutation, { refetchQueries: [PassWebhooksQuery], awaitRefetchQueries: true });
  return (
    <>
      <ProjectListSection
        projectId={projectId}
        section="webhooks"
        description="Endpoints told when this project's passes are issued, added to a wallet, scanned or invalidated."
        add={canManage && { label: 'Add endpoint', firstLabel: 'Add an endpoint', onAdd: () => setCreating(true), disabled: !data }}
        query={{ data, loading, error }}
        errorTitle="Could not load the endpoints"
        skeletonClassName="h-40"
        isEmpty={webhooks.length === 0}
        empty={{
          icon: <WebhookIcon />,
          title: 'No endpoints yet',
          text: 'Your endpoints will be listed here with their deliveries. Add one to hear about pass.created, pass.added, pass.scanned and pass.invalidated — for instance when an NFT moves and its pass is invalidated.',
        }}
      >
        <div className="flex flex-col gap-4">
          {webhooks.map((webhook) => (
            <EndpointCard key={webhook.id} webhook={webhook} canManage={canManage} onDelete={() => setDeleting(webhook)} />
          ))}
        </div>
      </ProjectListSection>
      {creating && <CreateWebhookDialog projectId={projectId} onClose={() => setCreating(false)} />}
      <ConfirmItemDialog
        noun="endpoint"
        item={deleting && { id: deleting.id, name: deleting.url }}
        title="Delete this endpoint?"
        description={
          <>
            <span className="font-mono break-all">{deleting?.url}</span> stops receiving this project's pass events. Pending deliveries are dropped.
          </>
        }
        onConfirm={(id) => remove({ variables: { id } })}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
