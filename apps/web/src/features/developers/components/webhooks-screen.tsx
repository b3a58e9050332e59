import { useMutation, useQuery } from '@apollo/client/react';
import { PlusIcon, WebhookIcon } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AlertDialogAction, AlertDialogFrame } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { DeleteWebhookMutation, UpdateWebhookMutation, WebhooksQuery } from '@/features/developers/api/webhooks';
import { DeliveryLog } from '@/features/developers/components/delivery-log';
import { DevelopersFrame } from '@/features/developers/components/developers-frame';
import { TestWebhookDialog } from '@/features/developers/components/test-webhook-dialog';
import { WebhookCard } from '@/features/developers/components/webhook-card';
import { WebhookFormDialog } from '@/features/developers/components/webhook-form-dialog';
import { deliveryFiltersToSearchParams, parseDeliveryFilters } from '@/features/developers/lib/delivery-search-params';
import { useDeveloperScope } from '@/features/developers/lib/scope';
import type { Developers_WebhookFragment } from '@/gql/graphql';
import { usePermission } from '@/hooks/use-permission';
import { toastChange } from '@/hooks/toast-change';
import { QueryBoundary } from '@/components/query-boundary';

/** The selected account's endpoints in the shell's mode, their tests and the delivery log of one of them. */
export function WebhooksScreen() {
  const { accountId, liveMode, modeLabel } = useDeveloperScope();
  const canManage = usePermission('webhooks:manage');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = parseDeliveryFilters(searchParams);
  const { data, loading, error, refetch } = useQuery(WebhooksQuery, {
    variables: { accountId: accountId ?? '', liveMode },
    skip: !accountId,
    fetchPolicy: 'cache-and-network',
  });
  const [update] = useMutation(UpdateWebhookMutation);
  const [remove, { loading: removing }] = useMutation(DeleteWebhookMutation);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Developers_WebhookFragment | null>(null);
  const [testing, setTesting] = useState<Developers_WebhookFragment | null>(null);
  const [deleting, setDeleting] = useState<Developers_WebhookFragment | null>(null);

  const webhooks = data?.webhooks ?? [];
  const eventTypes = data?.webhookEventTypes ?? [];
  const selected = webhooks.find((webhook) => webhook.id === filters.endpoint) ?? webhooks[0] ?? null;

  function showDeliveries(webhook: Developers_WebhookFragment) {
    setSearchParams(deliveryFiltersToSearchParams({ endpoint: webhook.id, eventType: '', outcome: '', page: 1 }, searchParams), { replace: true });
  }

  async function toggle(webhook: Developers_WebhookFragment, isEnabled: boolean) {
    const done = { title: isEnabled ? 'Endpoint enabled' : 'Endpoint disabled', description: webhook.url };
    await toastChange(() => update({ variables: { id: webhook.id, isEnabled } }), done, 'Could not change the endpoint');
  }

  async function confirmDelete(webhook: Developers_WebhookFragment) {
    const removal = () => remove({ variables: { id: webhook.id } }).then(() => refetch());
    await toastChange(removal, { title: 'Endpoint deleted', description: webhook.url }, 'Could not delete the endpoint');
    setDeleting(null);
  }

  return (
    <DevelopersFrame
      title="Webhooks"
      description={`Endpoints that receive ${modeLabel}-mode events, signed with Standard Webhooks and Moonpay-Signature-V2 headers.`}
      actions={
        canManage && accountId ? (
          <Button
            type="button"
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            <PlusIcon aria-hidden /> Add endpoint
          </Button>
        ) : null
      }
    >
      <QueryBoundary query={{ data, loading, error, refetch }} errorTitle="Could not load the endpoints" skeleton={<Skeleton className="h-48 w-full" />}>
        {() =>
          webhooks.length === 0 ? (
            <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-14 text-center">
              <span className="flex size-11 items-center justify-center rounded-full bg-accent text-accent-foreground">
                <WebhookIcon className="size-5" aria-hidden />
              </span>
              <p className="max-w-md text-sm text-muted-foreground">
                No {modeLabel} endpoint yet. Add one to hear about transactions, swaps and account reviews as they happen.
              </p>
            </div>
          ) : (
            <div className="flex flex-col gap-4">
              {webhooks.map((webhook) => (
                <WebhookCard
                  key={webhook.id}
                  webhook={webhook}
                  canManage={canManage}
                  selected={selected?.id === webhook.id && webhooks.length > 1}
                  onEdit={() => {
                    setEditing(webhook);
                    setFormOpen(true);
                  }}
                  onDelete={() => setDeleting(webhook)}
                  onTest={() => setTesting(webhook)}
                  onShowDeliveries={() => showDeliveries(webhook)}
                  onToggle={(enabled) => void toggle(webhook, enabled)}
                />
              ))}
            </div>
          )
        }
      </QueryBoundary>
      {selected && <DeliveryLog key={selected.id} webhook={selected} eventTypes={eventTypes} canResend={canManage} />}
      {accountId && (
        <WebhookFormDialog
          open={formOpen}
          onOpenChange={setFormOpen}
          accountId={accountId}
          liveMode={liveMode}
          eventTypes={eventTypes}
          webhook={editing}
          onSaved={(saved) => {
            void refetch();
            if (!editing) showDeliveries(saved);
          }}
        />
      )}
      <TestWebhookDialog webhook={testing} eventTypes={eventTypes} onClose={() => setTesting(null)} />
      <AlertDialogFrame
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this endpoint?"
        description={<>{deleting?.url} stops receiving events at once, and its delivery log is deleted.</>}
        descriptionClassName="[overflow-wrap:anywhere]"
        action={
          <AlertDialogAction onClick={() => deleting && void confirmDelete(deleting)} disabled={removing}>
            Delete endpoint
          </AlertDialogAction>
        }
      />
    </DevelopersFrame>
  );
}
