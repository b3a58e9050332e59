import type { ColumnDef } from '@tanstack/react-table';
import { ChevronRightIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { Audit_EventFragment } from '@/gql/graphql';
import { cn } from '@/lib/utils';

const timeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });

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
      cell: ({ row }) => <time dateTime={row.original.occurredAt} className="whitespace-nowrap text-muted-foreground">{timeFormat.format(new Date(row.original.occurredAt))}</time>,
    },
    {
      id: 'actor',
      header: 'Actor',
      cell: ({ row }) => {
        const event = row.original;
        return (
          <div className="flex min-w-0 flex-col">
            <span className="truncate">{event.actorEmail ?? 'Anonymous'}</span>
            <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
              {event.actorRole?.replace('_', ' ') ?? '—'}
              {event.viaStaff && <Badge variant="secondary" className="px-1 py-0 text-[0.65rem]">staff</Badge>}
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
      header: 'Operation',
      cell: ({ row }) => (
        <div className="flex flex-col">
          <span className="font-mono text-xs">{row.original.operation}</span>
          <span className="text-xs text-muted-foreground">{row.original.kind}</span>
        </div>
      ),
    },
    {
      id: 'outcome',
      header: 'Outcome',
      cell: ({ row }) =>
        row.original.outcome === 'success' ? (
          <Badge variant="outline" className="gap-1.5">
            <span className="size-1.5 rounded-full bg-(--success)" aria-hidden /> Success
          </Badge>
        ) : (
          <div className="flex flex-col gap-0.5">
            <Badge variant="destructive">Failure</Badge>
            {row.original.errorCode && <span className="font-mono text-[0.7rem] text-muted-foreground">{row.original.errorCode}</span>}
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
