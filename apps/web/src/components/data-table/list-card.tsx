import type { ReactNode } from 'react';
import { QueryErrorAlert } from '@/components/query-boundary';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';

/** One column of a `ListCard`'s table: its heading and what each row shows in it. */
export interface ListCardColumn<T> {
  header: ReactNode;
  cell: (item: T) => ReactNode;
  className?: string;
}

/** What `ListCard` reads of its query's state. */
export interface ListCardQuery {
  data?: unknown;
  previousData?: unknown;
  loading: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/** The heading of a table's actions column: read out by screen readers, not shown. */
export function ActionsTableHead({ className }: { className?: string }) {
  return (
    <TableHead className={className}>
      <span className="sr-only">Actions</span>
    </TableHead>
  );
}

/**
 * A back-office list in a card: a table from the md breakpoint, the same items stacked below it, with the query's
 * error, loading and empty states. `actions` (left out when the viewer may change nothing) ends every row and item.
 */
export function ListCard<T extends { id: string }>({
  label,
  items,
  query,
  errorTitle,
  skeletonClassName = 'h-32',
  empty,
  columns,
  stacked,
  stackedClassName = 'flex-col',
  actions,
  toolbar,
  footer,
}: {
  /** The table's accessible name; the stacked list is "<label> (list)". */
  label: string;
  items: readonly T[];
  /** The list's query (Apollo's result): its error and loading states show only until it has answered once. */
  query: ListCardQuery;
  errorTitle: string;
  skeletonClassName?: string;
  /** What the card says when the query answered with nothing. */
  empty: ReactNode;
  columns: ReadonlyArray<ListCardColumn<T>>;
  /** An item on narrow screens, before its actions. */
  stacked: (item: T) => ReactNode;
  stackedClassName?: string;
  actions?: (item: T) => ReactNode;
  /** Above the list (filters). */
  toolbar?: ReactNode;
  /** Below the list when it has items (a pager). */
  footer?: ReactNode;
}) {
  const loaded = query.data !== undefined || query.previousData !== undefined;
  return (
    <Card className="min-w-0 gap-4 py-5">
      <CardContent className="flex min-w-0 flex-col gap-4 px-3 sm:px-5">
        {toolbar}
        {query.error && !loaded ? <QueryErrorAlert title={errorTitle} error={query.error} onRetry={query.refetch} /> : null}
        {query.loading && !loaded ? <Skeleton className={cn('w-full', skeletonClassName)} /> : null}
        {loaded && items.length === 0 ? <p className="px-3 py-10 text-center text-sm text-muted-foreground">{empty}</p> : null}
        {items.length > 0 ? (
          <>
            <ul aria-label={`${label} (list)`} className="flex flex-col divide-y rounded-md border md:hidden">
              {items.map((item) => (
                <li key={item.id} className={cn('flex gap-2 px-3 py-2.5 text-sm', stackedClassName)}>
                  {stacked(item)}
                  {actions?.(item)}
                </li>
              ))}
            </ul>
            <Table aria-label={label} className="hidden md:table">
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  {columns.map((column, index) => (
                    <TableHead key={index}>{column.header}</TableHead>
                  ))}
                  {actions ? <ActionsTableHead /> : null}
                </TableRow>
              </TableHeader>
              <TableBody>
                {items.map((item) => (
                  <TableRow key={item.id}>
                    {columns.map((column, index) => (
                      <TableCell key={index} className={column.className}>
                        {column.cell(item)}
                      </TableCell>
                    ))}
                    {actions ? <TableCell>{actions(item)}</TableCell> : null}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {footer}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
