import { flexRender, type Table as TanStackTable } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

/** The column headings of a TanStack table; `trailing` adds a heading after the columns (an actions column). */
export function DataTableHeader<TData>({ table, trailing }: { table: TanStackTable<TData>; trailing?: ReactNode }) {
  return (
    <TableHeader>
      {table.getHeaderGroups().map((group) => (
        <TableRow key={group.id} className="hover:bg-transparent">
          {group.headers.map((header) => (
            <TableHead key={header.id}>{header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}</TableHead>
          ))}
          {trailing}
        </TableRow>
      ))}
    </TableHeader>
  );
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
