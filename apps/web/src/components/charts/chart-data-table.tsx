import { ChartNoAxesColumnIcon, TableIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';

/**
 * A chart's figures as a table (its "View as table"): the first column names the row, the others are right-aligned
 * figures. `emptyMessage` is the one row shown when there are no rows.
 */
export function ChartDataTable({
  title,
  columns,
  rows,
  emptyMessage,
  ...props
}: { title: string; columns: readonly string[]; rows: readonly (readonly string[])[]; emptyMessage?: string } & Omit<
  ComponentProps<typeof Table>,
  'children'
>) {
  return (
    <Table {...props}>
      <TableCaption className="sr-only">{title}</TableCaption>
      <TableHeader>
        <TableRow>
          {columns.map((column, index) => (
            <TableHead key={column} className={index > 0 ? 'text-right' : undefined}>
              {column}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length === 0 && emptyMessage ? (
          <TableRow>
            <TableCell colSpan={columns.length} className="text-center text-muted-foreground">
              {emptyMessage}
            </TableCell>
          </TableRow>
        ) : null}
        {rows.map((row, rowIndex) => (
          <TableRow key={`${row[0]}-${rowIndex}`}>
            {row.map((cell, index) => (
              <TableCell key={index} className={cn('py-1.5', index > 0 && 'text-right tabular-nums whitespace-nowrap')}>
                {cell}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The switch between a chart and its table; pressed while the table shows. */
export function ChartTableToggle({ asTable, onToggle, className }: { asTable: boolean; onToggle: () => void; className?: string }) {
  return (
    <Button variant="ghost" size="sm" className={cn('h-7 px-2 text-xs text-muted-foreground', className)} aria-pressed={asTable} onClick={onToggle}>
      {asTable ? <ChartNoAxesColumnIcon aria-hidden /> : <TableIcon aria-hidden />}
      {asTable ? 'View as chart' : 'View as table'}
    </Button>
  );
}
