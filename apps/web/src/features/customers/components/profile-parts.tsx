import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { HeadedTable } from '@/components/data-table/headed-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { Pager } from '@/features/customers/components/pager';
import { PROFILE_PAGE_SIZE } from '@/features/customers/lib/search-params';

/** One card of the customer profile, under its title; tables get the narrower padding on small screens. */
export function ProfileCard({
  title,
  className,
  contentClassName = 'px-3 sm:px-5',
  children,
}: {
  title: string;
  className?: string;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card className={cn('min-w-0 py-5', className)}>
      <CardHeader className="px-5">
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}

export interface ProfileColumn {
  heading: string;
  className?: string;
}

/**
 * A table of the customer profile: its headings, `loadingRows` skeletons while it loads, and `message` in one row
 * across it when there is nothing to show.
 */
export function ProfileTable({
  label,
  columns,
  className,
  busy,
  loadingRows = 0,
  message,
  messageClassName = 'py-8',
  children,
}: {
  label: string;
  columns: readonly ProfileColumn[];
  className?: string;
  busy?: boolean;
  loadingRows?: number;
  message?: ReactNode;
  messageClassName?: string;
  children?: ReactNode;
}) {
  return (
    <HeadedTable label={label} columns={columns} busy={busy} className={className}>
      {Array.from({ length: loadingRows }, (_, i) => (
        <TableRow key={i} className="hover:bg-transparent">
          <TableCell colSpan={columns.length}>
            <Skeleton className="h-5 w-full" />
          </TableCell>
        </TableRow>
      ))}
      {message ? (
        <TableRow className="hover:bg-transparent">
          <TableCell colSpan={columns.length} className={cn(messageClassName, 'text-center text-muted-foreground')}>
            {message}
          </TableCell>
        </TableRow>
      ) : null}
      {children}
    </HeadedTable>
  );
}

/** Previous / next under a paged table of the profile (its page lives in the URL). */
export function ProfilePager({
  label,
  list,
  page,
  onPage,
}: {
  label: string;
  list: { totalCount: number; isTotalExact: boolean; items: readonly unknown[] };
  page: number;
  onPage: (page: number) => void;
}) {
  return (
    <Pager
      label={label}
      page={page}
      pageSize={PROFILE_PAGE_SIZE}
      totalCount={list.totalCount}
      isTotalExact={list.isTotalExact}
      shown={list.items.length}
      onPage={onPage}
    />
  );
}

/** A paged list under the profile: whose, in which mode, and its page (in the URL). */
export interface ProfileListProps {
  accountId: string;
  customerId: string;
  isLive: boolean;
  page: number;
  onPage: (page: number) => void;
}

/** The variables of a paged list's query. */
export function profileListVariables({ accountId, customerId, isLive, page }: ProfileListProps) {
  return { accountId, id: customerId, isLive, skip: (page - 1) * PROFILE_PAGE_SIZE, take: PROFILE_PAGE_SIZE };
}
