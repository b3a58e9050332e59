import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { CopyId } from '@/components/copy-id';
import { ROUTES } from '@/config/routes';
import type { Customers_RowFragment } from '@/gql/graphql';
import { IdentityBadge, StatusBadge } from '@/components/status-badge';
import { formatCountry, formatDateTime } from '@/lib/format';

export const customerColumns: ColumnDef<Customers_RowFragment>[] = [
  {
    id: 'customer',
    header: 'Customer',
    cell: ({ row }) => (
      <div className="flex min-w-0 flex-col gap-0.5">
        <Link to={`${ROUTES.customers}/${row.original.id}`} className="font-medium underline-offset-2 hover:underline">
          {row.original.email ?? row.original.externalCustomerId ?? row.original.id}
        </Link>
        <span className="flex flex-wrap items-center gap-x-2 text-muted-foreground">
          <CopyId id={row.original.id} />
          {row.original.externalCustomerId ? <CopyId id={row.original.externalCustomerId} full /> : null}
        </span>
      </div>
    ),
  },
  {
    id: 'country',
    header: 'Country',
    cell: ({ row }) => <span className="whitespace-nowrap">{formatCountry(row.original.address.country)}</span>,
  },
  {
    id: 'kyc',
    header: 'KYC',
    cell: ({ row }) => (
      <div className="flex flex-wrap gap-1">
        <IdentityBadge status={row.original.identityCheck.level} title="KYC level" />
        <IdentityBadge status={row.original.identityCheck.status} title="Identity check status" />
      </div>
    ),
  },
  {
    id: 'blocked',
    header: 'Blocked',
    cell: ({ row }) => (row.original.isBlocked ? <StatusBadge meaning="failed">Blocked</StatusBadge> : <span className="text-muted-foreground">—</span>),
  },
  {
    id: 'createdAt',
    header: 'Created',
    cell: ({ row }) => (
      <time dateTime={row.original.createdAt} className="whitespace-nowrap text-muted-foreground">
        {formatDateTime(row.original.createdAt)}
      </time>
    ),
  },
];
