import type { ColumnDef } from '@tanstack/react-table';
import { ChevronRightIcon } from 'lucide-react';
import { OutcomeBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { Audit_EventFragment } from '@/gql/graphql';
import { formatDateTime, formatRelativeTime } from '@/lib/format';
import { ERROR_CODE_LABEL, labelOf, labelOfRole } from '@/lib/labels';
import { cn } from '@/lib/utils';

export function auditColumns({ showAccount }: { showAccount: boolean }): ColumnDef<Audit_EventFragment>[] {
  const columns: ColumnDef<Audit_EventFragment>[] = [
    {
      id: 'expand',
      header: () => <span className="sr-only">Details</span>,
      cell: ({ row }) => (
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          aria-expanded={row.getIsExpanded()}
          aria-label={row.getIsExpanded() ? 'Hide changes' : 'Show changes'}
          onClick={row.getToggleExpandedHandler()}
        >
          <ChevronRightIcon className={cn('transition-transform', row.getIsExpanded() && 'rotate-90')} aria-hidden />
        </Button>
      ),
    },
    {
      id: 'occurredAt',
      header: 'When',
      // How long ago reads fastest in a trail about recency; the exact moment, with seconds and zone, is beneath it.
      cell: ({ row }) => (
        <time dateTime={row.original.occurredAt} className="flex flex-col whitespace-nowrap">
          <span>{formatRelativeTime(row.original.occurredAt)}</span>
          <span className="text-xs text-muted-foreground">{formatDateTime(row.original.occurredAt, { seconds: true, zone: true })}</span>
        </time>
      ),
    },
    {
      id: 'actor',
      header: 'Actor',
      cell: ({ row }) => {
        const event = row.original;
        return (
          <div className="flex min-w-0 flex-col">
            <span className="truncate">{event.viaCommandLine ? 'The operator’s command line' : (event.actorEmail ?? 'Anonymous')}</span>
            <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
              {event.viaCommandLine ? 'npm run admin' : event.actorRole ? labelOfRole(event.actorRole) : '—'}
              {event.viaStaff && (
                <Badge variant="secondary" className="px-1 py-0 text-[0.65rem]">
                  staff
                </Badge>
              )}
            </span>
          </div>
        );
      },
    },
  ];
  if (showAccount) {
    columns.push({
      id: 'account',
      header: 'Account',
      cell: ({ row }) => <span className="font-mono text-xs text-muted-foreground">{row.original.accountId?.slice(0, 8) ?? '—'}</span>,
    });
  }
  columns.push(
    {
      id: 'operation',
      header: 'Event',
      cell: ({ row }) => (
        <div className="flex min-w-0 flex-col">
          <span className="max-w-md">{row.original.summary}</span>
          {/* The operation's name stays visible: it is what the Operation filter takes. */}
          <span className="font-mono text-[0.7rem] text-muted-foreground">{row.original.operation}</span>
        </div>
      ),
    },
    {
      id: 'outcome',
      header: 'Outcome',
      cell: ({ row }) =>
        row.original.outcome === 'success' ? (
          <OutcomeBadge outcome="success" />
        ) : (
          <div className="flex flex-col gap-0.5">
            <OutcomeBadge outcome="failure" />
            {row.original.errorCode && (
              <span className="text-xs whitespace-nowrap text-muted-foreground" title={row.original.errorCode}>
                {labelOf(ERROR_CODE_LABEL, row.original.errorCode)}
              </span>
            )}
          </div>
        ),
    },
    {
      id: 'ip',
      header: 'IP address',
      cell: ({ row }) => <span className="font-mono text-xs text-muted-foreground">{row.original.ipAddress ?? '—'}</span>,
    },
  );
  return columns;
}

/** The changes as indented JSON; the server already replaced secrets by [redacted]. */
export function formatChanges(changes: string): string {
  try {
    return JSON.stringify(JSON.parse(changes), null, 2);
  } catch {
    return changes;
  }
}
