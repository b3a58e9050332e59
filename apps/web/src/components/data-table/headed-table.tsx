import type { ReactNode } from 'react';
import { ActionsTableHead } from '@/components/data-table/list-card';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@/components/ui/table';

/** A column's heading, and its classes (alignment, the breakpoint from which it shows): a string when it has none. */
export type TableColumn = string | { heading: ReactNode; className?: string };

/**
 * A plain table (no sorting, no paging) under one row of column headings, its rows given whole; with `actions`, a
 * last heading named for screen readers over each row's buttons.
 */
export function HeadedTable({
  label,
  columns,
  actions = false,
  className,
  busy,
  children,
}: {
  /** The table's accessible name. */
  label?: string;
  columns: readonly TableColumn[];
  actions?: boolean;
  className?: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <Table aria-label={label} aria-busy={busy} className={className}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {columns.map((column, index) =>
            typeof column === 'string' ? (
              <TableHead key={index}>{column}</TableHead>
            ) : (
              <TableHead key={index} className={column.className}>
                {column.heading}
              </TableHead>
            ),
          )}
          {actions && <ActionsTableHead className="w-0" />}
        </TableRow>
      </TableHeader>
      <TableBody>{children}</TableBody>
    </Table>
  );
}
