import type * as React from 'react';
import { HorizontalScroll } from '@/components/ui/horizontal-scroll';
import { slotted } from '@/components/ui/slotted';
import { cn } from '@/lib/utils';

/** A table that scrolls sideways inside its box when it is wider (phones), with shadows and a hint saying so. */
export function Table({ className, ...props }: React.ComponentProps<'table'>) {
  return (
    <HorizontalScroll slot="table-container" hint="Scroll sideways for more columns" className="w-full">
      <table data-slot="table" className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </HorizontalScroll>
  );
}

export const TableHeader = slotted('thead', 'table-header', '[&_tr]:border-b');
export const TableBody = slotted('tbody', 'table-body', '[&_tr:last-child]:border-0');
export const TableRow = slotted('tr', 'table-row', 'border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted');
export const TableHead = slotted('th', 'table-head', 'h-10 px-3 text-left align-middle text-xs font-medium whitespace-nowrap text-muted-foreground');
export const TableCell = slotted('td', 'table-cell', 'px-3 py-2.5 align-middle');
export const TableCaption = slotted('caption', 'table-caption', 'mt-4 text-sm text-muted-foreground');
