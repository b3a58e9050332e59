import { DataTableExpandableRows, DataTableHeader } from '@/components/data-table/data-table-parts';
import { getCoreRowModel, getExpandedRowModel, useReactTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableRow } from '@/components/ui/table';
import { auditColumns, formatChanges } from '@/features/audit/components/columns';
import { AUDIT_PAGE_SIZE } from '@/features/audit/lib/search-params';
import type { Audit_EventFragment } from '@/gql/graphql';

interface AuditTableProps {
  events: readonly Audit_EventFragment[];
  totalCount: number;
  page: number;
  onPageChange: (page: number) => void;
  showAccount?: boolean;
  loading?: boolean;
}

/** A page of audit events; each row expands to the JSON of its changes. */
export function AuditTable({ events, totalCount, page, onPageChange, showAccount = false, loading = false }: AuditTableProps) {
  const columns = useMemo(() => auditColumns({ showAccount }), [showAccount]);
  const table = useReactTable({
    data: events as Audit_EventFragment[],
    columns,
    getRowId: (row) => row.id,
    getRowCanExpand: () => true,
    getCoreRowModel: getCoreRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
  });
  const pages = Math.max(1, Math.ceil(totalCount / AUDIT_PAGE_SIZE));
  const first = totalCount === 0 ? 0 : (page - 1) * AUDIT_PAGE_SIZE + 1;
  const last = Math.min(page * AUDIT_PAGE_SIZE, totalCount);

  return (
    <div className="flex flex-col gap-3" aria-busy={loading}>
      <Table aria-label="Audit events">
        <DataTableHeader table={table} />
        <TableBody>
          {events.length === 0 ? (
            <TableRow className="hover:bg-transparent">
              <TableCell colSpan={columns.length} className="py-10 text-center text-muted-foreground">
                {loading ? 'Loading events…' : 'No events match these filters.'}
              </TableCell>
            </TableRow>
          ) : (
            <DataTableExpandableRows
              table={table}
              detailsClassName="bg-muted/40"
              details={(event) => (
                <div className="flex flex-col gap-1 py-1">
                  <span className="text-xs font-medium text-muted-foreground">Changes</span>
                  <pre
                    aria-label={`Changes of ${event.operation}`}
                    className="max-h-80 overflow-auto rounded-md border bg-card p-3 font-mono text-xs whitespace-pre-wrap break-all"
                  >
                    {formatChanges(event.changes)}
                  </pre>
                </div>
              )}
            />
          )}
        </TableBody>
      </Table>
      <div className="flex flex-wrap items-center justify-between gap-2 px-2 text-sm text-muted-foreground">
        <span>{totalCount === 0 ? 'No events' : `Showing ${first}–${last} of ${totalCount}`}</span>
        <div className="flex items-center gap-2">
          <span className="mr-1">
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            Previous
          </Button>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
            Next
          </Button>
        </div>
      </div>
    </div>
  );
}
