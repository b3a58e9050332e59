import { getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTableHeader, DataTableLoadingRows, DataTableMessageRow, DataTableRows, DataTableStackedList } from '@/components/data-table/data-table-parts';
import { TransactionStatusBadge } from '@/components/status-badge';
import { Table, TableBody } from '@/components/ui/table';
import { transactionColumns } from '@/features/transactions/components/columns';
import type { TransactionRow } from '@/features/transactions/lib/rows';
import { KIND, TAB_LABEL, type Tab, type TransactionFilters } from '@/features/transactions/lib/search-params';
import { formatAmount, formatDateTime } from '@/lib/format';

export interface TransactionsTableProps {
  tab: Tab;
  rows: TransactionRow[];
  /** False until the first page has arrived (then skeletons, or nothing while there is no account). */
  loaded: boolean;
  loading: boolean;
  testMode: boolean;
  /** A search or filter is set: an empty list says they hide every transaction, not that there is none. */
  filtered: boolean;
  sort: TransactionFilters['sort'];
  onSort: (sort: TransactionFilters['sort']) => void;
}

/** The page of transactions: stacked rows on narrow screens (amount, status, date, id), the table from 640 px. */
export function TransactionsTable({ tab, rows, loaded, loading, testMode, filtered, sort, onSort }: TransactionsTableProps) {
  const navigate = useNavigate();
  const columns = useMemo(() => transactionColumns({ tab, sort, onSort }), [tab, sort, onSort]);
  const table = useReactTable({ data: rows, columns, getRowId: (row) => row.id, getCoreRowModel: getCoreRowModel() });
  const mode = testMode ? ' in test mode' : '';
  const empty =
    !loaded || rows.length > 0
      ? null
      : filtered
        ? `No transactions match these filters${mode}.`
        : `No ${TAB_LABEL[tab].toLowerCase()} transactions yet${mode}.`;
  return (
    <>
      <DataTableStackedList label="Transactions (list)" className="sm:hidden" loadingRows={!loaded && loading ? 6 : 0} message={empty}>
        {rows.map((row) => (
          <li key={row.id}>
            <Link to={`/transactions/${row.id}`} className="flex flex-col gap-1 px-3 py-2.5 text-sm hover:bg-muted/50">
              <span className="flex items-center justify-between gap-2">
                <span className="font-medium whitespace-nowrap tabular-nums">{formatAmount(row.amount, row.currency)}</span>
                <TransactionStatusBadge kind={KIND[tab]} status={row.status} />
              </span>
              <span className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
                <span>{formatDateTime(row.createdAt)}</span>
                <span className="truncate">{row.secondary ?? ''}</span>
              </span>
            </Link>
          </li>
        ))}
      </DataTableStackedList>
      <Table aria-label="Transactions" aria-busy={loading} className="hidden sm:table">
        <DataTableHeader table={table} />
        <TableBody>
          {loading && !loaded ? <DataTableLoadingRows rows={8} colSpan={columns.length} /> : null}
          {empty ? <DataTableMessageRow colSpan={columns.length}>{empty}</DataTableMessageRow> : null}
          <DataTableRows table={table} onRowClick={(row) => void navigate(`/transactions/${row.id}`)} />
        </TableBody>
      </Table>
    </>
  );
}
