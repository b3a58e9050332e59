import type { ColumnDef } from '@tanstack/react-table';
import { ChevronDownIcon, ChevronRightIcon, RotateCwIcon } from 'lucide-react';
import { StatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatRelativeTime } from '@/lib/format';
import { labelOf, labelOfWebhookEvent, WEBHOOK_DELIVERY_STATUS_LABEL } from '@/lib/labels';
import type { Developers_WebhookDeliveryFragment } from '@/gql/graphql';

export function outcomeOf(status: string): 'succeeded' | 'failed' | 'pending' {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'abandoned') return 'failed';
  return 'pending';
}

export function OutcomeBadge({ status }: { status: string }) {
  const outcome = outcomeOf(status);
  return (
    <StatusBadge meaning={outcome === 'succeeded' ? 'success' : outcome === 'failed' ? 'failed' : 'progress'}>
      {labelOf(WEBHOOK_DELIVERY_STATUS_LABEL, status)}
    </StatusBadge>
  );
}

export function deliveryColumns(options: {
  canResend: boolean;
  onResend: (delivery: Developers_WebhookDeliveryFragment) => void;
  resendingId: string | null;
}): ColumnDef<Developers_WebhookDeliveryFragment>[] {
  return [
    {
      id: 'expand',
      header: () => <span className="sr-only">Details</span>,
      cell: ({ row }) => (
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-7"
          aria-expanded={row.getIsExpanded()}
          aria-label={row.getIsExpanded() ? `Hide details of ${row.original.eventType}` : `Show details of ${row.original.eventType}`}
          onClick={row.getToggleExpandedHandler()}
        >
          {row.getIsExpanded() ? <ChevronDownIcon aria-hidden /> : <ChevronRightIcon aria-hidden />}
        </Button>
      ),
    },
    {
      accessorKey: 'eventType',
      header: 'Event',
      // The label reads; the raw type beneath is what the partner's code receives and matches on.
      cell: ({ row }) => (
        <div className="flex min-w-0 flex-col">
          <span>{labelOfWebhookEvent(row.original.eventType)}</span>
          <span className="font-mono text-[0.7rem] text-muted-foreground">{row.original.eventType}</span>
        </div>
      ),
    },
    { accessorKey: 'status', header: 'Outcome', cell: ({ row }) => <OutcomeBadge status={row.original.status} /> },
    { accessorKey: 'lastStatusCode', header: 'Last code', cell: ({ row }) => <span className="tabular-nums">{row.original.lastStatusCode ?? '—'}</span> },
    { accessorKey: 'attemptCount', header: 'Attempts', cell: ({ row }) => <span className="tabular-nums">{row.original.attemptCount}</span> },
    {
      accessorKey: 'createdAt',
      header: 'Created',
      cell: ({ row }) => (
        <time
          dateTime={row.original.createdAt}
          title={formatDateTime(row.original.createdAt, { zone: true, seconds: true })}
          className="whitespace-nowrap text-muted-foreground"
        >
          {formatRelativeTime(row.original.createdAt)}
        </time>
      ),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) =>
        options.canResend ? (
          <Button type="button" variant="outline" size="sm" disabled={options.resendingId === row.original.id} onClick={() => options.onResend(row.original)}>
            <RotateCwIcon aria-hidden /> Resend
          </Button>
        ) : null,
    },
  ];
}
