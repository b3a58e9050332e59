import type { ColumnDef } from '@tanstack/react-table';
import { CopyId } from '@/components/copy-id';
import { TransactionStatusBadge } from '@/components/status-badge';
import { KIND, type Tab, type TransactionFilters } from '@/features/transactions/lib/search-params';
import type { TransactionRow } from '@/features/transactions/lib/rows';
import { formatAmount, formatDateTime } from '@/lib/format';

type Sort = TransactionFilters['sort'];

/** A heading that sorts by its field, descending first; the arrow shows the direction of the current sort. */
function SortButton({ label, field, sort, onSort }: { label: string; field: 'createdAt' | 'amount'; sort: Sort; onSort: (sort: Sort) => void }) {
  return (
    <button type="button" className="font-medium" onClick={() => onSort(sort === `${field}_DESC` ? `${field}_ASC` : `${field}_DESC`)}>
      {label} {sort === `${field}_ASC` ? '↑' : sort === `${field}_DESC` ? '↓' : ''}
    </button>
  );
}

/** The transactions table's columns for a tab; the created and amount headings sort the list. */
export function transactionColumns({ tab, sort, onSort }: { tab: Tab; sort: Sort; onSort: (sort: Sort) => void }): ColumnDef<TransactionRow>[] {
  return [
    {
      id: 'createdAt',
      header: () => <SortButton label="Created" field="createdAt" sort={sort} onSort={onSort} />,
      cell: ({ row }) => formatDateTime(row.original.createdAt),
      meta: { cellClassName: 'whitespace-nowrap' },
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => <TransactionStatusBadge kind={KIND[tab]} status={row.original.status} />,
    },
    {
      id: 'amount',
      header: () => <SortButton label="Amount" field="amount" sort={sort} onSort={onSort} />,
      cell: ({ row }) => formatAmount(row.original.amount, row.original.currency),
      meta: { className: 'text-right', cellClassName: 'whitespace-nowrap tabular-nums' },
    },
    {
      id: 'secondary',
      header: tab === 'balance' ? 'Type' : 'Receives',
      cell: ({ row }) => row.original.secondary ?? '—',
      meta: { className: 'hidden md:table-cell', cellClassName: 'whitespace-nowrap tabular-nums' },
    },
    {
      id: 'externalTransactionId',
      header: 'External id',
      cell: ({ row }) => row.original.externalTransactionId ?? '—',
      meta: { className: 'hidden md:table-cell', cellClassName: 'font-mono text-xs' },
    },
    {
      id: 'id',
      header: 'Id',
      cell: ({ row }) => <CopyId id={row.original.id} />,
    },
  ];
}
