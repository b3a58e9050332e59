import { ListIcon, PencilIcon, SendIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { WarningNote } from '@/components/warning-note';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { CopyButton } from '@/components/copy-button';
import { RevealButton, ValueBox } from '@/features/developers/components/developers-frame';
import { formatDateTime } from '@/features/developers/lib/format';
import type { Developers_WebhookFragment } from '@/gql/graphql';
import { cn } from '@/lib/utils';

interface WebhookCardProps {
  webhook: Developers_WebhookFragment;
  canManage: boolean;
  selected: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onTest: () => void;
  onShowDeliveries: () => void;
  onToggle: (enabled: boolean) => void;
}

/** One endpoint: status, events, signing secret and its actions. */
export function WebhookCard({ webhook, canManage, selected, onEdit, onDelete, onTest, onShowDeliveries, onToggle }: WebhookCardProps) {
  const [revealed, setRevealed] = useState(false);
  const failing = webhook.isEnabled && webhook.failingSince !== null && webhook.failingSince !== undefined;
  return (
    <Card className={cn(selected && 'ring-2 ring-primary/40')} data-testid="webhook-card">
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <h3 className="font-mono text-sm font-medium break-all">{webhook.url}</h3>
            {webhook.description && <p className="text-sm text-muted-foreground">{webhook.description}</p>}
          </div>
          <div className="flex items-center gap-2">
            {webhook.isEnabled ? <Badge variant="secondary">Enabled</Badge> : <Badge variant="destructive">Disabled</Badge>}
            {canManage && (
              <Switch checked={webhook.isEnabled} onCheckedChange={onToggle} aria-label={webhook.isEnabled ? 'Disable endpoint' : 'Enable endpoint'} />
            )}
          </div>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {!webhook.isEnabled && webhook.disabledReason && <p className="text-sm text-destructive">Disabled: {webhook.disabledReason}</p>}
        {(failing || webhook.recentFailureCount > 0) && (
          <WarningNote role="status">
            <span>
              {failing ? `Deliveries have been failing since ${formatDateTime(webhook.failingSince)}. ` : ''}
              {webhook.recentFailureCount} failed {webhook.recentFailureCount === 1 ? 'attempt' : 'attempts'} in the last 24 hours. We keep retrying; an
              endpoint failing for 5 days is disabled.
            </span>
          </WarningNote>
        )}
        <div className="flex flex-wrap gap-1.5">
          {webhook.events.length === 0 ? (
            <Badge variant="outline">All events</Badge>
          ) : (
            webhook.events.map((event) => (
              <Badge key={event} variant="outline" className="font-mono text-[11px]">
                {event}
              </Badge>
            ))
          )}
        </div>
        <div className="flex flex-col gap-1">
          <span className="text-xs font-medium text-muted-foreground">Signing secret (Standard Webhooks)</span>
          <ValueBox value={revealed ? webhook.signingSecret : `whsec_${'•'.repeat(24)}`} label="Signing secret">
            <RevealButton revealed={revealed} onToggle={() => setRevealed(!revealed)} what="signing secret" />
            <CopyButton value={webhook.signingSecret} label="Copy signing secret" />
          </ValueBox>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant={selected ? 'secondary' : 'outline'} size="sm" onClick={onShowDeliveries}>
            <ListIcon aria-hidden /> Delivery log
          </Button>
          {canManage && (
            <>
              <Button type="button" variant="outline" size="sm" onClick={onTest} disabled={!webhook.isEnabled}>
                <SendIcon aria-hidden /> Send test event
              </Button>
              <Button type="button" variant="outline" size="sm" onClick={onEdit}>
                <PencilIcon aria-hidden /> Edit
              </Button>
              <Button type="button" variant="ghost" size="sm" className="text-destructive hover:text-destructive sm:ml-auto" onClick={onDelete}>
                <Trash2Icon aria-hidden /> Delete
              </Button>
            </>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
