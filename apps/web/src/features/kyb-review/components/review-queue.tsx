import { DataTableHeader, DataTableLoadingRows, DataTableMessageRow, DataTableRows, DataTableStackedList } from '@/components/data-table/data-table-parts';
import type { Table as TanStackTable } from '@tanstack/react-table';
import { FilterXIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageLayout } from '@/components/layouts/page-layout';
import { QueryErrorAlert } from '@/components/query-boundary';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody } from '@/components/ui/table';
import { ReviewSectionNav } from '@/features/kyb-review/components/review-section-nav';
import { StatusMultiSelect } from '@/features/kyb-review/components/status-multi-select';
import type { ReviewStatusValue } from '@/gql/graphql';
import { cn } from '@/lib/utils';

/** A queue of the review: the heading, the section tabs, and a card holding its filters, list and pager. */
export function ReviewQueuePage({ description, children }: { description: string; children: ReactNode }) {
  return (
    <PageLayout>
      <div className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Business verification</h1>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        <ReviewSectionNav />
      </div>
      <Card className="min-w-0 gap-4 py-5">
        <CardContent className="flex min-w-0 flex-col gap-4 px-3 sm:px-5">{children}</CardContent>
      </Card>
    </PageLayout>
  );
}

/** One filter of a queue under its label. */
export function QueueFilter({ id, label, className, children }: { id: string; label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/** The status filter every review queue has (several statuses at once). */
export function QueueStatusFilter({
  id,
  value,
  onChange,
  statuses,
}: {
  id: string;
  value: ReviewStatusValue[];
  onChange: (value: ReviewStatusValue[]) => void;
  statuses?: readonly ReviewStatusValue[];
}) {
  return (
    <QueueFilter id={id} label="Status">
      <StatusMultiSelect id={id} value={value} onChange={onChange} statuses={statuses} />
    </QueueFilter>
  );
}

/** The product filter of a review queue: one of `options`, or any product. */
export function QueueProductFilter<V extends string>({
  id,
  value,
  options,
  onChange,
}: {
  id: string;
  value: V | '';
  options: readonly { value: V; label: ReactNode }[];
  onChange: (value: V | '') => void;
}) {
  return (
    <QueueFilter id={id} label="Product">
      <AnyOfSelect id={id} value={value} anyLabel="Any product" options={options} onChange={onChange} />
    </QueueFilter>
  );
}

const ANY = 'any';

/** A filter's choice of one value, or `anyLabel` (the value ''). */
export function AnyOfSelect<V extends string>({
  id,
  value,
  anyLabel,
  options,
  onChange,
  contentClassName,
}: {
  id: string;
  value: V | '';
  anyLabel: string;
  options: readonly { value: V; label: ReactNode }[];
  onChange: (value: V | '') => void;
  contentClassName?: string;
}) {
  return (
    <Select value={value || ANY} onValueChange={(next) => onChange(next === ANY ? '' : (next as V))}>
      <SelectTrigger id={id}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent className={contentClassName}>
        <SelectItem value={ANY}>{anyLabel}</SelectItem>
        {options.map(({ value: choice, label }) => (
          <SelectItem key={choice} value={choice}>
            {label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** The Clear button of a queue's filters, shown while any filter is set. */
export function ClearFilters({ shown, onClear, className }: { shown: boolean; onClear: () => void; className?: string }) {
  return (
    <div className={cn('flex items-end', className)}>
      {shown ? (
        <Button type="button" variant="ghost" onClick={onClear}>
          <FilterXIcon aria-hidden /> Clear
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The rows of a queue: stacked on narrow screens, the table from 768 px; skeletons while the first page loads, a
 * message when nothing matches, and the error with a retry when the first page failed.
 */
export function QueueResults<TRow>({
  label,
  query: { loading, error, refetch },
  page,
  loadingRows,
  listMessage,
  tableMessage,
  listItems,
  table,
  tableClassName,
  headerTrailing,
  rowTrailing,
  onRowClick,
}: {
  /** The table's name; the stacked list is "<label> (list)", the error "Could not load the <label>". */
  label: string;
  query: { loading: boolean; error?: Error; refetch: () => unknown };
  /** The page shown: the answer, or the previous one while the next loads; null before the first. */
  page: { items: readonly unknown[] } | null;
  loadingRows: { list: number; table: number };
  listMessage: string;
  tableMessage: string;
  listItems: ReactNode;
  table: TanStackTable<TRow>;
  tableClassName: string;
  headerTrailing?: ReactNode;
  rowTrailing?: (row: TRow) => ReactNode;
  onRowClick: (row: TRow) => void;
}) {
  if (error && !page) return <QueryErrorAlert title={`Could not load the ${label.toLowerCase()}`} error={error} onRetry={refetch} />;
  const colSpan = table.getAllLeafColumns().length + (headerTrailing ? 1 : 0);
  const empty = page !== null && page.items.length === 0;
  return (
    <>
      <DataTableStackedList
        label={`${label} (list)`}
        className="md:hidden"
        loadingRows={!page && loading ? loadingRows.list : 0}
        skeletonClassName="h-10"
        message={empty ? listMessage : null}
      >
        {listItems}
      </DataTableStackedList>
      <Table aria-label={label} aria-busy={loading} className={cn('hidden md:table', tableClassName)}>
        <DataTableHeader table={table} trailing={headerTrailing} />
        <TableBody>
          {!page && loading ? <DataTableLoadingRows rows={loadingRows.table} colSpan={colSpan} /> : null}
          {empty ? <DataTableMessageRow colSpan={colSpan}>{tableMessage}</DataTableMessageRow> : null}
          <DataTableRows table={table} onRowClick={onRowClick} trailing={rowTrailing} />
        </TableBody>
      </Table>
    </>
  );
}
