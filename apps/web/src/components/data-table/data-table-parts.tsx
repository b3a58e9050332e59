import { flexRender, type RowData, type Table as TanStackTable } from '@tanstack/react-table';
import { Fragment, type ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- TanStack's declaration has both type parameters; ours must match it
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes of the column's heading and cells (alignment, the breakpoint from which it shows). */
    className?: string;
    /** Classes of the cells alone (type, wrapping). */
    cellClassName?: string;
  }
}

/** The column headings of a TanStack table; `trailing` adds a heading after the columns (an actions column). */
export function DataTableHeader<TData>({ table, trailing }: { table: TanStackTable<TData>; trailing?: ReactNode }) {
  return (
    <TableHeader>
      {table.getHeaderGroups().map((group) => (
        <TableRow key={group.id} className="hover:bg-transparent">
          {group.headers.map((header) => (
            <TableHead key={header.id} className={header.column.columnDef.meta?.className}>
              {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
            </TableHead>
          ))}
          {trailing}
        </TableRow>
      ))}
    </TableHeader>
  );
}

/**
 * The rows of a TanStack table. With `onRowClick` a row opens what it shows (each row also holds a link or button
 * for keyboards); `trailing` adds a cell after the columns (an actions column).
 */
export function DataTableRows<TData>({
  table,
  onRowClick,
  trailing,
}: {
  table: TanStackTable<TData>;
  onRowClick?: (row: TData) => void;
  trailing?: (row: TData) => ReactNode;
}) {
  return table.getRowModel().rows.map((row) => (
    <TableRow key={row.id} className={onRowClick ? 'cursor-pointer' : undefined} onClick={onRowClick ? () => onRowClick(row.original) : undefined}>
      {row.getVisibleCells().map((cell) => (
        <TableCell key={cell.id} className={cn(cell.column.columnDef.meta?.className, cell.column.columnDef.meta?.cellClassName)}>
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </TableCell>
      ))}
      {trailing?.(row.original)}
    </TableRow>
  ));
}

/** The rows of a TanStack table whose expanded rows show `details` in a full-width row beneath. */
export function DataTableExpandableRows<TData>({
  table,
  details,
  detailsClassName,
}: {
  table: TanStackTable<TData>;
  details: (row: TData) => ReactNode;
  detailsClassName?: string;
}) {
  return table.getRowModel().rows.map((row) => (
    <Fragment key={row.id}>
      <TableRow data-state={row.getIsExpanded() ? 'selected' : undefined}>
        {row.getVisibleCells().map((cell) => (
          <TableCell key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</TableCell>
        ))}
      </TableRow>
      {row.getIsExpanded() && (
        <TableRow className="hover:bg-transparent">
          <TableCell colSpan={row.getVisibleCells().length} className={detailsClassName}>
            {details(row.original)}
          </TableCell>
        </TableRow>
      )}
    </Fragment>
  ));
}

/** Skeleton rows shown while a list's first page loads. */
export function DataTableLoadingRows({ rows, colSpan }: { rows: number; colSpan: number }) {
  return Array.from({ length: rows }, (_, i) => (
    <TableRow key={i} className="hover:bg-transparent">
      <TableCell colSpan={colSpan}>
        <Skeleton className="h-8 w-full" />
      </TableCell>
    </TableRow>
  ));
}

/** One row across the table that says why there is nothing to show. */
export function DataTableMessageRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell colSpan={colSpan} className="py-10 text-center text-muted-foreground">
        {children}
      </TableCell>
    </TableRow>
  );
}

/**
 * Narrow screens: the same rows stacked as a list (the table takes over from a breakpoint, which `className` hides
 * this at). `loadingRows` skeletons while the first page loads; `message` says why there is nothing to show.
 */
export function DataTableStackedList({
  label,
  className,
  loadingRows = 0,
  skeletonClassName = 'h-9',
  message,
  children,
}: {
  label: string;
  className?: string;
  loadingRows?: number;
  skeletonClassName?: string;
  message?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <ul aria-label={label} className={cn('flex flex-col divide-y rounded-md border', className)}>
      {Array.from({ length: loadingRows }, (_, i) => (
        <li key={i} className="px-3 py-3">
          <Skeleton className={cn('w-full', skeletonClassName)} />
        </li>
      ))}
      {message ? <li className="px-3 py-8 text-center text-sm text-muted-foreground">{message}</li> : null}
      {children}
    </ul>
  );
}
