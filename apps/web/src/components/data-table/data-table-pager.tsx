import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { formatCount } from '@/lib/format';

export interface DataTablePagerProps {
  /** The name of the pager's navigation landmark; without it the pager is a plain group. */
  label?: string;
  pageSizes: readonly number[];
  pageSize: number;
  /** The page shown, from 1. */
  page: number;
  /** How many pages there are, or null when the total is an estimate (then "Page 3" without "of"). */
  pageCount: number | null;
  /** Which rows the page shows ("21–40 of 1,234"); nothing is shown when undefined. */
  summary?: ReactNode;
  hasPrevious?: boolean;
  hasNext: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** "21–40 of 1,234": the rows a page shows; `total` is already formatted (an estimate carries its "+"). */
export function formatRowRange(first: number, last: number, total: string): string {
  return `${formatCount(first)}–${formatCount(last)} of ${total}`;
}

/** Rows per page and previous / next under a list whose page and page size live in the URL. */
export function DataTablePager({
  label,
  pageSizes,
  pageSize,
  page,
  pageCount,
  summary,
  hasPrevious = page > 1,
  hasNext,
  onPageChange,
  onPageSizeChange,
}: DataTablePagerProps) {
  const Root = label ? 'nav' : 'div';
  return (
    <Root aria-label={label} className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
      <label className="flex items-center gap-2">
        Rows
        <select
          aria-label="Rows per page"
          className="rounded border bg-background px-2 py-1 text-foreground"
          value={pageSize}
          onChange={(event) => onPageSizeChange(Number(event.target.value))}
        >
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      {summary === undefined ? null : <span>{summary}</span>}
      <div className="flex items-center gap-2">
        <span>
          Page {page}
          {pageCount === null ? '' : ` of ${pageCount}`}
        </span>
        <Button size="sm" variant="outline" disabled={!hasPrevious} onClick={() => onPageChange(page - 1)}>
          Previous
        </Button>
        <Button size="sm" variant="outline" disabled={!hasNext} onClick={() => onPageChange(page + 1)}>
          Next
        </Button>
      </div>
    </Root>
  );
}
