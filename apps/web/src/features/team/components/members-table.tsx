import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { DataTableHeader, DataTableRows } from '@/components/data-table/data-table-parts';
import { Table, TableBody } from '@/components/ui/table';
import type { Team_MemberFragment } from '@/gql/graphql';

export function MembersTable({ members, columns }: { members: readonly Team_MemberFragment[]; columns: ColumnDef<Team_MemberFragment>[] }) {
  const table = useReactTable({ data: members as Team_MemberFragment[], columns, getCoreRowModel: getCoreRowModel(), getRowId: (row) => row.id });
  return (
    <Table aria-label="Members">
      <DataTableHeader table={table} />
      <TableBody>
        <DataTableRows table={table} />
      </TableBody>
    </Table>
  );
}
